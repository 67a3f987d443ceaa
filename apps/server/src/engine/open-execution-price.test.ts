// Scenario: architecture §5 — the engine executes at its own price; the client's price is only compared.
import { buyPrice, formatPrice, sellPrice } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { buildEngine, quote } from './fixtures.js';

const trade = { accountId: 1, now: 1_000, symbol: 'EURUSD', amount: 100, leverage: 10 };

describe('execution price', () => {
  it('a buy opens at ask × 1.00025 and a sell at bid × 0.99975, whatever close price the client sent', async () => {
    const { engine } = buildEngine();
    engine.onQuote(quote('EURUSD', 1.08, 1.0802, 1_000));
    const buy = await engine.open({ ...trade, direction: 'buy', price: 1.0804 * 1.004 });
    const sell = await engine.open({ ...trade, direction: 'sell', price: 1.0797 * 0.996 });
    expect(buy.ok && buy.events[0]).toMatchObject({ position: { openRate: buyPrice(1.0802) } });
    expect(sell.ok && sell.events[0]).toMatchObject({ position: { openRate: sellPrice(1.08) } });
  });

  it('a price more than 0.5 % away is requoted with the new price, and nothing is opened', async () => {
    const { engine, persistence } = buildEngine();
    engine.onQuote(quote('EURUSD', 1.08, 1.0802, 1_000));
    const outcome = await engine.open({ ...trade, direction: 'buy', price: 1.0804 * 0.99 });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.rejection).toMatchObject({
      command: 'open',
      message: { key: 'trade.requote', params: { price: formatPrice(buyPrice(1.0802)) } },
    });
    expect(persistence.batches).toHaveLength(0);
    expect(engine.positions(1).open).toEqual([]);
  });

  it('the tolerance is a setting', async () => {
    const { engine } = buildEngine(undefined, { requoteTolerance: 0.0001 });
    engine.onQuote(quote('EURUSD', 1.08, 1.0802, 1_000));
    const outcome = await engine.open({ ...trade, direction: 'buy', price: buyPrice(1.0802) * 1.0005 });
    expect(!outcome.ok && outcome.rejection.message.key).toBe('trade.requote');
  });
});
