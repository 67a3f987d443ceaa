import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../shared/session/authStore.js';
import { completeUser, ok } from '../../test/paymentFixtures.js';
import { balanceFixture, positionFixture } from '../../test/platformFixtures.js';
import { renderApp } from '../../test/renderApp.js';
import {
  backtestFixture,
  journalFixture,
  openEntryFixture,
  overviewFixture,
  settingsFixture,
} from './autoTradingFixtures.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

type Handler = (body: Record<string, unknown>) => { status: number; json: unknown };

const refuse = (status: number, key: string, errors: unknown[] = []) => ({
  status,
  json: { status: false, code: status === 400 ? 'VALIDATION_ERROR' : 'REFUSED', key, message: key, errors },
});

function renderPage(
  api: Record<string, Handler> = {},
  options: { language?: 'en' | 'de'; auto?: 0 | 1 } = {},
) {
  const auth = { access_token: 'token-1', user: completeUser({ auto_trading: options.auto ?? 0 }) };
  return renderApp('/auto-trading', {
    auth,
    ...(options.language ? { language: options.language } : {}),
    api: {
      '/api/accounts/get': () => ok(auth),
      '/api/autoTrading/overview': () => ok(overviewFixture()),
      '/api/autoTrading/journal': () => ok(journalFixture([openEntryFixture()])),
      ...api,
    },
  });
}

