import {
  type AutoBrandDetail,
  type AutoBrandStatus,
  DEFAULT_STRATEGY_OFFERS,
  resolveOffers,
  validateBrandAutoTrading,
} from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BoCall, ok, renderBo, staffFixture } from '../../../test/backofficeKit.js';
import { AutoTradingAdminPage } from './index.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

const dealer = staffFixture({
  id: 5,
  name: 'Dana Dealer',
  roles: ['dealer'],
  permissions: ['autotrading.manage', 'positions.read'],
});

const status = (overrides: Partial<AutoBrandStatus> = {}): AutoBrandStatus => ({
  id: 1,
  slug: 'alpha',
  name: 'Alpha Markets',
  currency: 'EUR',
  offered: ['trend', 'meanReversion'],
  killed: false,
  killedAt: null,
  maxLeverage: null,
  clientsOn: 12,
  openPositions: 3,
  today: { closed: 4, result: '-45.20' },
  ...overrides,
});

const detailOf = (s: AutoBrandStatus, overrides: Partial<AutoBrandDetail> = {}): AutoBrandDetail => {
  const product = JSON.parse(JSON.stringify(DEFAULT_STRATEGY_OFFERS));
  return {
    ...s,
    settings: null,
    offers: resolveOffers(undefined),
    product,
    kill: { killed: s.killed, at: s.killedAt, reason: null, by: null },
    ...overrides,
  };
};

const ALPHA = status();
const BETA = status({
  id: 2,
  slug: 'beta',
  name: 'Beta Trade',
  currency: 'USD',
  offered: ['trend'],
  killed: true,
  killedAt: '2026-11-20T08:15:00.000Z',
  clientsOn: 0,
  openPositions: 1,
  today: { closed: 0, result: '0.00' },
  maxLeverage: 10,
});

function api(overrides: Record<string, (call: BoCall) => { status?: number; json: unknown }> = {}) {
  return {
    '/api/backoffice/auto-trading/brands': () => ok([ALPHA, BETA]),
    '/api/backoffice/auto-trading/brands/1': () => ok(detailOf(ALPHA)),
    '/api/backoffice/auto-trading/brands/2': () =>
      ok(
        detailOf(BETA, {
          kill: { killed: true, at: BETA.killedAt, reason: 'Feed outage', by: 'Dana Dealer' },
        }),
      ),
    ...overrides,
  };
}

