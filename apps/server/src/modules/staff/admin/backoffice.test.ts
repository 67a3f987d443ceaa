import { STAFF_ROLES } from '@openbroker/domain';
import { and, desc, eq, like } from 'drizzle-orm';
import Fastify from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, staffUsers } from '../../../db/schema.js';
import type { App } from '../../../http.js';
import { registerClient, uniqueEmail } from '../../../test/factories.js';
import { createTestServer, type TestServer } from '../../../test/harness.js';
import { verifyAuditChain } from '../../audit/audit.repo.js';
import { DEMO_STAFF } from '../demo-staff.js';
import { BACKOFFICE_PREFIX, guardBackofficeRoutes, registeredRoutes } from '../policy.js';

let server: TestServer;
let app: App;

beforeAll(async () => {
  // One address makes every call here: the per-minute limit is not what these tests are about.
  server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  app = server.app;
});
afterAll(() => server?.app.close());

const demo = (role: string) => {
  const member = DEMO_STAFF.find((m) => m.role === role);
  if (!member) throw new Error(`no demo ${role}`);
  return member;
};

const login = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/backoffice/auth/login', payload });

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** Signs a demo staff member in with their current TOTP code; answers the session token. */
async function signIn(role: string): Promise<string> {
  const member = demo(role);
  const res = await login({
    email: member.email,
    password: member.password,
    code: await generate({ secret: member.totpSecret }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token;
}

/** A new staff member (as `staff:create` makes them), signed in with the enrolment-only session. */
async function newStaff(roles: string[] = ['compliance']) {
  const email = uniqueEmail('staff');
  const { password } = await server.runtime.ctx.staff.create(
    { email, name: 'Test Staff', roles: roles as never, brandIds: null },
    'test',
  );
  const res = await login({ email, password });
  expect(res.statusCode, res.body).toBe(200);
  return { email, password, token: res.json().data.token as string, answer: res.json().data };
}

const db = () => server.runtime.ctx.database.db;

describe('staff sign-in', () => {
  it('signs a demo admin in with password and TOTP code; me shows roles and scope, never secrets', async () => {
    const token = await signIn('admin');
    const me = await call('GET', '/api/backoffice/me', token);
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      email: 'admin@example.com',
      roles: ['admin'],
      brandScope: { all: true },
      twoFactorEnabled: true,
      sessionIdleMinutes: 15,
    });
    expect(me.json().data.permissions).toContain('staff.manage');
    expect(me.body).not.toMatch(/passwordHash|password_hash|totp|recovery/i);
  });

  it('seeds one enrolled demo staff member per role', async () => {
    const rows = await db().select().from(staffUsers);
    for (const role of STAFF_ROLES) {
      const row = rows.find((r) => r.email === demo(role).email);
      expect(row?.roles, role).toEqual([role]);
      expect(row?.totpEnabledAt, role).not.toBeNull();
      // Encrypted at rest: the stored value is not the base32 secret.
      expect(row?.totpSecret).not.toContain(demo(role).totpSecret);
    }
  });

  it('refuses a wrong password, a wrong code, a missing code and a replayed code alike, and audits the failures without secrets', async () => {
    const member = demo('finance');
    const code = await generate({ secret: member.totpSecret });
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (const payload of [
      { email: member.email, password: 'Wrong1234!', code },
      { email: member.email, password: member.password, code: wrongCode },
      { email: member.email, password: member.password },
      { email: 'nobody@example.com', password: member.password, code },
    ]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    }
    expect((await login({ email: member.email, password: member.password, code })).statusCode).toBe(200);
    // The same code a second time (seen over a shoulder) is refused.
    expect((await login({ email: member.email, password: member.password, code })).statusCode).toBe(401);
    const failures = await db().select().from(auditLog).where(eq(auditLog.action, 'staff.login.failed'));
    expect(failures.length).toBeGreaterThanOrEqual(5);
    const text = JSON.stringify(failures);
    expect(text).not.toContain('Wrong1234!');
    expect(text).not.toContain(member.password);
    expect(text).not.toContain(`"${code}"`);
    expect(text).not.toContain(`"${wrongCode}"`);
  });

  it("answers bad sign-in input with the field's message and changes nothing (no 500, no audit row)", async () => {
    const before = (await db().select().from(auditLog)).length;
    const nul = await login({ email: 'fin\u0000ance@example.com', password: 'Staff1234!', code: '123456' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'email', message: 'Email contains characters that are not allowed' }],
    });
    const blank = await login({ email: '', password: '', code: 'x'.repeat(41) });
    expect(blank.statusCode).toBe(400);
    expect(
      blank
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['code', 'email', 'password']);
    expect((await db().select().from(auditLog)).length).toBe(before);
  });

  it('slows down repeated wrong passwords for one e-mail like the client login (429 with retry-after)', async () => {
    const { email } = await newStaff();
    let last = await login({ email, password: 'Wrong1234!' });
    for (let i = 0; i < 6 && last.statusCode === 401; i++)
      last = await login({ email, password: 'Wrong1234!' });
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
  });

  it('ends a session at logout and audits sign-in and logout', async () => {
    const token = await signIn('support');
    expect((await call('POST', '/api/backoffice/auth/logout', token, {})).statusCode).toBe(200);
    const me = await call('GET', '/api/backoffice/me', token);
    expect(me.statusCode).toBe(401);
    const [staffRow] = await db()
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, demo('support').email));
    const actions = (
      await db()
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.subject, `staff:${staffRow?.id}`))
    ).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['staff.login', 'staff.logout']));
  });

  it("gives staff sessions their role's idle timeout (the dealer's desk 30 minutes by default)", async () => {
    const token = await signIn('dealer');
    expect(token).toBeTruthy();
    const [staffRow] = await db()
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, demo('dealer').email));
    const [row] = await db()
      .select()
      .from(sessions)
      .where(and(eq(sessions.subjectType, 'staff'), eq(sessions.subjectId, staffRow?.id ?? 0)))
      .orderBy(desc(sessions.id))
      .limit(1);
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(30 * 60_000);
  });

  it('refuses a disabled staff member', async () => {
    const { email, password } = await newStaff();
    await db().update(staffUsers).set({ disabledAt: new Date() }).where(eq(staffUsers.email, email));
    expect((await login({ email, password })).statusCode).toBe(401);
  });
});

