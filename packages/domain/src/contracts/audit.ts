import { z } from 'zod';
import { Instant, StaffPage } from './common.js';

/** Back-office contracts of the audit area: every answer a staff route of this area gives (see common.ts). */

const AuditJson = z.record(z.string(), z.unknown());

/** One row of the audit log: who did what to which subject, the state before and after, and why. */
export const AuditLogRow = z.object({
  id: z.number(),
  createdAt: Instant,
  /** Who acted, e.g. `staff:<id>`, `client:<id>`, `cli:<name>`, `system`. */
  actor: z.string(),
  staffName: z.string().nullable(),
  role: z.string().nullable(),
  brandId: z.number().nullable(),
  brandSlug: z.string().nullable(),
  userId: z.number().nullable(),
  clientName: z.string().nullable(),
  clientEmail: z.string().nullable(),
  action: z.string(),
  subject: z.string(),
  before: AuditJson.nullable(),
  after: AuditJson.nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  details: AuditJson,
});
export type AuditLogRow = z.infer<typeof AuditLogRow>;

/** GET /api/backoffice/audit: a page of the audit log, newest first. */
export const AuditLogPage = StaffPage(AuditLogRow);
export type AuditLogPage = z.infer<typeof AuditLogPage>;

/** GET /api/backoffice/audit/verify: the audit log's hash chain checked, and the first broken row if any. */
export const AuditChainCheck = z.object({
  ok: z.boolean(),
  checked: z.number(),
  unchained: z.number(),
  brokenAt: z.object({ id: z.number(), reason: z.enum(['hash', 'link', 'unchained']) }).optional(),
});
export type AuditChainCheck = z.infer<typeof AuditChainCheck>;