describe('the auto-trading page', () => {
  it('shows the state, the strategy and limits in plain words, the results and the open auto positions', async () => {
    const auto = positionFixture({
      id: 41,
      symbol: 'EURUSD',
      origin: 'auto',
      profit: 12.4,
      open_rate: 1.08531,
    });
    const own = positionFixture({ id: 42 });
    renderPage({ '/api/accounts/getBalance': () => ok(balanceFixture(10_000, { open: [auto, own] })) });

    const status = await screen.findByTestId('auto-trading-status');
    expect(within(status).getByTestId('auto-trading-state').textContent).toBe('Off');
    const strategy = within(status).getByTestId('auto-trading-strategy').textContent ?? '';
    expect(strategy).toContain('Trend follower');
    expect(strategy).toContain(
      'Buys when the 10-candle average of 1-hour closes crosses above the 30-candle average',
    );
    expect(strategy).toContain('stop loss 2 × ATR(14) and a take profit 3 × ATR');
    expect(strategy).toContain('Trades EURUSD, BTCUSD with €100.00 per trade; open positions at most: 3');
    expect(strategy).toContain('at a loss of €200.00 in a day or €500.00 since it was switched on');
    expect(within(screen.getByTestId('results-today')).getByText('+€31.50')).toBeTruthy();
    expect(within(screen.getByTestId('results-total')).getByText('−€42.25')).toBeTruthy();
    expect(screen.getByTestId('results-open').textContent).toContain('Positions: 1');

    // only the strategy's own positions are listed
    const positions = screen.getByTestId('auto-positions');
    expect(await within(positions).findByTestId('auto-position-41')).toBeTruthy();
    expect(within(positions).queryByTestId('auto-position-42')).toBeNull();

    // the form starts from the saved settings
    expect((screen.getByTestId('param-fastPeriod') as HTMLInputElement).value).toBe('10');
    expect(screen.getByTestId('instrument-chip-EURUSD')).toBeTruthy();
    expect(screen.getByTestId('instrument-chip-BTCUSD')).toBeTruthy();
  });

  it('says why the server stopped it', async () => {
    renderPage({
      '/api/autoTrading/overview': () =>
        ok(
          overviewFixture({
            stopped: { reason: 'daily', at: '2026-11-24T14:00:00.000Z' },
            enabled_at: '2026-11-20T08:00:00.000Z',
          }),
        ),
    });
    const stopped = await screen.findByTestId('auto-trading-stopped');
    expect(stopped.textContent).toContain(
      "today's loss of the strategy's trades reached your daily loss limit",
    );
    expect(screen.getByTestId('auto-trading-state').textContent).toBe('Stopped');
  });

  it('checks the settings as the client types and shows the server’s field messages on save', async () => {
    const saves: Record<string, unknown>[] = [];
    renderPage({
      '/api/autoTrading/settings': (body) => {
        saves.push(body);
        return refuse(400, 'error.validation', [
          {
            path: ['settings', 'limits', 'symbols', 1],
            key: 'auto.settings.symbolNotAllowed',
            params: { symbol: 'GOLD' },
          },
          {
            path: 'settings.limits.dailyLossLimit',
            key: 'auto.settings.lossLimitMin',
            params: { min: '€1.00' },
          },
        ]);
      },
    });
    const fast = (await screen.findByTestId('param-fastPeriod')) as HTMLInputElement;
    // the domain's instant check: the fast average must be shorter than the slow one
    fireEvent.change(fast, { target: { value: '40' } });
    fireEvent.blur(fast);
    expect(
      await screen.findByText('The fast average must count fewer candles than the slow average (30).'),
    ).toBeTruthy();
    fireEvent.change(fast, { target: { value: '12' } });
    await waitFor(() =>
      expect(
        screen.queryByText('The fast average must count fewer candles than the slow average (30).'),
      ).toBeNull(),
    );

    fireEvent.click(screen.getByTestId('instrument-option-GOLD'));
    fireEvent.click(screen.getByRole('button', { name: /Save settings/ }));
    await waitFor(() => expect(saves).toHaveLength(1));
    const sent = saves[0]?.settings as ReturnType<typeof settingsFixture>;
    expect(sent.params).toMatchObject({ strategy: 'trend', fastPeriod: 12, slowPeriod: 30 });
    expect(sent.limits.symbols).toEqual(['EURUSD', 'BTCUSD', 'GOLD']);
    expect(saves[0]?.token).toBe('token-1');

    expect((await screen.findByTestId('field-error-symbols')).textContent).toBe(
      'The strategy cannot trade GOLD on your account.',
    );
    expect(screen.getByText('The loss limit must be at least €1.00.')).toBeTruthy();
    expect(screen.getByTestId('settings-error').textContent).toBe('Please correct the marked fields.');
  });

  it('saves and shows the new settings in words', async () => {
    let saved = overviewFixture();
    renderPage({
      '/api/autoTrading/overview': () => ok(saved),
      '/api/autoTrading/settings': (body) => {
        saved = overviewFixture({ settings: body.settings as ReturnType<typeof settingsFixture> });
        return ok(saved);
      },
    });
    const slow = (await screen.findByTestId('param-slowPeriod')) as HTMLInputElement;
    fireEvent.change(slow, { target: { value: '50' } });
    expect(await screen.findByTestId('auto-trading-unsaved')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Save settings/ }));
    expect(await screen.findByText('Auto-trading settings saved.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('auto-trading-strategy').textContent).toContain('the 50-candle average'),
    );
    expect(screen.queryByTestId('auto-trading-unsaved')).toBeNull();
  });

  it('runs the backtest and shows its figures, trades and the risk warning', async () => {
    const runs: Record<string, unknown>[] = [];
    renderPage({
      '/api/autoTrading/backtest': (body) => {
        runs.push(body);
        return ok(backtestFixture());
      },
    });
    fireEvent.click(await screen.findByTestId('backtest-run'));
    const result = await screen.findByTestId('backtest-result');
    expect(runs[0]).toMatchObject({ symbol: 'EURUSD', settings: settingsFixture() });
    // hourly candles: the full 12 months, and the page says which candles reach back less far
    const depth = within(result).getByTestId('backtest-depth');
    expect(depth.dataset.short).toBe('false');
    expect(depth.textContent).toBe(
      'The full 12 months are tested on 1-hour, 4-hour and daily candles only; shorter candles go back 7 to 90 days.',
    );
    expect(within(result).getByTestId('backtest-net-profit').textContent).toContain('+€310.40');
    expect(within(result).getByTestId('backtest-trades').textContent).toContain('4');
    expect(within(result).getByTestId('backtest-win-rate').textContent).toContain('50 %');
    expect(within(result).getByTestId('backtest-profit-factor').textContent).toContain('1.85');
    expect(within(result).getByTestId('backtest-max-drawdown').textContent).toContain('−€120.50');
    expect(within(result).getByTestId('backtest-max-drawdown').textContent).toContain('1.2 %');
    expect(within(result).getByTestId('backtest-worst-day').textContent).toContain('−€95.10');
    expect(within(result).getByTestId('backtest-worst-day').textContent).toContain('Mar 9, 2026');
    expect(await within(result).findByTestId('backtest-equity')).toBeTruthy();
    expect(within(result).getAllByTestId('backtest-trade')).toHaveLength(2);
    expect(within(result).getByText('Take profit')).toBeTruthy();
    const risk = screen.getByTestId('backtest-risk');
    expect(risk.textContent).toContain('CFDs are complex instruments');
    expect(screen.getByTestId('backtest-past-results').textContent).toContain(
      'Past results do not guarantee future results.',
    );

    // a change of the settings marks the result as not theirs
    fireEvent.change(screen.getByTestId('param-stopAtr'), { target: { value: '2.5' } });
    expect(await screen.findByTestId('backtest-stale')).toBeTruthy();
  });

  it('asks for a backtest before the first switch-on, then sends 1 and shows the server’s refusal', async () => {
    const sent: unknown[] = [];
    renderPage({
      '/api/autoTrading/backtest': () => ok(backtestFixture()),
      '/api/accounts/autoTrading': (body) => {
        sent.push(body.auto_trading);
        return refuse(403, 'auto.error.brandStopped');
      },
    });
    const toggle = (await screen.findByTestId('auto-trading-toggle')) as HTMLInputElement;
    expect(toggle.disabled).toBe(true);
    expect(screen.getByTestId('auto-trading-block').textContent).toContain(
      'Run a backtest of your saved settings before you switch auto-trading on for the first time.',
    );

    fireEvent.click(screen.getByTestId('backtest-run'));
    await screen.findByTestId('backtest-result');
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(screen.queryByTestId('auto-trading-block')).toBeNull();

    fireEvent.click(toggle);
    await waitFor(() => expect(sent).toEqual([1]));
    expect((await screen.findByTestId('auto-trading-refusal')).textContent).toContain(
      'Your broker has stopped auto-trading for now, so it cannot be switched on.',
    );
    expect(toggle.checked).toBe(false);
  });

  it('without saved settings: a careful start, and the switch and the backtest say what is missing', async () => {
    renderPage({ '/api/autoTrading/overview': () => ok(overviewFixture({ settings: null })) });
    expect((await screen.findByTestId('auto-trading-block')).textContent).toContain(
      'Choose a strategy and limits below and save them to switch auto-trading on.',
    );
    expect((screen.getByTestId('auto-trading-toggle') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('auto-trading-strategy').textContent).toBe('No strategy chosen yet.');
    expect((screen.getByTestId('backtest-run') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('backtest-invalid').textContent).toContain('Choose at least one instrument.');
    // leverages above the brand's cap (1:20) are not offered
    const leverages = [...(screen.getByTestId('field-maxLeverage') as HTMLSelectElement).options].map(
      (o) => o.value,
    );
    expect(leverages).toEqual(['1', '2', '3', '5', '10', '15', '20']);

    fireEvent.click(screen.getByTestId('instrument-option-GOLD'));
    await waitFor(() =>
      expect((screen.getByTestId('backtest-run') as HTMLButtonElement).disabled).toBe(false),
    );
    expect((screen.getByTestId('backtest-symbol') as HTMLSelectElement).value).toBe('GOLD');
  });

  it('switches off with 0 at any time', async () => {
    const sent: unknown[] = [];
    let on: 0 | 1 = 1;
    const auth = { access_token: 'token-1', user: completeUser({ auto_trading: 1 }) };
    renderPage(
      {
        '/api/autoTrading/overview': () =>
          ok(overviewFixture({ auto_trading: on, enabled_at: '2026-11-20T08:00:00.000Z' })),
        '/api/accounts/autoTrading': (body) => {
          sent.push(body.auto_trading);
          on = 0;
          return ok({ ...auth.user, auto_trading: 0 });
        },
      },
      { auto: 1 },
    );
    expect((await screen.findByTestId('auto-trading-state')).textContent).toBe('Running');
    const toggle = screen.getByTestId('auto-trading-toggle') as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(sent).toEqual([0]));
    await waitFor(() => expect(screen.getByTestId('auto-trading-state').textContent).toBe('Off'));
  });

  it('lists the journal newest first with reasons in words, figures, quote and position, and loads more', async () => {
    const journal: Record<string, unknown>[] = [];
    const older = openEntryFixture({
      id: 3,
      at: '2026-11-23T08:00:00.000Z',
      action: 'refused',
      direction: 'sell',
      reason: {
        key: 'auto.reason.trend.crossDown',
        params: {
          fast: 10,
          slow: 30,
          smaFast: '1.1',
          smaSlow: '1.2',
          smaFastPrevious: '1.3',
          smaSlowPrevious: '1.2',
        },
      },
      position_id: null,
      outcome: { key: 'engineOrder.leverageCapped', params: { max: 20 } },
    });
    renderPage({
      '/api/autoTrading/journal': (body) => {
        journal.push(body);
        return body.before === 9 ? ok(journalFixture([older])) : ok(journalFixture([openEntryFixture()], 9));
      },
    });
    const [entry] = await screen.findAllByTestId('journal-entry');
    const row = entry as HTMLElement;
    expect(within(row).getByTestId('journal-reason').textContent).toBe(
      'The 10-candle average (1.08512) crossed above the 30-candle average (1.08490); one candle before they were 1.08470 and 1.08488: buy.',
    );
    expect(within(row).getByTestId('journal-action').textContent).toBe('Open');
    expect(within(row).getByText('EURUSD')).toBeTruthy();
    expect(within(row).getByTestId('journal-indicators').textContent).toContain('Fast SMA 1.085120');
    expect(within(row).getByTestId('journal-indicators').textContent).toContain('ATR 0.001230');
    expect(within(row).getByTestId('journal-quote').textContent).toBe('Sell 1.085190 · Buy 1.085310');
    expect(within(row).getByTestId('journal-position').textContent).toBe('#41');
    expect(journal[0]).toMatchObject({ limit: 20, token: 'token-1' });
    expect(journal[0]?.before).toBeUndefined();

    fireEvent.click(screen.getByTestId('journal-more'));
    await waitFor(() => expect(screen.getAllByTestId('journal-entry')).toHaveLength(2));
    expect(journal.at(-1)).toMatchObject({ before: 9, limit: 20 });
    const second = screen.getAllByTestId('journal-entry')[1] as HTMLElement;
    expect(within(second).getByTestId('journal-action').textContent).toBe('Refused');
    expect(within(second).getByTestId('journal-outcome')).toBeTruthy();
    expect(screen.queryByTestId('journal-more')).toBeNull();
  });

  it('shows a signal a limit held back as skipped, with why, in German', async () => {
    const skipped = openEntryFixture({
      action: 'skipped',
      position_id: null,
      outcome: { key: 'auto.hold.maxPositions', params: { count: 3, max: 3 } },
    });
    renderPage({ '/api/autoTrading/journal': () => ok(journalFixture([skipped])) }, { language: 'de' });
    const [entry] = await screen.findAllByTestId('journal-entry');
    const row = entry as HTMLElement;
    expect(row.dataset.action).toBe('skipped');
    expect(within(row).getByTestId('journal-action').textContent).toBe('Übersprungen');
    expect(within(row).getByTestId('journal-reason').textContent).toContain('nach oben gekreuzt');
    expect(within(row).getByTestId('journal-outcome').textContent).toBe(
      'Nicht eröffnet: 3 automatische Positionen sind offen, Ihr Maximum ist 3.',
    );
    expect(within(row).getByTestId('journal-indicators')).toBeTruthy();
    expect(within(row).getByTestId('journal-quote')).toBeTruthy();
    expect(within(row).queryByTestId('journal-position')).toBeNull();
  });

  it('says next to the period that a backtest on 1-minute candles covers 7 days, not 12 months (in German)', async () => {
    const settings = settingsFixture();
    const oneMinute = { ...settings, params: { ...settings.params, timeframe: '1m' as const } };
    renderPage(
      {
        '/api/autoTrading/overview': () => ok(overviewFixture({ settings: oneMinute })),
        '/api/autoTrading/backtest': () => ok(backtestFixture()),
      },
      { language: 'de' },
    );
    fireEvent.click(await screen.findByTestId('backtest-run'));
    const result = await screen.findByTestId('backtest-result');
    const depth = within(result).getByTestId('backtest-depth');
    expect(depth.dataset.short).toBe('true');
    expect(depth.textContent).toBe(
      '1-Minuten-Kerzen werden 7 Tage lang aufbewahrt, daher deckt dieser Test höchstens die letzten 7 Tage ab, nicht 12 Monate. Die vollen 12 Monate werden auf 1-Stunden-, 4-Stunden- und Tageskerzen getestet.',
    );
    // beside the period it qualifies
    expect(depth.parentElement).toBe(within(result).getByTestId('backtest-period').parentElement);
  });

  it('reads in German', async () => {
    renderPage({}, { language: 'de' });
    const strategy = await screen.findByTestId('auto-trading-strategy');
    expect(strategy.textContent).toContain('Trendfolger');
    expect(strategy.textContent).toContain('der 1-Stunden-Schlusskurse');
    expect(screen.getByTestId('auto-trading-state').textContent).toBe('Aus');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Auto-Trading');
  });
});
