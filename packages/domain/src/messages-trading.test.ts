import { describe, expect, it } from 'vitest';
import { formatMessage, isMessageKey } from './messages.js';

describe('trading engine messages', () => {
  it('a requote asks the trader to check the new price', () => {
    expect(formatMessage({ key: 'trade.requote' })).toBe(
      'The price has changed. Please check the new price and try again.',
    );
  });

  it("another account's or an already closed position is simply not found", () => {
    expect(formatMessage({ key: 'trade.positionNotFound' })).toBe(
      'This position was not found. It may already be closed.',
    );
  });

  it('a trade that would trigger the stop-out says what to do instead', () => {
    expect(formatMessage({ key: 'trade.stopOutLevel' })).toContain('below the stop-out level');
    expect(['trade.requote', 'trade.positionNotFound', 'trade.stopOutLevel'].every(isMessageKey)).toBe(true);
  });
});
