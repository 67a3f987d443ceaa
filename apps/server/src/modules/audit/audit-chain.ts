import { desc, eq, gt, sql } from 'drizzle-orm';
import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { type Config, ConfigError } from '../../config.js';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import {
  type AuditHead,
  type ChainStart,
  type Checkpoint,
  type CheckpointStore,
  checkpointFileName,
  FileCheckpointStore,
  MemoryCheckpointStore,
  signCheckpoint,
} from './audit-checkpoint.js';
import { type HashedAuditRow, keyedAuditHash } from './audit-hash.js';

/**
 * Where the chain starts (migration 0013), one row that the database refuses to change or remove. Only this
 * module reads it, so it is declared here rather than in db/schema.ts (drizzle-kit reads that file only).
 */
export const auditChainStart = pgTable('audit_chain', {
  id: integer('id').primaryKey(),
  /** Rows before it are from before the chain (migration 0006) and have no hash; from it on every row has one. */
  hashedFrom: integer('hashed_from').notNull(),
  /** From this row on every hash is keyed with AUDIT_KEY; the rows between carry the old unkeyed SHA-256. */
  keyedFrom: integer('keyed_from').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One advisory lock key for the audit chain: writers take it for the rest of their transaction, so
 * two rows are never chained to the same predecessor (the chain stays a line, not a tree). The
 * checkpointer takes it too, which makes it wait until the writer it follows has committed.
 */
export const AUDIT_CHAIN_LOCK = 0x61756469; // 'audi'

/** Anything that can run queries: the database or an open transaction. */
type Querier = Pick<Db, 'select' | 'execute'>;

/** The chain's start record, or undefined when it is missing (removed: the migration always writes it). */
export async function readChainStart(db: Querier): Promise<ChainStart | undefined> {
  const [row] = await db
    .select({ hashedFrom: auditChainStart.hashedFrom, keyedFrom: auditChainStart.keyedFrom })
    .from(auditChainStart)
    .where(eq(auditChainStart.id, 1));
  return row;
}

/** What the audit module needs from the configuration (auditSettings builds it). */
export interface AuditSettings {
  /** AUDIT_KEY: the HMAC key of every row's hash and of the checkpoints. */
  key: string;
  /** The key is a public development key: accepted in demo mode only. */
  keyIsDefault: boolean;
  demo: boolean;
  /** Who writes the checkpoints (NODE_ID, or the host and process). */
  node: string;
  checkpoints: CheckpointStore;
  /** The app logger: one `audit head` line per checkpoint (info), failures and surprises (error). */
  log?: {
    info(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

/**
 * The audit settings of a configuration: checkpoints in `DATA_DIR/audit-head.log` (a cluster node:
 * `audit-head.<NODE_ID>.log`, one file per node), or in memory for an in-memory database. `logHeads`: the
 * server logs each checkpoint; an operator command's output is no log, it only writes the file.
 */
export function auditSettings(
  config: Config,
  options: { log?: NonNullable<AuditSettings['log']>; logHeads?: boolean } = {},
): AuditSettings {
  const cluster = config.clusterShards !== undefined;
  const { log, logHeads = true } = options;
  return {
    key: config.auditKey,
    keyIsDefault: config.auditKeyIsDefault,
    demo: config.demo,
    node: config.nodeId,
    checkpoints: config.dataDir.startsWith('memory://')
      ? new MemoryCheckpointStore()
      : new FileCheckpointStore(config.dataDir, checkpointFileName(cluster ? config.nodeId : undefined)),
    ...(log ? { log: logHeads ? log : { info: () => {}, error: (obj, msg) => log.error(obj, msg) } } : {}),
  };
}

export const AUDIT_KEY_REQUIRED =
  'AUDIT_KEY must be set to your own value of at least 32 characters outside demo mode (e.g. from `openssl rand -hex 32`; the same value as the server: it keys the audit log, so audit rows can neither be written nor verified without it)';

/**
 * The audit chain of one database: its key, and the checkpointer that writes the chain's head outside the
 * database after every append (decision 0024).
 */
export class AuditChain {
  /** The head this process last checkpointed (or read back from its store): the next one counts on from it. */
  private base: Checkpoint | undefined;
  private baseLoaded = false;
  private pending = false;
  private running: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly db: Db,
    readonly settings: AuditSettings,
  ) {}

  /** Refuses the public development key outside demo mode (the CLI does not run the server's start checks). */
  assertKeyed(): void {
    if (this.settings.keyIsDefault && !this.settings.demo) throw new ConfigError(AUDIT_KEY_REQUIRED);
  }

  /** HMAC-SHA256 under AUDIT_KEY of a row's content and the previous row's hash. */
  rowHash(row: HashedAuditRow): string {
    return keyedAuditHash(this.settings.key, row);
  }

  /**
   * Told after a row was written, before its transaction commits: the head is checkpointed once that
   * transaction has ended (the checkpointer waits for the chain lock). Appends in the meantime share one
   * checkpoint.
   */
  appended(): void {
    if (this.closed) return;
    this.pending = true;
    if (!this.running) this.running = this.drain();
  }

  /** Resolves when every append told so far is checkpointed. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Writes the checkpoints still due, then takes no more (before the database closes). */
  async close(): Promise<void> {
    await this.idle();
    this.closed = true;
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending) {
        this.pending = false;
        await this.checkpoint().catch((err: unknown) =>
          this.settings.log?.error({ err }, 'audit: the chain head could not be checkpointed'),
        );
      }
    } finally {
      this.running = undefined;
    }
  }

  /** Reads the committed head under the chain lock and appends it to the store and the log when it moved. */
  private async checkpoint(): Promise<void> {
    const { key, node, checkpoints, log } = this.settings;
    if (!this.baseLoaded) {
      this.base = await checkpoints.latest(key).catch(() => undefined);
      this.baseLoaded = true;
    }
    const found = await this.db.transaction(async (tx) => {
      // held by the writer until it commits or rolls back: past it, its row is committed or gone
      await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
      return { head: await this.readHead(tx), start: await readChainStart(tx) };
    });
    if (!found.head) return;
    const { head } = found;
    if (!found.start)
      log?.error({}, 'audit: the chain start record (audit_chain) is missing: run audit:verify');
    const start = found.start ?? {
      hashedFrom: this.base?.hashedFrom ?? 0,
      keyedFrom: this.base?.keyedFrom ?? 0,
    };
    const base = this.base;
    if (
      base &&
      base.lastId === head.lastId &&
      base.rows === head.rows &&
      base.hash === head.hash &&
      base.hashedFrom === start.hashedFrom &&
      base.keyedFrom === start.keyedFrom
    )
      return;
    const checkpoint = signCheckpoint(key, { at: new Date().toISOString(), node, ...head, ...start });
    await checkpoints.append(checkpoint);
    log?.info({ auditHead: checkpoint }, 'audit head');
    this.base = checkpoint;
  }

  /**
   * The committed head. From the last checkpoint on only the newer rows are read (a count of the whole table
   * per append would grow with it); a base row that is gone or changed, or a first newer row that does not
   * follow it, is logged as an error and the table counted whole.
   */
  private async readHead(tx: Querier): Promise<AuditHead | undefined> {
    const base = this.base;
    if (base) {
      const [still] = await tx
        .select({ hash: auditLog.hash })
        .from(auditLog)
        .where(eq(auditLog.id, base.lastId));
      const newer = await tx
        .select({ id: auditLog.id, hash: auditLog.hash, prevHash: auditLog.prevHash })
        .from(auditLog)
        .where(gt(auditLog.id, base.lastId))
        .orderBy(auditLog.id);
      const first = newer[0];
      if (still?.hash === base.hash && (!first || first.prevHash === base.hash)) {
        const last = newer.at(-1);
        return last
          ? { lastId: last.id, rows: base.rows + newer.length, hash: last.hash }
          : { lastId: base.lastId, rows: base.rows, hash: base.hash };
      }
      this.settings.log?.error(
        { lastId: base.lastId, rows: base.rows, at: base.at },
        `audit: row #${base.lastId} of the last checkpoint is ${still ? 'changed' : 'gone'} or no longer followed by the chain: run audit:verify`,
      );
    }
    const { rows } = (await tx.execute(
      sql`select count(*)::int as rows, max(id)::int as last_id from audit_log`,
    )) as unknown as { rows: Array<{ rows: number; last_id: number | null }> };
    const counted = rows[0];
    if (!counted || counted.last_id === null) return undefined;
    const [last] = await tx
      .select({ id: auditLog.id, hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    return { lastId: Number(counted.last_id), rows: Number(counted.rows), hash: last?.hash ?? '' };
  }
}

/**
 * The chain of each open database, found from the database handle or any of its transactions: writeAudit
 * takes the caller's transaction, which carries no settings. Drizzle gives a database and every transaction
 * opened on it the same dialect object, so that is the key (a WeakMap: a closed database is forgotten).
 */
const chains = new WeakMap<object, AuditChain>();

function dialectOf(executor: unknown): object {
  const dialect = (executor as { dialect?: unknown }).dialect;
  if (!dialect || typeof dialect !== 'object')
    throw new Error('audit: not a Drizzle database or transaction');
  return dialect;
}

/** Makes `chain` the audit chain of `db` and of every transaction opened on it. */
export function registerAuditChain(db: Db, chain: AuditChain): void {
  chains.set(dialectOf(db), chain);
}

/** The audit chain of the database `executor` belongs to (registered by AuditRepo, which openRuntime makes). */
export function auditChainOf(executor: unknown): AuditChain {
  const chain = chains.get(dialectOf(executor));
  if (!chain)
    throw new Error(
      'audit: this database has no audit chain (AUDIT_KEY): open it with openRuntime, whose AuditRepo registers it',
    );
  return chain;
}
