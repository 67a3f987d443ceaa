import { defaultAppropriateness } from '@openbroker/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { auditLog, brands } from '../../db/schema.js';
import { loginToken } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../../test/payments-kit.js';
import { staffCall, staffSession } from '../../test/staff-kit.js';

const employed = {
  employmentStatus: 'employed',
  annualIncome: '25k_100k',
  source: 'salary',
  expectedDeposits: 'under_25k',
  pep: false,
};

/**
 * A brand's document and risk settings in the back office: an admin reads the defaults, saves a grace period,
 * client-entered details and a high-risk list (audited; the brand's clients in the countries concerned are
 * rescored), every bad field is refused with nothing saved, and other brands' staff and clients get nothing.
 */
describe(`a brand's document and risk settings (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  const { app, runtime } = server;
  const { ctx } = runtime;
  const { db } = ctx.database;
  afterAll(() => app.close());
  const [demo] = await db.select().from(brands).where(eq(brands.slug, 'demo'));
  const [aurora] = await db.select().from(brands).where(eq(brands.slug, 'aurora'));
  if (!demo || !aurora) throw new Error('the seed has the brands demo and aurora');
  const admin = await staffSession(server, ['admin'], [demo.id]);
  const url = `/api/backoffice/brands/${demo.id}/compliance`;
  const stored = async () =>
    (await db.select().from(brands).where(eq(brands.id, demo.id)))[0]?.settings.compliance ?? {};
  const audits = () =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'brand.compliance'), eq(auditLog.brandId, demo.id)));

  it('reads the defaults: 14 days, compliance enters the details, the default country list (null)', async () => {
    const res = await staffCall(app, 'GET', url, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      documentGraceDays: 14,
      clientEntersDocumentDetails: false,
      highRiskCountries: null,
    });
  });

  it('saves the settings, audited with before and after, and rescores the clients of a country added', async () => {
    const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret);
    const client = await kit.client(); // lives in Germany
    const answered = await app.inject({
      method: 'POST',
      url: '/api/accounts/source-of-funds/answer',
      payload: { token: client.token, ...employed },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await ctx.compliance.row(client.id))?.riskScore ?? 0).toBe(0);
    // the brand's appropriateness test lives in the same settings key
    const esma = defaultAppropriateness('esma');
    const test = await staffCall(
      app,
      'PUT',
      `/api/backoffice/brands/${demo.id}/appropriateness`,
      admin.token,
      {
        required: false,
        ...esma,
        blockDays: 7,
      },
    );
    expect(test.statusCode, test.body).toBe(200);

    const res = await staffCall(app, 'PUT', url, admin.token, {
      documentGraceDays: 30,
      clientEntersDocumentDetails: true,
      highRiskCountries: ['ir', ' DE', 'KP', 'DE'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = {
      documentGraceDays: 30,
      clientEntersDocumentDetails: true,
      highRiskCountries: ['DE', 'IR', 'KP'],
    };
    expect(res.json().data).toEqual(saved);
    expect((await staffCall(app, 'GET', url, admin.token)).json().data).toEqual(saved);
    // the test's settings in the same key stay as they were
    expect(await stored()).toMatchObject({
      ...saved,
      appropriatenessRequired: false,
      appropriateness: { blockDays: 7 },
    });

    const [audit] = await audits();
    expect(audit).toMatchObject({
      actor: `staff:${admin.id}`,
      subject: `brand:${demo.id}`,
      before: { documentGraceDays: 14, clientEntersDocumentDetails: false, highRiskCountries: null },
      after: saved,
    });
    await vi.waitFor(async () => expect((await ctx.compliance.row(client.id))?.riskScore).toBe(40));

    // back to the default list: Germany is not on it, the client is rescored
    const reset = await staffCall(app, 'PUT', url, admin.token, { ...saved, highRiskCountries: null });
    expect(reset.json().data.highRiskCountries).toBeNull();
    expect((await stored()).highRiskCountries).toBeUndefined();
    await vi.waitFor(async () => expect((await ctx.compliance.row(client.id))?.riskScore).toBe(0));
    expect(await audits()).toHaveLength(2);
  });

  it('refuses each bad field with its message and saves nothing', async () => {
    const before = await stored();
    const count = (await audits()).length;
    const valid = { documentGraceDays: 10, clientEntersDocumentDetails: false, highRiskCountries: ['IR'] };
    const cases: [object, string, string][] = [
      [{ documentGraceDays: 366 }, 'documentGraceDays', 'boCompliance.graceDays'],
      [{ documentGraceDays: -1 }, 'documentGraceDays', 'boCompliance.graceDays'],
      [{ documentGraceDays: 2.5 }, 'documentGraceDays', 'boCompliance.graceDays'],
      [{ documentGraceDays: 1e300 }, 'documentGraceDays', 'boCompliance.graceDays'],
      [{ highRiskCountries: ['IR', 'D\u0000'] }, 'highRiskCountries', 'boCompliance.countryCode'],
      [{ highRiskCountries: ['IRN'] }, 'highRiskCountries', 'boCompliance.countryCode'],
      [{ highRiskCountries: ['XX'] }, 'highRiskCountries', 'boCompliance.countryUnknown'],
    ];
    for (const [change, path, key] of cases) {
      const res = await staffCall(app, 'PUT', url, admin.token, { ...valid, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errors).toEqual([expect.objectContaining({ path, key })]);
    }
    // a body of the wrong shape is refused before any rule
    for (const body of [{}, { ...valid, documentGraceDays: '10' }, { ...valid, highRiskCountries: 'IR' }]) {
      expect((await staffCall(app, 'PUT', url, admin.token, body)).statusCode).toBe(400);
    }
    expect(await stored()).toEqual(before);
    expect(await audits()).toHaveLength(count);
  });

  it("refuses another brand's staff (404), members without brands.manage (403) and client tokens (401)", async () => {
    const body = { documentGraceDays: 1, clientEntersDocumentDetails: false, highRiskCountries: [] };
    const before = await stored();
    const outsider = await staffSession(server, ['admin'], [aurora.id]);
    expect((await staffCall(app, 'GET', url, outsider.token)).statusCode).toBe(404);
    expect((await staffCall(app, 'PUT', url, outsider.token, body)).statusCode).toBe(404);
    const compliance = await staffSession(server, ['compliance'], [demo.id]);
    expect((await staffCall(app, 'PUT', url, compliance.token, body)).statusCode).toBe(403);
    const clientToken = await loginToken(app, 'demo@example.com', 'Demo1234!');
    const asClient = await app.inject({
      method: 'PUT',
      url,
      headers: { authorization: `Bearer ${clientToken}` },
      payload: body,
    });
    expect(asClient.statusCode).toBe(401);
    expect(await stored()).toEqual(before);
  });
});