describe('auto-trading per brand', () => {
  it('lists the brands in scope with their status and opens the first', async () => {
    renderBo(<AutoTradingAdminPage />, { staff: dealer, api: api() });
    const items = await screen.findAllByTestId('boat-brand');
    expect(items.map((i) => i.getAttribute('data-brand'))).toEqual(['alpha', 'beta']);
    const [alpha, beta] = items as [HTMLElement, HTMLElement];
    expect(within(alpha).getByText('Running')).toBeTruthy();
    expect(within(alpha).getByText('Trend follower · Mean reversion')).toBeTruthy();
    expect(alpha.textContent).toContain('12 clients on');
    expect(alpha.textContent).toContain('3 open');
    expect(alpha.textContent).toMatch(/−€45\.20 today/);
    expect(within(beta).getByText('Stopped')).toBeTruthy();
    expect(within(beta).getByText('Trend follower')).toBeTruthy();
    expect(alpha.getAttribute('aria-current')).toBe('true');

    const detail = await screen.findByTestId('boat-detail');
    expect(detail.getAttribute('data-brand')).toBe('alpha');
    expect(screen.getByTestId('boat-kill').getAttribute('data-killed')).toBe('false');
    expect(screen.getByText('Auto-trading is running for Alpha Markets')).toBeTruthy();
    expect(screen.getByTestId('boat-clients-on').textContent).toBe('12');
    expect(screen.getByTestId('boat-open').textContent).toBe('3');
    expect(screen.getByTestId('boat-today').textContent).toBe('−€45.20');
    expect(screen.getByTestId('boat-figures').textContent).toContain('4 positions closed');
  });

  it('shows a stopped brand with who stopped it, when and why', async () => {
    const { router } = renderBo(<AutoTradingAdminPage />, { staff: dealer, api: api() });
    const items = await screen.findAllByTestId('boat-brand');
    fireEvent.click(items[1] as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('boat-detail').getAttribute('data-brand')).toBe('beta'));
    expect(router.state.location.search).toBe('?brand=2');
    const kill = screen.getByTestId('boat-kill');
    expect(kill.getAttribute('data-killed')).toBe('true');
    expect(kill.textContent).toContain('All auto-trading of Beta Trade is stopped');
    expect(screen.getByTestId('boat-kill-history').textContent).toMatch(
      /Stopped by Dana Dealer on 11\/20\/2026, \d\d:15 · Reason: Feed outage/,
    );
    expect(screen.getByTestId('boat-figures').textContent).toContain('1:10');
    expect(screen.getByTestId('boat-kill-resume')).toBeTruthy();
  });

  it('stops all auto-trading of a brand only with a reason, after a confirmation', async () => {
    let answer = detailOf(ALPHA);
    const { posts } = renderBo(<AutoTradingAdminPage />, {
      staff: dealer,
      api: api({
        '/api/backoffice/auto-trading/brands/1': () => ok(answer),
        'POST /api/backoffice/auto-trading/brands/1/kill-switch': (call) => {
          answer = detailOf(status({ killed: true, killedAt: '2026-11-21T09:30:00.000Z' }), {
            kill: {
              killed: true,
              at: '2026-11-21T09:30:00.000Z',
              reason: String(call.body.reason),
              by: 'Dana Dealer',
            },
          });
          return ok({ ...answer, stopped: 12 });
        },
      }),
    });
    fireEvent.click(await screen.findByTestId('boat-kill-stop'));
    const dialog = await screen.findByTestId('bo-confirm');
    expect(dialog.textContent).toContain('Stop all auto-trading of Alpha Markets?');
    expect(dialog.textContent).toContain('12 clients have auto-trading on');
    expect(dialog.textContent).toContain('nobody is switched back on');
    fireEvent.click(within(dialog).getByTestId('bo-confirm-submit'));
    expect(await within(dialog).findByText('Give the reason for stopping auto-trading.')).toBeTruthy();
    expect(posts('/api/backoffice/auto-trading/brands/1/kill-switch')).toHaveLength(0);

    fireEvent.change(within(dialog).getByTestId('bo-confirm-reason'), {
      target: { value: '  Price feed frozen  ' },
    });
    fireEvent.click(within(dialog).getByTestId('bo-confirm-submit'));
    await waitFor(() => expect(posts('/api/backoffice/auto-trading/brands/1/kill-switch')).toHaveLength(1));
    expect(posts('/api/backoffice/auto-trading/brands/1/kill-switch')[0]?.body).toEqual({
      killed: true,
      reason: 'Price feed frozen',
    });
    await waitFor(() => expect(screen.getByTestId('boat-kill').getAttribute('data-killed')).toBe('true'));
    expect(screen.getByTestId('boat-kill-history').textContent).toContain('Reason: Price feed frozen');
    expect(
      await screen.findByText('Auto-trading of Alpha Markets stopped. Accounts switched off: 12.'),
    ).toBeTruthy();
  });

  it('says so when no client of the brand has auto-trading on', async () => {
    renderBo(<AutoTradingAdminPage />, {
      staff: dealer,
      api: api({ '/api/backoffice/auto-trading/brands/1': () => ok(detailOf(status({ clientsOn: 0 }))) }),
    });
    fireEvent.click(await screen.findByTestId('boat-kill-stop'));
    const dialog = await screen.findByTestId('bo-confirm');
    expect(dialog.textContent).toContain('No client has auto-trading on right now.');
  });

  it('resumes a stopped brand without a reason; nobody is switched on by it', async () => {
    const { posts } = renderBo(<AutoTradingAdminPage />, {
      staff: dealer,
      path: '/backoffice/x?brand=2',
      api: api({
        'POST /api/backoffice/auto-trading/brands/2/kill-switch': () =>
          ok({
            ...detailOf(status({ ...BETA, killed: false, killedAt: null }), {
              kill: { killed: false, at: '2026-11-21T10:00:00.000Z', reason: null, by: 'Dana Dealer' },
            }),
            stopped: null,
          }),
      }),
    });
    fireEvent.click(await screen.findByTestId('boat-kill-resume'));
    const dialog = await screen.findByTestId('bo-confirm');
    expect(dialog.textContent).toContain('Nobody is switched on by this');
    fireEvent.click(within(dialog).getByTestId('bo-confirm-submit'));
    await waitFor(() => expect(posts('/api/backoffice/auto-trading/brands/2/kill-switch')).toHaveLength(1));
    expect(posts('/api/backoffice/auto-trading/brands/2/kill-switch')[0]?.body).toEqual({
      killed: false,
      reason: '',
    });
    await waitFor(() => expect(screen.getByTestId('boat-kill').getAttribute('data-killed')).toBe('false'));
    expect(screen.getByTestId('boat-kill-history').textContent).toContain('Last resumed by Dana Dealer');
  });

  it('saves a narrowed offer: a strategy off, fewer timeframes, a narrower range and a leverage cap', async () => {
    const { posts } = renderBo(<AutoTradingAdminPage />, {
      staff: dealer,
      api: api({
        'PUT /api/backoffice/auto-trading/brands/1': (call) => {
          const checked = validateBrandAutoTrading(call.body);
          if (!checked.ok) throw new Error('the screen sent what the domain refuses');
          return ok(
            detailOf(status({ offered: ['trend'], maxLeverage: 20 }), {
              settings: checked.value,
              offers: resolveOffers(checked.value),
            }),
          );
        },
      }),
    });
    const trend = await screen.findByTestId('boat-strategy-trend');
    fireEvent.click(within(trend).getByTestId('boat-tf-trend-1m'));
    fireEvent.click(within(trend).getByTestId('boat-tf-trend-5m'));
    expect(within(trend).getByTestId('boat-tf-trend-1m').getAttribute('aria-pressed')).toBe('false');
    fireEvent.change(within(trend).getByTestId('boat-trend-fastPeriod-min'), { target: { value: '5' } });
    fireEvent.change(within(trend).getByTestId('boat-trend-fastPeriod-max'), { target: { value: '20' } });
    fireEvent.change(within(trend).getByTestId('boat-trend-stopAtr-default'), { target: { value: '1.5' } });
    expect(within(trend).getByTestId('boat-param-trend-fastPeriod').textContent).toContain('narrowed');
    fireEvent.click(screen.getByTestId('boat-offered-meanReversion'));
    expect(screen.getByText('Not offered: clients cannot choose it.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('boat-cap'), { target: { value: '20' } });
    expect(screen.getByTestId('boat-unsaved')).toBeTruthy();
    fireEvent.click(screen.getByTestId('boat-save'));

    await waitFor(() => expect(posts('/api/backoffice/auto-trading/brands/1')).toHaveLength(1));
    const body = posts('/api/backoffice/auto-trading/brands/1')[0]?.body as {
      strategies: Record<string, { offered: boolean; timeframes: string[]; ranges: Record<string, object> }>;
      maxLeverage: number | null;
    };
    expect(body.maxLeverage).toBe(20);
    expect(body.strategies.trend?.timeframes).toEqual(['15m', '1h', '4h', '1D']);
    expect(body.strategies.trend?.ranges.fastPeriod).toEqual({ min: 5, max: 20, default: 10 });
    expect(body.strategies.trend?.ranges.stopAtr).toEqual({ min: 0.5, max: 5, default: 1.5 });
    expect(body.strategies.meanReversion?.offered).toBe(false);
    expect(await screen.findByText('Auto-trading offer of Alpha Markets saved.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('boat-unsaved')).toBeNull());
    expect((screen.getByTestId('boat-cap') as HTMLInputElement).value).toBe('20');
  });

  it('marks values outside the product’s range on their fields and sends nothing', async () => {
    const { posts } = renderBo(<AutoTradingAdminPage />, { staff: dealer, api: api() });
    const trend = await screen.findByTestId('boat-strategy-trend');
    fireEvent.change(within(trend).getByTestId('boat-trend-fastPeriod-min'), { target: { value: '1' } });
    fireEvent.change(within(trend).getByTestId('boat-trend-atrPeriod-default'), { target: { value: '' } });
    for (const tf of ['1m', '5m', '15m', '1h', '4h', '1D'])
      fireEvent.click(within(trend).getByTestId(`boat-tf-trend-${tf}`));
    fireEvent.change(screen.getByTestId('boat-cap'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('boat-save'));
    expect(await screen.findByTestId('boat-invalid')).toBeTruthy();
    const row = within(trend).getByTestId('boat-param-trend-fastPeriod');
    expect(row.textContent).toContain('At least 2: the product’s range does not go lower.');
    expect(within(trend).getByTestId('boat-param-trend-atrPeriod').textContent).toContain('Enter a number.');
    expect(trend.textContent).toContain('Choose at least one timeframe, or stop offering the strategy.');
    expect(screen.getByText(/The leverage cap must be a whole number from 1 to 1,000/)).toBeTruthy();
    expect(posts('/api/backoffice/auto-trading/brands/1')).toHaveLength(0);
  });

  it('puts the server’s field messages on the fields', async () => {
    const { posts } = renderBo(<AutoTradingAdminPage />, {
      staff: dealer,
      api: api({
        'PUT /api/backoffice/auto-trading/brands/1': () => ({
          status: 400,
          json: {
            status: false,
            code: 'VALIDATION_ERROR',
            message: 'error.validation',
            errors: [
              {
                path: 'strategies.meanReversion.ranges.exitLevel.default',
                key: 'boAuto.levelsOrder',
                params: { oversold: 30, exitLevel: 50, overbought: 70 },
              },
            ],
          },
        }),
      }),
    });
    fireEvent.click(await screen.findByTestId('boat-save'));
    await waitFor(() => expect(posts('/api/backoffice/auto-trading/brands/1')).toHaveLength(1));
    const row = await screen.findByTestId('boat-param-meanReversion-exitLevel');
    await waitFor(() => expect(row.textContent).toContain('below the exit level (50)'));
    expect(screen.getByTestId('boat-invalid')).toBeTruthy();
  });
});
