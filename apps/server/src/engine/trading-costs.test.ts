// Scenario: commission, swaps, stop-out level and leverage caps come from the account's profile.
import {
  buyPrice,
  DEFAULT_TRADING_PROFILE,
  presetProfile,
  sellPrice,
  type TradingProfile,
} from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildEngine, quote } from './fixtures.js';

const withForex = (
  forex: Partial<TradingProfile['groups']['forex']>,
  base = DEFAULT_TRADING_PROFILE,
): TradingProfile => ({
  ...base,
  groups: { ...base.groups, forex: { ...base.groups.forex, ...forex } },
});

describe('trading costs from the profile', () => {
  it('charges the commission at the open, in the same batch, tied to the position', async () => {
    const profile = withForex({ commission: { unit: 'perLot', value: 7 } });
    const { engine, persistence } = buildEngine([buildAccount({ profile: 'brand' })], {
      profiles: { brand: profile },
    });
    engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
    // notional 500 × 20 = 10,000 EUR = 0.1 lot → 0.70 EUR
    const outcome = await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'EURUSD',
      direction: 'buy',
      amount: 500,
      leverage: 20,
      price: 1.1,
    });
    expect(outcome.ok).toBe(true);
    const batch = persistence.batches.at(-1);
    expect(batch?.events.map((e) => e.type)).toEqual(['position.opened', 'balance.changed']);
    const [opened, charged] = batch?.events ?? [];
    expect(opened?.type === 'position.opened' && opened.position.commission).toBe(0.7);
    expect(charged).toMatchObject({
      change: -0.7,
      balance: 999.3,
      cause: { kind: 'commission', positionId: opened?.type === 'position.opened' ? opened.position.id : 0 },
    });
    expect(engine.positions(1).open[0]?.commission).toBe(0.7);
  });

  it('refuses an open whose amount plus commission exceeds the free margin', async () => {
    const profile = withForex({ commission: { unit: 'percent', value: 0.1 } });
    const { engine } = buildEngine([buildAccount({ profile: 'brand', balance: 1_000 })], {
      profiles: { brand: profile },
    });
    engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
    const outcome = await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'EURUSD',
      direction: 'buy',
      amount: 1_000,
      leverage: 10,
      price: 1.1,
    });
    expect(!outcome.ok && outcome.rejection.message.key).toBe('engineOrder.commissionExceedsFreeMargin');
  });

  it('charges swaps at the rollover (triple on Wednesday, none on a weekend) and keeps the total on the position', async () => {
    const swap = { long: -3.6, short: 1, tripleDay: 3 as const, weekends: false };
    const { engine, persistence } = buildEngine([buildAccount({ profile: 'brand' })], {
      profiles: { brand: withForex({ swap }) },
    });
    engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
    await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'EURUSD',
      direction: 'buy',
      amount: 100,
      leverage: 10,
      price: 1.1,
    });
    const id = engine.positions(1).open[0]?.id as number;
    // notional 1,000 × −3.6 % ÷ 360 = −0.10 per night
    engine.rollover(Date.UTC(2026, 0, 6, 22)); // Tuesday
    engine.rollover(Date.UTC(2026, 0, 7, 22)); // Wednesday: 3 nights
    engine.rollover(Date.UTC(2026, 0, 10, 22)); // Saturday: none
    const swaps = persistence.events.filter((e) => e.type === 'balance.changed' && e.cause.kind === 'swap');
    expect(swaps.map((e) => e.type === 'balance.changed' && [e.change, e.cause])).toEqual([
      [-0.1, { kind: 'swap', positionId: id, nights: 1 }],
      [-0.3, { kind: 'swap', positionId: id, nights: 3 }],
    ]);
    expect(engine.positions(1).open[0]?.swap).toBe(-0.4);
    expect(engine.summary(1).balance).toBe(999.6);
  });

  it('uses the profile stop-out level and leverage caps', async () => {
    const esma = presetProfile('esma');
    const { engine } = buildEngine([buildAccount({ profile: 'esma' })], { profiles: { esma } });
    engine.onQuote(quote('BTCUSD', 60_000, 60_000, 1_000));
    const capped = await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: 100,
      leverage: 3,
      price: 60_015,
    });
    expect(!capped.ok && capped.rejection.errors[0]).toMatchObject({
      path: 'leverage',
      key: 'engineOrder.leverageCapped',
      params: { max: 2 },
    });
    expect(
      (
        await engine.open({
          accountId: 1,
          now: 1_000,
          symbol: 'BTCUSD',
          direction: 'buy',
          amount: 100,
          leverage: 1,
          price: 60_015,
        })
      ).ok,
    ).toBe(true);

    const strict = { ...DEFAULT_TRADING_PROFILE, stopOutLevel: 0.9 };
    const other = buildEngine([buildAccount({ profile: 'strict', balance: 100 })], { profiles: { strict } });
    other.engine.onQuote(quote('BTCUSD', 60_000, 60_000, 1_000));
    await other.engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: 100,
      leverage: 10,
      price: 60_015,
    });
    other.engine.onQuote(quote('BTCUSD', 59_300, 59_300, 2_000)); // loss ≈ 12.2 → equity ≈ 87.8 ≤ 90 (> 50 %)
    expect(other.closes()[0]?.position.cause).toBe('stop_out');
  });

  it('deals at the brand markup of the account profile; other accounts keep theirs', async () => {
    const profile = withForex({ markup: { unit: 'pips', value: 1 } });
    const { engine, closes } = buildEngine([buildAccount({ profile: 'brand' }), buildAccount({ id: 2 })], {
      profiles: { brand: profile },
    });
    engine.onQuote(quote('EURUSD', 1.1, 1.1002, 1_000));
    await engine.open({
      accountId: 1,
      now: 1_000,
      symbol: 'EURUSD',
      direction: 'buy',
      amount: 100,
      leverage: 10,
      price: 1.1003,
      stop_lost: 1.0995,
    });
    await engine.open({
      accountId: 2,
      now: 1_000,
      symbol: 'EURUSD',
      direction: 'buy',
      amount: 100,
      leverage: 10,
      price: 1.1003,
      stop_lost: 1.0995,
    });
    expect(engine.positions(1).open[0]?.open_rate).toBe(1.1003); // ask + 1 pip
    expect(engine.positions(2).open[0]?.open_rate).toBe(buyPrice(1.1002));
    // bid 1.0996: the brand's sell price is 1.0995 (its SL fires), the default one 1.0996 × (1 − 0.00025) ≈ 1.09933
    engine.onQuote(quote('EURUSD', 1.0996, 1.0998, 2_000));
    expect(
      closes()
        .map((c) => [c.accountId, c.position.closedRate])
        .sort(),
    ).toEqual([
      [1, 1.0995],
      [2, sellPrice(1.0996)],
    ]);
    expect(engine.verifyIndexes()).toEqual([]);
  });
});
