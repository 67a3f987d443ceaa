import { describe, expect, it } from 'vitest';
import { fakeSockets } from './fakeSockets.js';
import { createdFixture, PAYMENT_OPTIONS, transactionFixture } from './paymentFixtures.js';
import { balanceFixture, EMPTY_BALANCE, positionFixture } from './platformFixtures.js';
import { renderApp, userFixture } from './renderApp.js';

/**
 * Test data is built through the domain's response contracts (decision 0014): a fixture that drifts
 * from what the server sends fails the test that uses it, instead of letting a screen pass against a
 * shape the server never sends.
 */
describe('test fixtures follow the response contracts', () => {
  it('builds valid answers by default', () => {
    expect(userFixture().verified_account).toBe(1);
    expect(positionFixture().direction).toBe('buy');
    expect(EMPTY_BALANCE.summary?.freeMargin).toBe(10_000);
    expect(transactionFixture('TX-1', 6, 1, -125.5).amount).toBe(-125.5);
    expect(createdFixture({ type: 'none' }).status).toBe('success');
    expect(PAYMENT_OPTIONS.methods.length).toBeGreaterThan(0);
  });

  it('rejects a user in a shape the server never sends', () => {
    // custom_leverage is a JSON object of the server, not a JSON string; flags are 1/0, not booleans
    expect(() => userFixture({ custom_leverage: '{"forex":[0,1,2]}' as never })).toThrow(/custom_leverage/);
    expect(() => userFixture({ verified_account: true as never })).toThrow(/verified_account/);
    expect(() => userFixture({ doc_passport: { status: 'approved' } as never })).toThrow(/doc_passport/);
  });

  it('rejects positions, balances, transactions and next steps that drifted', () => {
    expect(() => positionFixture({ direction: 'long' as never })).toThrow(/direction/);
    expect(() => positionFixture({ open_date: '2026-11-20 10:00' })).toThrow(/open_date/);
    expect(() => positionFixture({ closingReason: 7 as never })).toThrow(/closingReason/);
    expect(() => balanceFixture(100, { summary: { freeMargin: '100' as never } })).toThrow(/freeMargin/);
    expect(() => transactionFixture('TX-1', 1, 2, '500.00' as never)).toThrow(/amount/);
    expect(() => createdFixture({ type: 'iframe' } as never)).toThrow(/type/);
  });

  it('rejects a stored session without the spec §7 access_token', () => {
    const auth = { token: 'token-1', user: userFixture() };
    expect(() => renderApp('/', { auth: auth as never })).toThrow(/access_token/);
  });

  it('rejects socket pushes and command answers that drifted', () => {
    const sockets = fakeSockets();
    const trading = sockets.factory('/trading');
    const fake = sockets.trading();
    expect(() =>
      fake.push('positions', { open: [{ ...positionFixture(), amount: '100' }], history: [] }),
    ).toThrow(/amount/);
    expect(() => fake.push('balance', { balance: 1, equity: 1, free_margin: 1, profit: 0 })).toThrow(
      /freeMargin/,
    );
    expect(() => fake.push('prices', { BTCUSD: { buy: 1, sell: null } })).toThrow();
    fake.onCommand = () => ({ status: true, data: { ...positionFixture(), id: '7' } }) as never;
    expect(() => trading.emit('openPosition', {}, () => {})).toThrow(/id/);
  });
});
