// Scenario: spec §5/§6 — the server enforces every new-trade rule, whatever the client sent.
import { describe, expect, it } from 'vitest';
import { buildAccount, buildEngine, quote } from './fixtures.js';
import type { AccountSnapshot, OpenCommand } from './types.js';

const base: Omit<OpenCommand, 'type'> = {
  accountId: 1,
  now: 1_000,
  symbol: 'BTCUSD',
  direction: 'buy',
  amount: 100,
  leverage: 10,
  price: 60_015,
};

async function refusal(account: Partial<AccountSnapshot>, command: Partial<OpenCommand>, now = 1_000) {
  const { engine, persistence } = buildEngine([buildAccount(account)]);
  engine.onQuote(quote('BTCUSD', 60_000, 60_000, 1_000));
  engine.onQuote(quote('GOLD', 2_000, 2_000, 1_000));
  const outcome = await engine.open({ ...base, now, ...command });
  expect(persistence.batches).toHaveLength(0);
  if (outcome.ok) throw new Error('expected a refusal');
  return outcome.rejection;
}

describe('new trade refusals', () => {
  it.each<[string, Partial<AccountSnapshot>, Partial<OpenCommand>, string, string]>([
    ['an unverified account', { verified: false }, {}, 'account.notVerified', ''],
    ['a category not in assets_group_permission', { assetsGroupPermission: [2] }, {}, 'account.noAccess', ''],
    ['a leverage not in the category list', {}, { leverage: 7 }, 'trade.leverageNotAllowed', 'leverage'],
    [
      'a leverage custom_leverage does not allow',
      { customLeverage: { crypto: [0, 1, 2] } },
      {},
      'trade.leverageNotAllowed',
      'leverage',
    ],
    ['an amount below 1', {}, { amount: 0.5 }, 'field.min', 'amount'],
    ['an amount finer than 0.01', {}, { amount: 10.005 }, 'field.step', 'amount'],
    ['an amount above free margin', { balance: 99.99 }, {}, 'field.max', 'amount'],
    ['a buy stop loss above the sell price', {}, { stop_lost: 61_000 }, 'trigger.cantBeHigher', 'stop_lost'],
    [
      'a buy take profit below the sell price',
      {},
      { take_profit: 59_000 },
      'trigger.cantBeLower',
      'take_profit',
    ],
    ['an unknown instrument', {}, { symbol: 'DOGEUSD' }, 'error.notFound', 'symbol'],
  ])('refuses %s', async (_, account, command, key, path) => {
    const rejection = await refusal(account, command);
    expect(rejection.message.key).toBe(key);
    expect(rejection.errors[0]?.path).toBe(path);
  });

  it("answers 'Temporarily unavailable' without a quote, or with one older than the staleness limit", async () => {
    expect((await refusal({}, { symbol: 'ETHUSD' })).message.key).toBe('trade.temporarilyUnavailable');
    expect((await refusal({}, {}, 31_001)).message.key).toBe('trade.temporarilyUnavailable');
  });

  it('checks the account before anything else: an unverified client with a bad amount hears only that', async () => {
    const rejection = await refusal({ verified: false }, { amount: 0.5, leverage: 7 });
    expect(rejection.errors).toEqual([{ path: '', key: 'account.notVerified' }]);
  });

  it('reports every field problem at once, first one as the message', async () => {
    const rejection = await refusal({}, { amount: 0.5, leverage: 7, stop_lost: 61_000 });
    expect(rejection.errors.map((e) => e.path)).toEqual(['amount', 'leverage', 'stop_lost']);
    expect(rejection.message.key).toBe('field.min');
  });

  it('refuses a trade that would put the account at its stop-out level, and accepts a smaller one', async () => {
    const { engine } = buildEngine([buildAccount({ balance: 1_000 })]);
    engine.onQuote(quote('BTCUSD', 60_000, 60_000, 1_000));
    expect((await engine.open({ ...base, amount: 600, leverage: 3 })).ok).toBe(true);
    // −30 %: loss ≈ 540.6, equity ≈ 459.4 above 50 % of the 600 in use; free margin 400
    engine.onQuote(quote('BTCUSD', 42_000, 42_000, 2_000));
    const next = { ...base, now: 2_000, leverage: 3, price: 42_010.5 };

    // 400 more: margin 1,000, level 500 > equity → refused, though amount ≤ free margin
    const refused = await engine.open({ ...next, amount: 400 });
    expect(!refused.ok && refused.rejection.errors).toEqual([{ path: '', key: 'trade.stopOutLevel' }]);
    // 300 more: margin 900, level 450 < equity ≈ 459 → accepted
    expect((await engine.open({ ...next, amount: 300 })).ok).toBe(true);
  });
});
