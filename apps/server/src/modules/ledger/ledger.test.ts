import { money, parseMoney } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { ledgerEntries, tradingAccounts, users } from '../../db/schema.js';
import { registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { type Booking, Ledger, LedgerError } from './ledger.js';

/** The ledger books every balance change exactly, once per cause, and nothing when a booking is refused. */
describe(`the ledger (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { db } = runtime.ctx.database;
  const ledger = new Ledger();

  const account = async () => {
    const { email } = await registerClient(app);
    const [row] = await db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error('client not stored');
    return row.id;
  };
  const book = (booking: Booking) => db.transaction((tx) => ledger.book(tx as unknown as Db, booking));
  const entriesOf = (userId: number) =>
    db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(ledgerEntries.id);
  const balanceOf = async (userId: number) =>
    (
      await db
        .select({ balance: tradingAccounts.balance })
        .from(tradingAccounts)
        .where(eq(tradingAccounts.userId, userId))
    )[0]?.balance;

  it('books a deposit: one entry with the balance after it, and the balance moved by exactly its amount', async () => {
    const id = await account();
    const booked = await book({
      accountId: id,
      kind: 'deposit',
      amount: money('250.10'),
      cause: { transaction: 'TX-LEDGER0001' },
    });
    expect(booked).toMatchObject({ accountId: id, kind: 'deposit', amount: 250.1, balanceAfter: 250.1 });
    expect(await balanceOf(id)).toBe('250.10');
    expect(await entriesOf(id)).toEqual([
      expect.objectContaining({
        kind: 'deposit',
        amount: '250.10',
        balanceAfter: '250.10',
        reference: 'tx:TX-LEDGER0001',
        positionId: null,
      }),
    ]);
  });

  it('adds in exact decimals where floats would drift, up to ten trillion', async () => {
    const id = await account();
    for (let i = 0; i < 10; i++)
      await book({
        accountId: id,
        kind: 'bonus',
        amount: money('0.10'),
        cause: { staffAction: `dime-${i}` },
      });
    expect(await balanceOf(id)).toBe('1.00'); // 0.1 added ten times in floats is 0.9999999999999999
    const big = await book({
      accountId: id,
      kind: 'deposit',
      amount: money('9999999998.99'),
      cause: { transaction: 'TX-LEDGERBIG1' },
    });
    expect(big.balanceAfter).toBe(parseMoney('9999999999.99'));
    expect(await balanceOf(id)).toBe('9999999999.99');
  });

  it('names each cause in the stored reference: transaction, refund, staff action, position', async () => {
    const id = await account();
    await book({
      accountId: id,
      kind: 'deposit',
      amount: money(500),
      cause: { transaction: 'TX-LEDGER0002' },
    });
    await book({
      accountId: id,
      kind: 'withdrawal',
      amount: money(-100),
      cause: { transaction: 'TX-LEDGER0003' },
    });
    await book({
      accountId: id,
      kind: 'withdrawal_reversal',
      amount: money(100),
      cause: { transaction: 'TX-LEDGER0003' },
    });
    await book({ accountId: id, kind: 'adjustment', amount: money(-0.5), cause: { staffAction: '42' } });
    expect((await entriesOf(id)).map((e) => [e.kind, e.amount, e.balanceAfter, e.reference])).toEqual([
      ['deposit', '500.00', '500.00', 'tx:TX-LEDGER0002'],
      ['withdrawal', '-100.00', '400.00', 'tx:TX-LEDGER0003'],
      ['withdrawal_reversal', '100.00', '500.00', 'tx:TX-LEDGER0003:reversal'],
      ['adjustment', '-0.50', '499.50', 'staff:42'],
    ]);
  });

  it('books a cause once: a replayed deposit is refused and changes nothing', async () => {
    const id = await account();
    const deposit: Booking = {
      accountId: id,
      kind: 'deposit',
      amount: money(300),
      cause: { transaction: 'TX-LEDGER0004' },
    };
    await book(deposit);
    await expect(book(deposit)).rejects.toThrow();
    expect(await balanceOf(id)).toBe('300.00');
    expect(await entriesOf(id)).toHaveLength(1);
  });

  it('refuses a sign its kind forbids, inside the caller transaction, so nothing is written', async () => {
    const id = await account();
    const refusals: Booking[] = [
      { accountId: id, kind: 'deposit', amount: money(-5), cause: { transaction: 'TX-LEDGER0005' } },
      { accountId: id, kind: 'withdrawal', amount: money(5), cause: { transaction: 'TX-LEDGER0006' } },
      { accountId: id, kind: 'negative_balance_protection', amount: money(0), cause: { positionId: 1 } },
      { accountId: id, kind: 'bonus', amount: money(0), cause: { staffAction: 'nothing' } },
    ];
    for (const booking of refusals) await expect(book(booking)).rejects.toThrow(LedgerError);
    expect(await balanceOf(id)).toBe('0.00');
    expect(await entriesOf(id)).toEqual([]);
  });

  it('refuses an unknown account', async () => {
    await expect(
      book({
        accountId: 987_654,
        kind: 'deposit',
        amount: money(1),
        cause: { transaction: 'TX-LEDGER0007' },
      }),
    ).rejects.toThrow(/account 987654 does not exist/);
  });

  it('cannot book a bare number: the amount must be Money, whole cents', async () => {
    const id = await account();
    await expect(
      book({
        accountId: id,
        kind: 'deposit',
        // @ts-expect-error a computed float is not Money; only the domain's helpers make Money
        amount: 0.1 + 0.2,
        cause: { transaction: 'TX-LEDGER0008' },
      }),
    ).rejects.toThrow(RangeError);
    expect(await entriesOf(id)).toEqual([]);
  });
});
