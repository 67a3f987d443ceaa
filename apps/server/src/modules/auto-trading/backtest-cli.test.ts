import { BacktestDto } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { CliError, OPERATOR_COMMANDS } from '../../cli-commands.js';
import { bucketStart } from '../../market/candles.js';
import { autoClient, clientCall, trendSettings, waveCandles } from '../../test/auto-trading-kit.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { MarketService } from '../market/market.service.js';

const HOUR = 3_600_000;

/**
 * "The same backtest runs from the CLI (`npm run cli -- backtest --strategy ... --symbol ... --from ...
 * --to ...`) and prints the same figures." Run inside the server (the operator API, as `npm run cli` does when the
 * server answers), it reads the server's candles, so its figures are the client area's.
 */
describe(`npm run cli -- backtest (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { app, runtime } = server;
  const { ctx } = runtime;
  const end = bucketStart(Date.now(), '1h');
  const start = end - 300 * HOUR;
  ctx.market.candles.load(
    'BTCUSD',
    '1h',
    waveCandles(300, start, { base: 64_000, amplitude: 800, period: 24, range: 200, timeframeMs: HOUR }).map(
      (c) => ({ ...c, volume: 1 }),
    ),
  );
  const from = new Date(start).toISOString();
  const to = new Date(end).toISOString();
  const args = [
    '--strategy',
    'trend',
    '--symbol',
    'BTCUSD',
    '--from',
    from,
    '--to',
    to,
    '--timeframe',
    '1h',
    '--param',
    'fastPeriod=2,slowPeriod=5,atrPeriod=5,stopAtr=5,takeProfitAtr=10',
    '--leverage',
    '2',
  ];
  const line = (output: string, label: string) =>
    output
      .split('\n')
      .find((l) => l.trimStart().startsWith(label))
      ?.slice(label.length + 2)
      .trim();

  it("prints the client area's figures for the same settings, through the operator API", async () => {
    const client = await autoClient(server);
    const settings = trendSettings(['BTCUSD'], {
      params: { timeframe: '1h' },
      limits: { dailyLossLimit: 1_000_000_000, drawdownLimit: 1_000_000_000 },
    });
    const page = await clientCall(server, client, '/api/autoTrading/backtest', {
      settings,
      symbol: 'BTCUSD',
      from,
      to,
      balance: 10_000,
    });
    expect(page.statusCode, page.body).toBe(200);
    const figures = BacktestDto.parse(page.json().data).figures;
    expect(figures.trades).toBeGreaterThan(3);

    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/commands/backtest',
      headers: { authorization: `Bearer ${ctx.operatorToken}`, 'x-operator': 'backtest-test' },
      payload: { args },
    });
    expect(res.statusCode, res.body).toBe(200);
    const output = res.json().data.output as string;
    expect(output).toContain("the server's candle store");
    expect(line(output, 'trades')).toBe(String(figures.trades));
    expect(line(output, 'win rate')).toBe(figures.winRate === null ? '—' : `${figures.winRate.toFixed(2)} %`);
    expect(line(output, 'net profit')).toBe(
      `${figures.netProfit < 0 ? '-' : ''}€${Math.abs(figures.netProfit).toFixed(2)}`,
    );
    expect(line(output, 'profit factor')).toBe(
      figures.profitFactor === null ? '—' : figures.profitFactor.toFixed(2),
    );
    expect(line(output, 'max drawdown')).toContain(`(${figures.maxDrawdownPercent.toFixed(2)} %)`);
    expect(output).toContain('do not guarantee future results');
  });

  it.each([
    [['--strategy', 'scalper', '--symbol', 'BTCUSD'], '--strategy must be one of trend, meanReversion'],
    [['--strategy', 'trend', '--symbol', 'NOPE'], '--symbol must be an instrument'],
    [['--strategy', 'trend', '--symbol', 'BTCUSD', '--param', 'fastPeriod=1'], 'params.fastPeriod'],
    [['--strategy', 'trend', '--symbol', 'BTCUSD', '--from', '2026-13-40'], '--from must be a date'],
  ])('refuses %j with one line that says what to change', async (bad, message) => {
    const run = OPERATOR_COMMANDS.backtest?.run(ctx, bad);
    await expect(run).rejects.toBeInstanceOf(CliError);
    await expect(run).rejects.toThrow(message);
  });

  it('without a server, generates the simulated history from MARKET_SEED itself and says so', async () => {
    // the CLI's own process: a market without a feed or history (runtime.ts, not live)
    const offline = {
      ...ctx,
      config: { ...ctx.config, marketFeed: 'simulated' as const },
      market: new MarketService({
        catalogue: ctx.market.catalogue,
        feed: undefined,
        history: undefined,
        log: () => {},
      }),
    };
    const run = () =>
      OPERATOR_COMMANDS.backtest?.run(offline, [
        '--strategy',
        'meanReversion',
        '--symbol',
        'EURUSD',
        '--from',
        '2026-01-01',
        '--to',
        '2026-03-31',
      ]);
    const first = await run();
    expect(first).toContain(`generated here from MARKET_SEED=${ctx.config.marketSeed}`);
    expect(first).toContain('2026-04-01T00:00:00.000Z'); // --to is the end of that day
    expect(line(first ?? '', 'candles')).toMatch(/^\d+ from 2026-01-01/);
    // reproducible: the same seed and range give the same figures
    expect(await run()).toBe(first);
  });
});
