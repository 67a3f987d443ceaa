/**
 * Staff credentials and sessions: own password change, an administrator's reset with a forced change, the
 * address allow-list, the per-account second-factor lock against guesses from many addresses, an
 * administrator's unlock, disabling with a reason, and the idle limit per role that only input extends.
 */
import { STAFF_INPUT_AGE_HEADER, type StaffRole } from '@openbroker/domain';
import { and, desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox, sessions, staffUsers } from '../../db/schema.js';
import type { App } from '../../http.js';
import { verifyPassword } from '../../lib/passwords.js';
import { uniqueEmail } from '../../test/factories.js';
import { createTestServer, type TestServer } from '../../test/harness.js';
import { type StaffSession, staffCall, staffSession } from '../../test/staff-kit.js';

let server: TestServer;
let app: App;
let admin: StaffSession;

const db = () => server.runtime.ctx.database.db;

interface Member {
  id: number;
  email: string;
  password: string;
  secret: string;
  token: string;
}

/**
 * A member enrolled through the API, whose TOTP secret the test keeps. The enrolment used the current time
 * step: `nextCode` is the code of the following step, accepted once (codes are ±30 s tolerant).
 */
async function member(roles: StaffRole[] = ['support']): Promise<Member> {
  const email = uniqueEmail('cred');
  const { staff, password } = await server.runtime.ctx.staff.create(
    { email, name: 'Cred Member', roles, brandIds: null },
    'test',
  );
  const login = await signIn(email, password);
  expect(login.statusCode, login.body).toBe(200);
  const enrolment = login.json().data.token as string;
  const start = await staffCall(app, 'POST', '/api/backoffice/auth/enrol/start', enrolment, {});
  const secret = start.json().data.secret as string;
  const confirm = await staffCall(app, 'POST', '/api/backoffice/auth/enrol/confirm', enrolment, {
    code: await generate({ secret }),
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { id: staff.id, email, password, secret, token: confirm.json().data.token };
}

const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/** A code that is surely wrong now (not the code of the previous, current or next step). */
async function wrongCode(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const near = await Promise.all([-30, 0, 30].map((d) => generate({ secret, epoch: now + d })));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!near.includes(code)) return code;
  }
}

function signIn(email: string, password: string, code?: string, remoteAddress = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/backoffice/auth/login',
    remoteAddress,
    payload: { email, password, ...(code ? { code } : {}) },
  });
}

