import { Redis } from 'ioredis';
import { type Config, ConfigError } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/client.js';
import { type SeedResult, seedDatabase } from './db/seed.js';
import type { PriceFeed } from './feeds/feed.js';
import { ReplayFeed } from './feeds/replay-feed.js';
import { SimulatedFeed } from './feeds/simulated-feed.js';
import { WebSocketFeed } from './feeds/websocket-feed.js';
import { type Catalogue, loadCatalogue } from './market/instruments.js';
import { AccountsRepo } from './modules/accounts/accounts.repo.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { LoginCodesRepo } from './modules/accounts/login-codes.repo.js';
import { AffiliatesRepo } from './modules/affiliates/affiliates.repo.js';
import { AffiliatesService } from './modules/affiliates/affiliates.service.js';
import { AuditRepo } from './modules/audit/audit.repo.js';
import { BrandsRepo } from './modules/brands/brands.repo.js';
import { BrandsService } from './modules/brands/brands.service.js';
import { ContentRepo } from './modules/content/content.repo.js';
import { ContentService } from './modules/content/content.service.js';
import { DocumentStore } from './modules/kyc/document-store.js';
import { DocumentsRepo } from './modules/kyc/documents.repo.js';
import { DocumentsService } from './modules/kyc/documents.service.js';
import { OutboxRepo } from './modules/mail/mail.repo.js';
import { createSmtpTransport, MailService } from './modules/mail/mail.service.js';
import { syncInstruments } from './modules/market/instruments.sync.js';
import { MarketService } from './modules/market/market.service.js';
import { PasswordResetRepo } from './modules/password-reset/password-reset.repo.js';
import { PasswordResetService } from './modules/password-reset/password-reset.service.js';
import { resolveOperatorToken } from './modules/payments/operator-token.js';
import { PaymentsRepo } from './modules/payments/payments.repo.js';
import { PaymentsService } from './modules/payments/payments.service.js';
import { PopupsRepo } from './modules/popups/popups.repo.js';
import { PopupsService } from './modules/popups/popups.service.js';
import { ReferenceRepo } from './modules/reference/reference.repo.js';
import { ReferenceService } from './modules/reference/reference.service.js';
import { ReferralsRepo } from './modules/referrals/referrals.repo.js';
import { ReferralsService } from './modules/referrals/referrals.service.js';
import { SessionsRepo } from './modules/sessions/sessions.repo.js';
import { SessionsService } from './modules/sessions/sessions.service.js';
import { TradingRepo } from './modules/trading/trading.repo.js';
import { TradingService } from './modules/trading/trading.service.js';

/** Thrown when Redis is configured but cannot be reached. */
export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

export interface Runtime {
  ctx: AppContext;
  seed: SeedResult;
  /** Stops the market and the engine, then closes the mail transport, Redis and the database. */
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /** Start the live market (feed, history) and the trading engine: the server and tests do; the CLI does not. */
  live?: boolean;
}

function createFeed(config: Config, catalogue: Catalogue, startTime: number): PriceFeed | undefined {
  switch (config.marketFeed) {
    case 'none':
      return undefined;
    case 'replay':
      if (!config.marketReplayFile) {
        throw new ConfigError(
          'Invalid configuration: MARKET_FEED=replay needs MARKET_REPLAY_FILE (a CSV of ts,symbol,bid,ask)',
        );
      }
      return new ReplayFeed({
        source: { path: config.marketReplayFile },
        knownSymbols: new Set(catalogue.instruments.map((i) => i.symbol)),
        restamp: true,
      });
    case 'websocket':
      if (!config.marketWsUrl || !config.marketWsOptions) {
        throw new ConfigError(
          'Invalid configuration: MARKET_FEED=websocket needs MARKET_WS_URL and MARKET_WS_OPTIONS (the field mapping)',
        );
      }
      return new WebSocketFeed({ url: config.marketWsUrl, ...config.marketWsOptions });
    default:
      return new SimulatedFeed({ instruments: catalogue.instruments, seed: config.marketSeed, startTime });
  }
}

/**
 * Opens everything the app depends on: the database (migrated, and seeded when empty) and Redis
 * when configured. Shared by the server, the CLI and the tests, so all three start the same way.
 */
export async function openRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let redis: Redis | undefined;
  try {
    await database.migrate(config.migrationsDir);
    const seed = await seedDatabase(database.db, { demo: config.seedDemo, brandSlug: config.defaultBrand });
    if (config.redisUrl) redis = await connectRedis(config.redisUrl);
    const { db } = database;
    const catalogue = loadCatalogue();
    await syncInstruments(db, catalogue);
    const startTime = Date.now();
    // Start-up progress for the operator, at the info level like the rest of the start-up output.
    const log = (message: string) => {
      if (['info', 'debug', 'trace'].includes(config.logLevel)) process.stdout.write(`${message}\n`);
    };
    const market = new MarketService({
      catalogue,
      feed: options.live ? createFeed(config, catalogue, startTime) : undefined,
      history:
        options.live && config.marketHistory && config.marketFeed === 'simulated'
          ? { seed: config.marketSeed, end: startTime }
          : undefined,
      log,
    });
    const sessions = new SessionsService(new SessionsRepo(db), config.sessionIdleMs);
    const accountsRepo = new AccountsRepo(db);
    const reference = new ReferenceService(new ReferenceRepo(db));
    const mail = new MailService(
      new OutboxRepo(db),
      config.smtpUrl ? createSmtpTransport(config.smtpUrl) : undefined,
      config.mailFrom,
    );
    const trading = new TradingService(new TradingRepo(db), market, {
      requoteTolerance: config.requoteTolerance,
      stopOutLevel: config.stopOutLevel,
      log: {
        info: (msg) => log(msg),
        error: (obj, msg) => log(`${msg}: ${String((obj as { err?: unknown }).err)}`),
      },
    });
    const ctx: AppContext = {
      config,
      database,
      redis,
      brands: new BrandsService(new BrandsRepo(db), config.defaultBrand),
      sessions,
      accounts: new AccountsService(accountsRepo, sessions, new LoginCodesRepo(db), reference, {
        loginCodeTtlMs: config.loginCodeTtlMs,
      }),
      reference,
      mail,
      passwordReset: new PasswordResetService(
        new PasswordResetRepo(db),
        accountsRepo,
        sessions,
        mail,
        config.publicUrl,
      ),
      popups: new PopupsService(new PopupsRepo(db)),
      documents: new DocumentsService(
        new DocumentsRepo(db),
        accountsRepo,
        new DocumentStore(config.uploadDir),
      ),
      audit: new AuditRepo(db),
      content: new ContentService(new ContentRepo(db), mail),
      market,
      trading,
      payments: new PaymentsService(new PaymentsRepo(db), trading, {
        masterSecret: config.paymentSandboxSecret,
        webhookToleranceMs: config.paymentWebhookToleranceMs,
      }),
      operatorToken: await resolveOperatorToken(config),
      affiliates: new AffiliatesService(new AffiliatesRepo(db), sessions),
      referrals: new ReferralsService(new ReferralsRepo(db)),
    };
    if (options.live) {
      await market.start();
      await ctx.trading.start();
    }
    return {
      ctx,
      seed,
      async close() {
        if (options.live) {
          await market.stop();
          await ctx.trading.stop();
        }
        await mail.close();
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
