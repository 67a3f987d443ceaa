import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../test/i18n.js';
import { positionFixture } from '../../../test/platformFixtures.js';
import { closeCause, closeExplanation } from './closeExplanation.js';

const money = (value: number) => `€${value.toFixed(2)}`;
const quote = { buy: 75_100, sell: 75_000 };

describe('a close by the broker', () => {
  it("names the broker and the staff member's reason, then the quote it closed at", () => {
    const position = positionFixture({
      closed_rate: 75_000,
      close_date: '2026-11-24T20:00:00.000Z',
      closingReason: 0,
      closingCause: 'broker',
      close_context: { quote, by: 'staff', reason: 'Suspected price abuse' } as never,
    });
    expect(closeCause({ position })).toBe('broker');
    const lines = closeExplanation({ position, cause: 'broker', automatic: true }, money);
    expect(lines[0]).toEqual({ key: 'dealing.closedByBroker', params: { reason: 'Suspected price abuse' } });
    expect(lines[1]).toEqual({
      key: 'ord.why.quote',
      params: { rate: '75000.00', sell: '75000.00', buy: '75100.00' },
    });
    const params = { reason: 'Suspected price abuse' };
    expect(createI18n('en').t('dealing.closedByBroker', params)).toBe(
      'Closed by the broker: Suspected price abuse',
    );
    expect(createI18n('de').t('dealing.closedByBroker', params)).toBe(
      'Vom Broker geschlossen: Suspected price abuse',
    );
  });

  it('without a reason it still says the broker closed it', () => {
    const position = positionFixture({
      closed_rate: 75_000,
      close_date: '2026-11-24T20:00:00.000Z',
      closingReason: 0,
      closingCause: 'broker',
      close_context: { quote },
    });
    expect(closeExplanation({ position }, money)[0]).toEqual({
      key: 'ord.why.broker',
      params: { level: '—', leverage: position.leverage },
    });
  });
});
