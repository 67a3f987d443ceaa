import { ChargeDto } from '@openbroker/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../shared/session/authStore.js';
import { completeUser, ok, transactionFixture } from '../../test/paymentFixtures.js';
import { renderApp } from '../../test/renderApp.js';
import { CHARGES_PATH } from './useCharges.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const charge = (overrides: Partial<ChargeDto>): ChargeDto =>
  ChargeDto.parse({
    id: 1,
    kind: 'commission',
    amount: -3.5,
    balance_after: 9_996.5,
    position_id: 7,
    symbol: 'EURUSD',
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });

describe('trading costs tab (each charge tied to its position, shown in transactions)', () => {
  it('lists commissions and swaps with their position, and the totals', async () => {
    const auth = { access_token: 'token-1', user: completeUser() };
    const { calls } = renderApp('/transactions/deposits', {
      auth,
      api: {
        '/api/accounts/get': () => ok(auth),
        '/api/transactions/get/token-1': () => ok([transactionFixture('TX-CARD', 1, 2, 500)]),
        [CHARGES_PATH]: () =>
          ok([
            charge({
              id: 3,
              kind: 'swap',
              amount: -0.42,
              balance_after: 9_995.73,
              created_at: '2026-11-21T22:00:00.000Z',
            }),
            charge({
              id: 2,
              kind: 'swap',
              amount: 0.35,
              balance_after: 9_996.15,
              created_at: '2026-11-20T22:00:00.000Z',
            }),
            charge({ id: 1 }),
          ]),
      },
    });
    const rows = await screen.findAllByTestId('charge-row');
    expect(calls.some((call) => call.path === CHARGES_PATH)).toBe(true);
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(cells.map((c) => c.slice(1))).toEqual([
      ['Swap', '#7 EURUSD', '−€0.42', '€9,995.73'],
      ['Swap', '#7 EURUSD', '+€0.35', '€9,996.15'],
      ['Commission', '#7 EURUSD', '−€3.50', '€9,996.50'],
    ]);
    const totals = screen.getByTestId('costs-totals').textContent;
    expect(totals).toContain('Commissions −€3.50');
    expect(totals).toContain('Swaps −€0.07');
  });
});
