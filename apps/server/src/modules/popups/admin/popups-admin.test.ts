import { and, asc, count, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, brands, popups, users } from '../../../db/schema.js';
import type { App } from '../../../http.js';
import { type RegisteredClient, registerClient } from '../../../test/factories.js';
import { createTestServer, type TestServer, testDbKind } from '../../../test/harness.js';
import { type StaffSession, staffCall, staffSession } from '../../../test/staff-kit.js';
import { verifyAuditChain } from '../../audit/audit.repo.js';

let server: TestServer;
let app: App;
let admin: StaffSession;
let content: StaffSession;
let outsider: StaffSession;
let demo: number;
let other: number;
let alice: RegisteredClient & { id: number };
let bob: RegisteredClient & { id: number };
let vera: RegisteredClient & { id: number };

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** What a client is shown now (the client area's call). */
const shownTo = async (client: RegisteredClient) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/accounts/popups',
    payload: { token: client.token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number; title: string; content: string }[]).map((p) => p.id);
};

const create = (token: string, body: Record<string, unknown>) =>
  staffCall(app, 'POST', '/api/backoffice/popups', token, {
    brandId: demo,
    title: 'Weekend maintenance',
    content: '<p>Sunday <strong>02:00</strong> UTC</p>',
    audience: 'all',
    ...body,
  });

async function created(body: Record<string, unknown>) {
  const res = await create(admin.token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    id: number;
    status: string;
    reads: number;
    audienceSize: number;
    content: string;
  };
}

const popupCount = async () => {
  const [row] = await server.runtime.ctx.database.db.select({ n: count() }).from(popups);
  return Number(row?.n ?? 0);
};

const auditOf = (popupId: number) =>
  server.runtime.ctx.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subject, `popup:${popupId}`))
    .orderBy(asc(auditLog.id));

beforeAll(async () => {
  server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  app = server.app;
  const { db } = server.runtime.ctx.database;
  const rows = await db.select().from(brands).orderBy(asc(brands.id));
  const demoRow = rows.find((b) => b.slug === 'demo');
  const otherRow = rows.find((b) => b.slug !== 'demo');
  if (!demoRow || !otherRow) throw new Error('the seed has at least two brands');
  demo = demoRow.id;
  other = otherRow.id;
  admin = await staffSession(server, ['admin']);
  content = await staffSession(server, ['content'], [demo]);
  outsider = await staffSession(server, ['admin'], [other]);
  const withId = async (client: RegisteredClient) => {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, client.email));
    return { ...client, id: row?.id ?? 0 };
  };
  alice = await withId(await registerClient(app, { first_name: 'Alice', last_name: 'Target' }));
  bob = await withId(await registerClient(app, { first_name: 'Bob', last_name: 'Bystander' }));
  vera = await withId(await registerClient(app, { first_name: 'Vera', last_name: 'Verified' }));
  await db.update(users).set({ verifiedAccount: true }).where(eq(users.id, vera.id));
});

