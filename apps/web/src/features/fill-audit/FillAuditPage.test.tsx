import { brandQuote, checkFill, type FillAudit } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../shared/session/authStore.js';
import { completeUser, ok } from '../../test/paymentFixtures.js';
import { renderApp } from '../../test/renderApp.js';
import { FILL_AUDIT_DE, FILL_AUDIT_EN, FILL_AUDIT_ES, FILL_AUDIT_FR } from './i18n.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const terms = { markup: { unit: 'percent' as const, value: 0.1 }, pipSize: 1, tick: 0.01 };
const feed = { bid: 64_000, ask: 64_010 };
const quote = brandQuote({ buy: feed.ask, sell: feed.bid }, terms);

function auditOf(fillPrice: number, window: FillAudit['window']['state'] = 'complete'): FillAudit {
  const check = checkFill({ kind: 'open', direction: 'buy', fillPrice, feed, terms, quote });
  return {
    positionId: 7,
    kind: 'open',
    symbol: 'BTCUSD',
    direction: 'buy',
    cause: 'client',
    filledAt: '2026-12-01T00:41:03.250Z',
    fillPrice,
    feed: { at: '2026-12-01T00:41:03.100Z', ...feed },
    markup: terms.markup,
    pipSize: 1,
    tick: 0.01,
    quote: { buy: Number(quote.buy), sell: Number(quote.sell) },
    check,
    window: {
      state: window,
      from: '2026-12-01T00:40:03.250Z',
      until: '2026-12-01T00:42:03.250Z',
      quotes:
        window === 'pending'
          ? []
          : [
              { at: '2026-12-01T00:40:30.000Z', bid: 63_990, ask: 64_000 },
              { at: '2026-12-01T00:41:03.100Z', ...feed },
              { at: '2026-12-01T00:41:40.000Z', bid: 64_020, ask: 64_030 },
            ],
    },
  };
}

function renderAudit(
  answer: () => { status: number; json: unknown },
  path = '/fill-audit/7/open',
  language?: 'de',
) {
  const auth = { access_token: 'token-1', user: completeUser() };
  return renderApp(path, {
    auth,
    ...(language ? { language } : {}),
    api: {
      '/api/accounts/get': () => ok(auth),
      '/api/fill-audit/7/open': answer,
      '/api/fill-audit/7/close': answer,
    },
  });
}

describe('fill audit page', () => {
  it('shows the pass check, the feed quote, the markup and our quote with the side used, and the quotes around', async () => {
    const { calls } = renderAudit(() => ok(auditOf(Number(quote.buy))));
    const check = await screen.findByTestId('fill-audit-check');
    expect(check.dataset.pass).toBe('true');
    expect(check.textContent).toContain('Pass: your fill was exactly our quote at execution');
    expect(check.textContent).toContain('64074.01');
    expect(screen.getByTestId('fill-audit-fill-price').textContent).toBe('64074.01');
    expect(screen.getByTestId('fill-audit-difference').textContent).toBe('0.00');
    const feedRow = screen.getByTestId('fill-audit-feed');
    expect(feedRow.textContent).toContain('2026-12-01 00:41:03.100');
    expect(
      within(feedRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Market feed (raw)2026-12-01 00:41:03.100', '64000.00', '64010.00']);
    expect(check.textContent).toContain('A buy opens at our buy (ask) price: 64074.01.');
    expect(screen.getByTestId('fill-audit-markup').textContent).toContain(
      '0.1 % per side, rounded to the tick 0.01',
    );
    const brandCells = within(screen.getByTestId('fill-audit-brand')).getAllByRole('cell');
    expect(brandCells[2]?.className).toContain('ob-fa-used');
    expect(brandCells[1]?.className).not.toContain('ob-fa-used');
    const rows = within(screen.getByTestId('fill-audit-window')).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[2]?.textContent).toContain('used for your fill');
    const call = calls.find((c) => c.path === '/api/fill-audit/7/open');
    expect(call?.headers.Authorization).toBe('Bearer token-1');
  });

  it('shows a failed check with the difference', async () => {
    renderAudit(() => ok(auditOf(64_080)));
    const check = await screen.findByTestId('fill-audit-check');
    expect(check.dataset.pass).toBe('false');
    expect(check.textContent).toContain('differs from our quote at execution by +5.99');
  });

  it('says when the quotes around the fill are still to be recorded', async () => {
    renderAudit(() => ok(auditOf(Number(quote.buy), 'pending')));
    expect((await screen.findByTestId('fill-audit-window-pending')).textContent).toContain(
      '2026-12-01 00:42:03.250',
    );
  });

  it("says there is no such fill for another client's position (404)", async () => {
    renderAudit(() => ({
      status: 404,
      json: { status: false, code: 'NOT_FOUND', key: 'error.notFound', message: 'Not found', errors: [] },
    }));
    expect((await screen.findByTestId('fill-audit-missing')).textContent).toContain(
      'There is no such fill among your positions.',
    );
    expect(screen.queryByTestId('fill-audit-download-csv')).toBeNull();
  });

  it('downloads the CSV with the session token in the header', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:audit'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = renderAudit(() => ok(auditOf(Number(quote.buy))));
    fireEvent.click(await screen.findByTestId('fill-audit-download-csv'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = calls.find((c) => c.url === '/api/fill-audit/7/open?format=csv');
    expect(call?.headers.Authorization).toBe('Bearer token-1');
  });

  it('shows German texts, and every language has every text', async () => {
    renderAudit(() => ok(auditOf(Number(quote.buy))), '/fill-audit/7/open', 'de');
    expect((await screen.findByTestId('fill-audit-check')).textContent).toContain('Bestanden');
    for (const texts of [FILL_AUDIT_DE, FILL_AUDIT_ES, FILL_AUDIT_FR])
      expect(Object.keys(texts).sort()).toEqual(Object.keys(FILL_AUDIT_EN).sort());
  });
});
