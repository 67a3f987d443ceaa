import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brands, users } from '../../db/schema.js';
import { DEMO_BRAND_SETTINGS } from '../../seed/seed.js';
import { registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

describe(`client referrals (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { db } = runtime.ctx.database;
  const RESTRICTED = { host: 'restricted.example.com' };
  await db.insert(brands).values({
    slug: 'restricted',
    name: 'Restricted Broker',
    hosts: [RESTRICTED.host],
    settings: { ...DEMO_BRAND_SETTINGS, features: { ...DEMO_BRAND_SETTINGS.features, restrictedMode: true } },
  });
  const referrals = (token: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/accounts/referrals', payload: { token }, headers });

  it("lists the accounts opened with the client's uniqid, newest first, name and e-mail masked", async () => {
    const referrer = await registerClient(app);
    const john = await registerClient(app, {
      first_name: 'John',
      last_name: 'Smith',
      email: `john.smith.${Date.now()}@example.com`,
      ref: referrer.user.uniqid,
    });
    await db
      .update(users)
      .set({ createdAt: new Date('2026-01-02T10:00:00Z') })
      .where(eq(users.email, john.email));
    await registerClient(app, { first_name: 'Anna', last_name: 'Berg', ref: referrer.user.uniqid });
    // someone else's referral and an affiliate's are not listed
    await registerClient(app, { ref: (await registerClient(app)).user.uniqid });
    await registerClient(app, { ref: 'DEMOAFF' });

    const res = await referrals(referrer.token);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toHaveLength(2);
    expect(data[0]).toMatchObject({ full_name: 'An*** Be***', email: 're***@ex***.com' });
    expect(data[1]).toEqual({
      full_name: 'Jo*** Sm***',
      email: 'jo***@ex***.com',
      created_at: '2026-01-02T10:00:00.000Z',
    });
    expect(JSON.stringify(data)).not.toContain(john.email);
  });

  it('answers an empty list to a client nobody registered through', async () => {
    const client = await registerClient(app);
    expect((await referrals(client.token)).json()).toEqual({ status: true, data: [] });
  });

  it('needs a client session', async () => {
    expect((await referrals('not-a-token')).statusCode).toBe(401);
    const affiliate = await app.inject({
      method: 'POST',
      url: '/api/affiliate/login',
      payload: { email: 'affiliate@example.com', password: 'Demo1234!' },
    });
    expect((await referrals(affiliate.json().data.access_token)).statusCode).toBe(401);
  });

  it('is closed where the brand is in restricted mode (spec §2: hidden)', async () => {
    const client = await registerClient(app, {}, RESTRICTED);
    const res = await referrals(client.token, RESTRICTED);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });
});
