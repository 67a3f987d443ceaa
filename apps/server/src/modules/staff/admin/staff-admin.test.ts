import { asc, desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, brands } from '../../../db/schema.js';
import type { App } from '../../../http.js';
import { uniqueEmail } from '../../../test/factories.js';
import { createTestServer, type TestServer } from '../../../test/harness.js';
import { type StaffSession, staffCall, staffSession } from '../../../test/staff-kit.js';
import { verifyAuditChain } from '../../audit/audit.repo.js';

let server: TestServer;
let app: App;
let admin: StaffSession;
let brandA: number;
let brandB: number;

const login = (email: string, password: string, code?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/backoffice/auth/login',
    payload: { email, password, ...(code ? { code } : {}) },
  });

/** The latest audit rows about a staff member, newest first. */
const auditOf = (staffId: number) =>
  server.runtime.ctx.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subject, `staff:${staffId}`))
    .orderBy(desc(auditLog.id));

async function create(token: string, body: Record<string, unknown>) {
  return staffCall(app, 'POST', '/api/backoffice/staff', token, {
    email: uniqueEmail('member'),
    name: 'New Member',
    roles: ['finance'],
    brandIds: null,
    ...body,
  });
}

beforeAll(async () => {
  server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  app = server.app;
  admin = await staffSession(server, ['admin']);
  const rows = await server.runtime.ctx.database.db.select().from(brands).orderBy(asc(brands.id));
  [brandA, brandB] = rows.map((b) => b.id) as [number, number];
});

