import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { type AuditEntry, writeAudit } from '../audit/audit.repo.js';
import type { StaffAuth } from './policy.js';

/** What a staff action changed: the audit row's own parts besides who did it and from where. */
export interface StaffActionRecord {
  /** e.g. 'document.approve', 'client.verify', 'withdrawal.approve', 'adjustment.bonus'. */
  action: string;
  /** The record it was done to, e.g. 'user:42', 'tx:TX-…'; defaults to the client when `userId` is given. */
  subject?: string;
  brandId?: number | null;
  userId?: number | null;
  /** The changed fields before and after (only those that changed). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Writes the audit row of a staff action (when, who, role, brand, client, action, before
 * and after, reason, request address) inside the caller's database transaction, so the change and
 * its row commit together. Answers the row's id: a staff action's ledger cause is `staff:<id>`.
 */
export function auditStaffAction(
  tx: Pick<Db, 'transaction'>,
  auth: Pick<StaffAuth, 'staff' | 'roles'>,
  request: Pick<FastifyRequest, 'ip'> | undefined,
  record: StaffActionRecord,
): Promise<number> {
  return writeAudit(tx, staffAuditEntry(auth, request, record));
}

/**
 * The audit row of a staff action, for a writer that stores it itself inside its own transaction (a booking
 * through the trading engine stores it with the ledger entry: payments' effects).
 */
export function staffAuditEntry(
  auth: Pick<StaffAuth, 'staff' | 'roles'>,
  request: Pick<FastifyRequest, 'ip'> | undefined,
  record: StaffActionRecord,
): AuditEntry {
  return {
    actor: `staff:${auth.staff.id}`,
    role: auth.roles.join(','),
    action: record.action,
    subject: record.subject ?? (record.userId ? `user:${record.userId}` : `staff:${auth.staff.id}`),
    brandId: record.brandId ?? null,
    userId: record.userId ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
    reason: record.reason ?? null,
    ip: request?.ip ?? null,
    details: record.details ?? {},
  };
}

/** The fields of `after` whose value differs from `before`, as two objects for the audit row. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as Array<keyof T>) {
    if (after[key] === undefined) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  return { before: was, after: now };
}
