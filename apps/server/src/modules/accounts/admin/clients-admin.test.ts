import { money } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { brands, passwordResets, users } from '../../../db/schema.js';
import type { App } from '../../../http.js';
import { auditRowCount, whileAuditRefused } from '../../../test/audit-kit.js';
import { jpegBytes, multipart, pdfBytes, registerClient } from '../../../test/factories.js';
import { createTestServer, type TestServer, testDbKind } from '../../../test/harness.js';
import { type StaffSession, staffCall, staffSession } from '../../../test/staff-kit.js';

let server: TestServer;
let app: App;
let demoBrandId: number;
let auroraBrandId: number;
let admin: StaffSession;
let compliance: StaffSession;
/** Compliance for the demo brand only. */
let demoOnly: StaffSession;

const AURORA = { host: 'aurora.localhost:3000' };

beforeAll(async () => {
  server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  app = server.app;
  const db = server.runtime.ctx.database.db;
  const rows = await db.select({ id: brands.id, slug: brands.slug }).from(brands);
  demoBrandId = rows.find((b) => b.slug === 'demo')?.id ?? 0;
  auroraBrandId = rows.find((b) => b.slug === 'aurora')?.id ?? 0;
  [admin, compliance, demoOnly] = await Promise.all([
    staffSession(server, ['admin']),
    staffSession(server, ['compliance']),
    staffSession(server, ['compliance'], [demoBrandId]),
  ]);
});

const get = (url: string, who: StaffSession = admin) => staffCall(app, 'GET', url, who.token);
const post = (url: string, payload: unknown = {}, who: StaffSession = compliance) =>
  staffCall(app, 'POST', url, who.token, payload);

const userIdOf = async (email: string) => {
  const [row] = await server.runtime.ctx.database.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};

