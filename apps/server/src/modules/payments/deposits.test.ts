import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, tradingAccounts } from '../../db/schema.js';
import { registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../../test/payments-kit.js';

describe(`deposits (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { ctx } = runtime;
  const { db } = ctx.database;
  const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret);

  /** Follows the hosted card page from a redirect URL, pays with `card`, answers the 3DS step with `code`. */
  const payByCard = async (url: string, card: string, code?: string) => {
    const page = await app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pay €250.00');
    let res = await kit.submit(url, {
      holder: 'Dana Deposit',
      card_number: card,
      expiry: '12/39',
      cvc: '123',
    });
    if (code !== undefined) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("Confirm it's you");
      const challenge = /name="challenge" value="([^"]+)"/.exec(res.body)?.[1];
      expect(challenge).toBeTruthy();
      res = await kit.submit('/sandbox/3ds', { challenge: challenge ?? '', code });
    }
    return res;
  };

  describe('methods', () => {
    it("lists the brand's methods with card providers titled Credit Card 1 and 2, the limits and currency", async () => {
      const c = await kit.client();
      const res = await app.inject({ method: 'GET', url: `/api/payments/methods?token=${c.token}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        methods: [
          { provider: 'card-1', method: 1, kind: 'card', title: 'Credit Card 1' },
          { provider: 'card-2', method: 1, kind: 'card', title: 'Credit Card 2' },
          { provider: 'wire', method: 2, kind: 'wire', title: 'Bank Wire' },
          { provider: 'wallet', method: 3, kind: 'alternative', title: 'E-Wallet' },
          { provider: 'cashier', method: 9, kind: 'cashier', title: 'Cashier' },
        ],
        minDeposit: 250,
        maxDeposit: 1_000_000,
        currency: 'EUR',
        currencySymbol: '€',
      });
    });

    it('needs a session', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/payments/methods' })).statusCode).toBe(401);
    });
  });

  describe('rules (spec §5)', () => {
    it("refuses an amount below the brand's minimum with 'Minimum Deposit € 250' and books nothing", async () => {
      const c = await kit.client();
      const res = await kit.create(c.token, { amount: 249.99, method: 2 });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        expect.objectContaining({ path: 'amount', key: 'deposit.minimum', message: 'Minimum Deposit € 250' }),
      ]);
      const list = await app.inject({ method: 'GET', url: `/api/transactions/get/${c.token}` });
      expect(list.json().data).toEqual([]);
    });

    it("blocks a client whose profile is incomplete with 'You have to complete your account first'", async () => {
      const fresh = await registerClient(app);
      const res = await kit.create(fresh.token, { amount: 500, method: 2 });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'PROFILE_INCOMPLETE',
        message: 'You have to complete your account first',
      });
    });

    it('requires a method, refuses unknown methods and wrong types, and huge or sub-cent amounts', async () => {
      const c = await kit.client();
      const missing = await kit.create(c.token, { amount: 300 });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual([
        expect.objectContaining({ path: 'method', key: 'field.required' }),
      ]);
      for (const body of [
        { amount: 300, method: 7 },
        { amount: 'lots', method: 2 },
        { amount: 300.001, method: 2 },
        { amount: 1e21, method: 2 },
        { amount: -300, method: 2 },
        { amount: 300, method: 1, provider: 'card-9' },
      ]) {
        const res = await kit.create(c.token, body);
        expect([400, 422], JSON.stringify(body)).toContain(res.statusCode);
      }
      const list = await app.inject({ method: 'GET', url: `/api/transactions/get/${c.token}` });
      expect(list.json().data).toEqual([]);
    });

    it('refuses a method the brand has no provider for', async () => {
      const brand = await ctx.brands.resolve('localhost');
      if (!brand) throw new Error('no demo brand');
      const saved = brand.settings.payments;
      brand.settings.payments = saved?.filter((p) => p.type !== 'bank-wire');
      try {
        const c = await kit.client();
        const res = await kit.create(c.token, { amount: 300, method: 2 });
        expect(res.statusCode).toBe(422);
        expect(res.json().code).toBe('METHOD_UNAVAILABLE');
      } finally {
        brand.settings.payments = saved;
      }
    });
  });

  describe('sandbox card with 3-D Secure', () => {
    it('approves after the 3DS step: the webhook credits the balance once, as a ledger deposit', async () => {
      const c = await kit.client();
      const res = await kit.create(c.token, { amount: 250, method: 1 });
      expect(res.statusCode).toBe(200);
      const { transaction_id, next, status } = res.json().data;
      expect(status).toBe('success');
      expect(transaction_id).toMatch(/^TX-[0-9A-Z]{10}$/);
      expect(next.type).toBe('redirect');
      expect((await kit.transaction(transaction_id))?.statusId).toBe(1);

      const done = await payByCard(next.url, '4242 4242 4242 4242', '1234');
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe(`/payment/creditCard?transaction=${transaction_id}&result=approved`);
      expect(await kit.balanceOf(c.id)).toBe('250.00');
      expect(await kit.ledgerSum(c.id)).toBe(250);
      const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, c.id));
      expect(entries).toEqual([
        expect.objectContaining({ kind: 'deposit', amount: '250.00', reference: `tx:${transaction_id}` }),
      ]);

      const list = await app.inject({ method: 'GET', url: `/api/transactions/get/${c.token}` });
      expect(list.json().data).toEqual([
        expect.objectContaining({
          amount: 250,
          transaction_id,
          transaction_type: { name: 'Credit Card Deposit' },
          transaction_type_id: 1,
          transaction_status: { name: 'Approved' },
          method: 1,
        }),
      ]);
      // The engine knows the new balance at once (the trading screen shows it).
      expect(ctx.trading.balance(c.id).balance).toBe(250);
    });

    it('declines with a wrong 3DS code, with the 3DS-fail card, and with the decline card; nothing is booked', async () => {
      for (const [card, code] of [
        ['4242424242424242', '0000'],
        ['4000000000003063', '1234'],
        ['4000000000000002', undefined],
      ] as const) {
        const c = await kit.client();
        const { transaction_id, next } = (await kit.create(c.token, { amount: 250, method: 1 })).json().data;
        const done = await payByCard(next.url, card, code);
        expect(done.statusCode).toBe(303);
        expect(done.headers.location).toContain('result=declined');
        expect((await kit.transaction(transaction_id))?.statusId).toBe(3);
        expect(await kit.balanceOf(c.id)).toBe('0.00');
      }
    });

    it('shows the card form again with a reason for an invalid card number or a past expiry', async () => {
      const c = await kit.client();
      const { next } = (await kit.create(c.token, { amount: 250, method: 1 })).json().data;
      const bad = await kit.submit(next.url, {
        card_number: '4242 4242 4242 4241',
        expiry: '12/39',
        cvc: '123',
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.body).toContain('The card number is not valid.');
      const old = await kit.submit(next.url, {
        card_number: '4242424242424242',
        expiry: '01/20',
        cvc: '123',
      });
      expect(old.body).toContain('This card has expired.');
    });

    it('refuses an altered payment page session', async () => {
      const c = await kit.client();
      const { next } = (await kit.create(c.token, { amount: 250, method: 1 })).json().data;
      const [head, signature] = (next.url as string).replace('/sandbox/pay?s=', '').split('.');
      const payload = JSON.parse(Buffer.from(head ?? '', 'base64url').toString());
      payload.amount = '1.00';
      const forged = `/sandbox/pay?s=${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
      expect((await app.inject({ method: 'GET', url: forged })).statusCode).toBe(410);
    });
  });

  describe('posted form with signature (Credit Card 2)', () => {
    it('returns signed fields with the spec §7 customer payload, and the sandbox accepts only them unaltered', async () => {
      const c = await kit.client();
      const created = (await kit.create(c.token, { amount: 300, method: 1, provider: 'card-2' })).json().data;
      expect(created.next).toEqual({ type: 'form', provider: 'card-2' });
      const sent = await kit.post('/api/transaction/send/card-2', {
        token: c.token,
        transaction_id: created.transaction_id,
      });
      expect(sent.statusCode).toBe(200);
      const form = sent.json().data;
      expect(form).toMatchObject({ action: '/sandbox/form', method: 'POST' });
      expect(form.signature).toMatch(/^[0-9a-f]{64}$/);
      expect(form.data).toMatchObject({
        order_id: created.transaction_id,
        amount: '300.00',
        currency: 'EUR',
        first_name: 'Dana',
        last_name: 'Deposit',
        email: c.email,
        phone: '+4915123456789',
        address: 'Unter den Linden 1',
        country_code: 'DE',
        state: 'Berlin',
        city: 'Berlin',
        zip: '10117',
      });
      expect(form.data.return_url).toMatch(/\/payment\/creditCard\?transaction=TX-/);
      expect(form.data.webhook_url).toMatch(/\/api\/transaction\/update\/card-2$/);

      const altered = await kit.submit('/sandbox/form', {
        ...form.data,
        amount: '3.00',
        signature: form.signature,
      });
      expect(altered.statusCode).toBe(400);

      const opened = await kit.submit('/sandbox/form', { ...form.data, signature: form.signature });
      expect(opened.statusCode).toBe(303);
      const page = await app.inject({ method: 'GET', url: opened.headers.location as string });
      expect(page.body).toContain('Pay €300.00');
      const paid = await kit.submit(opened.headers.location as string, {
        card_number: '5555555555554444',
        expiry: '12/39',
        cvc: '123',
      });
      expect(paid.headers.location).toContain('result=approved');
      expect(await kit.balanceOf(c.id)).toBe('300.00');
    });

    it("refuses another client's transaction and an unknown provider", async () => {
      const owner = await kit.client();
      const other = await kit.client();
      const created = (await kit.create(owner.token, { amount: 300, method: 1, provider: 'card-2' })).json()
        .data;
      const res = await kit.post('/api/transaction/send/card-2', {
        token: other.token,
        transaction_id: created.transaction_id,
      });
      expect(res.statusCode).toBe(404);
      const wrong = await kit.post('/api/transaction/send/card-1', {
        token: owner.token,
        transaction_id: created.transaction_id,
      });
      expect(wrong.statusCode).toBe(404);
    });
  });

  describe('bank wire (staff confirm)', () => {
    it('creates a pending deposit with the bank details and the reference; staff confirm credits it once', async () => {
      const c = await kit.client();
      const res = await kit.create(c.token, { amount: 1000, method: 2 });
      const { transaction_id, next } = res.json().data;
      expect(next).toEqual({
        type: 'instructions',
        bank: {
          beneficiary: 'OpenBroker Demo Ltd.',
          bankName: 'Sandbox Bank AG',
          iban: 'DE89 3704 0044 0532 0130 00',
          bic: 'COBADEFFXXX',
          reference: transaction_id,
        },
      });
      expect(await kit.balanceOf(c.id)).toBe('0.00');

      const auth = { authorization: `Bearer ${ctx.operatorToken}`, 'x-operator': 'tester' };
      const pending = await app.inject({
        method: 'GET',
        url: '/api/admin/transactions?status=pending',
        headers: auth,
      });
      expect(pending.json().data.map((t: { transaction_id: string }) => t.transaction_id)).toContain(
        transaction_id,
      );

      const confirm = () =>
        app.inject({
          method: 'POST',
          url: `/api/admin/transactions/${transaction_id}/confirm`,
          headers: auth,
        });
      const [first, second] = await Promise.all([confirm(), confirm()]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
      expect(await kit.balanceOf(c.id)).toBe('1000.00');
      expect(await kit.ledgerSum(c.id)).toBe(1000);
      expect((await kit.transaction(transaction_id))?.decidedBy).toBe('cli:tester');
    });

    it('staff reject declines it and books nothing; the operator API needs its token', async () => {
      const c = await kit.client();
      const { transaction_id } = (await kit.create(c.token, { amount: 400, method: 2 })).json().data;
      const anonymous = await app.inject({
        method: 'POST',
        url: `/api/admin/transactions/${transaction_id}/reject`,
      });
      expect(anonymous.statusCode).toBe(401);
      const clientToken = await app.inject({
        method: 'POST',
        url: `/api/admin/transactions/${transaction_id}/reject`,
        headers: { authorization: `Bearer ${c.token}` },
      });
      expect(clientToken.statusCode).toBe(401);
      const res = await app.inject({
        method: 'POST',
        url: `/api/admin/transactions/${transaction_id}/reject`,
        headers: { authorization: `Bearer ${ctx.operatorToken}` },
        payload: { note: 'No funds received' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'Declined', note: 'No funds received' });
      expect(await kit.balanceOf(c.id)).toBe('0.00');
    });

    it('staff cannot confirm a card deposit: its provider decides', async () => {
      const c = await kit.client();
      const { transaction_id } = (await kit.create(c.token, { amount: 250, method: 1 })).json().data;
      const res = await app.inject({
        method: 'POST',
        url: `/api/admin/transactions/${transaction_id}/confirm`,
        headers: { authorization: `Bearer ${ctx.operatorToken}` },
      });
      expect(res.statusCode).toBe(409);
      expect(await kit.balanceOf(c.id)).toBe('0.00');
    });
  });

  describe('alternative method and cashier widget', () => {
    it('the e-wallet page approves through the webhook', async () => {
      const c = await kit.client();
      const { next, transaction_id } = (await kit.create(c.token, { amount: 500, method: 3 })).json().data;
      expect(next.type).toBe('redirect');
      expect(next.url).toMatch(/^\/sandbox\/wallet\?s=/);
      expect((await app.inject({ method: 'GET', url: next.url })).body).toContain('Approve payment');
      const done = await kit.submit(next.url, { decision: 'approve' });
      expect(done.headers.location).toBe(
        `/payment/alternative?transaction=${transaction_id}&result=approved`,
      );
      expect(await kit.balanceOf(c.id)).toBe('500.00');
      expect((await kit.transaction(transaction_id))?.typeId).toBe(3);
    });

    it('the cashier widget pays with 3DS through its script calls and reports the result', async () => {
      const c = await kit.client();
      const { next, transaction_id } = (await kit.create(c.token, { amount: 750, method: 9 })).json().data;
      expect(next).toMatchObject({ type: 'widget', scriptUrl: '/sandbox/cashier.js', launcher: 'launcher' });
      const script = await app.inject({ method: 'GET', url: next.scriptUrl });
      expect(script.headers['content-type']).toContain('javascript');
      expect(script.body).toContain("id: 'launcher'");
      const pay = await kit.post('/sandbox/cashier/pay', {
        session: next.session,
        card_number: '4242424242424242',
        expiry: '12/39',
        cvc: '123',
      });
      expect(pay.json().result).toBe('challenge');
      const confirmed = await kit.post('/sandbox/cashier/3ds', {
        challenge: pay.json().challenge,
        code: '1234',
      });
      expect(confirmed.json()).toEqual({ result: 'approved', transaction_id });
      expect(await kit.balanceOf(c.id)).toBe('750.00');
      expect((await kit.transaction(transaction_id))?.typeId).toBe(9);
    });
  });

  describe('idempotency', () => {
    it('a retried create with the same key returns the first transaction; another key makes a new one', async () => {
      const c = await kit.client();
      const first = await kit.create(c.token, { amount: 300, method: 2 }, 'key-aaaaaaaa');
      const again = await kit.create(c.token, { amount: 300, method: 2 }, 'key-aaaaaaaa');
      expect(again.json().data.transaction_id).toBe(first.json().data.transaction_id);
      const other = await kit.create(c.token, { amount: 300, method: 2 }, 'key-bbbbbbbb');
      expect(other.json().data.transaction_id).not.toBe(first.json().data.transaction_id);
      const list = await app.inject({ method: 'GET', url: `/api/transactions/get/${c.token}` });
      expect(list.json().data).toHaveLength(2);
    });

    it('parallel requests with one key create one transaction', async () => {
      const c = await kit.client();
      const results = await Promise.all(
        Array.from({ length: 5 }, () => kit.create(c.token, { amount: 300, method: 2 }, 'key-parallel-1')),
      );
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(results.map((r) => r.json().data.transaction_id)).size).toBe(1);
    });

    it('the same key with other details is refused', async () => {
      const c = await kit.client();
      await kit.create(c.token, { amount: 300, method: 2 }, 'key-cccccccc');
      const res = await kit.create(c.token, { amount: 900, method: 2 }, 'key-cccccccc');
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    });

    it("one client's key does not collide with another client's", async () => {
      const a = await kit.client();
      const b = await kit.client();
      const ra = await kit.create(a.token, { amount: 300, method: 2 }, 'key-shared-1');
      const rb = await kit.create(b.token, { amount: 300, method: 2 }, 'key-shared-1');
      expect(ra.json().data.transaction_id).not.toBe(rb.json().data.transaction_id);
    });
  });

  it('lists only the caller’s transactions; a bad token is refused', async () => {
    const a = await kit.client();
    const b = await kit.client();
    await kit.create(a.token, { amount: 300, method: 2 });
    const list = await app.inject({ method: 'GET', url: `/api/transactions/get/${b.token}` });
    expect(list.json().data).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/transactions/get/nope' })).statusCode).toBe(401);
    const [row] = await db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, a.id));
    expect(row?.balance).toBe('0.00');
  });
});
