import type { KpiDay, KpiFigures, KpiGroup, KpiReport, RetailLossReport } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { type BoCall, ok, refuse, renderBo, staffFixture } from '../../../test/backofficeKit.js';
import { DashboardPage } from '../dashboard/DashboardPage.js';
import { ReportsPage } from './index.js';
import { presetRange } from './useReports.js';

/** lightweight-charts draws on a canvas happy-dom does not have: a recording stand-in. */
const chart = vi.hoisted(() => {
  const data: { color: unknown; values: unknown[] }[] = [];
  let removed = 0;
  const api = {
    addSeries: (_kind: unknown, options: { color?: unknown }) => ({
      setData: (values: unknown[]) => data.push({ color: options.color, values }),
    }),
    timeScale: () => ({ fitContent: () => undefined }),
    remove: () => {
      removed += 1;
    },
  };
  return { data, api, removed: () => removed };
});

vi.mock('lightweight-charts', () => ({
  createChart: () => chart.api,
  HistogramSeries: { kind: 'histogram' },
  LineSeries: { kind: 'line' },
  ColorType: { Solid: 'solid' },
}));

beforeEach(() => {
  chart.data.length = 0;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({} as never);
});

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const zero: KpiFigures = {
  registrations: 0,
  demoSignups: 0,
  verified: 0,
  ftdCount: 0,
  depositCount: 0,
  withdrawalCount: 0,
  activeTraders: 0,
  positionsOpened: 0,
  ftdAmount: '0.00',
  deposits: '0.00',
  withdrawals: '0.00',
  netDeposits: '0.00',
  volume: '0.00',
  realisedPnl: '0.00',
  costs: '0.00',
};

const day = (d: string, figures: Partial<KpiFigures> = {}): KpiDay => ({ ...zero, day: d, ...figures });

const EUR: KpiGroup = {
  currency: 'EUR',
  currencySymbol: '€',
  brands: [{ id: 1, slug: 'alpha', name: 'Alpha Markets' }],
  days: [
    day('2026-03-01', { registrations: 2, deposits: '1500.00', netDeposits: '1500.00' }),
    day('2026-03-02', { deposits: '550.50', withdrawals: '100.00', netDeposits: '450.50', activeTraders: 2 }),
  ],
  totals: {
    ...zero,
    registrations: 2,
    ftdCount: 1,
    ftdAmount: '1000.00',
    depositCount: 4,
    deposits: '2050.50',
    withdrawals: '100.00',
    netDeposits: '1950.50',
    activeTraders: 2,
    volume: '2000.00',
    realisedPnl: '-9.75',
  },
};
const USD: KpiGroup = {
  currency: 'USD',
  currencySymbol: '$',
  brands: [{ id: 2, slug: 'beta', name: 'Beta Trade' }],
  days: [day('2026-03-01'), day('2026-03-02', { deposits: '70.00', netDeposits: '70.00' })],
  totals: { ...zero, deposits: '70.00', netDeposits: '70.00', registrations: 1 },
};

const report = (groups: KpiGroup[], brandId: number | null = null): KpiReport => ({
  from: '2026-03-01',
  until: '2026-03-02',
  brandId,
  groups,
});
const RETAIL: RetailLossReport = {
  brandId: 1,
  percent: 60,
  losing: 3,
  accounts: 5,
  minimumAccounts: 30,
  meaningful: false,
  from: '2025-11-24T12:00:00.000Z',
  until: '2026-11-24T12:00:00.000Z',
  computedAt: '2026-11-24T12:00:00.000Z',
};

const finance = staffFixture({ permissions: ['reports.read'] });
const kpiCalls = (calls: BoCall[]) => calls.filter((c) => c.path === '/api/backoffice/reports/kpis');

