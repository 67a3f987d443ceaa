import { describe, expect, it } from 'vitest';
import { positionFixture } from '../../../test/platformFixtures.js';
import { closeCause, closeExplanation } from './closeExplanation.js';

const closed = (overrides: Parameters<typeof positionFixture>[0]) =>
  positionFixture({ closed_rate: 75_000, close_date: '2026-11-21T12:00:00.000Z', ...overrides });
const money = (value: number) => `€${value.toFixed(2)}`;

describe('close explanations', () => {
  it('tells a stop-out (account figures) from the position reaching its own loss limit', () => {
    const quote = { buy: 75_100, sell: 75_000 };
    const stopOut = closed({
      closingReason: 3,
      close_context: { quote, equity: 50, usedMargin: 100, marginLevel: 50 },
    });
    expect(closeCause({ position: stopOut })).toBe('stopOut');
    expect(closeExplanation({ position: stopOut }, money)).toEqual([
      { key: 'ord.why.stopOut', params: { level: '—', leverage: 2 } },
      { key: 'ord.why.quote', params: { rate: '75000.00', sell: '75000.00', buy: '75100.00' } },
      { key: 'ord.why.margin', params: { equity: '€50.00', usedMargin: '€100.00', marginLevel: '50.0 %' } },
    ]);
    expect(closeCause({ position: closed({ closingReason: 3, close_context: { quote } }) })).toBe(
      'lossTermination',
    );
    expect(closeCause({ position: closed({ closingReason: 3, closingCause: 'loss_termination' }) })).toBe(
      'lossTermination',
    );
  });

  it("a 'manual' close in a notice was the broker's; a part of a position says so", () => {
    const manual = closed({ closingReason: 0, closingCause: 'manual' });
    expect(closeCause({ position: manual })).toBe('manual');
    expect(closeCause({ position: manual, cause: 'manual', automatic: true })).toBe('broker');
    expect(closeCause({ position: closed({ closingReason: 4 }) })).toBe('broker');
    expect(closeCause({ position: closed({ closingReason: 0, part_of: 3 }) })).toBe('partial');
  });

  it('names the level that fired: the trailing stop at the stop it had reached', () => {
    const trailed = closed({ closingReason: 1, closingCause: 'trailing_stop', stop_lost: 98_000 });
    expect(closeExplanation({ position: trailed }, money)[0]).toEqual({
      key: 'ord.why.trailingStop',
      params: { level: '98000.00', leverage: 2 },
    });
  });
});
