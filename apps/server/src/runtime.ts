import { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/client.js';
import { type SeedResult, seedDatabase } from './db/seed.js';
import { AccountsRepo } from './modules/accounts/accounts.repo.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { BrandsRepo } from './modules/brands/brands.repo.js';
import { BrandsService } from './modules/brands/brands.service.js';
import { SessionsRepo } from './modules/sessions/sessions.repo.js';
import { SessionsService } from './modules/sessions/sessions.service.js';

/** Thrown when Redis is configured but cannot be reached. */
export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

export interface Runtime {
  ctx: AppContext;
  seed: SeedResult;
  /** Closes Redis and the database, in that order. */
  close(): Promise<void>;
}

/**
 * Opens everything the app depends on: the database (migrated, and seeded when empty) and Redis
 * when configured. Shared by the server, the CLI and the tests, so all three start the same way.
 */
export async function openRuntime(config: Config): Promise<Runtime> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let redis: Redis | undefined;
  try {
    await database.migrate(config.migrationsDir);
    const seed = await seedDatabase(database.db, { demo: config.seedDemo, brandSlug: config.defaultBrand });
    if (config.redisUrl) redis = await connectRedis(config.redisUrl);
    const sessions = new SessionsService(new SessionsRepo(database.db), config.sessionIdleMs);
    const ctx: AppContext = {
      config,
      database,
      redis,
      brands: new BrandsService(new BrandsRepo(database.db), config.defaultBrand),
      sessions,
      accounts: new AccountsService(new AccountsRepo(database.db), sessions),
    };
    return {
      ctx,
      seed,
      async close() {
        if (redis) await redis.quit().catch(() => redis?.disconnect());
        await database.close();
      },
    };
  } catch (error) {
    redis?.disconnect();
    await database.close().catch(() => {});
    throw error;
  }
}

async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 3_000 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch (error) {
    redis.disconnect();
    const where = new URL(url).host;
    throw new RedisUnavailableError(
      `Cannot reach Redis at ${where} (${(error as Error).message}). Start Redis or unset REDIS_URL.`,
    );
  }
}