describe('reports screen', () => {
  it('shows the totals as tiles, charts and a per-day table, per currency', async () => {
    const { calls } = renderBo(<ReportsPage />, {
      staff: finance,
      api: { '/api/backoffice/reports/kpis': () => ok(report([EUR, USD])) },
    });
    const tiles = await screen.findByTestId('bo-kpi-totals');
    expect(within(tiles).getByTestId('bo-kpi-deposits').textContent).toContain('€2,050.50');
    expect(within(tiles).getByTestId('bo-kpi-deposits').textContent).toContain('4 transactions');
    expect(within(tiles).getByTestId('bo-kpi-realisedPnl').textContent).toContain('−€9.75');
    expect(within(tiles).getByTestId('bo-kpi-registrations').textContent).toContain('2');
    // the default range is the last 30 days, every brand in scope
    const first = kpiCalls(calls)[0]?.search;
    expect(first?.get('from')).toBe(presetRange('30d', new Date()).from);
    expect(first?.has('brandId')).toBe(false);
    // the table lists the newest day first
    const rows = within(screen.getByTestId('bo-kpi-table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    // each day's amounts name their currency
    expect(rows[1]?.textContent).toContain('€550.50');
    // charts: deposits as bars, withdrawals below zero, net deposits as a line
    await waitFor(() => expect(chart.data.length).toBeGreaterThanOrEqual(5));
    // (the stand-in page has no theme stylesheet: the fallback colours; --bo-danger and --bo-info in the app)
    expect(chart.data.find((s) => s.color === '#c7322f')?.values).toEqual([
      { time: '2026-03-01', value: -0 },
      { time: '2026-03-02', value: -100 },
    ]);
    expect(chart.data.find((s) => s.color === '#1769c2')?.values.at(-1)).toEqual({
      time: '2026-03-02',
      value: 450.5,
    });
    // another currency is its own report: never added to EUR
    fireEvent.click(screen.getByTestId('bo-currency-USD'));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('bo-kpi-totals')).getByTestId('bo-kpi-deposits').textContent,
      ).toContain('$70.00'),
    );
  });

  it('asks for the chosen brand and preset, checks a custom range before asking, and downloads the CSV', async () => {
    const createObjectURL = vi.fn(() => 'blob:kpis');
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    const { calls } = renderBo(<ReportsPage />, {
      staff: finance,
      api: {
        '/api/backoffice/reports/kpis': (call) =>
          ok(report([EUR], call.search.has('brandId') ? Number(call.search.get('brandId')) : null)),
        '/api/backoffice/reports/kpis.csv': () => ok('csv'),
        '/api/backoffice/reports/retail-loss': () => ok(RETAIL),
      },
    });
    await screen.findByTestId('bo-kpi-totals');
    await waitFor(() =>
      expect(screen.getByTestId('bo-brand-filter').querySelectorAll('option')).toHaveLength(3),
    );
    fireEvent.change(screen.getByTestId('bo-brand-filter'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('bo-range-7d'));
    await waitFor(() => expect(kpiCalls(calls).at(-1)?.search.get('brandId')).toBe('1'));
    await waitFor(() =>
      expect(kpiCalls(calls).at(-1)?.search.get('from')).toBe(presetRange('7d', new Date()).from),
    );
    // the brand's retail-loss figure
    expect((await screen.findByTestId('bo-retail-percent')).textContent).toBe('60 %');
    expect(screen.getByTestId('bo-retail-ratio').textContent).toBe('3 of 5 accounts that traded lost money');
    // its sample size, and a warning: five accounts are below the minimum sample of 30
    expect(screen.getByTestId('bo-retail-sample').textContent).toBe(
      'Based on 5 accounts that traded in the period.',
    );
    expect(screen.getByTestId('bo-retail-small-sample').textContent).toContain(
      'Not yet meaningful: fewer than 30 accounts traded',
    );

    // a custom range the server would refuse is not sent
    fireEvent.click(screen.getByTestId('bo-range-custom'));
    const before = kpiCalls(calls).length;
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-05' } });
    expect((await screen.findByTestId('bo-range-problem')).textContent).toBe(
      'The end cannot be before the start.',
    );
    expect((screen.getByTestId('bo-reports-csv') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-01' } });
    await waitFor(() => expect(kpiCalls(calls).at(-1)?.search.get('from')).toBe('2026-02-01'));
    expect(
      kpiCalls(calls)
        .slice(before)
        .some((c) => c.search.get('until') === '2026-03-01' && c.search.get('from') !== '2026-02-01'),
    ).toBe(false);

    fireEvent.click(screen.getByTestId('bo-reports-csv'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const csv = calls.find((c) => c.path === '/api/backoffice/reports/kpis.csv');
    expect(csv?.search.get('brandId')).toBe('1');
    expect(csv?.search.get('from')).toBe('2026-02-01');
    expect(csv?.search.get('until')).toBe('2026-03-01');
  });

  it('shows the server’s refusal and no figures to staff without reports.read', async () => {
    renderBo(<ReportsPage />, {
      staff: finance,
      api: { '/api/backoffice/reports/kpis': () => refuse(404, 'NOT_FOUND', 'Not found') },
    });
    expect(await screen.findByRole('button', { name: /try again|retry/i })).toBeTruthy();
    cleanup();
    const { calls } = renderBo(<ReportsPage />, { staff: staffFixture({ permissions: ['clients.read'] }) });
    expect(await screen.findByText('Your roles do not include this screen.')).toBeTruthy();
    expect(kpiCalls(calls)).toHaveLength(0);
  });
});

describe('dashboard KPIs', () => {
  it('adds today’s and this month’s tiles and the retail-loss card for staff with reports.read', async () => {
    const { calls } = renderBo(<DashboardPage />, {
      staff: staffFixture({ permissions: ['reports.read', 'withdrawals.approve'] }),
      api: {
        '/api/backoffice/reports/kpis': () => ok(report([EUR])),
        '/api/backoffice/reports/retail-loss': () => ok(RETAIL),
        '/api/backoffice/queues/withdrawals': () => ok([]),
      },
    });
    const deposits = await screen.findByTestId('bo-dash-deposits');
    expect(within(deposits).getByTestId('bo-dash-month').textContent).toBe('€2,050.50');
    expect(within(deposits).getByTestId('bo-dash-today').textContent).toBe('Today: €550.50');
    expect(kpiCalls(calls)[0]?.search.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
    // the disclosure of the first brand in scope
    expect((await screen.findByTestId('bo-retail-percent')).textContent).toBe('60 %');
    expect(calls.find((c) => c.path === '/api/backoffice/reports/retail-loss')?.search.get('brandId')).toBe(
      '1',
    );
    // what the dashboard showed before stays
    expect(screen.getByTestId('bo-dashboard')).toBeTruthy();
    expect(screen.getByTestId('bo-tile-withdrawals')).toBeTruthy();
  });

  it('shows the retail-loss figure of a large enough sample without a warning, and none of an empty one', async () => {
    let figure: RetailLossReport = {
      ...RETAIL,
      percent: 71,
      losing: 1_065,
      accounts: 1_500,
      meaningful: true,
    };
    renderBo(<DashboardPage />, {
      staff: staffFixture({ permissions: ['reports.read'] }),
      api: {
        '/api/backoffice/reports/kpis': () => ok(report([EUR])),
        '/api/backoffice/reports/retail-loss': () => ok(figure),
      },
    });
    expect((await screen.findByTestId('bo-retail-percent')).textContent).toBe('71 %');
    expect(screen.getByTestId('bo-retail-sample').textContent).toBe(
      'Based on 1,500 accounts that traded in the period.',
    );
    expect(screen.queryByTestId('bo-retail-small-sample')).toBeNull();
    cleanup();
    figure = { ...RETAIL, percent: null, losing: 0, accounts: 0, meaningful: false };
    renderBo(<DashboardPage />, {
      staff: staffFixture({ permissions: ['reports.read'] }),
      api: {
        '/api/backoffice/reports/kpis': () => ok(report([EUR])),
        '/api/backoffice/reports/retail-loss': () => ok(figure),
      },
    });
    expect((await screen.findByTestId('bo-retail-percent')).textContent).toBe('—');
    // no account traded: the card says there is no figure yet, nothing about a sample
    expect(screen.queryByTestId('bo-retail-sample')).toBeNull();
    expect(screen.queryByTestId('bo-retail-small-sample')).toBeNull();
  });

  it('shows no KPIs to staff without reports.read', async () => {
    const { calls } = renderBo(<DashboardPage />, {
      staff: staffFixture({ permissions: ['withdrawals.approve'] }),
      api: { '/api/backoffice/queues/withdrawals': () => ok([]) },
    });
    expect(await screen.findByTestId('bo-tile-withdrawals')).toBeTruthy();
    expect(screen.queryByTestId('bo-dash-reports')).toBeNull();
    expect(kpiCalls(calls)).toHaveLength(0);
  });
});