describe(`back-office pop-ups (${testDbKind})`, () => {
  it('shows a popup for one client to that client only, and never to another', async () => {
    const popup = await created({ audience: 'client', clientId: alice.id, title: 'For Alice' });
    expect(popup.audienceSize).toBe(1);
    expect(await shownTo(alice)).toContain(popup.id);
    expect(await shownTo(bob)).not.toContain(popup.id);
    expect(await shownTo(vera)).not.toContain(popup.id);
    // nor can another client add themselves to its readers
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/accounts/popup',
      payload: { token: bob.token, id: popup.id },
    });
    expect(foreign.statusCode).toBe(404);
    const reads = await staffCall(app, 'GET', `/api/backoffice/popups/${popup.id}/reads`, admin.token);
    expect(reads.json().data.total).toBe(0);
  });

  it('shows a verified-only popup to verified clients and an unverified-only one to the others', async () => {
    const verified = await created({ audience: 'verified', title: 'Verified news' });
    const unverified = await created({ audience: 'unverified', title: 'Please verify' });
    expect(await shownTo(vera)).toContain(verified.id);
    expect(await shownTo(vera)).not.toContain(unverified.id);
    expect(await shownTo(bob)).not.toContain(verified.id);
    expect(await shownTo(bob)).toContain(unverified.id);
    const notForBob = await app.inject({
      method: 'POST',
      url: '/api/accounts/popup',
      payload: { token: bob.token, id: verified.id },
    });
    expect(notForBob.statusCode).toBe(404);
    // the audience size is the brand's clients of that kind right now
    const { db } = server.runtime.ctx.database;
    const [v] = await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.brandId, demo), eq(users.verifiedAccount, true)));
    expect(verified.audienceSize).toBe(Number(v?.n));
  });

  it('does not show a popup before it starts or after it ends; moving the start makes it live', async () => {
    const later = await created({ title: 'Later', startsAt: at(2 * HOUR) });
    const over = await created({ title: 'Over', startsAt: at(-3 * HOUR), endsAt: at(-HOUR) });
    const now = await created({ title: 'Now', startsAt: at(-HOUR), endsAt: at(HOUR) });
    expect([later.status, over.status, now.status]).toEqual(['scheduled', 'ended', 'live']);
    const ids = await shownTo(bob);
    expect(ids).not.toContain(later.id);
    expect(ids).not.toContain(over.id);
    expect(ids).toContain(now.id);
    const moved = await staffCall(app, 'PATCH', `/api/backoffice/popups/${later.id}`, admin.token, {
      startsAt: at(-60_000),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.status).toBe('live');
    expect(await shownTo(bob)).toContain(later.id);
  });

  it('lists popups with status, audience size and reads; the reads panel names who read and when', async () => {
    const popup = await created({ title: 'Read me' });
    const read = await app.inject({
      method: 'POST',
      url: '/api/accounts/popup',
      payload: { token: alice.token, id: popup.id },
    });
    expect(read.statusCode).toBe(200);
    const list = await staffCall(app, 'GET', `/api/backoffice/popups?brandId=${demo}`, admin.token);
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().data.find((p: { id: number }) => p.id === popup.id);
    const { db } = server.runtime.ctx.database;
    const [all] = await db.select({ n: count() }).from(users).where(eq(users.brandId, demo));
    expect(row).toMatchObject({ status: 'live', audience: 'all', reads: 1, audienceSize: Number(all?.n) });
    const reads = await staffCall(app, 'GET', `/api/backoffice/popups/${popup.id}/reads`, admin.token);
    expect(reads.statusCode, reads.body).toBe(200);
    expect(reads.json().data).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    expect(reads.json().data.items).toEqual([
      {
        userId: alice.id,
        name: 'Alice Target',
        email: alice.email,
        pin: alice.user.pin,
        readAt: expect.any(String),
      },
    ]);
    // the client's margin-call notices are not the brand's popups
    expect(list.json().data.every((p: { brandId: number }) => p.brandId === demo)).toBe(true);
  });

  it('sanitises the HTML on save: clients and staff only ever get the clean version', async () => {
    const popup = await created({
      title: 'Offer',
      content:
        '<p onclick="steal()">Bonus<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">more</a></p>',
    });
    expect(popup.content).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(popup.content).toContain('Bonus');
    const [row] = await server.runtime.ctx.database.db.select().from(popups).where(eq(popups.id, popup.id));
    expect(row?.content).toBe(popup.content);
    const edited = await staffCall(app, 'PATCH', `/api/backoffice/popups/${popup.id}`, admin.token, {
      content: '<p>Edited</p><iframe src="https://evil.example"></iframe>',
    });
    expect(edited.json().data.content).toBe('<p>Edited</p>');
  });

  it.each([
    ['an empty title', { title: '' }, 'title'],
    ['a control character', { title: 'Bell\u0007' }, 'title'],
    ['a 201-character title', { title: 'x'.repeat(201) }, 'title'],
    ['nothing but a script', { content: '<script>alert(1)</script>' }, 'content'],
    ['huge content', { content: 'x'.repeat(20_001) }, 'content'],
    ['an unknown audience', { audience: 'everyone' }, 'audience'],
    ['one client without a client', { audience: 'client' }, 'clientId'],
    ['a start that is no time', { startsAt: 'tomorrow' }, 'startsAt'],
    ['a start in year 99999', { startsAt: '99999-01-01T00:00:00Z' }, 'startsAt'],
    ['an end before the start', { startsAt: at(HOUR), endsAt: at(-HOUR) }, 'endsAt'],
    ['a brand that is no id', { brandId: 'demo' }, 'brandId'],
  ])('refuses %s with a message on the field, creating nothing', async (_label, body, path) => {
    const before = await popupCount();
    const res = await create(admin.token, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    expect(res.json().errors[0].message).toEqual(expect.any(String));
    expect(await popupCount()).toBe(before);
  });

  it("refuses a client of another brand as the one client (400), and another brand's popup ids (404)", async () => {
    const { db } = server.runtime.ctx.database;
    const [stranger] = await db.select({ id: users.id }).from(users).where(eq(users.brandId, other)).limit(1);
    const before = await popupCount();
    if (stranger) {
      const res = await create(admin.token, { audience: 'client', clientId: stranger.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ path: 'clientId', key: 'popups.clientNotInBrand' });
    }
    const unknown = await create(admin.token, { audience: 'client', clientId: 2_000_000_000 });
    expect(unknown.statusCode).toBe(400);
    expect(await popupCount()).toBe(before);
  });

  it('answers 404 for everything of a brand outside the staff member’s scope, and changes nothing', async () => {
    const popup = await created({ title: 'Demo only' });
    for (const [method, url, body] of [
      ['GET', `/api/backoffice/popups?brandId=${demo}`, undefined],
      ['GET', `/api/backoffice/popups/${popup.id}/reads`, undefined],
      ['GET', `/api/backoffice/popups/clients?brandId=${demo}&q=alice`, undefined],
      ['PATCH', `/api/backoffice/popups/${popup.id}`, { title: 'Hijacked' }],
      ['PATCH', `/api/backoffice/popups/${popup.id}`, {}],
      ['POST', `/api/backoffice/popups/${popup.id}/deactivate`, {}],
      ['POST', '/api/backoffice/popups', { brandId: demo, title: 'x', content: '<p>x</p>', audience: 'all' }],
    ] as const) {
      const res = await staffCall(app, method, url, outsider.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const own = await staffCall(app, 'GET', '/api/backoffice/popups', outsider.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.some((p: { brandId: number }) => p.brandId === demo)).toBe(false);
    const [row] = await server.runtime.ctx.database.db.select().from(popups).where(eq(popups.id, popup.id));
    expect(row).toMatchObject({ title: 'Demo only', active: true });
    for (const id of ['abc', '0', '-1', '99999999999', '2147483647']) {
      const res = await staffCall(app, 'GET', `/api/backoffice/popups/${id}/reads`, admin.token);
      expect(res.statusCode, id).toBe(404);
    }
  });

  it('checks a changed schedule against the one kept: an end before the kept start is refused', async () => {
    const popup = await created({ title: 'Kept start', startsAt: at(2 * HOUR) });
    const res = await staffCall(app, 'PATCH', `/api/backoffice/popups/${popup.id}`, admin.token, {
      endsAt: at(HOUR),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'endsAt', key: 'popups.untilBeforeFrom' });
    const cleared = await staffCall(app, 'PATCH', `/api/backoffice/popups/${popup.id}`, admin.token, {
      startsAt: null,
      endsAt: at(HOUR),
    });
    expect(cleared.json().data).toMatchObject({ status: 'live', startsAt: null });
    // switching to one client needs the client
    const noClient = await staffCall(app, 'PATCH', `/api/backoffice/popups/${popup.id}`, admin.token, {
      audience: 'client',
    });
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json().errors[0]).toMatchObject({ path: 'clientId' });
  });

  it('deactivates a popup at once and audits create, update and deactivate in order', async () => {
    const popup = await created({ title: 'Short-lived' });
    expect(await shownTo(bob)).toContain(popup.id);
    const renamed = await staffCall(app, 'PATCH', `/api/backoffice/popups/${popup.id}`, admin.token, {
      title: 'Renamed',
    });
    expect(renamed.statusCode).toBe(200);
    const off = await staffCall(
      app,
      'POST',
      `/api/backoffice/popups/${popup.id}/deactivate`,
      admin.token,
      {},
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ active: false, status: 'inactive' });
    expect(await shownTo(bob)).not.toContain(popup.id);
    // the same again changes nothing and writes nothing
    await staffCall(app, 'POST', `/api/backoffice/popups/${popup.id}/deactivate`, admin.token, {});
    const rows = await auditOf(popup.id);
    expect(rows.map((r) => r.action)).toEqual(['popup.create', 'popup.update', 'popup.deactivate']);
    expect(rows[0]).toMatchObject({
      actor: `staff:${admin.id}`,
      brandId: demo,
      after: { title: 'Short-lived' },
    });
    expect(rows[1]).toMatchObject({ before: { title: 'Short-lived' }, after: { title: 'Renamed' } });
    expect(rows[2]).toMatchObject({ before: { active: true }, after: { active: false } });
    expect((await verifyAuditChain(server.runtime.ctx.database.db)).ok).toBe(true);
  });

  it('lets the content role manage popups and pick a client of its brand by search; a dealer is refused', async () => {
    const search = await staffCall(
      app,
      'GET',
      `/api/backoffice/popups/clients?brandId=${demo}&q=${encodeURIComponent('alice tar')}`,
      content.token,
    );
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().data).toEqual([
      { id: alice.id, name: 'Alice Target', email: alice.email, pin: alice.user.pin, verified: false },
    ]);
    const made = await create(content.token, { audience: 'client', clientId: alice.id });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.client).toMatchObject({ id: alice.id, name: 'Alice Target' });
    const dealer = await staffSession(server, ['dealer']);
    expect((await staffCall(app, 'GET', '/api/backoffice/popups', dealer.token)).statusCode).toBe(403);
    const [latest] = await server.runtime.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'popup.create'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(latest).toMatchObject({ actor: `staff:${content.id}`, role: 'content', userId: alice.id });
  });
});
