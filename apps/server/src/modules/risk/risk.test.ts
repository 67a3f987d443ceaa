import { asc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { auditLog, brands, countries } from '../../db/schema.js';
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
 * The risk score recomputes when its inputs change; a client who becomes high risk needs enhanced due diligence
 * before the next deposit, compliance gets a task, and approving the documents opens deposits again.
 */
describe(`client risk score on the server (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { app, runtime } = server;
  const { ctx } = runtime;
  const { db } = ctx.database;
  const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret);
  const [demo] = await db.select().from(brands).where(eq(brands.slug, 'demo'));
  if (!demo) throw new Error('no demo brand');
  const officer = await staffSession(server, ['compliance'], [demo.id]);
  const support = await staffSession(server, ['support'], [demo.id]);
  const answer = (token: string, body: object) =>
    app.inject({ method: 'POST', url: '/api/accounts/source-of-funds/answer', payload: { token, ...body } });
  const panel = async (userId: number) => {
    const res = await staffCall(app, 'GET', `/api/backoffice/clients/${userId}/risk`, officer.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      score: number;
      level: string;
      eddRequired: boolean;
      reasons: { code: string }[];
    };
  };

  it('an unanswered questionnaire is a reason; answering it clears it and is kept for the client', async () => {
    const client = await kit.client();
    expect((await panel(client.id)).reasons.map((r) => r.code)).toEqual(['funds_missing']);
    const saved = await answer(client.token, employed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject(employed);
    const read = await app.inject({
      method: 'POST',
      url: '/api/accounts/source-of-funds',
      payload: { token: client.token },
    });
    expect(read.json().data).toMatchObject(employed);
    expect(await panel(client.id)).toMatchObject({ score: 0, level: 'low', reasons: [], eddRequired: false });
  });

  it('a bad answer is refused with a translated message and changes nothing', async () => {
    const client = await kit.client();
    const res = await answer(client.token, { ...employed, annualIncome: 'billions' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors?.[0]?.key).toBe('sof.invalid');
    expect((await panel(client.id)).reasons.map((r) => r.code)).toEqual(['funds_missing']);
  });

  it('a declared PEP becomes high risk: deposits wait for EDD, a task is raised, approval opens deposits again', async () => {
    const client = await kit.client();
    expect((await answer(client.token, { ...employed, pep: true })).statusCode).toBe(200);
    expect(await panel(client.id)).toMatchObject({ level: 'high', eddRequired: true });
    const tasks = await staffCall(
      app,
      'GET',
      `/api/backoffice/compliance/tasks?userId=${client.id}&kind=high_risk`,
      officer.token,
    );
    expect(tasks.json().data.items).toHaveLength(1);

    const refused = await kit.create(client.token, { amount: 250, method: 1 });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().key).toBe('compliance.eddRequired');

    // answering again while still high raises no second task
    expect((await answer(client.token, { ...employed, pep: true, source: 'savings' })).statusCode).toBe(200);
    const again = await staffCall(
      app,
      'GET',
      `/api/backoffice/compliance/tasks?userId=${client.id}&kind=high_risk`,
      officer.token,
    );
    expect(again.json().data.items).toHaveLength(1);

    const noNote = await staffCall(
      app,
      'POST',
      `/api/backoffice/clients/${client.id}/risk/edd-approve`,
      officer.token,
      {
        note: '',
      },
    );
    expect(noNote.statusCode).toBe(400);
    const bySupport = await staffCall(
      app,
      'POST',
      `/api/backoffice/clients/${client.id}/risk/edd-approve`,
      support.token,
      { note: 'x' },
    );
    expect(bySupport.statusCode).toBe(403);
    const approved = await staffCall(
      app,
      'POST',
      `/api/backoffice/clients/${client.id}/risk/edd-approve`,
      officer.token,
      { note: 'Payslips and bank statements checked' },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ level: 'high', eddRequired: false });
    const audit = await db
      .select({ action: auditLog.action, reason: auditLog.reason })
      .from(auditLog)
      .where(eq(auditLog.userId, client.id))
      .orderBy(asc(auditLog.id));
    expect(audit).toContainEqual({
      action: 'client.edd.approve',
      reason: 'Payslips and bank statements checked',
    });
    const deposit = await kit.create(client.token, { amount: 250, method: 1 });
    expect(deposit.statusCode, deposit.body).toBe(200);
  });

  it("recomputes on another check's change, on an approved deposit and on a country change", async () => {
    const client = await kit.client();
    expect((await answer(client.token, employed)).statusCode).toBe(200);
    await ctx.compliance.update(client.id, { screeningStatus: 'pending' });
    await vi.waitFor(async () => expect((await panel(client.id)).level).toBe('medium'));
    expect((await ctx.compliance.row(client.id))?.riskLevel).toBe('medium');
    await ctx.compliance.update(client.id, { screeningStatus: 'clear' });
    await vi.waitFor(async () => expect((await ctx.compliance.row(client.id))?.riskLevel).toBe('low'));

    const created = await kit.create(client.token, { amount: 10_000, method: 1 });
    expect(created.statusCode, created.body).toBe(200);
    const reference: string = created.json().data.transaction_id;
    expect((await kit.webhook(reference, { amount: '10000.00' }).send()).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await ctx.compliance.row(client.id))?.riskScore).toBe(10));

    const [iran] = await db.select().from(countries).where(eq(countries.alpha2, 'IR'));
    if (!iran) throw new Error('no IR in the reference data');
    const moved = await kit.post('/api/accounts/update', {
      token: client.token,
      first_name: 'Dana',
      last_name: 'Deposit',
      phone: '+49 151 2345 6789',
      birth_date: '1988-02-03',
      country_id: iran.id,
      state: 'Tehran',
      city: 'Tehran',
      street: 'Street 1',
      zip_code: '12345',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await vi.waitFor(async () => expect((await ctx.compliance.row(client.id))?.riskScore).toBe(50));
    expect((await panel(client.id)).reasons.map((r) => r.code)).toEqual(['country', 'deposits']);
  });

  it("another brand's client is not found", async () => {
    const [other] = await db.select().from(brands).where(eq(brands.slug, 'demo')).limit(1);
    const client = await kit.client();
    const outsiderBrand = (await db.select().from(brands)).find((b) => b.id !== other?.id);
    const outsider = await staffSession(server, ['compliance'], [outsiderBrand?.id ?? 0]);
    const res = await staffCall(app, 'GET', `/api/backoffice/clients/${client.id}/risk`, outsider.token);
    expect(res.statusCode).toBe(404);
  });
});
