import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, paymentWebhooks } from '../../db/schema.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../../test/payments-kit.js';
import { signWebhook } from './signing.js';

describe(`payment webhooks: signature, window, matching and booking once (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { ctx } = runtime;
  const { db } = ctx.database;
  const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret);

  /** A fresh client with a pending €250 card deposit through card-1. */
  const pendingCardDeposit = async () => {
    const client = await kit.client();
    const res = await kit.create(client.token, { amount: 250, method: 1 });
    expect(res.statusCode).toBe(200);
    const reference: string = res.json().data.transaction_id;
    expect((await kit.transaction(reference))?.statusId).toBe(1);
    return { client, reference };
  };

  const entriesOf = (userId: number) =>
    db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));

  /** Every webhook call recorded whose body names this order. */
  const recordedFor = (reference: string) =>
    db
      .select()
      .from(paymentWebhooks)
      .where(like(paymentWebhooks.body, `%"order_id":"${reference}"%`))
      .orderBy(paymentWebhooks.id);

  /** Nothing was booked for the client and the deposit is still waiting for its provider. */
  const expectUntouched = async (client: { id: number }, reference: string) => {
    expect(await kit.balanceOf(client.id)).toBe('0.00');
    expect(await entriesOf(client.id)).toEqual([]);
    expect((await kit.transaction(reference))?.statusId).toBe(1);
    await ctx.trading.ensureAccount(client.id);
    expect(ctx.trading.balance(client.id).balance).toBe(0);
  };

  it('refuses a webhook signed with the wrong secret (401) and books nothing', async () => {
    const { client, reference } = await pendingCardDeposit();
    const res = await kit.webhook(reference, { secret: 'not-the-provider-secret' }).send();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: false, code: 'WEBHOOK_BAD_SIGNATURE' });
    await expectUntouched(client, reference);
  });

  it('refuses a correctly signed webhook whose timestamp is older than the window (401 stale)', async () => {
    const { client, reference } = await pendingCardDeposit();
    const res = await kit.webhook(reference, { at: Date.now() - 10 * 60_000 }).send();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'WEBHOOK_STALE_TIMESTAMP' });
    await expectUntouched(client, reference);
    // Still inside the window (default 300 s) it is accepted.
    expect(ctx.config.paymentWebhookToleranceMs).toBe(300_000);
    const fresh = await kit.webhook(reference, { at: Date.now() - 60_000 }).send();
    expect(fresh.statusCode).toBe(200);
    expect(await kit.balanceOf(client.id)).toBe('250.00');
  });

  it('refuses a timestamp from the future beyond the window', async () => {
    const { client, reference } = await pendingCardDeposit();
    const res = await kit.webhook(reference, { at: Date.now() + 10 * 60_000 }).send();
    expect(res.statusCode).toBe(401);
    await expectUntouched(client, reference);
  });

  it('refuses a webhook without signature headers, or whose body was changed after signing', async () => {
    const { client, reference } = await pendingCardDeposit();
    const genuine = kit.webhook(reference);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/transaction/update/card-1',
      headers: { 'content-type': 'application/json' },
      payload: genuine.body,
    });
    expect(unsigned.statusCode).toBe(401);
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/transaction/update/card-1',
      headers: genuine.headers,
      payload: genuine.body.replace('"payment_id":"pay_test"', '"payment_id":"pay_evil"'),
    });
    expect(tampered.statusCode).toBe(401);
    await expectUntouched(client, reference);
  });

  it('refuses a correctly signed webhook with another amount (422) and books nothing', async () => {
    const { client, reference } = await pendingCardDeposit();
    const res = await kit.webhook(reference, { amount: '1.00' }).send();
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'WEBHOOK_MISMATCH' });
    await expectUntouched(client, reference);
  });

  it('refuses a correctly signed webhook with another currency (422)', async () => {
    const { client, reference } = await pendingCardDeposit();
    const res = await kit.webhook(reference, { currency: 'USD' }).send();
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'WEBHOOK_MISMATCH' });
    await expectUntouched(client, reference);
  });

  it('books a replayed webhook once: the same body and headers again answer duplicate', async () => {
    const { client, reference } = await pendingCardDeposit();
    const hook = kit.webhook(reference);
    const first = await hook.send();
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ outcome: 'applied' });
    const again = await hook.send();
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ outcome: 'duplicate' });

    expect(await kit.balanceOf(client.id)).toBe('250.00');
    expect(ctx.trading.balance(client.id).balance).toBe(250);
    const entries = await entriesOf(client.id);
    expect(entries).toEqual([
      expect.objectContaining({ kind: 'deposit', amount: '250.00', reference: `tx:${reference}` }),
    ]);
    expect((await kit.transaction(reference))?.statusId).toBe(2);
  });

  it('books concurrent deliveries of one webhook once: one applied, the others duplicate', async () => {
    const { client, reference } = await pendingCardDeposit();
    const hook = kit.webhook(reference);
    const results = await Promise.all([hook.send(), hook.send(), hook.send(), hook.send()]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(results.map((r) => r.json().data.outcome).sort()).toEqual([
      'applied',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    expect(await kit.balanceOf(client.id)).toBe('250.00');
    expect(await kit.ledgerSum(client.id)).toBe(250);
    expect(await entriesOf(client.id)).toHaveLength(1);
    expect(ctx.trading.balance(client.id).balance).toBe(250);
    const recorded = await recordedFor(reference);
    expect(recorded.filter((r) => r.outcome === 'applied')).toHaveLength(1);
    expect(recorded.filter((r) => r.outcome === 'duplicate')).toHaveLength(3);
  });

  it('a second, different event after the first decided is a duplicate and changes nothing', async () => {
    const { client, reference } = await pendingCardDeposit();
    const succeeded = await kit.webhook(reference, { type: 'payment.succeeded' }).send();
    expect(succeeded.json().data).toEqual({ outcome: 'applied' });
    const failed = await kit.webhook(reference, { type: 'payment.failed' }).send();
    expect(failed.statusCode).toBe(200);
    expect(failed.json().data).toEqual({ outcome: 'duplicate' });
    const cancelled = await kit.webhook(reference, { type: 'payment.cancelled' }).send();
    expect(cancelled.json().data).toEqual({ outcome: 'duplicate' });
    expect((await kit.transaction(reference))?.statusId).toBe(2);
    expect(await kit.balanceOf(client.id)).toBe('250.00');
    expect(await entriesOf(client.id)).toHaveLength(1);
  });

  it('a success after a decline is a duplicate: a declined deposit is never credited', async () => {
    const { client, reference } = await pendingCardDeposit();
    const failed = await kit.webhook(reference, { type: 'payment.failed' }).send();
    expect(failed.json().data).toEqual({ outcome: 'applied' });
    const succeeded = await kit.webhook(reference, { type: 'payment.succeeded' }).send();
    expect(succeeded.json().data).toEqual({ outcome: 'duplicate' });
    expect((await kit.transaction(reference))?.statusId).toBe(3);
    expect(await kit.balanceOf(client.id)).toBe('0.00');
    expect(await entriesOf(client.id)).toEqual([]);
  });

  it('answers 404 for an unknown order id', async () => {
    const res = await kit.webhook('TX-0000000000').send();
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'WEBHOOK_UNKNOWN_TRANSACTION' });
  });

  it("refuses the right order on another provider's path: 401 with this provider's signature, 404 with that one's", async () => {
    const { client, reference } = await pendingCardDeposit();
    const wrongPath = await kit.webhook(reference).send('/api/transaction/update/card-2');
    expect(wrongPath.statusCode).toBe(401);
    const otherProvider = await kit.webhook(reference, { provider: 'card-2' }).send();
    expect(otherProvider.statusCode).toBe(404);
    expect(otherProvider.json()).toMatchObject({ code: 'WEBHOOK_UNKNOWN_TRANSACTION' });
    const unknownProvider = await kit.webhook(reference).send('/api/transaction/update/card-9');
    expect(unknownProvider.statusCode).toBe(404);
    expect(unknownProvider.json()).toMatchObject({ code: 'WEBHOOK_UNKNOWN_PROVIDER' });
    await expectUntouched(client, reference);
  });

  it('tells an unsigned caller nothing about which order ids exist: the same 401 for a real and a made-up one', async () => {
    const { client, reference } = await pendingCardDeposit();
    const real = await kit.webhook(reference, { secret: 'guess' }).send();
    const madeUp = await kit.webhook('TX-NOTREAL000', { secret: 'guess' }).send();
    expect([real.statusCode, madeUp.statusCode]).toEqual([401, 401]);
    expect(real.json()).toEqual(madeUp.json());
    await expectUntouched(client, reference);
  });

  it("checks a webhook against the brand whose host it was posted to: another brand's host cannot book this order", async () => {
    const { client, reference } = await pendingCardDeposit();
    const onAurora = (options: { brand?: string } = {}) => {
      const call = kit.webhook(reference, options);
      return app.inject({
        method: 'POST',
        url: '/api/transaction/update/card-1',
        headers: { ...call.headers, host: 'aurora.localhost:3000' },
        payload: call.body,
      });
    };
    // Signed for the order's own brand, posted to Aurora: Aurora's secret does not verify it.
    expect((await onAurora()).statusCode).toBe(401);
    // Signed with Aurora's own secret: verified, but the order is not Aurora's.
    const aurora = await onAurora({ brand: 'aurora' });
    expect(aurora.statusCode).toBe(404);
    expect(aurora.json()).toMatchObject({ code: 'WEBHOOK_UNKNOWN_TRANSACTION' });
    await expectUntouched(client, reference);
  });

  it('answers 429 past the refused calls one address may make in a minute, records no more of them, and still books a genuine call', async () => {
    const { client, reference } = await pendingCardDeposit();
    const sender = '203.0.113.77';
    const forged = kit.webhook(reference, { secret: 'forger' });
    const limit = ctx.config.paymentWebhookRefusalsPerMinute;
    const before = (await recordedFor(reference)).length;
    const send = (call: { headers: Record<string, string>; body: string }) =>
      app.inject({
        method: 'POST',
        url: '/api/transaction/update/card-1',
        headers: call.headers,
        payload: call.body,
        remoteAddress: sender,
      });
    for (let i = 0; i < limit; i++) expect((await send(forged)).statusCode).toBe(401);
    const limited = await send(forged);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: false, code: 'RATE_LIMITED' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await recordedFor(reference)).length).toBe(before + limit);
    const genuine = await send(kit.webhook(reference));
    expect(genuine.statusCode).toBe(200);
    expect(await kit.balanceOf(client.id)).toBe('250.00');
  });

  it('answers 400 for a body that is not JSON or not a webhook', async () => {
    const { client, reference } = await pendingCardDeposit();
    const secretHeaders = kit.webhook(reference).headers;
    for (const payload of [
      'not json',
      '{}',
      JSON.stringify({ order_id: reference, type: 'payment.succeeded' }),
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/transaction/update/card-1',
        headers: { ...secretHeaders, ...signWebhook('whatever', payload, Date.now()) },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toMatchObject({ code: 'WEBHOOK_MALFORMED' });
    }
    await expectUntouched(client, reference);
  });

  it('accepts the alias path /api/transactions/update/{provider}', async () => {
    const { client, reference } = await pendingCardDeposit();
    const res = await kit.webhook(reference).send('/api/transactions/update/card-1');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ outcome: 'applied' });
    expect(await kit.balanceOf(client.id)).toBe('250.00');
    expect((await kit.transaction(reference))?.statusId).toBe(2);
  });

  it('a forged webhook that uses a genuine event id first does not block the genuine one', async () => {
    const { client, reference } = await pendingCardDeposit();
    const forged = await kit.webhook(reference, { eventId: 'evt_x', secret: 'forger' }).send();
    expect(forged.statusCode).toBe(401);
    const genuine = await kit.webhook(reference, { eventId: 'evt_x' }).send();
    expect(genuine.statusCode).toBe(200);
    expect(genuine.json().data).toEqual({ outcome: 'applied' });
    expect(await kit.balanceOf(client.id)).toBe('250.00');
    const recorded = await recordedFor(reference);
    expect(recorded.map((r) => [r.outcome, r.eventId])).toEqual([
      ['rejected:bad-signature', null],
      ['applied', 'evt_x'],
    ]);
  });

  it('books two transactions whose provider events share an id (ids are only unique per merchant account)', async () => {
    const first = await pendingCardDeposit();
    const second = await pendingCardDeposit();
    for (const { reference } of [first, second]) {
      const res = await kit.webhook(reference, { eventId: 'evt_1001' }).send();
      expect(res.json().data).toEqual({ outcome: 'applied' });
    }
    expect(await kit.balanceOf(first.client.id)).toBe('250.00');
    expect(await kit.balanceOf(second.client.id)).toBe('250.00');
    // Within one transaction the id still marks a replay.
    const replay = await kit.webhook(second.reference, { eventId: 'evt_1001' }).send();
    expect(replay.json().data).toEqual({ outcome: 'duplicate' });
    expect(await kit.balanceOf(second.client.id)).toBe('250.00');
  });

  it("records every refused call as 'rejected:<reason>' without its event id", async () => {
    const { reference } = await pendingCardDeposit();
    const row = await kit.transaction(reference);
    const refusals: [string, () => ReturnType<ReturnType<typeof kit.webhook>['send']>][] = [
      ['rejected:bad-signature', () => kit.webhook(reference, { eventId: 'evt_r1', secret: 'x' }).send()],
      [
        'rejected:stale-timestamp',
        () => kit.webhook(reference, { eventId: 'evt_r2', at: Date.now() - 600_000 }).send(),
      ],
      ['rejected:mismatch', () => kit.webhook(reference, { eventId: 'evt_r3', amount: '1.00' }).send()],
      ['rejected:mismatch', () => kit.webhook(reference, { eventId: 'evt_r4', currency: 'USD' }).send()],
      [
        'rejected:unknown-transaction',
        () => kit.webhook(reference, { eventId: 'evt_r5', provider: 'card-2' }).send(),
      ],
    ];
    for (const [, send] of refusals) expect((await send()).statusCode).toBeGreaterThanOrEqual(400);

    const recorded = await recordedFor(reference);
    expect(recorded.map((r) => r.outcome)).toEqual(refusals.map(([outcome]) => outcome));
    for (const r of recorded) {
      expect(r.outcome.startsWith('rejected:')).toBe(true);
      expect(r.eventId).toBeNull();
    }
    // Only calls whose signature held were matched to the transaction (the mismatches point at it);
    // nothing is looked up for an unverified call, and the other provider's order is not found.
    expect(recorded.map((r) => r.transactionId)).toEqual([null, null, row?.id, row?.id, null]);

    const unknown = await kit.webhook('TX-ZZZZZZZZZZ', { eventId: 'evt_r6' }).send();
    expect(unknown.statusCode).toBe(404);
    expect((await recordedFor('TX-ZZZZZZZZZZ')).map((r) => [r.outcome, r.eventId, r.transactionId])).toEqual([
      ['rejected:unknown-transaction', null, null],
    ]);
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/transaction/update/card-1',
      headers: { 'content-type': 'application/json' },
      payload: 'not json at all 7f3a',
    });
    expect(malformed.statusCode).toBe(400);
    const [stored] = await db
      .select()
      .from(paymentWebhooks)
      .where(eq(paymentWebhooks.body, 'not json at all 7f3a'));
    expect(stored).toMatchObject({ outcome: 'rejected:malformed', eventId: null, transactionId: null });
  });

  it("declines the deposit on 'payment.failed' (status 3) without a ledger entry", async () => {
    const { client, reference } = await pendingCardDeposit();
    const res = await kit.webhook(reference, { type: 'payment.failed' }).send();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ outcome: 'applied' });
    expect((await kit.transaction(reference))?.statusId).toBe(3);
    expect(await kit.balanceOf(client.id)).toBe('0.00');
    expect(await entriesOf(client.id)).toEqual([]);
    await ctx.trading.ensureAccount(client.id);
    expect(ctx.trading.balance(client.id).balance).toBe(0);
    const list = await app.inject({ method: 'GET', url: `/api/transactions/get/${client.token}` });
    expect(list.json().data).toEqual([
      expect.objectContaining({ transaction_id: reference, transaction_status: { name: 'Declined' } }),
    ]);
  });
});