describe('two-factor enrolment', () => {
  it('limits a member without 2FA to enrolment, then enables it with ten one-time recovery codes', async () => {
    const { email, password, token, answer } = await newStaff(['compliance']);
    expect(answer.enrolmentOnly).toBe(true);
    expect((await call('GET', '/api/backoffice/me', token)).statusCode).toBe(200);
    const blocked = await call('GET', '/api/backoffice/audit/verify', token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });

    const start = await call('POST', '/api/backoffice/auth/enrol/start', token, {});
    expect(start.statusCode).toBe(200);
    const { secret, otpauthUri, qrCode } = start.json().data;
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(otpauthUri).toContain(secret);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);

    const wrong = await call('POST', '/api/backoffice/auth/enrol/confirm', token, { code: '12345' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CODE_INVALID' });

    const code = await generate({ secret });
    const confirm = await call('POST', '/api/backoffice/auth/enrol/confirm', token, { code });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const { recoveryCodes, token: fullToken } = confirm.json().data;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // The enrolment session ended; the new one reaches the compliance routes.
    expect((await call('GET', '/api/backoffice/me', token)).statusCode).toBe(401);
    expect((await call('GET', '/api/backoffice/audit/verify', fullToken)).statusCode).toBe(200);
    // Enrolling again is refused.
    expect((await call('POST', '/api/backoffice/auth/enrol/start', fullToken, {})).statusCode).toBe(409);

    // Now a code is required; the confirmed code cannot be replayed; a recovery code works once.
    expect((await login({ email, password })).statusCode).toBe(401);
    expect((await login({ email, password, code })).statusCode).toBe(401);
    const recovery = recoveryCodes[0].toLowerCase();
    expect((await login({ email, password, code: recovery })).statusCode).toBe(200);
    expect((await login({ email, password, code: recovery })).statusCode).toBe(401);

    const [row] = await db().select().from(staffUsers).where(eq(staffUsers.email, email));
    expect(row?.recoveryCodeHashes).toHaveLength(9);
    expect(JSON.stringify(row)).not.toContain(secret);
    const audit = JSON.stringify(
      await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.subject, `staff:${row?.id}`)),
    );
    expect(audit).toContain('staff.enrol.confirm');
    expect(audit).not.toContain(recoveryCodes[1]);
    expect(audit).not.toContain(secret);
  });
});

