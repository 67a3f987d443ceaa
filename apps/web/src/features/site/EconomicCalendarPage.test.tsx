import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EconomicEvent } from '../../api/site.js';
import { brandFixture, renderApp } from '../../test/renderApp.js';
import { PAGE_PATH, pageAnswer, pageFixture } from './siteTestKit.js';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const event = (id: number, currency: string, impact: 1 | 2 | 3, title: string): EconomicEvent => ({
  id,
  at: `2026-11-2${id}T13:30:00Z`,
  currency,
  country: currency.slice(0, 2),
  title,
  impact,
  actual: null,
  forecast: '0.3%',
  previous: '0.2%',
});

const EVENTS = [
  event(1, 'USD', 3, 'Non-farm payrolls'),
  event(2, 'EUR', 2, 'ECB press conference'),
  event(3, 'USD', 1, 'Crude oil inventories'),
  event(4, 'GBP', 3, 'BoE rate decision'),
];

const api = {
  '/api/economics/events': () => ({ status: 200, json: { status: true, data: EVENTS } }),
  [PAGE_PATH]: pageAnswer(
    pageFixture([{ component: 'pagebanner', settings: { title: 'Economic calendar' } }], {
      title: 'Economic calendar',
      title_slug: 'economic-calendar',
    }),
  ),
};

const shown = () => screen.queryAllByTestId('economic-event').map((row) => row.textContent ?? '');

describe('economic calendar (spec §2 /economic-calendar)', () => {
  it('lists the events under the page banner and filters them by impact and by currency', async () => {
    renderApp('/economic-calendar', { api });
    expect(await screen.findByRole('heading', { name: 'Economic calendar' })).toBeTruthy();
    await waitFor(() => expect(shown()).toHaveLength(4));
    fireEvent.click(screen.getByTestId('calendar-impact-3'));
    expect(shown().map((text) => text.includes('Non-farm') || text.includes('BoE'))).toEqual([true, true]);
    fireEvent.click(screen.getByTestId('calendar-currency-USD'));
    expect(shown()).toHaveLength(1);
    expect(shown()[0]).toContain('Non-farm payrolls');
    fireEvent.click(screen.getByTestId('calendar-impact-3'));
    expect(shown()).toHaveLength(2);
    fireEvent.click(screen.getByText('Clear filters'));
    expect(shown()).toHaveLength(4);
  });

  it('labels each row for the two-line phone layout and names the window after the page', async () => {
    renderApp('/economic-calendar', { api });
    await waitFor(() => expect(shown()).toHaveLength(4));
    const [row] = screen.getAllByTestId('economic-event');
    for (const part of ['time', 'currency', 'impact', 'title', 'actual'])
      expect(row?.querySelector(`.ob-calendar-${part}`), part).toBeTruthy();
    expect(row?.querySelector('.ob-calendar-actual')?.getAttribute('data-label')).toBe('Actual');
    await waitFor(() => expect(document.title).toBe('Economic calendar · Test Broker'));
  });

  it('is not there for a brand without the economics flag', async () => {
    renderApp('/economic-calendar', { api, brand: brandFixture({ economics: false }) });
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });
});
