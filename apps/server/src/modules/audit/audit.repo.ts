import { createHash } from 'node:crypto';
import { asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

export type AuditRow = typeof auditLog.$inferSelect;
/**
 * One audited action: who (`actor`, and `role` for staff), what (`action`), on what (`subject`,
 * `brandId`, `userId`), the values `before` and `after`, the `reason` given and the request address.
 */
export type AuditEntry = Pick<
  typeof auditLog.$inferInsert,
  | 'actor'
  | 'action'
  | 'subject'
  | 'details'
  | 'role'
  | 'brandId'
  | 'userId'
  | 'before'
  | 'after'
  | 'reason'
  | 'ip'
>;

/** The columns added in migration 0007; hashed only when set, so rows written before keep their hash. */
const OPTIONAL_COLUMNS = ['role', 'brandId', 'userId', 'before', 'after', 'reason', 'ip'] as const;

/** Anything that can run a (nested) transaction: the database or an open transaction. */
type Executor = Pick<Db, 'transaction'>;

/**
 * One advisory lock key for the audit chain: writers take it for the rest of their transaction, so
 * two rows are never chained to the same predecessor (the chain stays a line, not a tree).
 */
const AUDIT_CHAIN_LOCK = 0x61756469; // 'audi'

/** JSON with object keys sorted at every level: jsonb does not keep key order, the hash must not depend on it. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** SHA-256 (hex) of a row's content and the previous row's hash: what `hash` must hold. */
export function auditRowHash(
  row: Pick<AuditRow, 'id' | 'actor' | 'action' | 'subject' | 'details' | 'createdAt' | 'prevHash'> &
    Partial<Pick<AuditRow, (typeof OPTIONAL_COLUMNS)[number]>>,
): string {
  const optional: Record<string, unknown> = {};
  for (const column of OPTIONAL_COLUMNS) {
    const value = row[column];
    if (value !== null && value !== undefined) optional[column] = value;
  }
  const content = canonicalJson({
    id: row.id,
    actor: row.actor,
    action: row.action,
    subject: row.subject,
    details: row.details ?? {},
    createdAt: row.createdAt.toISOString(),
    ...optional,
  });
  return createHash('sha256').update(`${row.prevHash}\n${content}`).digest('hex');
}

/**
 * Writes one audit row (architecture §6a, §8: staff actions are audited), chained to the previous
 * row by its hash. Takes the caller's transaction, so the action and its audit row are committed
 * together or not at all; the chain lock is held until that transaction ends.
 */
export async function writeAudit(executor: Executor, entry: AuditEntry): Promise<number> {
  return executor.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
    const [last] = await tx
      .select({ hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    const prevHash = last?.hash ?? '';
    // The id is part of the hashed content, so it is drawn before the insert: the row is written
    // once, complete (the table refuses UPDATE).
    const { rows } = (await tx.execute(
      sql`select nextval(pg_get_serial_sequence('audit_log', 'id'))::int as id`,
    )) as unknown as { rows: Array<{ id: number }> };
    const id = Number(rows[0]?.id);
    // Milliseconds only: what a JavaScript Date holds, so the hash computed now is the one verified later.
    const createdAt = new Date();
    const details = entry.details ?? {};
    const hash = auditRowHash({ id, ...entry, details, createdAt, prevHash });
    await tx.insert(auditLog).values({ id, ...entry, details, createdAt, prevHash, hash });
    return id;
  });
}

export interface AuditChainReport {
  ok: boolean;
  /** Rows checked (those in the chain). */
  checked: number;
  /** Rows written before the chain existed (migration 0006), not verifiable. */
  unchained: number;
  /** The first row that breaks the chain: edited, inserted out of band, or after a removed row. */
  brokenAt?: { id: number; reason: 'hash' | 'link' | 'unchained' };
}

/**
 * Walks the audit log in id order and recomputes every hash: an edited row fails its own hash, a
 * removed row breaks the next row's link, a row written around `writeAudit` has no hash. Rows from
 * before the chain (empty hash at the very start) are counted, not verified.
 */
export async function verifyAuditChain(db: Db, batch = 1000): Promise<AuditChainReport> {
  let afterId = 0;
  let prevHash: string | undefined;
  let checked = 0;
  let unchained = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, afterId))
      .orderBy(asc(auditLog.id))
      .limit(batch);
    if (rows.length === 0) return { ok: true, checked, unchained };
    for (const row of rows) {
      afterId = row.id;
      if (prevHash === undefined && row.hash === '' && row.prevHash === '') {
        unchained++;
        continue;
      }
      if (row.hash === '')
        return { ok: false, checked, unchained, brokenAt: { id: row.id, reason: 'unchained' } };
      if (row.prevHash !== (prevHash ?? '')) {
        return { ok: false, checked, unchained, brokenAt: { id: row.id, reason: 'link' } };
      }
      if (auditRowHash(row) !== row.hash) {
        return { ok: false, checked, unchained, brokenAt: { id: row.id, reason: 'hash' } };
      }
      prevHash = row.hash;
      checked++;
    }
  }
}

export class AuditRepo {
  constructor(private readonly db: Db) {}

  /** Writes one row; answers its id (a staff action's ledger cause is `staff:<id>`). */
  record(entry: AuditEntry): Promise<number> {
    return writeAudit(this.db, entry);
  }

  verify(): Promise<AuditChainReport> {
    return verifyAuditChain(this.db);
  }

  /** The latest entries about one subject, newest first. */
  forSubject(subject: string, limit = 50): Promise<AuditRow[]> {
    return this.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, subject))
      .orderBy(desc(auditLog.id))
      .limit(limit);
  }
}
