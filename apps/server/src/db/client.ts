import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { EMBEDDED_DATABASE_DIR, redact } from '../config.js';
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
  /**
   * How many of the migrations in `migrationsDir` this database has not applied yet (all of them
   * when it was never migrated). Lets the CLI refuse a database the server has not set up.
   */
  pendingMigrations(migrationsDir: string): Promise<number>;
  /**
   * Claims the trading engine of this database for this process until `release` (single node until
   * clustering exists; decision 0010). PostgreSQL: an advisory lock held on a dedicated connection,
   * refused with EngineLockedError while another server holds it; `onLost` is told when that
   * connection breaks, as the claim then no longer holds. PGlite: the data directory's lock file
   * already keeps every other process out.
   */
  claimEngine(onLost: (error: Error) => void): Promise<{ release(): Promise<void> }>;
  ping(): Promise<void>;
  /**
   * An in-memory embedded database only: its data directory as a tarball (PGlite's `dumpDataDir`), which
   * `OpenOptions.embeddedSnapshot` opens again. The test suites seed one database per run and copy it.
   */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
}

/** Thrown when the database cannot be opened; the message says what to do. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/** The embedded database's folder is held by another process (a running server). */
export class DatabaseInUseError extends DatabaseUnavailableError {
  override name = 'DatabaseInUseError';
  constructor(
    message: string,
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(message);
  }
}

/** Another server already runs the trading engine on this PostgreSQL database. */
export class EngineLockedError extends DatabaseUnavailableError {
  override name = 'EngineLockedError';
}

/** Advisory lock keys: migrations (727274), the first seed (727275), the one engine (727276). */
const MIGRATION_LOCK = 727274;
const ENGINE_LOCK = 727276;

/** Migrations listed in the folder's drizzle journal. */
function journalLength(migrationsDir: string): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** Applied migrations as drizzle records them; 0 when the database was never migrated. */
async function appliedMigrations(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<number> {
  const { rows } = await query("select to_regclass('drizzle.__drizzle_migrations')::text as t");
  if (!(rows[0] as { t: string | null } | undefined)?.t) return 0;
  const counted = await query('select count(*)::int as n from drizzle.__drizzle_migrations');
  return (counted.rows[0] as { n: number } | undefined)?.n ?? 0;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps everything in memory (tests). */
  dataDir: string;
  /**
   * With a `memory://` data directory: the path of a tarball from `Database.snapshot()` the database starts
   * from, instead of an empty one (tests start from a database seeded once per run).
   */
  embeddedSnapshot?: string | undefined;
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite under `dataDir`. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(options.dataDir, options.embeddedSnapshot);
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
  const describe = `PostgreSQL ${redact(url)}`;
  return {
    db,
    kind: 'postgres',
    describe,
    async migrate(migrationsDir) {
      // Two processes starting together (a server and `cli migrate`) migrate one at a time.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsDir });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    async pendingMigrations(migrationsDir) {
      return Math.max(
        0,
        journalLength(migrationsDir) - (await appliedMigrations((text) => pool.query(text))),
      );
    },
    claimEngine: (onLost) => claimPostgresEngine(url, describe, onLost),
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string, snapshot: string | undefined): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  if (snapshot && !inMemory) {
    throw new DatabaseUnavailableError(`A database snapshot opens only in memory, not in ${dataDir}.`);
  }
  let releaseLock = () => {};
  if (!inMemory) {
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireDirectoryLock(dataDir);
  }
  let client: PGlite;
  try {
    // pg_trgm: the back office's client search index (migration 0008)
    const options = { extensions: { pg_trgm } };
    client = inMemory
      ? new PGlite({
          ...options,
          ...(snapshot ? { loadDataDir: new Blob([await fs.promises.readFile(snapshot)]) } : {}),
        })
      : new PGlite(path.join(dataDir, EMBEDDED_DATABASE_DIR), options);
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
    describe: inMemory
      ? 'embedded PGlite (in memory)'
      : `embedded PGlite in ${path.join(dataDir, EMBEDDED_DATABASE_DIR)}`,
    async migrate(migrationsDir) {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsDir });
    },
    async pendingMigrations(migrationsDir) {
      return Math.max(
        0,
        journalLength(migrationsDir) - (await appliedMigrations((text) => client.query(text))),
      );
    },
    // The directory lock taken on open already keeps every other process off this database.
    claimEngine: async () => ({ release: async () => {} }),
    async ping() {
      await client.query('select 1');
    },
    ...(inMemory ? { snapshot: () => client.dumpDataDir('none') } : {}),
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
      throw new DatabaseInUseError(
        `The embedded database in ${dataDir} is in use by another OpenBroker process (pid ${owner}). ` +
          'Stop it first, or set DATA_DIR to another folder.',
        dataDir,
        owner,
      );
    }
  } catch (error) {
    if (error instanceof DatabaseInUseError) throw error;
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

/**
 * Takes the engine's advisory lock on a connection of its own, kept open for the process lifetime:
 * PostgreSQL frees the lock when that session ends, so a crashed server never blocks the next one.
 */
async function claimPostgresEngine(
  url: string,
  describe: string,
  onLost: (error: Error) => void,
): Promise<{ release(): Promise<void> }> {
  const client = new pg.Client({
    connectionString: url,
    application_name: 'openbroker-engine',
    keepAlive: true,
    connectionTimeoutMillis: 5_000,
  });
  let done = false;
  const lost = (error: Error) => {
    if (done) return;
    done = true;
    onLost(error);
  };
  client.on('error', lost);
  client.on('end', () => lost(new Error('the connection holding the engine lock ended')));
  try {
    await client.connect();
  } catch (error) {
    done = true;
    throw new DatabaseUnavailableError(`Cannot reach ${describe} (${(error as Error).message}).`);
  }
  const { rows } = await client.query<{ claimed: boolean }>('select pg_try_advisory_lock($1) as claimed', [
    ENGINE_LOCK,
  ]);
  if (!rows[0]?.claimed) {
    const holder = await client
      .query<{ pid: number; addr: string | null; since: Date }>(
        `select a.pid, a.client_addr::text as addr, a.backend_start as since
         from pg_locks l join pg_stat_activity a on a.pid = l.pid
         where l.locktype = 'advisory' and l.granted and l.classid = 0 and l.objid = $1 and l.objsubid = 1
           and l.database = (select oid from pg_database where datname = current_database())`,
        [ENGINE_LOCK],
      )
      .then((result) => result.rows[0])
      .catch(() => undefined);
    done = true;
    await client.end().catch(() => {});
    const who = holder
      ? ` (held by PostgreSQL backend ${holder.pid} from ${holder.addr ?? 'a local socket'} since ${holder.since.toISOString()})`
      : '';
    throw new EngineLockedError(
      `Another OpenBroker server already runs the trading engine on ${describe}${who}. ` +
        'Only one server per database is supported for now: stop the other server, or give this one its own database.',
    );
  }
  return {
    async release() {
      if (done) return;
      done = true;
      await client.query('select pg_advisory_unlock($1)', [ENGINE_LOCK]).catch(() => {});
      await client.end().catch(() => {});
    },
  };
}
