import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brands, transactions } from '../../db/schema.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../../test/payments-kit.js';

describe(`a deposit above the brand's maximum is refused and changes nothing (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { ctx } = runtime;
  const { db } = ctx.database;
  const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret as string);

  const setMaxDeposit = async (maxDeposit: number | undefined) => {
    await db
      .update(brands)
      .set({
        settings:
          maxDeposit === undefined
            ? sql`${brands.settings} - 'maxDeposit'`
            : sql`jsonb_set(${brands.settings}, '{maxDeposit}', ${JSON.stringify(maxDeposit)}::jsonb)`,
      })
      .where(eq(brands.slug, 'demo'));
    ctx.brands.invalidate();
  };

  /** What a refused deposit must leave untouched: balance, ledger, transactions. */
  const footprint = async (userId: number) => ({
    balance: await kit.balanceOf(userId),
    ledger: await kit.ledgerSum(userId),
    transactions: (await db.select().from(transactions).where(eq(transactions.userId, userId))).length,
  });

  it("refuses more than 1,000,000 by default, on a pending bank wire too, with 'Maximum Deposit € 1,000,000'", async () => {
    const c = await kit.client();
    const before = await footprint(c.id);
    const res = await kit.create(c.token, { amount: 1_000_000.01, method: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({
        path: 'amount',
        key: 'deposit.maximum',
        message: 'Maximum Deposit € 1,000,000',
      }),
    ]);
    expect(await footprint(c.id)).toEqual(before);
    // The maximum itself is a valid (pending) deposit.
    expect((await kit.create(c.token, { amount: 1_000_000, method: 2 })).statusCode).toBe(200);
  });

  it("applies the brand's own maximum to every method and tells the page about it", async () => {
    await setMaxDeposit(5000);
    try {
      const c = await kit.client();
      const methods = await app.inject({ method: 'GET', url: `/api/payments/methods?token=${c.token}` });
      expect(methods.json().data).toMatchObject({ minDeposit: 250, maxDeposit: 5000 });
      const before = await footprint(c.id);
      for (const [method, provider] of [
        [1, 'card-1'],
        [1, 'card-2'],
        [2, 'wire'],
        [3, 'wallet'],
        [9, 'cashier'],
      ] as const) {
        const res = await kit.create(c.token, { amount: 5000.01, method, provider });
        expect(res.statusCode, provider).toBe(400);
        expect(res.json().errors?.[0]).toMatchObject({
          key: 'deposit.maximum',
          message: 'Maximum Deposit € 5,000',
        });
      }
      expect(await footprint(c.id)).toEqual(before);
      expect((await kit.create(c.token, { amount: 5000, method: 2 })).statusCode).toBe(200);
    } finally {
      await setMaxDeposit(undefined);
    }
  });
});
