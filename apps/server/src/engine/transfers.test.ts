// Scenario: a transfer between two accounts holds both accounts' queues while it commits; it converts at the source
// account's brand quote of the pair and never moves more than the source's free margin.

import { money } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { buildAccount, buildEngine, flush, INSTRUMENTS, ManualPersistence, quote } from './fixtures.js';

const same = { pair: null, fromCurrency: 'EUR', toCurrency: 'EUR' } as const;

describe('transfers between two accounts', () => {
  it('debits the source and credits the target in one batch, converted at the brand sell price', async () => {
    const { engine, persistence } = buildEngine([
      buildAccount({ id: 1 }),
      buildAccount({ id: 2, balance: 0 }),
    ]);
    engine.onQuote(quote('EURUSD', 1.1, 1.1002, 1_000));
    const outcome = await engine.transfer({
      accountId: 1,
      toAccountId: 2,
      now: 1_000,
      amount: money(100),
      pair: { pair: 'EURUSD', sellsBase: true },
      fromCurrency: 'EUR',
      toCurrency: 'USD',
      transferId: 7,
    });
    expect(outcome.ok).toBe(true);
    const sell = engine.tradingTerms(1, 'EURUSD', 1_000)?.quote?.sell as number;
    expect(outcome.ok && outcome.figures.rate).toBe(String(sell));
    expect(persistence.batches).toHaveLength(1);
    expect(
      persistence.batches[0]?.events.map((e) => [e.accountId, e.type === 'balance.changed' && e.change]),
    ).toEqual([
      [1, -100],
      [2, Math.floor(100 * sell * 100) / 100],
    ]);
    expect(engine.summary(1).balance).toBe(900);
  });

  it('refuses more than the free margin, and a pair without a price', async () => {
    const { engine, persistence } = buildEngine([buildAccount({ id: 1 }), buildAccount({ id: 2 })]);
    const above = await engine.transfer({
      accountId: 1,
      toAccountId: 2,
      now: 1,
      amount: money(1000.01),
      transferId: 1,
      ...same,
    });
    expect(!above.ok && above.error).toMatchObject({
      key: 'transfers.aboveFreeMargin',
      params: { max: '€ 1000.00' },
    });
    const noPrice = await engine.transfer({
      accountId: 1,
      toAccountId: 2,
      now: 1,
      amount: money(1),
      pair: { pair: 'GBPUSD', sellsBase: false },
      fromCurrency: 'USD',
      toCurrency: 'GBP',
      transferId: 2,
    });
    expect(!noPrice.ok && noPrice.error.key).toBe('transfers.noRate');
    expect(persistence.batches).toEqual([]);
  });

  it('waits for both accounts: a withdrawal queued behind it sees the transfer, and crossing transfers never deadlock', async () => {
    const persistence = new ManualPersistence();
    const engine = Engine.restore(
      { accounts: [buildAccount({ id: 1 }), buildAccount({ id: 2, balance: 0 })], positions: [] },
      { instruments: INSTRUMENTS, persistence },
    );
    const there = engine.transfer({
      accountId: 1,
      toAccountId: 2,
      now: 1,
      amount: money(600),
      transferId: 1,
      ...same,
    });
    const back = engine.transfer({
      accountId: 2,
      toAccountId: 1,
      now: 1,
      amount: money(600),
      transferId: 2,
      ...same,
    });
    const withdrawal = engine.adjustBalance({
      accountId: 1,
      now: 1,
      amount: money(-600),
      kind: 'withdrawal',
      cause: { transaction: 'TX-1' },
    });
    await flush();
    // only the first transfer is committing; the rest wait for its accounts
    expect(persistence.pending).toHaveLength(1);
    await persistence.settleNext();
    expect((await there).ok).toBe(true);
    // the crossing transfer runs next, with both accounts free again
    expect(persistence.pending).toHaveLength(1);
    await persistence.settleNext();
    expect((await back).ok).toBe(true);
    await persistence.settleNext();
    expect((await withdrawal).ok).toBe(true);
    expect(engine.summary(1).balance).toBe(400);
    expect(engine.summary(2).balance).toBe(0);
  });
});
