import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brands } from '../../db/schema.js';
import { SecretBox } from '../../lib/secret-box.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../../test/payments-kit.js';
import { staffCall, staffSession } from '../../test/staff-kit.js';
import { secretOf } from './providers.js';
import { canonicalFields, hmacHex } from './signing.js';

const BRAND_WEBHOOK_SECRET = 'whsec_brand-entered-0123456789abcdef';
const BRAND_API_KEY = 'sk_live_brand-entered-abcdef0123456789';

describe(`payment adapters use the provider secrets stored in the brand editor (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { app, runtime } = server;
  const { ctx } = runtime;
  const { db } = ctx.database;
  const masterSecret = ctx.config.paymentSandboxSecret;
  const kit = paymentKit(app, db, masterSecret);
  const admin = await staffSession(server, ['admin']);
  const [demo] = await db.select().from(brands).where(eq(brands.slug, 'demo'));
  const demoId = demo?.id as number;

  /** The demo brand's payment methods as the editor sends them back, with these changes per provider key. */
  const savePayments = async (changes: Record<string, Record<string, unknown>>) => {
    const view = (await staffCall(app, 'GET', `/api/backoffice/brands/${demoId}`, admin.token)).json().data;
    const payments = (view.payments as Array<Record<string, unknown>>).map(({ secretHints: _h, ...p }) => ({
      ...p,
      ...changes[p.key as string],
    }));
    const res = await staffCall(app, 'PATCH', `/api/backoffice/brands/${demoId}`, admin.token, { payments });
    expect(res.statusCode, res.body).toBe(200);
  };

  /** A fresh client with a pending €250 deposit through this provider. */
  const pendingDeposit = async (provider: string) => {
    const client = await kit.client();
    const res = await kit.create(client.token, { amount: 250, method: 1, provider });
    expect(res.statusCode, res.body).toBe(200);
    return { client, reference: res.json().data.transaction_id as string, next: res.json().data.next };
  };

  it('without a stored secret a sandbox provider keeps the secret derived from PAYMENT_SANDBOX_SECRET', async () => {
    const { client, reference } = await pendingDeposit('card-1');
    const res = await kit.webhook(reference).send();
    expect(res.statusCode, res.body).toBe(200);
    expect(await kit.balanceOf(client.id)).toBe('250.00');
  });

  it('once a webhook secret is stored, a webhook signed with it books and one signed with the derived secret is refused', async () => {
    await savePayments({ 'card-1': { webhookSecret: BRAND_WEBHOOK_SECRET } });
    const { client, reference } = await pendingDeposit('card-1');

    const old = await kit.webhook(reference, { secret: secretOf({ masterSecret }, 'demo', 'card-1') }).send();
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ code: 'WEBHOOK_BAD_SIGNATURE' });
    expect(await kit.balanceOf(client.id)).toBe('0.00');
    expect((await kit.transaction(reference))?.statusId).toBe(1);

    const signed = await kit.webhook(reference, { secret: BRAND_WEBHOOK_SECRET }).send();
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data).toEqual({ outcome: 'applied' });
    expect(await kit.balanceOf(client.id)).toBe('250.00');
    expect((await kit.transaction(reference))?.statusId).toBe(2);
  });

  it('the other providers of the brand keep their own secrets: a stored secret of card-1 does not sign for the wallet', async () => {
    const client = await kit.client();
    const created = await kit.create(client.token, { amount: 250, method: 3 });
    expect(created.statusCode, created.body).toBe(200);
    const reference = created.json().data.transaction_id as string;
    const wrong = await kit.webhook(reference, { provider: 'wallet', secret: BRAND_WEBHOOK_SECRET }).send();
    expect(wrong.statusCode).toBe(401);
    const derived = await kit.webhook(reference, { provider: 'wallet' }).send();
    expect(derived.statusCode, derived.body).toBe(200);
  });

  it('the sandbox hosted page, playing the provider, signs its webhook with the stored secret and the deposit books', async () => {
    const { client, next } = await pendingDeposit('card-1');
    const paid = await kit.submit(next.url, { card_number: '5555555555554444', expiry: '12/39', cvc: '123' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toContain('result=approved');
    expect(await kit.balanceOf(client.id)).toBe('250.00');
  });

  it('a posted form is signed with the stored API key and carries the merchant id; the derived secret no longer opens it', async () => {
    await savePayments({ 'card-2': { apiKey: BRAND_API_KEY, merchantId: 'MID-4711' } });
    const { client, reference } = await pendingDeposit('card-2');
    const sent = await kit.post('/api/transaction/send/card-2', {
      token: client.token,
      transaction_id: reference,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const form = sent.json().data;
    expect(form.data).toMatchObject({ merchant: 'demo', merchant_id: 'MID-4711', order_id: reference });
    expect(form.signature).toBe(hmacHex(BRAND_API_KEY, canonicalFields(form.data)));
    // the API key itself never reaches the browser
    expect(sent.body).not.toContain(BRAND_API_KEY);

    const derived = hmacHex(secretOf({ masterSecret }, 'demo', 'card-2'), canonicalFields(form.data));
    expect((await kit.submit('/sandbox/form', { ...form.data, signature: derived })).statusCode).toBe(400);
    const opened = await kit.submit('/sandbox/form', { ...form.data, signature: form.signature });
    expect(opened.statusCode).toBe(303);
    const paid = await kit.submit(opened.headers.location as string, {
      card_number: '5555555555554444',
      expiry: '12/39',
      cvc: '123',
    });
    expect(paid.headers.location).toContain('result=approved');
    expect(await kit.balanceOf(client.id)).toBe('250.00');
  });

  it('a stored secret sealed under another BRAND_SECRETS_KEY is not replaced by the derived one: webhooks are refused', async () => {
    const foreign = new SecretBox('another-brand-secrets-key-0123456789abcdef');
    const [row] = await db.select().from(brands).where(eq(brands.id, demoId));
    const settings = structuredClone(row?.settings);
    if (!settings?.payments) throw new Error('demo brand has no payments');
    settings.payments = settings.payments.map((p) =>
      p.key === 'card-1' ? { ...p, secrets: { webhookSecret: foreign.seal(BRAND_WEBHOOK_SECRET) } } : p,
    );
    await db.update(brands).set({ settings }).where(eq(brands.id, demoId));
    ctx.brands.changed(demoId);

    const { client, reference } = await pendingDeposit('card-1');
    for (const secret of [BRAND_WEBHOOK_SECRET, secretOf({ masterSecret }, 'demo', 'card-1')]) {
      const res = await kit.webhook(reference, { secret }).send();
      expect(res.statusCode).toBe(401);
    }
    expect(await kit.balanceOf(client.id)).toBe('0.00');
  });

  it('removing the stored secret (null) returns the sandbox provider to its derived secret', async () => {
    await savePayments({ 'card-1': { webhookSecret: null } });
    const { client, reference } = await pendingDeposit('card-1');
    const res = await kit.webhook(reference).send();
    expect(res.statusCode, res.body).toBe(200);
    expect(await kit.balanceOf(client.id)).toBe('250.00');
  });
});