describe('staff management', () => {
  it('creates a member: the initial password once, an enrolment address, audited; they can only enrol', async () => {
    const email = uniqueEmail('Member').toUpperCase();
    const res = await create(admin.token, { email, name: 'Nora Finance', roles: ['finance', 'support'] });
    expect(res.statusCode, res.body).toBe(200);
    const { staff, password, enrolUrl } = res.json().data;
    expect(staff).toMatchObject({
      email: email.toLowerCase(),
      name: 'Nora Finance',
      roles: ['finance', 'support'],
      brandScope: { all: true },
      twoFactorEnabled: false,
      disabled: false,
    });
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(enrolUrl).toMatch(/\/backoffice\/login$/);
    const [row] = await auditOf(staff.id);
    expect(row).toMatchObject({
      action: 'staff.create',
      actor: `staff:${admin.id}`,
      role: 'admin',
      after: { email: email.toLowerCase(), roles: ['finance', 'support'], brandIds: null, disabled: false },
    });
    expect(JSON.stringify(row)).not.toContain(password);
    const signIn = await login(email, password);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.enrolmentOnly).toBe(true);
    // the same e-mail again, in any case
    const again = await create(admin.token, { email: email.toLowerCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'STAFF_EMAIL_TAKEN', key: 'staff.staffEmailTaken' });
    const list = await staffCall(app, 'GET', '/api/backoffice/staff', admin.token);
    expect(list.json().data).toEqual(expect.arrayContaining([expect.objectContaining({ id: staff.id })]));
    expect(JSON.stringify(list.json())).not.toMatch(/passwordHash|totpSecret|recoveryCode/);
  });

  it('validates the input', async () => {
    for (const body of [
      { roles: [] },
      { roles: ['boss'] },
      { email: 'nope' },
      { name: '' },
      { brandIds: [] },
    ]) {
      const res = await create(admin.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await create(admin.token, { brandIds: [999_999] })).statusCode).toBe(404);
  });

  it('changes roles and brands with before and after in the audit row', async () => {
    const { staff } = (await create(admin.token, {})).json().data;
    const res = await staffCall(app, 'POST', `/api/backoffice/staff/${staff.id}`, admin.token, {
      roles: ['dealer'],
      brandIds: [brandB, brandA],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      roles: ['dealer'],
      brandScope: { all: false, brandIds: [brandA, brandB].sort((a, b) => a - b) },
    });
    const [row] = await auditOf(staff.id);
    expect(row).toMatchObject({
      action: 'staff.update',
      before: { roles: ['finance'], brandIds: null },
      after: { roles: ['dealer'] },
    });
    // nothing changed: nothing audited
    const count = (await auditOf(staff.id)).length;
    await staffCall(app, 'POST', `/api/backoffice/staff/${staff.id}`, admin.token, { roles: ['dealer'] });
    expect(await auditOf(staff.id)).toHaveLength(count);
    expect((await verifyAuditChain(server.runtime.ctx.database.db)).ok).toBe(true);
  });

  it('disabling ends the sessions and refuses sign-in; enabling lets them back', async () => {
    const member = await staffSession(server, ['support']);
    expect((await staffCall(app, 'GET', '/api/backoffice/me', member.token)).statusCode).toBe(200);
    const off = await staffCall(app, 'POST', `/api/backoffice/staff/${member.id}`, admin.token, {
      disabled: true,
      reason: 'Left the support team',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.disabled).toBe(true);
    expect((await staffCall(app, 'GET', '/api/backoffice/me', member.token)).statusCode).toBe(401);
    expect((await login(member.email, member.password, '000000')).statusCode).toBe(401);
    const rows = await auditOf(member.id);
    expect(rows.find((r) => r.action === 'staff.disable')).toMatchObject({
      actor: `staff:${admin.id}`,
      before: { disabled: false },
      after: { disabled: true },
    });
    // the refused sign-in is itself audited, with why
    expect(rows[0]).toMatchObject({ action: 'staff.login.failed', details: { reason: 'disabled' } });
    const on = await staffCall(app, 'POST', `/api/backoffice/staff/${member.id}`, admin.token, {
      disabled: false,
    });
    expect(on.json().data.disabled).toBe(false);
    expect((await auditOf(member.id))[0]?.action).toBe('staff.enable');
    // the old session stays ended
    expect((await staffCall(app, 'GET', '/api/backoffice/me', member.token)).statusCode).toBe(401);
  });

  it('an admin can neither disable themselves nor remove their own admin role', async () => {
    const self = `/api/backoffice/staff/${admin.id}`;
    const disable = await staffCall(app, 'POST', self, admin.token, { disabled: true, reason: 'Testing' });
    expect(disable.statusCode).toBe(409);
    expect(disable.json()).toMatchObject({ code: 'CANNOT_DISABLE_SELF', key: 'staff.cannotDisableSelf' });
    const demote = await staffCall(app, 'POST', self, admin.token, { roles: ['finance'] });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('CANNOT_REMOVE_OWN_ADMIN');
    // adding a role to themselves is fine
    const more = await staffCall(app, 'POST', self, admin.token, { roles: ['admin', 'finance'] });
    expect(more.statusCode).toBe(200);
    expect((await staffCall(app, 'GET', '/api/backoffice/me', admin.token)).statusCode).toBe(200);
  });

  it('resetting two-factor sign-in ends the sessions; the next sign-in can only enrol again', async () => {
    const member = await staffSession(server, ['dealer']);
    const res = await staffCall(app, 'POST', `/api/backoffice/staff/${member.id}/reset-2fa`, admin.token, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.twoFactorEnabled).toBe(false);
    expect((await staffCall(app, 'GET', '/api/backoffice/me', member.token)).statusCode).toBe(401);
    const signIn = await login(member.email, member.password);
    expect(signIn.json().data.enrolmentOnly).toBe(true);
    const token = signIn.json().data.token;
    const start = await staffCall(app, 'POST', '/api/backoffice/auth/enrol/start', token, {});
    expect(start.statusCode, start.body).toBe(200);
    const code = await generate({ secret: start.json().data.secret });
    const confirm = await staffCall(app, 'POST', '/api/backoffice/auth/enrol/confirm', token, { code });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await auditOf(member.id)).map((r) => r.action)).toContain('staff.reset2fa');
  });

  it('is for admins only', async () => {
    const compliance = await staffSession(server, ['compliance']);
    expect((await staffCall(app, 'GET', '/api/backoffice/staff', compliance.token)).statusCode).toBe(403);
    expect((await create(compliance.token, {})).statusCode).toBe(403);
    expect(
      (
        await staffCall(app, 'POST', `/api/backoffice/staff/${compliance.id}`, compliance.token, {
          roles: ['admin'],
        })
      ).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/backoffice/staff' })).statusCode).toBe(401);
  });

  it('keeps a brand-limited admin to members and brands of their scope', async () => {
    const brandAdmin = await staffSession(server, ['admin'], [brandA]);
    const list = (await staffCall(app, 'GET', '/api/backoffice/staff', brandAdmin.token)).json()
      .data as Array<{
      brandScope: { all: boolean; brandIds?: number[] };
    }>;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((m) => !m.brandScope.all && m.brandScope.brandIds?.every((id) => id === brandA))).toBe(
      true,
    );
    // a member of every brand is not theirs to see or change
    const other = await staffCall(app, 'POST', `/api/backoffice/staff/${admin.id}`, brandAdmin.token, {
      roles: ['support'],
    });
    expect(other.statusCode).toBe(404);
    expect((await create(brandAdmin.token, { brandIds: null })).statusCode).toBe(403);
    expect((await create(brandAdmin.token, { brandIds: [brandB] })).statusCode).toBe(404);
    const mine = await create(brandAdmin.token, { brandIds: [brandA] });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.staff.brandScope).toEqual({ all: false, brandIds: [brandA] });
  });
});
