/**
 * The back office's authorization matrix: every registered /api/backoffice route × every
 * role × a brand in and out of scope × client and affiliate tokens; and every other API route with a
 * staff token. It walks the routes Fastify registered, so a route added later is covered without
 * being listed here.
 */
import { can, STAFF_ROLES, type StaffRole } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { brands, users } from '../../db/schema.js';
import { jpegBytes, loginToken, multipart } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../../test/payments-kit.js';
import { staffCall, staffSession } from '../../test/staff-kit.js';
import { BACKOFFICE_PREFIX, registeredRoutes } from './policy.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

describe(`back-office authorization matrix (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  const { app, runtime } = server;
  const { ctx } = runtime;
  const { db } = ctx.database;
  afterAll(() => app.close());

  const [demo] = await db.select().from(brands).where(eq(brands.slug, 'demo'));
  const [aurora] = await db.select().from(brands).where(eq(brands.slug, 'aurora'));
  if (!demo || !aurora) throw new Error('the demo seed has the brands demo and aurora');

  // Brand demo's records: a client with a complete profile, an uploaded passport, a pending bank wire.
  const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret);
  const client = await kit.client();
  const upload = multipart([
    ['token', client.token],
    ['type', 'doc_passport'],
    { field: 'files', filename: 'passport.jpg', contentType: 'image/jpeg', content: jpegBytes() },
  ]);
  const uploaded = await app.inject({ method: 'POST', url: '/api/accounts/upload', ...upload });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const wire = await kit.create(client.token, { amount: 1000, method: 2 });
  const reference: string = wire.json().data.transaction_id;
  const documents = await db.query.documents.findMany({ where: (d, { eq }) => eq(d.userId, client.id) });
  const [clientRow] = await db.select().from(users).where(eq(users.id, client.id));
  // and a staff money request on that client, waiting for its second key
  const maker = await staffSession(server, ['finance'], [demo.id]);
  const requested = await staffCall(
    app,
    'POST',
    `/api/backoffice/clients/${client.id}/adjustments`,
    maker.token,
    {
      kind: 'bonus',
      amount: '10.00',
      reason: 'matrix',
    },
  );
  expect(requested.statusCode, requested.body).toBe(200);
  const requestReference: string = requested.json().data.request.reference;

  /** Sample path parameters: every id names a record of brand demo. */
  const SAMPLE: Record<string, string> = {
    id: String(client.id),
    clientId: String(client.id),
    userId: String(client.id),
    documentId: String(documents[0]?.id ?? 1),
    type: 'doc_passport',
    reference,
    positionId: '1',
    staffId: '1',
    role: 'finance',
  };
  const pathOf = (url: string) =>
    url
      .replace(/:(\w+)/g, (_, name: string) =>
        name === 'reference' && url.includes('/money-requests/') ? requestReference : (SAMPLE[name] ?? '1'),
      )
      .replace('*', 'x');

  const backofficeRoutes = registeredRoutes(app)
    .flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
        ...route,
        method: String(method) as Method,
      })),
    )
    .filter((route) => route.url.startsWith(BACKOFFICE_PREFIX) && route.method !== ('HEAD' as Method));
  // logout ends the session the walk uses: it goes last
  const guarded = backofficeRoutes
    .filter((route) => !route.policy?.public)
    .sort((a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')));

  /**
   * A valid body for each kind of action, so that a route answers for the record (or its scope)
   * instead of refusing the body: a forgotten scope check would then show as a 200, not hide behind a 400.
   */
  const BODIES: Array<[RegExp, object]> = [
    [
      /\/profile$/,
      {
        first_name: 'Scope',
        last_name: 'Probe',
        email: 'scope.probe@example.com',
        phone: '+49 151 2345 6789',
        birth_date: '1980-01-01',
        country_id: clientRow?.countryId,
        state: 'Berlin',
        city: 'Berlin',
        street: 'Probe 1',
        zip_code: '10117',
      },
    ],
    [/\/review$/, { decision: 'approve', note: '' }],
    [/\/verification$/, { verified: true, reason: 'matrix' }],
    [/\/trading$/, { level: 'Gold', reason: 'matrix' }],
    [/\/notes$/, { body: 'matrix note' }],
    // a manual review task on the client; closing a task and approving EDD take a note
    [/\/compliance-tasks$/, { summary: 'matrix review', dueAt: '2099-01-01' }],
    [/\/(tasks\/[^/]+\/close|edd-approve)$/, { note: 'matrix' }],
    // a task's update moves its due date (an empty update is refused before the scope is asked)
    [/\/compliance\/tasks\/\d+$/, { dueAt: '2099-01-01' }],
    [/\/screening\/matches\/\d+\/decision$/, { decision: 'clear', reason: 'matrix' }],
    [/\/adjustments$/, { kind: 'bonus', amount: '10.00', reason: 'matrix' }],
    [/\/(close|approve|reject|cancel)$/, { reason: 'matrix' }],
    // halting and resuming an instrument need a reason
    [/\/halted-symbols(\/[^/]+)?$/, { reason: 'matrix' }],
    [/\/money-limits\/\w+$/, { maxSingle: '10.00', maxDailyPerMember: '10.00', maxDailyPerClient: '10.00' }],
    // staff credentials: idle limits unchanged, a password change with a wrong current password (refused in the body)
    [/\/staff-settings\/idle$/, { limits: {} }],
    // a brand's document and risk settings, unchanged from the defaults
    [
      /\/brands\/[^/]+\/compliance$/,
      { documentGraceDays: 14, clientEntersDocumentDetails: false, highRiskCountries: null },
    ],
    [/\/auth\/password$/, { current_password: 'not-the-password', new_password: 'Matrix probe 1234' }],
  ];
  const bodyFor = (url: string): object => BODIES.find(([pattern]) => pattern.test(url))?.[1] ?? {};

  const call = (method: Method, url: string, token: string | undefined, payload: object = bodyFor(url)) =>
    token === undefined
      ? app.inject({ method, url, ...(method === 'GET' ? {} : { payload }) })
      : staffCall(app, method, url, token, method === 'GET' ? undefined : payload);

  it('walks a back office that has routes for every area of the issue', () => {
    expect(guarded.length).toBeGreaterThan(3);
    for (const route of backofficeRoutes) expect(route.policy, `${route.method} ${route.url}`).toBeDefined();
  });

  it('answers 401 to no token, a client token and an affiliate token on every staff route', async () => {
    const affiliateToken = await (async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/affiliate/login',
        payload: { email: 'affiliate@example.com', password: 'Demo1234!' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.token as string;
    })();
    const clientToken = await loginToken(app, client.email, client.password);
    for (const route of guarded) {
      const url = pathOf(route.url);
      for (const token of [undefined, clientToken, affiliateToken]) {
        const res = await call(route.method, url, token, { ...bodyFor(url), token });
        expect(
          res.statusCode,
          `${route.method} ${route.url} with ${token ? 'a non-staff token' : 'no token'}`,
        ).toBe(401);
      }
    }
  });

  describe.each(STAFF_ROLES)('role %s', (role: StaffRole) => {
    it('is refused (403) exactly where its role lacks the permission, in scope', async () => {
      const member = await staffSession(server, [role]);
      for (const route of guarded) {
        const res = await call(route.method, pathOf(route.url), member.token);
        const label = `${role} ${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        const permission = route.policy?.permission;
        if (permission && !can([role], permission)) expect(res.statusCode, label).toBe(403);
        else expect([401, 403], label).not.toContain(res.statusCode);
      }
    });
  });

  it('shows nothing of brand demo to staff scoped to another brand: ids answer 404, lists leave it out', async () => {
    // every role at once, so only the brand scope can refuse
    const outsider = await staffSession(server, [...STAFF_ROLES], [aurora.id]);
    for (const route of guarded) {
      const url = pathOf(route.url);
      const res = await call(route.method, url, outsider.token);
      const label = `${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (route.policy?.brandScoped && /:(id|clientId|userId|documentId|reference)\b/.test(route.url)) {
        expect(res.statusCode, label).toBe(404);
      }
      // whatever a route answers, brand demo's client never appears in it
      for (const secret of [client.email, clientRow?.pin ?? '', reference, requestReference]) {
        expect(res.body.includes(secret), `${label} shows ${secret}`).toBe(false);
      }
    }
    // and asking for brand demo's lists by id is answered as an unknown brand or an empty list
    for (const route of guarded.filter((r) => r.method === 'GET' && !r.url.includes(':'))) {
      const res = await call('GET', `${route.url}?brandId=${demo.id}`, outsider.token);
      for (const secret of [client.email, reference, requestReference]) {
        expect(res.body.includes(secret), `${route.url}?brandId shows ${secret}`).toBe(false);
      }
    }
  });

  it('publishing a brand: only brands.manage, only in scope; reading the checklist likewise', async () => {
    const routes = guarded.map((r) => `${r.method} ${r.url}`);
    for (const route of [
      'GET /api/backoffice/brands/:id/publication',
      'POST /api/backoffice/brands/:id/publish',
      'POST /api/backoffice/brands/:id/unpublish',
    ])
      expect(routes, route).toContain(route);
    const aurorasOnly = await staffSession(server, ['admin'], [aurora.id]);
    const dealer = await staffSession(server, ['dealer']);
    const adminAll = await staffSession(server, ['admin']);
    for (const action of ['publication', 'publish', 'unpublish']) {
      const method = action === 'publication' ? 'GET' : 'POST';
      const url = `/api/backoffice/brands/${demo.id}/${action}`;
      expect((await call(method, url, dealer.token)).statusCode, `dealer ${action}`).toBe(403);
      expect((await call(method, url, aurorasOnly.token)).statusCode, `outsider ${action}`).toBe(404);
    }
    // an admin in scope reads the seeded brand as published; publishing it again changes nothing
    const seen = await call('GET', `/api/backoffice/brands/${demo.id}/publication`, adminAll.token);
    expect(seen.json().data.status).toBe('published');
    const again = await call('POST', `/api/backoffice/brands/${demo.id}/publish`, adminAll.token);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('grants nothing to a staff token on client and affiliate routes: answered as without a token', async () => {
    const member = await staffSession(server, [...STAFF_ROLES]);
    const others = registeredRoutes(app)
      .flatMap((route) =>
        (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
          url: route.url,
          method: String(method) as Method,
        })),
      )
      .filter(
        (route) =>
          route.url.startsWith('/api/') &&
          !route.url.startsWith(BACKOFFICE_PREFIX) &&
          !route.url.startsWith('/api/admin/') &&
          ['GET', 'POST'].includes(route.method) &&
          // sign-in and registration would act on the body, not on a token
          !/login|register|password|autoLogin|send\/|update\/|contact|forms|webhook/i.test(route.url),
      );
    expect(others.length).toBeGreaterThan(10);
    for (const route of others) {
      const url = pathOf(route.url);
      const anonymous = await app.inject({
        method: route.method,
        url,
        ...(route.method === 'POST' ? { payload: {} } : {}),
      });
      const withStaff = await app.inject({
        method: route.method,
        url,
        headers: { authorization: `Bearer ${member.token}` },
        ...(route.method === 'POST' ? { payload: { token: member.token } } : {}),
      });
      const label = `${route.method} ${route.url}: ${anonymous.statusCode} → ${withStaff.statusCode}`;
      if (anonymous.statusCode === 401) expect(withStaff.statusCode, label).toBe(401);
      else expect(withStaff.statusCode === 200 && anonymous.statusCode !== 200, label).toBe(false);
    }
  });
});
