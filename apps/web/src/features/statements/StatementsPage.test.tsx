import { buildStatement, recentMonths } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../shared/session/authStore.js';
import { completeUser, ok } from '../../test/paymentFixtures.js';
import { renderApp } from '../../test/renderApp.js';
import { STATEMENTS_DE, STATEMENTS_EN, STATEMENTS_ES, STATEMENTS_FR } from './i18n.js';
import { statementQuery } from './selection.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const STATEMENT = buildStatement({
  currency: 'EUR',
  range: { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-04-01T00:00:00Z') },
  openingBalance: '100.00',
  entries: [
    {
      id: 1,
      at: new Date('2026-03-02T10:00:00Z'),
      kind: 'deposit',
      amount: '1000.00',
      positionId: null,
      symbol: null,
      reference: 'tx:TX-DEP',
    },
    {
      id: 2,
      at: new Date('2026-03-03T10:00:00Z'),
      kind: 'realised_pnl',
      amount: '12.34',
      positionId: 9,
      symbol: 'BTCUSD',
      reference: null,
    },
    {
      id: 3,
      at: new Date('2026-03-04T10:00:00Z'),
      kind: 'withdrawal',
      amount: '-200.00',
      positionId: null,
      symbol: null,
      reference: 'tx:TX-WD',
    },
  ],
  positions: [
    {
      id: 9,
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: '100',
      leverage: 2,
      openRate: '64010',
      openedAt: new Date('2026-03-03T09:00:00Z'),
      closedRate: '64500',
      closedAt: new Date('2026-03-03T10:00:00Z'),
      profit: '12.34',
    },
  ],
  equity: null,
  generatedAt: new Date('2026-04-01T08:00:00Z'),
});

function renderStatements(handler: () => { status: number; json: unknown } = () => ok(STATEMENT)) {
  const auth = { access_token: 'token-1', user: completeUser() };
  return renderApp('/statements', {
    auth,
    api: { '/api/accounts/get': () => ok(auth), '/api/statements': handler },
  });
}

describe('account statements', () => {
  it('previews the current month: opening and closing balance, each entry with its cause, positions closed', async () => {
    const { calls } = renderStatements();
    const rows = await screen.findAllByTestId('statement-entry');
    expect(rows.map((row) => row.dataset.kind)).toEqual(['deposit', 'realised_pnl', 'withdrawal']);
    expect(screen.getByTestId('statements-opening').textContent).toContain('€100.00');
    expect(screen.getByTestId('statements-closing').textContent).toContain('€912.34');
    expect(screen.getByTestId('statements-equity').textContent).toContain('Not known for a past period');
    const cells = within(rows[1] as HTMLElement)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells.slice(1)).toEqual(['Trade profit/loss', 'Position #9 BTCUSD', '€12.34', '€1,112.34']);
    expect(within(rows[0] as HTMLElement).getByText('TX-DEP')).toBeTruthy();
    expect(screen.getAllByTestId('statement-position')[0]?.textContent).toContain('BTCUSD');
    const call = calls.find((c) => c.path === '/api/statements');
    expect(call?.url).toBe(`/api/statements?month=${recentMonths(new Date())[0]}`);
    // the token goes in the header, never in the address
    expect(call?.headers.Authorization).toBe('Bearer token-1');
    expect(call?.url).not.toContain('token-1');
  });

  it('offers the last twelve months and asks for the one picked', async () => {
    const { calls } = renderStatements();
    const select = (await screen.findByTestId('statements-month')) as HTMLSelectElement;
    expect(select.options).toHaveLength(12);
    const previous = recentMonths(new Date())[1] as string;
    fireEvent.change(select, { target: { value: previous } });
    await waitFor(() => expect(calls.some((c) => c.url === `/api/statements?month=${previous}`)).toBe(true));
  });

  it('asks for a custom range with its last day included, and shows a refusal translated', async () => {
    const { calls } = renderStatements(() => ({
      status: 400,
      json: {
        status: false,
        code: 'VALIDATION_FAILED',
        key: 'error.validation',
        message: 'Some fields are not valid.',
        errors: [
          {
            path: 'to',
            key: 'date.untilBeforeFrom',
            message: "The until date can't be before the from date",
          },
        ],
      },
    }));
    fireEvent.click(await screen.findByTestId('statements-mode-custom'));
    fireEvent.change(screen.getByTestId('statements-from'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByTestId('statements-until'), { target: { value: '2026-03-20' } });
    fireEvent.click(screen.getByTestId('statements-show'));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/statements?from=2026-03-10&to=2026-03-21')).toBe(true),
    );
    expect((await screen.findByTestId('statements-error')).textContent).toContain(
      "The until date can't be before the from date",
    );
  });

  it('downloads the PDF through an authenticated request and a temporary link', async () => {
    const created = vi.fn(() => 'blob:statement');
    // jsdom has no object URLs: the page's own calls are answered here
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = renderStatements();
    await screen.findAllByTestId('statement-entry');
    fireEvent.click(screen.getByTestId('statements-download-pdf'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = calls.find((c) => c.url.endsWith('&format=pdf'));
    expect(call?.headers.Authorization).toBe('Bearer token-1');
    expect(call?.url).not.toContain('token-1');
    expect(created).toHaveBeenCalled();
  });

  it('shows German texts', async () => {
    const auth = { access_token: 'token-1', user: completeUser() };
    renderApp('/statements', {
      auth,
      language: 'de',
      api: { '/api/accounts/get': () => ok(auth), '/api/statements': () => ok(STATEMENT) },
    });
    await screen.findAllByTestId('statement-entry');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Kontoauszüge');
    expect(screen.getByTestId('statements-opening').textContent).toContain('Anfangssaldo');
  });
});

describe('statement texts and queries', () => {
  it('has every text in German, Spanish and French with the same placeholders', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const language of [STATEMENTS_DE, STATEMENTS_ES, STATEMENTS_FR])
      for (const [key, english] of Object.entries(STATEMENTS_EN))
        expect(placeholders(language[key as keyof typeof STATEMENTS_EN]), key).toEqual(placeholders(english));
  });

  it('turns a month or an inclusive range into the query', () => {
    expect(statementQuery({ mode: 'month', month: '2026-02' })).toBe('month=2026-02');
    expect(statementQuery({ mode: 'custom', from: '2026-02-01', until: '2026-02-28' })).toBe(
      'from=2026-02-01&to=2026-03-01',
    );
    expect(statementQuery({ mode: 'custom', from: '2026-02-01', until: '' })).toBe('from=2026-02-01&to=');
  });
});
