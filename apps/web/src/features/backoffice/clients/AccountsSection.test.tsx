import type { ClientAccount } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clientDetail,
  ok,
  refuse,
  renderBackoffice,
  staffFixture,
} from '../../../test/backofficeShellKit.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const support = staffFixture({ roles: ['support'], permissions: ['clients.read'] });

const account = (overrides: Partial<ClientAccount>): ClientAccount => ({
  id: 41,
  number: 'L-100041-1',
  kind: 'live',
  currency: 'EUR',
  balance: '1250.50',
  equity: '1300.75',
  margin: '200.00',
  openPositions: 2,
  createdAt: '2026-11-01T09:30:00.000Z',
  ...overrides,
});

const ACCOUNTS = [
  account({}),
  account({
    id: 77,
    number: 'L-100041-2',
    currency: 'USD',
    balance: '980.00',
    equity: '980.00',
    margin: '0.00',
    openPositions: 0,
    createdAt: '2026-11-12T10:00:00.000Z',
  }),
  account({
    id: 78,
    number: 'D-100041-1',
    kind: 'demo',
    balance: '10000.00',
    equity: '10040.00',
    margin: '500.00',
    openPositions: 1,
    createdAt: '2026-10-30T08:00:00.000Z',
  }),
];

const rowOf = (table: HTMLElement, number: string) => {
  const row = within(table).getByText(number).closest('tr');
  if (!row) throw new Error(`no row for ${number}`);
  return row;
};

describe('the client page’s accounts', () => {
  it('lists each account with its number, kind, currency, balance, equity, margin and opening date', async () => {
    const { calls } = renderBackoffice('/backoffice/clients/41', {
      staff: support,
      api: {
        '/api/backoffice/clients/41': () => ok(clientDetail()),
        '/api/backoffice/clients/41/accounts': () => ok(ACCOUNTS),
      },
    });
    const table = await screen.findByTestId('bo-client-accounts');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(screen.getByText('3 accounts')).toBeTruthy();

    const usd = rowOf(table, 'L-100041-2');
    expect(within(usd).getByText('Live')).toBeTruthy();
    expect(within(usd).getByText('USD')).toBeTruthy();
    // every amount names its account's currency: the USD account's balance is in dollars, not the brand's euros
    expect(usd.textContent).toMatch(/\$\s?980\.00|980\.00\s?\$|US\$/);
    expect(usd.textContent).not.toContain('€');

    const eur = rowOf(table, 'L-100041-1');
    expect(eur.textContent).toContain('1,250.50');
    expect(eur.textContent).toContain('1,300.75');
    expect(eur.textContent).toContain('200.00');
    expect(eur.textContent).toContain('€');

    const demo = rowOf(table, 'D-100041-1');
    expect(within(demo).getByText('DEMO')).toBeTruthy();
    expect(within(demo).queryByText('Live')).toBeNull();
    expect(demo.textContent).toContain('10,000.00');

    const call = calls.find((c) => c.path === '/api/backoffice/clients/41/accounts');
    expect(call?.authorization).toBe('Bearer staff-token');
  });

  it('says so when the client has no account, and offers a retry when the accounts cannot load', async () => {
    renderBackoffice('/backoffice/clients/41', {
      staff: support,
      api: {
        '/api/backoffice/clients/41': () => ok(clientDetail()),
        '/api/backoffice/clients/41/accounts': () => ok([]),
      },
    });
    expect(await screen.findByText('This client has no trading account yet.')).toBeTruthy();
    cleanup();

    renderBackoffice('/backoffice/clients/41', {
      staff: support,
      api: {
        '/api/backoffice/clients/41': () => ok(clientDetail()),
        '/api/backoffice/clients/41/accounts': () => refuse(500, 'INTERNAL', 'error.internal'),
      },
    });
    const panel = (await screen.findByText('Accounts')).closest('.bo-panel') as HTMLElement;
    await waitFor(() => expect(within(panel).getByRole('button')).toBeTruthy());
  });

  it('shows the ledger of one live account, the first by default; another is picked by number; demo is not offered', async () => {
    const page = { items: [], total: 0, page: 1, pageSize: 50 };
    const { calls } = renderBackoffice('/backoffice/clients/41?tab=ledger', {
      staff: support,
      api: {
        '/api/backoffice/clients/41': () => ok(clientDetail()),
        '/api/backoffice/clients/41/accounts': () => ok(ACCOUNTS),
        '/api/backoffice/clients/41/ledger': () => ok(page),
      },
    });
    const picker = (await screen.findByTestId('bo-account-pick')) as HTMLSelectElement;
    expect([...picker.options].map((o) => o.textContent)).toEqual(['L-100041-1 · EUR', 'L-100041-2 · USD']);
    const ledgerCalls = () => calls.filter((c) => c.path === '/api/backoffice/clients/41/ledger');
    await waitFor(() => expect(ledgerCalls().at(-1)?.search.get('accountId')).toBe('41'));
    fireEvent.change(picker, { target: { value: '77' } });
    await waitFor(() => expect(ledgerCalls().at(-1)?.search.get('accountId')).toBe('77'));
    expect(ledgerCalls().some((c) => c.search.get('accountId') === '78')).toBe(false);
  });
});
