import { MESSAGES_EN } from '@openbroker/domain';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { auditLog, transactions } from '../../db/schema.js';
import { SecretBox } from '../../lib/secret-box.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../../test/payments-kit.js';
import { PaymentsRepo } from './payments.repo.js';
import { EXPIRY_ACTOR, PaymentsService } from './payments.service.js';

const MINUTE = 60_000;
const EXPIRY = 30 * MINUTE;
const EXPIRED_NOTE = MESSAGES_EN['fix.depositExpired'];

describe(`card deposits abandoned at the provider expire (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { ctx } = runtime;
  const { db } = ctx.database;
  const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret);

  /** The payments service on a clock the test moves: `minutesLater` after the real now. */
  let minutesLater = 0;
  const payments = new PaymentsService(new PaymentsRepo(db), ctx.gateway, {
    masterSecret: ctx.config.paymentSandboxSecret,
    secretBox: new SecretBox(ctx.config.brandSecretsKey),
    sandbox: true,
    webhookToleranceMs: ctx.config.paymentWebhookToleranceMs,
    now: () => Date.now() + minutesLater * MINUTE,
  });

  const auditOf = (reference: string) =>
    db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.subject, `transaction:${reference}`),
          eq(auditLog.action, 'transaction.deposit.expire'),
        ),
      );

  it('a card deposit stays Pending until the configured time, then is cancelled as expired, audited, booking nothing', async () => {
    const c = await kit.client();
    const card = (await kit.create(c.token, { amount: 250, method: 1 })).json().data.transaction_id;
    const wire = (await kit.create(c.token, { amount: 300, method: 2 })).json().data.transaction_id;

    minutesLater = 29;
    expect(await payments.expireAbandoned(EXPIRY, { userId: c.id })).toBe(0);
    expect((await kit.transaction(card))?.statusId).toBe(1);

    minutesLater = 31;
    expect(await payments.expireAbandoned(EXPIRY, { userId: c.id })).toBe(1);
    const row = await kit.transaction(card);
    expect(row).toMatchObject({ statusId: 4, statusNote: EXPIRED_NOTE, decidedBy: EXPIRY_ACTOR });
    // a bank wire waits for staff, however long
    expect((await kit.transaction(wire))?.statusId).toBe(1);
    expect(await kit.balanceOf(c.id)).toBe('0.00');
    expect(await kit.ledgerSum(c.id)).toBe(0);
    const audit = await auditOf(card);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: EXPIRY_ACTOR, userId: c.id });
    expect(audit[0]?.details).toMatchObject({ amount: '250.00', provider: 'card-1', afterMinutes: 30 });

    // decided once: a second sweep finds nothing and writes no second audit row
    expect(await payments.expireAbandoned(EXPIRY, { userId: c.id })).toBe(0);
    expect(await auditOf(card)).toHaveLength(1);
  });

  it('the e-wallet and cashier deposits expire too; a sweep without a client takes every client', async () => {
    const a = await kit.client();
    const b = await kit.client();
    const wallet = (await kit.create(a.token, { amount: 250, method: 3 })).json().data.transaction_id;
    const cashier = (await kit.create(b.token, { amount: 250, method: 9 })).json().data.transaction_id;
    minutesLater = 31;
    expect(await payments.expireAbandoned(EXPIRY)).toBeGreaterThanOrEqual(2);
    expect((await kit.transaction(wallet))?.statusId).toBe(4);
    expect((await kit.transaction(cashier))?.statusId).toBe(4);
  });

  it("the client's list shows an overdue deposit as Cancelled with the expiry note at once", async () => {
    const c = await kit.client();
    const card = (await kit.create(c.token, { amount: 250, method: 1 })).json().data.transaction_id;
    const list = async () =>
      (await app.inject({ method: 'GET', url: `/api/transactions/get/${c.token}` })).json().data;
    expect((await list())[0]).toMatchObject({ transaction_id: card, transaction_status_id: 1 });
    // the deposit was opened 31 minutes ago (the server's default expiry is 30 minutes)
    await db
      .update(transactions)
      .set({ createdAt: sql`now() - interval '31 minutes'` })
      .where(eq(transactions.reference, card));
    expect((await list())[0]).toMatchObject({
      transaction_id: card,
      transaction_status_id: 4,
      transaction_status: { name: 'Cancelled' },
      status_note: EXPIRED_NOTE,
    });
  });

  it('a payment the provider still confirms after the expiry is credited once; a late failure changes nothing', async () => {
    const c = await kit.client();
    const card = (await kit.create(c.token, { amount: 250, method: 1 })).json().data.transaction_id;
    const other = (await kit.create(c.token, { amount: 250, method: 1 })).json().data.transaction_id;
    minutesLater = 31;
    expect(await payments.expireAbandoned(EXPIRY, { userId: c.id })).toBe(2);

    const late = kit.webhook(card);
    expect((await late.send()).json().data).toEqual({ outcome: 'applied' });
    expect(await kit.transaction(card)).toMatchObject({ statusId: 2, statusNote: '' });
    expect(await kit.balanceOf(c.id)).toBe('250.00');
    // the same success again books nothing
    expect((await kit.webhook(card).send()).json().data).toEqual({ outcome: 'duplicate' });
    expect(await kit.ledgerSum(c.id)).toBe(250);

    expect((await kit.webhook(other, { type: 'payment.failed' }).send()).json().data).toEqual({
      outcome: 'duplicate',
    });
    expect(await kit.transaction(other)).toMatchObject({ statusId: 4, statusNote: EXPIRED_NOTE });
  });

  it('the expiry is PAYMENT_PENDING_EXPIRY_MINUTES, 30 by default, 5 minutes to a week', () => {
    expect(loadConfig({}).paymentPendingExpiryMs).toBe(30 * MINUTE);
    expect(loadConfig({ PAYMENT_PENDING_EXPIRY_MINUTES: '90' }).paymentPendingExpiryMs).toBe(90 * MINUTE);
    expect(() => loadConfig({ PAYMENT_PENDING_EXPIRY_MINUTES: '2' })).toThrow(
      /PAYMENT_PENDING_EXPIRY_MINUTES/,
    );
    expect(() => loadConfig({ PAYMENT_PENDING_EXPIRY_MINUTES: 'soon' })).toThrow(
      /PAYMENT_PENDING_EXPIRY_MINUTES/,
    );
  });
});
