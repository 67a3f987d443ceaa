import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderBo, staffFixture } from '../money/boTestKit.js';
import type { StaffPosition } from '../money/types.js';
import { DealingPage } from './DealingPage.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

const POSITION: StaffPosition = {
  id: 77,
  symbol: 'EURUSD',
  symbolName: 'OANDA:EURUSD',
  direction: 'buy',
  amount: 1000,
  leverage: 30,
  open_rate: 1.08345,
  open_date: '2026-11-21T09:00:00.000Z',
  closed_rate: null,
  close_date: null,
  take_profit: null,
  stop_lost: 1.07,
  profit: -12.5,
  protected: 0,
  closingReason: null,
  userId: 41,
  clientName: 'Ada Lovelace',
  pin: '100041',
  brandSlug: 'alpha',
};

const dealer = staffFixture({ id: 5, roles: ['dealer'] });

describe('dealing', () => {
  it('shows exposure per symbol, filters positions by symbol and closes one with a reason', async () => {
    const { calls, posts } = renderBo(<DealingPage />, {
      staff: dealer,
      api: {
        '/api/backoffice/exposure': () =>
          ok([
            {
              symbol: 'EURUSD',
              buyAmount: '1000',
              sellAmount: '250',
              net: '750',
              positions: 2,
              profit: '-12.5',
            },
          ]),
        '/api/backoffice/positions': () => ok({ items: [POSITION], total: 1, page: 1, pageSize: 50 }),
        'POST /api/backoffice/clients/41/positions/77/close': () => ok({ position: POSITION }),
      },
    });
    const exposure = await screen.findByTestId('bo-exposure');
    expect(await within(exposure).findByText('750.00')).toBeTruthy();
    fireEvent.click(within(exposure).getByRole('button', { name: 'EURUSD' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/api/backoffice/positions' && c.search.get('symbol') === 'EURUSD'),
      ).toBe(true),
    );

    const [row] = await screen.findAllByTestId('bo-position-row');
    fireEvent.click(within(row as HTMLElement).getByTestId('bo-close-position'));
    const dialog = await screen.findByTestId('bo-close-dialog');
    fireEvent.click(within(dialog).getByTestId('bo-dialog-confirm'));
    expect(await within(dialog).findByText('Enter a reason: it is kept in the audit trail.')).toBeTruthy();
    expect(posts('/api/backoffice/clients/41/positions/77/close')).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('bo-reason-input'), {
      target: { value: 'Client request by phone' },
    });
    fireEvent.click(within(dialog).getByTestId('bo-dialog-confirm'));
    await waitFor(() => expect(posts('/api/backoffice/clients/41/positions/77/close')).toHaveLength(1));
    expect(posts('/api/backoffice/clients/41/positions/77/close')[0]?.body).toEqual({
      reason: 'Client request by phone',
    });
  });

  it('hides closing from staff who may only read positions', async () => {
    renderBo(<DealingPage />, {
      staff: staffFixture({ roles: ['dealer'], permissions: ['positions.read'] }),
      api: { '/api/backoffice/positions': () => ok({ items: [POSITION], total: 1, page: 1, pageSize: 50 }) },
    });
    const [row] = await screen.findAllByTestId('bo-position-row');
    expect(within(row as HTMLElement).queryByTestId('bo-close-position')).toBeNull();
    expect(screen.queryByTestId('bo-exposure')).toBeNull();
  });
});
