import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { brands, users } from '../../../db/schema.js';
import type { App } from '../../../http.js';
import { registerClient } from '../../../test/factories.js';
import { createTestServer, type TestServer } from '../../../test/harness.js';
import { type StaffSession, staffCall, staffSession } from '../../../test/staff-kit.js';
import { type AuditEntry, writeAudit } from '../audit.repo.js';

let server: TestServer;
let app: App;
let brandA: number;
let brandB: number;
let admin: StaffSession;
let compliance: StaffSession;
let limited: StaffSession;
/** Every action written here starts with this, so the suite's rows are told apart from the seed's. */
const tag = `t${Date.now().toString(36)}`;

const write = (entry: Partial<AuditEntry> & { action: string }) =>
  writeAudit(server.runtime.ctx.database.db, {
    actor: 'system',
    subject: 'test',
    details: {},
    ...entry,
    action: `${tag}.${entry.action}`,
  });

const list = async (token: string, query: string) => {
  const res = await staffCall(app, 'GET', `/api/backoffice/audit?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    items: Array<{
      id: number;
      action: string;
      brandId: number | null;
      staffName: string | null;
      userId: number | null;
      clientName: string | null;
    }>;
    total: number;
    page: number;
    pageSize: number;
  };
};

beforeAll(async () => {
  server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  app = server.app;
  const rows = await server.runtime.ctx.database.db.select().from(brands).orderBy(asc(brands.id));
  [brandA, brandB] = rows.map((b) => b.id) as [number, number];
  admin = await staffSession(server, ['admin']);
  compliance = await staffSession(server, ['compliance']);
  limited = await staffSession(server, ['compliance'], [brandA]);
  await write({
    action: 'client.verify',
    brandId: brandA,
    userId: 901,
    actor: `staff:${admin.id}`,
    role: 'admin',
  });
  await write({
    action: 'withdrawal.approve',
    brandId: brandB,
    userId: 902,
    actor: `staff:${compliance.id}`,
  });
  await write({ action: 'withdrawal.reject', brandId: brandA, userId: 903, reason: 'no docs' });
  await write({ action: 'system.job', brandId: null });
});

describe('GET /api/backoffice/audit', () => {
  it('answers the rows newest first with the staff name, 50 a page', async () => {
    const data = await list(admin.token, `action=${tag}`);
    expect(data.pageSize).toBe(50);
    expect(data.items.map((r) => r.action)).toEqual([
      `${tag}.system.job`,
      `${tag}.withdrawal.reject`,
      `${tag}.withdrawal.approve`,
      `${tag}.client.verify`,
    ]);
    expect(data.items[3]).toMatchObject({ staffName: 'Test admin', brandId: brandA });
    expect(data.total).toBe(4);
  });

  it('filters by staff member, client, action group, brand and date range', async () => {
    const actions = async (query: string) =>
      (await list(admin.token, `action=${tag}&${query}`)).items.map((r) => r.action.slice(tag.length + 1));
    expect(await actions(`staffId=${compliance.id}`)).toEqual(['withdrawal.approve']);
    expect(await actions('clientId=903')).toEqual(['withdrawal.reject']);
    expect(await actions(`brandId=${brandA}`)).toEqual(['withdrawal.reject', 'client.verify']);
    expect(
      (await list(admin.token, `action=${tag}.withdrawal`)).items.map((r) => r.action.slice(tag.length + 1)),
    ).toEqual(['withdrawal.reject', 'withdrawal.approve']);
    // an exact action, and a prefix that is not a whole group, match nothing more
    expect((await list(admin.token, `action=${tag}.withdrawal.approve`)).total).toBe(1);
    expect((await list(admin.token, `action=${tag}.with`)).total).toBe(0);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await list(admin.token, `action=${tag}&from=${tomorrow}`)).total).toBe(0);
    expect((await list(admin.token, `action=${tag}&to=2000-01-01`)).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(admin.token, `action=${tag}&from=2000-01-01&to=${today}`)).total).toBe(4);
    expect((await list(admin.token, `action=${tag}&to=${new Date().toISOString()}`)).total).toBe(4);
  });

  it("names the client of each row and finds rows by the client's name or e-mail, in part", async () => {
    const client = await registerClient(app, { first_name: 'Wilma', last_name: 'Auditova' });
    const [user] = await server.runtime.ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, client.email));
    const id = user?.id ?? 0;
    // its own action group, so the other tests' counts stay as they are
    const names = `${tag}-names`;
    await writeAudit(server.runtime.ctx.database.db, {
      actor: 'system',
      action: `${names}.client.update`,
      subject: `user:${id}`,
      brandId: brandA,
      userId: id,
      details: {},
    });
    const named = await list(admin.token, `action=${names}`);
    expect(named.items[0]).toMatchObject({
      userId: id,
      clientName: 'Wilma Auditova',
      clientEmail: client.email,
    });

    for (const text of [
      'wilma audit',
      client.email.toUpperCase(),
      client.email.split('@')[0] ?? '',
      String(id),
    ]) {
      const found = await list(admin.token, `action=${names}&client=${encodeURIComponent(text)}`);
      expect(
        found.items.map((r) => r.action),
        text,
      ).toEqual([`${names}.client.update`]);
    }
    expect((await list(admin.token, `action=${names}&client=nobody-by-that-name`)).total).toBe(0);
    // a LIKE wildcard is a literal character, not "every client"
    expect((await list(admin.token, `action=${names}&client=%25`)).total).toBe(0);
  });

  it('shows a member limited to some brands only the rows of those brands, and 404 for another brand', async () => {
    const data = await list(limited.token, `action=${tag}`);
    expect(data.items.map((r) => r.brandId)).toEqual([brandA, brandA]);
    const other = await staffCall(app, 'GET', `/api/backoffice/audit?brandId=${brandB}`, limited.token);
    expect(other.statusCode).toBe(404);
    // rows without a brand: only for members of every brand
    expect((await list(compliance.token, `action=${tag}.system`)).total).toBe(1);
    expect((await list(limited.token, `action=${tag}.system`)).total).toBe(0);
  });

  it('pages by 50', async () => {
    for (let i = 0; i < 53; i++) await write({ action: `bulk.${i}`, brandId: brandA });
    const first = await list(admin.token, `action=${tag}.bulk`);
    expect(first).toMatchObject({ total: 53, page: 1 });
    expect(first.items).toHaveLength(50);
    expect(first.items[0]?.action).toBe(`${tag}.bulk.52`);
    const second = await list(admin.token, `action=${tag}.bulk&page=2`);
    expect(second.items.map((r) => r.action.slice(tag.length + 1))).toEqual(['bulk.2', 'bulk.1', 'bulk.0']);
  });

  it('refuses staff without audit.read, client tokens and bad filters', async () => {
    const support = await staffSession(server, ['support']);
    expect((await staffCall(app, 'GET', '/api/backoffice/audit', support.token)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/backoffice/audit' })).statusCode).toBe(401);
    for (const bad of ['staffId=abc', 'from=yesterday', 'to=2026-13-45', 'page=0', 'brandId=-1']) {
      const res = await staffCall(app, 'GET', `/api/backoffice/audit?${bad}`, admin.token);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});

describe('GET /api/backoffice/audit/export.csv', () => {
  it('exports the matching rows as CSV, escaped, with formulas made inert', async () => {
    await write({
      action: 'csv.check',
      brandId: brandA,
      reason: '=HYPERLINK("http://evil","click"), and a line\nbreak',
      before: { amount: '-12.50' },
      after: { note: '@SUM(A1)' },
    });
    await write({ action: 'csv.check', brandId: brandA, reason: '-5 correction', ip: '+49' });
    const res = await staffCall(
      app,
      'GET',
      `/api/backoffice/audit/export.csv?action=${tag}.csv`,
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '"id","createdAt","actor","staffName","role","brandId","brandSlug","userId","clientName","clientEmail","action","subject","reason","ip","before","after","details"',
    );
    expect(lines).toHaveLength(4); // header, two rows, the empty string after the last CRLF
    // newest first: the second row written is the first line
    expect(lines[1]).toContain(`"'-5 correction","'+49"`);
    // quotes doubled, the line break kept inside the quoted cell, the formula prefixed
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"",""click""), and a line\nbreak"`);
    // JSON cells start with { and stay as they are
    expect(res.body).toContain('"{""amount"":""-12.50""}","{""note"":""@SUM(A1)""}"');
  });

  it('keeps to the brand scope', async () => {
    const limitedCsv = await staffCall(
      app,
      'GET',
      `/api/backoffice/audit/export.csv?action=${tag}`,
      limited.token,
    );
    expect(limitedCsv.statusCode).toBe(200);
    expect(limitedCsv.body).not.toContain('withdrawal.approve');
    expect(limitedCsv.body).not.toContain('system.job');
    expect(limitedCsv.body).toContain('withdrawal.reject');
    const other = await staffCall(
      app,
      'GET',
      `/api/backoffice/audit/export.csv?brandId=${brandB}`,
      limited.token,
    );
    expect(other.statusCode).toBe(404);
    const support = await staffSession(server, ['support']);
    expect((await staffCall(app, 'GET', '/api/backoffice/audit/export.csv', support.token)).statusCode).toBe(
      403,
    );
  });
});
