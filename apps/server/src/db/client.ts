import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { redact } from '../config.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The Drizzle handle every repository takes: the same API over PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Human description for logs, without secrets. */
  describe: string;
  migrate(migrationsDir: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Thrown when the database cannot be opened; the message says what to do. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps everything in memory (tests). */
  dataDir: string;
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite under `dataDir`. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // Surface idle-client errors in the log instead of crashing the process.
  pool.on('error', () => {});
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseUnavailableError(
      `Cannot reach PostgreSQL at ${redact(url)} (${(error as Error).message}). ` +
        'Start PostgreSQL or unset DATABASE_URL to use the embedded database.',
    );
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    describe: `PostgreSQL ${redact(url)}`,
    async migrate(migrationsDir) {
      // One node migrates at a time when several start together (architecture §9).
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(727274)');
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsDir });
      } finally {
        await client.query('select pg_advisory_unlock(727274)').catch(() => {});
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  let releaseLock = () => {};
  if (!inMemory) {
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireDirectoryLock(dataDir);
  }
  let client: PGlite;
  try {
    client = inMemory ? new PGlite() : new PGlite(path.join(dataDir, 'pglite'));
    await client.waitReady;
  } catch (error) {
    releaseLock();
    throw new DatabaseUnavailableError(
      `Cannot open the embedded database in ${dataDir} (${(error as Error).message}).`,
    );
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    describe: inMemory ? 'embedded PGlite (in memory)' : `embedded PGlite in ${path.join(dataDir, 'pglite')}`,
    async migrate(migrationsDir) {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsDir });
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      try {
        await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}

/**
 * PGlite is single-process: a second server on the same data directory would corrupt it.
 * A lock file with the owner's pid refuses that with a clear message; a stale lock is taken over.
 */
function acquireDirectoryLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'server.lock');
  try {
    const owner = Number(fs.readFileSync(lockFile, 'utf8'));
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new DatabaseUnavailableError(
        `The embedded database in ${dataDir} is in use by another OpenBroker process (pid ${owner}). ` +
          'Stop it first, or set DATA_DIR to another folder.',
      );
    }
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) throw error;
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
    } catch {
      // already gone
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
