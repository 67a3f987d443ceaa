import { type TradingAccount, TradingAccountList } from '@openbroker/domain';

/** Test data: one of the client's trading accounts as GET /api/accounts lists it. */
export function accountFixture(overrides: Partial<TradingAccount> = {}): TradingAccount {
  return {
    id: 1,
    number: 'L-123456-1',
    kind: 'live',
    currency: 'EUR',
    balance: '10000.00',
    equity: '10000.00',
    margin: '0.00',
    marginLevel: null,
    current: true,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

/** Test data: GET /api/accounts's answer, parsed with the contract (one live EUR account unless given). */
export function accountListFixture(
  accounts: TradingAccount[] = [accountFixture()],
  more: Partial<Omit<TradingAccountList, 'accounts'>> = {},
): TradingAccountList {
  return TradingAccountList.parse({
    accounts,
    liveCurrencies: ['EUR', 'USD', 'GBP'],
    demoBalance: '10000.00',
    ...more,
  });
}