const upload = async (token: string, type: string, headers: Record<string, string> = {}, pdf = false) => {
  const form = multipart([
    ['token', token],
    ['type', type],
    pdf
      ? { filename: 'proof.pdf', contentType: 'application/pdf', content: pdfBytes() }
      : { filename: 'passport.jpg', contentType: 'image/jpeg', content: jpegBytes() },
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/accounts/upload',
    ...form,
    headers: { ...form.headers, ...headers },
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** A client who registered and uploaded passport and address proof (the address proof as a PDF). */
const clientWithDocuments = async (
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => {
  const client = await registerClient(app, overrides, headers);
  await upload(client.token, 'doc_passport', headers);
  await upload(client.token, 'doc_address', headers, true);
  return { ...client, id: await userIdOf(client.email) };
};

const review = (id: number, type: string, decision: 'approve' | 'reject', note = '') =>
  post(`/api/backoffice/clients/${id}/documents/${type}/review`, { decision, note });

/** Opens a small BTCUSD buy for the client through the trading service, as the client's socket does. */
const openTrade = async (userId: number) => {
  const { market, trading } = server.runtime.ctx;
  market.ingest({ symbol: 'BTCUSD', bid: 64_000, ask: 64_010, ts: Date.now() });
  await trading.ensureAccount(userId);
  return trading.open({
    accountId: userId,
    now: Date.now(),
    symbol: 'BTCUSD',
    direction: 'buy',
    amount: 10,
    leverage: 1,
    price: 64_010 * 1.00025,
  });
};

/** Books money through the engine and the ledger (a staff adjustment), so the client has margin to trade. */
const fund = async (userId: number) => {
  await server.runtime.ctx.trading.ensureAccount(userId);
  const outcome = await server.runtime.ctx.trading.adjustBalance({
    accountId: userId,
    now: Date.now(),
    amount: money('1000.00'),
    kind: 'adjustment',
    cause: { staffAction: `test-${userId}` },
  });
  expect(outcome.ok).toBe(true);
};

describe(`back office: client list (${testDbKind})`, () => {
  it('lists clients in scope 50 a page, newest first, with the total', async () => {
    const res = await get('/api/backoffice/clients');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.pageSize).toBe(50);
    expect(data.page).toBe(1);
    expect(data.total).toBeGreaterThan(0);
    const dates = data.items.map((c: { createdAt: string }) => Date.parse(c.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(data.items[0]).toMatchObject({
      id: expect.any(Number),
      brandSlug: expect.any(String),
      balance: expect.stringMatching(/^-?\d+\.\d{2}$/),
      // the balance's currency: the demo brand books in EUR
      currency: 'EUR',
      documentsWaiting: expect.any(Number),
      hasDeposited: expect.any(Boolean),
      tradingEnabled: true,
    });
  });

  it('searches name, e-mail, phone and PIN, and filters by documents waiting and verification', async () => {
    const client = await clientWithDocuments({ first_name: 'Zebulon', last_name: 'Quaggafeather' });
    const byName = (await get('/api/backoffice/clients?q=quaggafeather')).json().data;
    expect(byName.items.map((c: { email: string }) => c.email)).toEqual([client.email]);
    expect(byName.items[0]).toMatchObject({ documentsWaiting: 2, verified: false, hasDeposited: false });
    const byFullName = (await get('/api/backoffice/clients?q=zebulon%20quagga')).json().data;
    expect(byFullName.total).toBe(1);
    const byEmail = (
      await get(`/api/backoffice/clients?q=${encodeURIComponent(client.email.toUpperCase())}`)
    ).json();
    expect(byEmail.data.total).toBe(1);
    const byPin = (await get(`/api/backoffice/clients?q=${client.user.pin}`)).json().data;
    expect(byPin.items.map((c: { id: number }) => c.id)).toContain(client.id);
    const byPhone = (await get('/api/backoffice/clients?q=7400%20123456')).json().data;
    expect(byPhone.items.map((c: { id: number }) => c.id)).toContain(client.id);

    const waiting = (await get('/api/backoffice/clients?documentsWaiting=true&q=quaggafeather')).json().data;
    expect(waiting.total).toBe(1);
    const notWaiting = (await get('/api/backoffice/clients?documentsWaiting=false&q=quaggafeather')).json()
      .data;
    expect(notWaiting.total).toBe(0);
    const verified = (await get('/api/backoffice/clients?verified=true')).json().data;
    expect(verified.items.every((c: { verified: boolean }) => c.verified)).toBe(true);
    expect(verified.items.map((c: { email: string }) => c.email)).toContain('demo@example.com');
    // a search with pattern characters matches them literally
    expect((await get('/api/backoffice/clients?q=%25%25%25')).json().data.total).toBe(0);
  });

  it('filters by brand, country, registration days and deposits, and sorts on the server', async () => {
    const aurora = await registerClient(app, { first_name: 'Aurelia', last_name: 'Sortingham' }, AURORA);
    const res = await get(`/api/backoffice/clients?brandId=${auroraBrandId}`);
    const items = res.json().data.items as { brandId: number; email: string }[];
    expect(items.every((c) => c.brandId === auroraBrandId)).toBe(true);
    expect(items.map((c) => c.email)).toContain(aurora.email);

    const today = new Date().toISOString().slice(0, 10);
    const registered = (
      await get(`/api/backoffice/clients?registeredFrom=${today}&registeredTo=${today}&q=sortingham`)
    ).json();
    expect(registered.data.total).toBe(1);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(
      (await get(`/api/backoffice/clients?registeredTo=${yesterday}&q=sortingham`)).json().data.total,
    ).toBe(0);

    const deposited = (await get('/api/backoffice/clients?hasDeposited=true')).json().data.items;
    expect(deposited.every((c: { hasDeposited: boolean }) => c.hasDeposited)).toBe(true);

    const country = (await get('/api/backoffice/clients?countryId=999999')).json().data;
    expect(country.total).toBe(0);

    const byEmail = (await get('/api/backoffice/clients?sort=email&order=asc')).json().data.items as {
      email: string;
    }[];
    const emails = byEmail.map((c) => c.email.toLowerCase());
    expect(emails).toEqual([...emails].sort());
    const byBalance = (await get('/api/backoffice/clients?sort=balance&order=desc')).json().data.items as {
      balance: string;
    }[];
    const balances = byBalance.map((c) => Number(c.balance));
    expect(balances).toEqual([...balances].sort((a, b) => b - a));
  });

  it('pages: page 2 continues page 1 without overlap', async () => {
    const first = (await get('/api/backoffice/clients?sort=pin&order=asc&page=1')).json().data;
    const second = (await get('/api/backoffice/clients?sort=pin&order=asc&page=2')).json().data;
    if (first.total <= 50) {
      expect(second.items).toEqual([]);
    } else {
      const ids = new Set(first.items.map((c: { id: number }) => c.id));
      expect(second.items.some((c: { id: number }) => ids.has(c.id))).toBe(false);
    }
    expect(second.page).toBe(2);
  });

  it('refuses bad filters with translated field messages and never crashes on huge numbers', async () => {
    for (const query of [
      'page=0',
      'page=-1',
      'page=abc',
      'page=99999999999999999999',
      'sort=password',
      'verified=maybe',
      'registeredFrom=2026-13-45',
      'brandId=1e400',
    ]) {
      const res = await get(`/api/backoffice/clients?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ status: false, code: 'VALIDATION_FAILED', key: 'error.validation' });
      expect(res.json().errors[0].message).toMatch(/is not valid|maximum/);
    }
  });

  it('a staff member scoped to one brand sees only that brand, and another brand answers 404', async () => {
    const items = (await get('/api/backoffice/clients?sort=createdAt', demoOnly)).json().data.items as {
      brandId: number;
    }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((c) => c.brandId === demoBrandId)).toBe(true);
    const other = await get(`/api/backoffice/clients?brandId=${auroraBrandId}`, demoOnly);
    expect(other.statusCode).toBe(404);
  });

  it('exports every matching client as CSV, formulas made inert', async () => {
    const client = await registerClient(app, { first_name: '=cmd', last_name: 'Csvexport' });
    const res = await get('/api/backoffice/clients/export.csv?q=csvexport');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['cache-control']).toBe('no-store');
    // RFC 4180, as the audit export: quoted cells, CRLF line ends
    expect(res.body.endsWith('\r\n')).toBe(true);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      '"id","brandSlug","pin","firstName","lastName","email","phone","countryName","verified","level","balance","currency","documentsWaiting","hasDeposited","tradingEnabled","createdAt"',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${client.email}"`);
    expect(lines[1]).toContain(`"'=cmd"`);
    const all = await get('/api/backoffice/clients/export.csv');
    const total = (await get('/api/backoffice/clients')).json().data.total;
    expect(all.body.trim().split('\r\n')).toHaveLength(total + 1);
    expect(
      (await get(`/api/backoffice/clients/export.csv?brandId=${auroraBrandId}`, demoOnly)).statusCode,
    ).toBe(404);
  });
});

describe(`back office: client page and scope (${testDbKind})`, () => {
  it('shows the client page with documents, and answers 404 for a missing, malformed or out-of-scope id', async () => {
    const client = await clientWithDocuments();
    const res = await get(`/api/backoffice/clients/${client.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id: client.id,
      email: client.email,
      currency: expect.any(String),
      restrictedMode: false,
      tradingEnabled: true,
      assetsGroupPermission: [],
      customLeverage: {},
    });
    expect(data.documents.doc_passport).toMatchObject({
      status: '1',
      mime: 'image/jpeg',
      documentId: expect.any(Number),
    });
    expect(data.documents.doc_address).toMatchObject({ status: '1', mime: 'application/pdf' });
    expect(data.documents.doc_funding_front).toMatchObject({ status: '0', documentId: null, mime: null });

    const aurora = await clientWithDocuments({}, AURORA);
    const outOfScope = await get(`/api/backoffice/clients/${aurora.id}`, demoOnly);
    const missing = await get('/api/backoffice/clients/2147483000', demoOnly);
    expect(outOfScope.statusCode).toBe(404);
    expect(outOfScope.json()).toEqual(missing.json());
    expect(missing.json()).toMatchObject({ key: 'staff.clientNotFound' });
    for (const id of ['-1', '0', 'abc', '99999999999999999999', '1.5']) {
      expect((await get(`/api/backoffice/clients/${id}`)).statusCode, id).toBe(404);
    }
    // every route of an out-of-scope client answers the same 404
    for (const path of ['ledger', 'positions', 'transactions', 'sessions', 'notes', 'audit']) {
      expect((await get(`/api/backoffice/clients/${aurora.id}/${path}`, demoOnly)).statusCode, path).toBe(
        404,
      );
    }
    expect((await review(aurora.id, 'doc_passport', 'approve')).statusCode).toBe(200);
    const scopedReview = await staffCall(
      app,
      'POST',
      `/api/backoffice/clients/${aurora.id}/documents/doc_address/review`,
      demoOnly.token,
      { decision: 'approve' },
    );
    expect(scopedReview.statusCode).toBe(404);
  });

  it('serves a document file inline to staff in scope only, with its stored type', async () => {
    const client = await clientWithDocuments();
    const detail = (await get(`/api/backoffice/clients/${client.id}`)).json().data;
    const passport = detail.documents.doc_passport.documentId;
    const address = detail.documents.doc_address.documentId;
    const file = await get(`/api/backoffice/clients/${client.id}/documents/${passport}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toMatch(/^inline/);
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(jpegBytes())).toBe(true);
    const pdf = await get(`/api/backoffice/clients/${client.id}/documents/${address}/file`);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // another client's document under this client, a missing one, no token, another brand's staff
    const other = await clientWithDocuments();
    expect((await get(`/api/backoffice/clients/${other.id}/documents/${passport}/file`)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/backoffice/clients/${client.id}/documents/99999999/file`)).statusCode).toBe(404);
    expect((await get(`/api/backoffice/clients/${client.id}/documents/x/file`)).statusCode).toBe(404);
    const anonymous = await app.inject({
      method: 'GET',
      url: `/api/backoffice/clients/${client.id}/documents/${passport}/file`,
    });
    expect(anonymous.statusCode).toBe(401);
    const clientToken = await app.inject({
      method: 'GET',
      url: `/api/backoffice/clients/${client.id}/documents/${passport}/file`,
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(clientToken.statusCode).toBe(401);
    const aurora = await clientWithDocuments({}, AURORA);
    const auroraDoc = (await get(`/api/backoffice/clients/${aurora.id}`)).json().data.documents.doc_passport
      .documentId;
    expect(
      (await get(`/api/backoffice/clients/${aurora.id}/documents/${auroraDoc}/file`, demoOnly)).statusCode,
    ).toBe(404);
  });

  it('edits the profile with the client form’s rules and audits the changed fields', async () => {
    const client = await registerClient(app);
    const id = await userIdOf(client.email);
    const profile = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: `Ada.${client.email}`,
      phone: '+4915112345678',
      birth_date: '1990-04-01',
      country_id: 1,
      state: 'Berlin',
      city: 'Berlin',
      street: 'Unter den Linden 1',
      zip_code: '10117',
    };
    const ok = await staffCall(
      app,
      'PATCH',
      `/api/backoffice/clients/${id}/profile`,
      compliance.token,
      profile,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      firstName: 'Ada',
      email: `ada.${client.email}`,
      birthDate: '1990-04-01',
    });

    const bad = await staffCall(app, 'PATCH', `/api/backoffice/clients/${id}/profile`, compliance.token, {
      ...profile,
      first_name: '',
      phone: '12',
      birth_date: new Date().toISOString().slice(0, 10),
    });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['first_name', 'phone']));
    expect(bad.json().errors.find((e: { path: string }) => e.path === 'first_name').message).toBe(
      'First name is required',
    );
    const young = await staffCall(app, 'PATCH', `/api/backoffice/clients/${id}/profile`, compliance.token, {
      ...profile,
      birth_date: new Date().toISOString().slice(0, 10),
    });
    expect(young.statusCode).toBe(400);
    expect(young.json().errors[0].path).toBe('birth_date');
    const taken = await staffCall(app, 'PATCH', `/api/backoffice/clients/${id}/profile`, compliance.token, {
      ...profile,
      email: 'DEMO@example.com',
    });
    expect(taken.json().errors[0]).toMatchObject({ path: 'email', key: 'staff.emailTaken' });
    const support = await staffSession(server, ['support']);
    expect(
      (await staffCall(app, 'PATCH', `/api/backoffice/clients/${id}/profile`, support.token, profile))
        .statusCode,
    ).toBe(403);

    const audit = (await get(`/api/backoffice/clients/${id}/audit`)).json().data;
    expect(audit[0]).toMatchObject({
      action: 'client.profile',
      actor: `staff:${compliance.id}`,
      staffName: 'Test compliance',
      role: 'compliance',
      userId: id,
      before: { firstName: 'Robin', lastName: 'Register', email: client.email },
      after: { firstName: 'Ada', lastName: 'Lovelace', email: `ada.${client.email}` },
    });
    expect(audit).toHaveLength(1);
  });
});

describe(`back office: KYC review and verification (${testDbKind})`, () => {
  it('approving passport and address proof verifies the client, grants every category, and the client can trade', async () => {
    const client = await clientWithDocuments();
    await fund(client.id);
    const refused = await openTrade(client.id);
    expect(refused.ok).toBe(false);

    const first = await review(client.id, 'doc_passport', 'approve');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      verified: false,
      documents: { doc_passport: { status: '2' } },
    });
    const second = await review(client.id, 'doc_address', 'approve', 'Utility bill OK');
    expect(second.statusCode, second.body).toBe(200);
    const reference = (await get('/api/backoffice/reference')).json().data;
    const allCategories = reference.assetCategories.map((c: { id: number }) => c.id);
    expect(second.json().data).toMatchObject({
      verified: true,
      assetsGroupPermission: allCategories,
      customLeverage: {},
      documents: { doc_address: { status: '2', note: 'Utility bill OK' } },
    });

    const opened = await openTrade(client.id);
    expect(opened.ok, JSON.stringify(opened)).toBe(true);

    const audit = (await get(`/api/backoffice/clients/${client.id}/audit`)).json().data;
    expect(audit.map((r: { action: string }) => r.action)).toEqual([
      'client.verify',
      'document.approve',
      'document.approve',
    ]);
    expect(audit[0]).toMatchObject({
      before: { verifiedAccount: false, assetsGroupPermission: [] },
      after: { verifiedAccount: true, assetsGroupPermission: allCategories },
      details: { automatic: true },
    });
    expect(audit[1]).toMatchObject({
      before: { doc_address: { status: '1' } },
      after: { doc_address: { status: '2', note: 'Utility bill OK' } },
    });
  });

  it('verification grants the brand’s default permissions, and keeps what compliance set', async () => {
    const db = server.runtime.ctx.database.db;
    const [helix] = await db.select().from(brands).where(eq(brands.slug, 'helix'));
    if (!helix) throw new Error('no helix brand');
    await db
      .update(brands)
      .set({
        settings: {
          ...helix.settings,
          backoffice: { defaultPermissions: [1], defaultLeverage: { crypto: [0, 1] } },
        },
      })
      .where(eq(brands.id, helix.id));
    const brandDefaults = await clientWithDocuments({}, { host: 'helix.localhost:3000' });
    await review(brandDefaults.id, 'doc_passport', 'approve');
    const verified = (await review(brandDefaults.id, 'doc_address', 'approve')).json().data;
    expect(verified).toMatchObject({
      verified: true,
      assetsGroupPermission: [1],
      customLeverage: { crypto: [0, 1] },
    });

    const preset = await clientWithDocuments({}, { host: 'helix.localhost:3000' });
    const set = await post(`/api/backoffice/clients/${preset.id}/trading`, {
      assetsGroupPermission: [2, 3],
      reason: 'Experienced trader',
    });
    expect(set.statusCode, set.body).toBe(200);
    await review(preset.id, 'doc_passport', 'approve');
    const kept = (await review(preset.id, 'doc_address', 'approve')).json().data;
    expect(kept).toMatchObject({
      verified: true,
      assetsGroupPermission: [2, 3],
      customLeverage: { crypto: [0, 1] },
    });
  });

  it('a brand with manual verification does not verify on approval; compliance verifies by hand', async () => {
    const db = server.runtime.ctx.database.db;
    const [northwind] = await db.select().from(brands).where(eq(brands.slug, 'northwind'));
    if (!northwind) throw new Error('no northwind brand');
    await db
      .update(brands)
      .set({ settings: { ...northwind.settings, backoffice: { verification: 'manual' } } })
      .where(eq(brands.id, northwind.id));
    const client = await clientWithDocuments({}, { host: 'northwind.localhost:3000' });
    await review(client.id, 'doc_passport', 'approve');
    const approved = (await review(client.id, 'doc_address', 'approve')).json().data;
    expect(approved).toMatchObject({ verified: false, assetsGroupPermission: [] });

    const verified = await post(`/api/backoffice/clients/${client.id}/verification`, {
      verified: true,
      reason: 'Checked by phone',
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.verified).toBe(true);
    expect(verified.json().data.assetsGroupPermission.length).toBeGreaterThan(0);
    const [row] = (await get(`/api/backoffice/clients/${client.id}/audit`)).json().data;
    expect(row).toMatchObject({
      action: 'client.verify',
      reason: 'Checked by phone',
      after: { verifiedAccount: true },
    });
  });

  it('a rejection needs a note, which the client sees; a missing upload answers 404', async () => {
    const client = await clientWithDocuments();
    const noNote = await review(client.id, 'doc_passport', 'reject');
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors[0]).toMatchObject({ path: 'note', key: 'staff.rejectionNoteRequired' });
    const rejected = await review(client.id, 'doc_passport', 'reject', 'Photo is blurred');
    expect(rejected.statusCode).toBe(200);
    const me = await app.inject({
      method: 'POST',
      url: '/api/accounts/get',
      payload: { token: client.token },
    });
    expect(me.json().data.user.doc_passport).toMatchObject({ status: '3', note: 'Photo is blurred' });
    const missing = await review(client.id, 'doc_funding_front', 'approve');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().key).toBe('staff.documentMissing');
    expect((await review(client.id, 'doc_selfie', 'approve')).statusCode).toBe(400);
    const support = await staffSession(server, ['support']);
    expect(
      (
        await post(
          `/api/backoffice/clients/${client.id}/documents/doc_passport/review`,
          { decision: 'approve' },
          support,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('unverifying blocks new trades at once; open positions stay', async () => {
    const client = await clientWithDocuments();
    await fund(client.id);
    await review(client.id, 'doc_passport', 'approve');
    await review(client.id, 'doc_address', 'approve');
    const opened = await openTrade(client.id);
    expect(opened.ok).toBe(true);
    const off = await post(`/api/backoffice/clients/${client.id}/verification`, {
      verified: false,
      reason: 'Fraud check',
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.verified).toBe(false);
    const refused = await openTrade(client.id);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.rejection.message.key).toBe('account.notVerified');
    const positions = (await get(`/api/backoffice/clients/${client.id}/positions`)).json().data;
    expect(positions.open).toHaveLength(1);
  });

  it('trading disabled refuses new trades with its own message; the other settings are validated and audited', async () => {
    const client = await clientWithDocuments();
    await fund(client.id);
    await review(client.id, 'doc_passport', 'approve');
    await review(client.id, 'doc_address', 'approve');
    const off = await post(`/api/backoffice/clients/${client.id}/trading`, {
      tradingEnabled: false,
      level: 'Gold',
      restrictedMode: true,
      customLeverage: { Crypto: [0, 1] },
      reason: 'Margin call pending',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({
      tradingEnabled: false,
      level: 'Gold',
      restrictedMode: true,
      customLeverage: { crypto: [0, 1] },
    });
    const refused = await openTrade(client.id);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.rejection.message.key).toBe('account.tradingDisabled');
    // restricted mode for this client hides their referrals
    const referrals = await app.inject({
      method: 'POST',
      url: '/api/accounts/referrals',
      payload: { token: client.token },
    });
    expect(referrals.statusCode).toBe(403);

    const [row] = (await get(`/api/backoffice/clients/${client.id}/audit`)).json().data;
    expect(row).toMatchObject({
      action: 'client.trading',
      reason: 'Margin call pending',
      before: { tradingEnabled: true, level: 'Basic', restrictedMode: false, customLeverage: {} },
      after: {
        tradingEnabled: false,
        level: 'Gold',
        restrictedMode: true,
        customLeverage: { crypto: [0, 1] },
      },
    });

    const on = await post(`/api/backoffice/clients/${client.id}/trading`, { tradingEnabled: true });
    expect(on.json().data.tradingEnabled).toBe(true);
    expect((await openTrade(client.id)).ok).toBe(true);

    for (const body of [
      { level: 'Diamond' },
      { assetsGroupPermission: [999] },
      { assetsGroupPermission: [-1] },
      { customLeverage: { crypto: [99] } },
      { customLeverage: { nosuch: [0] } },
      { tradingEnabled: 'yes' },
    ]) {
      const res = await post(`/api/backoffice/clients/${client.id}/trading`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.length).toBeGreaterThan(0);
    }
  });
});

describe(`back office: money views, sessions, notes, password reset (${testDbKind})`, () => {
  it('shows the ledger, transactions and positions of a client', async () => {
    const demoId = await userIdOf('demo@example.com');
    const ledger = (await get(`/api/backoffice/clients/${demoId}/ledger`)).json().data;
    expect(ledger.pageSize).toBe(50);
    expect(ledger.total).toBeGreaterThan(0);
    expect(ledger.items[0]).toMatchObject({
      kind: expect.any(String),
      amount: expect.stringMatching(/^-?\d+\.\d{2}$/),
    });
    expect((await get(`/api/backoffice/clients/${demoId}/ledger?page=0`)).statusCode).toBe(400);
    const transactions = await get(`/api/backoffice/clients/${demoId}/transactions`);
    expect(transactions.statusCode, transactions.body).toBe(200);
    for (const tx of transactions.json().data) {
      expect(tx).toMatchObject({
        userId: demoId,
        brandSlug: 'demo',
        typeName: expect.any(String),
        approvals: [],
      });
    }
    const positions = await get(`/api/backoffice/clients/${demoId}/positions`);
    expect(positions.statusCode, positions.body).toBe(200);
    expect(positions.json().data).toMatchObject({ open: expect.any(Array), history: expect.any(Array) });
  });

  it('lists sessions and revokes them all: the client’s token stops working', async () => {
    const client = await registerClient(app);
    const id = await userIdOf(client.email);
    const sessions = (await get(`/api/backoffice/clients/${id}/sessions`)).json().data;
    expect(sessions).toHaveLength(1);
    const support = await staffSession(server, ['support']);
    expect((await post(`/api/backoffice/clients/${id}/sessions/revoke`, {}, support)).statusCode).toBe(403);
    const revoked = await post(`/api/backoffice/clients/${id}/sessions/revoke`, {});
    expect(revoked.json().data).toEqual({ revoked: 1 });
    const me = await app.inject({
      method: 'POST',
      url: '/api/accounts/get',
      payload: { token: client.token },
    });
    expect(me.statusCode).toBe(401);
    expect((await get(`/api/backoffice/clients/${id}/sessions`)).json().data).toEqual([]);
    const [row] = (await get(`/api/backoffice/clients/${id}/audit`)).json().data;
    expect(row).toMatchObject({ action: 'client.sessions.revoke', details: { revoked: 1 } });
  });

  it('revokes no session when the audit row cannot be written: the change and its row are one transaction', async () => {
    const client = await registerClient(app);
    const id = await userIdOf(client.email);
    const db = server.runtime.ctx.database.db;
    const before = await auditRowCount(db);
    const refused = await whileAuditRefused(db, () =>
      post(`/api/backoffice/clients/${id}/sessions/revoke`, {}),
    );
    expect(refused.statusCode).toBe(500);
    expect(await auditRowCount(db)).toBe(before);
    const me = await app.inject({
      method: 'POST',
      url: '/api/accounts/get',
      payload: { token: client.token },
    });
    expect(me.statusCode).toBe(200);
    expect((await get(`/api/backoffice/clients/${id}/sessions`)).json().data).toHaveLength(1);
  });

  it('keeps internal notes with the staff member’s name, audited', async () => {
    const client = await registerClient(app);
    const id = await userIdOf(client.email);
    const support = await staffSession(server, ['support']);
    const added = await post(
      `/api/backoffice/clients/${id}/notes`,
      { body: 'Called about the deposit.' },
      support,
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toMatchObject({ body: 'Called about the deposit.', staffName: 'Test support' });
    const empty = await post(`/api/backoffice/clients/${id}/notes`, { body: '   ' }, support);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].key).toBe('staff.noteRequired');
    const notes = (await get(`/api/backoffice/clients/${id}/notes`)).json().data;
    expect(notes).toEqual([added.json().data]);
    const [row] = (await get(`/api/backoffice/clients/${id}/audit`)).json().data;
    expect(row).toMatchObject({ action: 'client.note', actor: `staff:${support.id}` });
  });

  it('sends the client’s own password-reset mail', async () => {
    const client = await registerClient(app);
    const id = await userIdOf(client.email);
    const support = await staffSession(server, ['support']);
    const sent = await post(`/api/backoffice/clients/${id}/password-reset`, {}, support);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toEqual({ sent: true });
    const [mail] = await server.runtime.ctx.mail.outbox.latest({ to: client.email, limit: 1 });
    expect(mail?.text).toMatch(/\/password\/reset\/[A-Za-z0-9_-]{43}/);
    const finance = await staffSession(server, ['finance']);
    expect((await post(`/api/backoffice/clients/${id}/password-reset`, {}, finance)).statusCode).toBe(403);
    const [row] = (await get(`/api/backoffice/clients/${id}/audit`)).json().data;
    expect(row).toMatchObject({ action: 'client.passwordReset', actor: `staff:${support.id}`, userId: id });
  });

  it('queues no reset mail when the audit row cannot be written: reset, mail and row are one transaction', async () => {
    const client = await registerClient(app);
    const id = await userIdOf(client.email);
    const support = await staffSession(server, ['support']);
    const { ctx } = server.runtime;
    const mails = async () => (await ctx.mail.outbox.latest({ to: client.email, limit: 50 })).length;
    const mailsBefore = await mails();
    const refused = await whileAuditRefused(ctx.database.db, () =>
      post(`/api/backoffice/clients/${id}/password-reset`, {}, support),
    );
    expect(refused.statusCode).toBe(500);
    expect(await mails()).toBe(mailsBefore);
    const resets = await ctx.database.db.select().from(passwordResets).where(eq(passwordResets.userId, id));
    expect(resets).toEqual([]);
  });

  it('answers brands in scope and the reference lists', async () => {
    const all = (await get('/api/backoffice/brands')).json().data;
    expect(all.length).toBeGreaterThan(1);
    expect(all[0]).toMatchObject({
      backoffice: {
        verification: expect.stringMatching(/automatic|manual/),
        fourEyesAbove: expect.any(Number),
      },
    });
    const scoped = (await get('/api/backoffice/brands', demoOnly)).json().data;
    expect(scoped.map((b: { slug: string }) => b.slug)).toEqual(['demo']);
    const reference = (await get('/api/backoffice/reference', demoOnly)).json().data;
    expect(reference.levels).toEqual(['Basic', 'Silver', 'Gold', 'Platinum']);
    expect(reference.assetCategories[0]).toMatchObject({
      id: expect.any(Number),
      leverages: expect.any(Array),
    });
    expect(reference.countries.length).toBeGreaterThan(0);
  });
});
