import { createHash, createHmac } from 'node:crypto';
import type { auditLog } from '../../db/schema.js';

export type AuditRow = typeof auditLog.$inferSelect;

/** The columns added in migration 0007; hashed only when set, so rows written before keep their hash. */
const OPTIONAL_COLUMNS = ['role', 'brandId', 'userId', 'before', 'after', 'reason', 'ip'] as const;

/** What a row's hash covers: its content and the previous row's hash. */
export type HashedAuditRow = Pick<
  AuditRow,
  'id' | 'actor' | 'action' | 'subject' | 'details' | 'createdAt' | 'prevHash'
> &
  Partial<Pick<AuditRow, (typeof OPTIONAL_COLUMNS)[number]>>;

/** JSON with object keys sorted at every level: jsonb does not keep key order, the hash must not depend on it. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The text a row's hash is computed over: the previous hash, a newline, the row's content as canonical JSON. */
function hashedText(row: HashedAuditRow): string {
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
  return `${row.prevHash}\n${content}`;
}

/**
 * The rule of rows written before AUDIT_KEY (migration 0006 to 0012): plain SHA-256 (hex). Anyone who can
 * write to the table can recompute it, so it is only checked for the rows before the chain's keyed start
 * (audit-chain.ts), which the first keyed row seals by its `prev_hash`.
 */
export function legacyAuditHash(row: HashedAuditRow): string {
  return createHash('sha256').update(hashedText(row)).digest('hex');
}

/** HMAC-SHA256 (hex) under AUDIT_KEY: what `hash` holds from the chain's keyed start on (decision 0024). */
export function keyedAuditHash(key: string, row: HashedAuditRow): string {
  return createHmac('sha256', key).update(hashedText(row)).digest('hex');
}