const auditOf = (staffId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(eq(auditLog.subject, `staff:${staffId}`))
    .orderBy(desc(auditLog.id));

const listed = async (id: number) =>
  (await staffCall(app, 'GET', '/api/backoffice/staff', admin.token))
    .json()
    .data.find((m: { id: number }) => m.id === id);

beforeAll(async () => {
  server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  app = server.app;
  admin = await staffSession(server, ['admin']);
});
afterAll(() => app.close());

describe('changing one’s own password', () => {
  it('needs the current password, the staff rule and a different password; other sessions end', async () => {
    const m = await member();
    const other = await signIn(m.email, m.password, await nextCode(m.secret));
    expect(other.statusCode, other.body).toBe(200);
    const change = (body: object) => staffCall(app, 'POST', '/api/backoffice/auth/password', m.token, body);

    const wrong = await change({ current_password: 'not-it-123456', new_password: 'Granite river 42' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      expect.objectContaining({ path: 'current_password', key: 'password.currentWrong' }),
    ]);
    const weak = await change({ current_password: m.password, new_password: 'onlylettersherexx' });
    expect(weak.json().errors).toEqual([
      expect.objectContaining({ path: 'new_password', key: 'staff.passwordWeak' }),
    ]);
    const short = await change({ current_password: m.password, new_password: 'Short1!' });
    expect(short.json().errors).toEqual([
      expect.objectContaining({ path: 'new_password', key: 'field.minChars' }),
    ]);
    const same = await change({ current_password: m.password, new_password: m.password });
    expect(same.json().errors).toEqual([
      expect.objectContaining({ path: 'new_password', key: 'staff.passwordUnchanged' }),
    ]);

    const done = await change({ current_password: m.password, new_password: 'Granite river 42' });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await db().select().from(staffUsers).where(eq(staffUsers.id, m.id));
    expect(await verifyPassword(row?.passwordHash ?? '', 'Granite river 42')).toBe(true);
    // this session goes on, the other one ended
    expect((await staffCall(app, 'GET', '/api/backoffice/me', m.token)).statusCode).toBe(200);
    expect((await staffCall(app, 'GET', '/api/backoffice/me', other.json().data.token)).statusCode).toBe(401);
    const [audit] = await auditOf(m.id);
    expect(audit).toMatchObject({ action: 'staff.password.change', actor: `staff:${m.id}` });
    expect(JSON.stringify(audit)).not.toContain('Granite');
  });
});

describe("an administrator's password reset", () => {
  it('shows a temporary password once, ends the sessions, and forces a change before anything else', async () => {
    const m = await member(['support']);
    const res = await staffCall(app, 'POST', `/api/backoffice/staff/${m.id}/reset-password`, admin.token, {});
    expect(res.statusCode, res.body).toBe(200);
    const { password, staff } = res.json().data;
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(staff).toMatchObject({ id: m.id, passwordChangeRequired: true });
    expect((await staffCall(app, 'GET', '/api/backoffice/me', m.token)).statusCode).toBe(401);
    expect((await signIn(m.email, m.password, await nextCode(m.secret))).statusCode).toBe(401);
    const audit = (await auditOf(m.id)).find((r) => r.action === 'staff.password.reset');
    expect(audit).toMatchObject({ actor: `staff:${admin.id}`, details: { endedSessions: 1 } });
    expect(JSON.stringify(audit)).not.toContain(password);

    const login = await signIn(m.email, password, await nextCode(m.secret));
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().data.token as string;
    expect(login.json().data.staff.passwordChangeRequired).toBe(true);
    const blocked = await staffCall(app, 'GET', '/api/backoffice/clients', token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({
      code: 'PASSWORD_CHANGE_REQUIRED',
      key: 'staff.passwordChangeRequired',
    });
    expect(
      (await staffCall(app, 'GET', '/api/backoffice/me', token)).json().data.passwordChangeRequired,
    ).toBe(true);

    const changed = await staffCall(app, 'POST', '/api/backoffice/auth/password', token, {
      current_password: password,
      new_password: 'Harbour lights 7',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.passwordChangeRequired).toBe(false);
    expect((await staffCall(app, 'GET', '/api/backoffice/clients', token)).statusCode).toBe(200);
  });
});

describe('the address allow-list', () => {
  it('is validated, refuses a sign-in from elsewhere with a clear message (audited), and admits one inside', async () => {
    const m = await member(['support']);
    const set = (body: object) => staffCall(app, 'POST', `/api/backoffice/staff/${m.id}`, admin.token, body);
    const bad = await set({ ipAllowList: ['203.0.113.0/24', '10.0.0.300'] });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain('staff.allowListInvalid');
    const ok = await set({ ipAllowList: ['203.0.113.0/24', '2001:db8::/32', '198.51.100.20'] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.ipAllowList).toEqual(['203.0.113.0/24', '2001:db8::/32', '198.51.100.20']);
    expect((await auditOf(m.id))[0]).toMatchObject({
      action: 'staff.update',
      before: { ipAllowList: null },
      after: { ipAllowList: ['203.0.113.0/24', '2001:db8::/32', '198.51.100.20'] },
    });

    const outside = await signIn(m.email, m.password, await nextCode(m.secret), '198.51.100.7');
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 'ADDRESS_NOT_ALLOWED', key: 'staff.addressNotAllowed' });
    expect(outside.json().message).toContain('198.51.100.7');
    expect((await auditOf(m.id))[0]).toMatchObject({
      action: 'staff.login.refused',
      details: { reason: 'address-not-allowed', ip: '198.51.100.7' },
    });
    // a wrong password from outside learns nothing about the list
    expect((await signIn(m.email, 'wrong-password-1', undefined, '198.51.100.7')).statusCode).toBe(401);

    const inside = await signIn(m.email, m.password, await nextCode(m.secret), '203.0.113.9');
    expect(inside.statusCode, inside.body).toBe(200);
    expect(await listed(m.id)).toMatchObject({ lastLoginIp: '203.0.113.9', lastLoginAt: expect.any(String) });

    // cleared: any address again
    expect((await set({ ipAllowList: [] })).json().data.ipAllowList).toBeNull();
  });
});

describe('the second-factor lock per account', () => {
  it('locks after five wrong codes from five addresses, mails the member, grows, and an admin unlocks', async () => {
    const m = await member(['support']);
    for (let i = 1; i <= 5; i += 1) {
      const res = await signIn(m.email, m.password, await wrongCode(m.secret), `192.0.2.${i}`);
      expect(res.statusCode, res.body).toBe(401);
    }
    // the right code from yet another address is refused now: the account is locked, not the address
    const locked = await signIn(m.email, m.password, await nextCode(m.secret), '192.0.2.77');
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toMatchObject({ code: 'SECOND_FACTOR_LOCKED', key: 'staff.secondFactorLocked' });
    expect(locked.json().message).toContain('Try again in 1 min,');
    // without the password, nobody learns of the lock
    expect((await signIn(m.email, 'wrong-password-1', '123456', '192.0.2.78')).statusCode).toBe(401);

    const actions = (await auditOf(m.id)).map((r) => r.action);
    expect(actions).toContain('staff.2fa.lock');
    const [mail] = await db().select().from(outbox).where(eq(outbox.to, m.email));
    expect(mail?.subject).toBe('Back office: two-factor sign-in locked');
    expect(mail?.text).toContain('locked for 1 minute at');
    expect((await listed(m.id)).secondFactorLockedUntil).toEqual(expect.any(String));

    // the first lock ran out: five more wrong codes lock for longer (5 minutes)
    await db()
      .update(staffUsers)
      .set({ secondFactorLockedUntil: new Date(Date.now() - 1000) })
      .where(eq(staffUsers.id, m.id));
    for (let i = 1; i <= 5; i += 1) {
      await signIn(m.email, m.password, await wrongCode(m.secret), `198.18.0.${i}`);
    }
    const again = await signIn(m.email, m.password, await nextCode(m.secret), '198.18.1.1');
    expect(again.statusCode).toBe(423);
    expect(again.json().message).toContain('Try again in 5 min,');

    const unlock = await staffCall(app, 'POST', `/api/backoffice/staff/${m.id}/unlock-2fa`, admin.token, {});
    expect(unlock.statusCode, unlock.body).toBe(200);
    expect(unlock.json().data.secondFactorLockedUntil).toBeNull();
    expect((await auditOf(m.id))[0]).toMatchObject({
      action: 'staff.2fa.unlock',
      actor: `staff:${admin.id}`,
    });
    const after = await signIn(m.email, m.password, await nextCode(m.secret), '198.18.1.1');
    expect(after.statusCode, after.body).toBe(200);
  });

  it('counts recovery codes as second factors too, and a good sign-in starts the count again', async () => {
    const m = await member(['support']);
    for (let i = 1; i <= 4; i += 1) await signIn(m.email, m.password, 'ABCDE-FGHJK', `192.0.2.${100 + i}`);
    const [row] = await db().select().from(staffUsers).where(eq(staffUsers.id, m.id));
    expect(row?.secondFactorFailures).toBe(4);
    expect((await signIn(m.email, m.password, await nextCode(m.secret))).statusCode).toBe(200);
    const [reset] = await db().select().from(staffUsers).where(eq(staffUsers.id, m.id));
    expect(reset?.secondFactorFailures).toBe(0);
  });
});

describe('disabling a member', () => {
  it('needs a reason, which the audit row keeps', async () => {
    const m = await member(['support']);
    const url = `/api/backoffice/staff/${m.id}`;
    const missing = await staffCall(app, 'POST', url, admin.token, { disabled: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      expect.objectContaining({ path: 'reason', key: 'staff.disableReasonRequired' }),
    ]);
    expect((await listed(m.id)).disabled).toBe(false);
    const done = await staffCall(app, 'POST', url, admin.token, {
      disabled: true,
      reason: 'Left the company',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await auditOf(m.id))[0]).toMatchObject({ action: 'staff.disable', reason: 'Left the company' });
    expect((await staffCall(app, 'GET', '/api/backoffice/me', m.token)).statusCode).toBe(401);
  });
});

describe('idle limits per role', () => {
  const lastSession = async (staffId: number) =>
    (
      await db()
        .select()
        .from(sessions)
        .where(and(eq(sessions.subjectType, 'staff'), eq(sessions.subjectId, staffId)))
        .orderBy(desc(sessions.id))
        .limit(1)
    )[0];

  it('has defaults per role (the dealer longer), which an administrator changes, audited', async () => {
    const limits = await staffCall(app, 'GET', '/api/backoffice/staff-settings/idle', admin.token);
    expect(limits.statusCode, limits.body).toBe(200);
    const byRole = Object.fromEntries(
      limits.json().data.map((l: { role: string; minutes: number }) => [l.role, l.minutes]),
    );
    expect(byRole).toMatchObject({ admin: 15, dealer: 30, support: 15 });

    const bad = await staffCall(app, 'POST', '/api/backoffice/staff-settings/idle', admin.token, {
      limits: { support: 0 },
    });
    expect(bad.statusCode).toBe(400);
    const set = await staffCall(app, 'POST', '/api/backoffice/staff-settings/idle', admin.token, {
      limits: { support: 45 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.idleLimits'))
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({ before: { support: null }, after: { support: 45 } });

    const supporter = await member(['support']);
    const me = await staffCall(app, 'GET', '/api/backoffice/me', supporter.token);
    expect(me.json().data.sessionIdleMinutes).toBe(45);
    expect((await lastSession(supporter.id))?.idleMs).toBe(45 * 60_000);
    // the strictest role wins
    const both = await member(['support', 'admin']);
    expect(
      (await staffCall(app, 'GET', '/api/backoffice/me', both.token)).json().data.sessionIdleMinutes,
    ).toBe(15);

    await staffCall(app, 'POST', '/api/backoffice/staff-settings/idle', admin.token, {
      limits: { support: null },
    });
  });

  it('ends a session idle past its limit; calls that only refresh data do not keep it alive', async () => {
    const m = await member(['admin']);
    const session = await lastSession(m.id);
    const back = (minutes: number) =>
      db()
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - minutes * 60_000) })
        .where(eq(sessions.id, session?.id ?? 0));
    const me = (inputAgeMs?: number) =>
      app.inject({
        method: 'GET',
        url: '/api/backoffice/me',
        headers: {
          authorization: `Bearer ${m.token}`,
          ...(inputAgeMs === undefined ? {} : { [STAFF_INPUT_AGE_HEADER]: String(inputAgeMs) }),
        },
      });

    // 14 minutes without input: a refresh (the screen says the last input was 14 minutes ago) answers,
    // but the idle clock stays where the input was
    await back(14);
    expect((await me(14 * 60_000)).statusCode).toBe(200);
    const still = await lastSession(m.id);
    expect(Date.now() - (still?.lastSeenAt.getTime() ?? 0)).toBeGreaterThan(13 * 60_000);
    // past the limit of 15 minutes the server has ended it, whatever the screen sends
    await back(16);
    expect((await me(0)).statusCode).toBe(401);

    // a call after fresh input restarts the clock
    const other = await member(['admin']);
    const otherSession = await lastSession(other.id);
    await db()
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(sessions.id, otherSession?.id ?? 0));
    const fresh = await app.inject({
      method: 'GET',
      url: '/api/backoffice/me',
      headers: { authorization: `Bearer ${other.token}`, [STAFF_INPUT_AGE_HEADER]: '2000' },
    });
    expect(fresh.statusCode).toBe(200);
    expect(Date.now() - ((await lastSession(other.id))?.lastSeenAt.getTime() ?? 0)).toBeLessThan(60_000);
  });
});