describe('roles and token kinds', () => {
  it('allows a route to the roles its policy names and refuses the others (403)', async () => {
    expect((await call('GET', '/api/backoffice/audit/verify', await signIn('compliance'))).statusCode).toBe(
      200,
    );
    const refused = await call('GET', '/api/backoffice/audit/verify', await signIn('content'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses client and affiliate tokens on staff calls, and staff tokens on client and affiliate calls', async () => {
    const client = await registerClient(app);
    const affiliate = await app.inject({
      method: 'POST',
      url: '/api/affiliate/login',
      payload: { email: 'affiliate@example.com', password: 'Demo1234!' },
    });
    expect(affiliate.statusCode, affiliate.body).toBe(200);
    const affiliateToken = affiliate.json().data.access_token as string;
    for (const token of [client.token, affiliateToken]) {
      expect((await call('GET', '/api/backoffice/me', token)).statusCode).toBe(401);
      expect((await call('POST', '/api/backoffice/auth/logout', token, {})).statusCode).toBe(401);
    }
    // Each still works where it belongs.
    expect((await call('POST', '/api/accounts/get', client.token, {})).statusCode).toBe(200);
    expect((await call('POST', '/api/affiliate/me', affiliateToken, {})).statusCode).toBe(200);

    const staffToken = (await newStaff(['admin'])).token;
    expect((await call('POST', '/api/accounts/get', staffToken, {})).statusCode).toBe(401);
    expect((await call('POST', '/api/affiliate/me', staffToken, {})).statusCode).toBe(401);
    expect((await call('GET', '/api/backoffice/me', staffToken)).statusCode).toBe(200);
  });
});

describe('route policies', () => {
  it('every registered /api/backoffice route declares a policy', () => {
    const routes = registeredRoutes(app).filter((r) => r.url.startsWith(BACKOFFICE_PREFIX));
    expect(routes.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/backoffice/auth/login',
        '/api/backoffice/me',
        '/api/backoffice/audit/verify',
      ]),
    );
    const missing = routes.filter((r) => !r.policy).map((r) => `${String(r.method)} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('refuses to register a back-office route without a policy', async () => {
    const bare = Fastify();
    guardBackofficeRoutes(bare);
    expect(() => bare.get('/api/backoffice/forgotten', async () => ({}))).toThrow(/without a policy/);
    await bare.close();
  });

  it('documents each route with the roles it needs', async () => {
    const docs = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const op = docs.json().paths['/api/backoffice/audit/verify'].get;
    expect(op.summary).toContain('admin or compliance');
    // the staff bearer scheme: staff tokens are their own kind (openapi/openapi.ts)
    expect(op.security).toEqual([{ staff: [] }]);
  });
});

describe('audit chain', () => {
  it('chains every row to the one before, refuses changes, and detects a row slipped in around it', async () => {
    await newStaff();
    expect(await verifyAuditChain(db())).toMatchObject({ ok: true });
    const [row] = await db().select().from(auditLog).where(like(auditLog.action, 'staff.%')).limit(1);
    await expect(
      db()
        .update(auditLog)
        .set({ action: 'edited' })
        .where(eq(auditLog.id, row?.id ?? 0)),
    ).rejects.toThrow();
    await expect(
      db()
        .delete(auditLog)
        .where(eq(auditLog.id, row?.id ?? 0)),
    ).rejects.toThrow();
    await db().insert(auditLog).values({ actor: 'intruder', action: 'x', subject: 'y' });
    const report = await verifyAuditChain(db());
    expect(report.ok).toBe(false);
    expect(report.brokenAt?.reason).toBe('unchained');
  });
});

describe('the idle timeout the web follows', () => {
  it("answers the server's STAFF_SESSION_IDLE_MINUTES at sign-in and in me, as the API description says", async () => {
    const other = await createTestServer({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      STAFF_SESSION_IDLE_MINUTES: '7',
    });
    try {
      const member = demo('support');
      const signedIn = await other.app.inject({
        method: 'POST',
        url: '/api/backoffice/auth/login',
        payload: {
          email: member.email,
          password: member.password,
          code: await generate({ secret: member.totpSecret }),
        },
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json().data.staff.sessionIdleMinutes).toBe(7);
      const me = await other.app.inject({
        method: 'GET',
        url: '/api/backoffice/me',
        headers: { authorization: `Bearer ${signedIn.json().data.token}` },
      });
      expect(me.json().data.sessionIdleMinutes).toBe(7);
      const docs = (await other.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      const schema = docs.paths['/api/backoffice/me'].get.responses['200'].content['application/json'].schema;
      const data = schema.properties?.data ?? schema;
      expect(JSON.stringify(data)).toContain('sessionIdleMinutes');
    } finally {
      await other.app.close();
    }
  });
});
