import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { auditLog, brands } from '../../db/schema.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { staffCall, staffSession } from '../../test/staff-kit.js';

/** When true, the next audit row cannot be written (a database error at the worst moment). */
const failAudit = vi.hoisted(() => {
  // The server suites share their worker's modules (isolate: false, vitest.config.ts): this file imports the
  // app afresh, so that it takes the mock below, and the files after it get the real module back (afterAll).
  vi.resetModules();
  return { next: false };
});
vi.mock('../staff/staff-audit.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../staff/staff-audit.js')>();
  return {
    ...original,
    auditStaffAction: (...args: Parameters<typeof original.auditStaffAction>) => {
      if (failAudit.next) {
        failAudit.next = false;
        return Promise.reject(new Error('audit row could not be written'));
      }
      return original.auditStaffAction(...args);
    },
  };
});
afterAll(() => {
  vi.doUnmock('../staff/staff-audit.js');
  vi.resetModules();
});

/**
 * a brand's trading conditions and their audit row are one change. If the audit row cannot be
 * written, the settings stay as they were and the engine hears nothing; a staff member scoped to another brand
 * gets 404; the row has the before and after.
 */
describe(`brand trading settings change only with their audit row (${testDbKind})`, async () => {
  const server = await createTestServer();
  const { app, runtime } = server;
  const db = runtime.ctx.database.db;
  const [helix] = await db.select().from(brands).where(eq(brands.slug, 'helix'));
  const [aurora] = await db.select().from(brands).where(eq(brands.slug, 'aurora'));
  const id = helix?.id as number;
  const url = `/api/backoffice/brands/${id}/trading`;

  it('changes nothing (settings, engine profile) when the audit row fails', async () => {
    const admin = await staffSession(server, ['admin']);
    const before = (await staffCall(app, 'GET', url, admin.token)).json().data;
    const heard: string[] = [];
    const stop = runtime.ctx.brands.onTradingChanged((key) => heard.push(key));
    failAudit.next = true;
    const res = await staffCall(app, 'PUT', url, admin.token, { preset: 'professional', stopOutLevel: 0.2 });
    stop();
    expect(res.statusCode).toBe(500);
    expect((await staffCall(app, 'GET', url, admin.token)).json().data).toEqual(before);
    expect(heard).toEqual([]);
  });

  it('records before and after; a staff member scoped to another brand gets 404 and changes nothing', async () => {
    const admin = await staffSession(server, ['admin']);
    const before = (await staffCall(app, 'GET', url, admin.token)).json().data;
    const scoped = await staffSession(server, ['admin'], [aurora?.id as number]);
    const foreign = await staffCall(app, 'PUT', url, scoped.token, { preset: 'custom' });
    expect(foreign.statusCode).toBe(404);
    expect((await staffCall(app, 'GET', url, scoped.token)).statusCode).toBe(404);
    const good = await staffCall(app, 'PUT', url, admin.token, {
      preset: 'professional',
      stopOutLevel: 0.25,
    });
    expect(good.statusCode, good.body).toBe(200);
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'brand.trading'), eq(auditLog.subject, `brand:${id}`)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.before).toEqual({ trading: before.settings });
    expect(rows[0]?.after).toEqual({ trading: { preset: 'professional', stopOutLevel: 0.25 } });
  });
});
