import {
  type BacktestDto,
  formatPrice,
  STRATEGY_CANDLE_DAYS,
  type StrategyTimeframe,
} from '@openbroker/domain';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDate, shortDateTime } from '../../lib/dates.js';
import type { TranslationKey } from '../../lib/i18n/keys.js';
import { signClass, useMoney } from '../../shared/market/numbers.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { useNumber } from './strategyText.js';

const EquityChart = lazy(() =>
  import('./EquityChart.js').then((module) => ({ default: module.EquityChart })),
);

const EXIT_KEYS: Record<BacktestDto['trades'][number]['exit'], TranslationKey> = {
  signal: 'at.exit.signal',
  stopLoss: 'at.exit.stopLoss',
  takeProfit: 'at.exit.takeProfit',
  end: 'at.exit.end',
  limit: 'at.exit.limit',
};

/** Trades listed before "show all". */
const TRADES_SHOWN = 8;

/** One figure of a backtest: label, value (with an optional tone class) and an optional line below. */
function Figure({
  label,
  value,
  sub,
  tone,
  testId,
}: {
  label: string;
  value: ReactNode;
  sub?: ReactNode;
  tone?: string;
  testId: string;
}) {
  return (
    <div className="ob-at-figure" data-testid={testId}>
      <dt>{label}</dt>
      <dd className={tone}>{value}</dd>
      {sub && <dd className="ob-at-figure-sub">{sub}</dd>}
    </div>
  );
}

/** Days a backtest covers by default (12 months); a timeframe whose candles are kept for less reaches back less. */
const BACKTEST_DAYS = 365;

/** How far back the test could reach on its timeframe, next to the period it covered. */
function DepthNote({ timeframe }: { timeframe: StrategyTimeframe }) {
  const { t } = useTranslation();
  const days = STRATEGY_CANDLE_DAYS[timeframe];
  const short = days < BACKTEST_DAYS;
  return (
    <span
      className={short ? 'text-warning-emphasis' : undefined}
      data-testid="backtest-depth"
      data-short={short ? 'true' : 'false'}
    >
      <i className={`bi ${short ? 'bi-exclamation-triangle' : 'bi-info-circle'} me-1`} aria-hidden="true" />
      {short
        ? t('at.backtest.depth.short', { timeframe: t(`at.tf.${timeframe}`), days })
        : t('at.backtest.depth.full')}
    </span>
  );
}

/**
 * What a backtest found: the period and its depth, the equity curve, the figures (net result, trades,
 * win rate, drawdown…) and the trades, the first few until asked for all; dimmed when the form changed since.
 */
export function BacktestResult({
  result,
  timeframe,
  stale,
}: {
  result: BacktestDto;
  /** The timeframe the test ran on (the form may have changed since). */
  timeframe: StrategyTimeframe;
  stale: boolean;
}) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const num = useNumber(2);
  const [allTrades, setAllTrades] = useState(false);
  const { figures } = result;
  const percent = figures.startBalance > 0 ? (figures.netProfit / figures.startBalance) * 100 : null;
  const trades = allTrades ? result.trades : result.trades.slice(0, TRADES_SHOWN);
  return (
    <div className={stale ? 'ob-at-result ob-at-stale' : 'ob-at-result'} data-testid="backtest-result">
      <div className="d-flex flex-wrap justify-content-between gap-2 small text-body-secondary mb-2">
        <span data-testid="backtest-period">
          <span className="ob-symbol me-2">{result.symbol}</span>
          {t('at.backtest.period', {
            from: formatDate(result.from, i18n.language),
            to: formatDate(result.to, i18n.language),
            candles: num(result.candles),
          })}
        </span>
        <DepthNote timeframe={timeframe} />
      </div>
      {stale && (
        <Alert variant="warning" className="py-2 small" data-testid="backtest-stale">
          <i className="bi bi-arrow-repeat me-1" aria-hidden="true" />
          {t('at.backtest.stale')}
        </Alert>
      )}
      {figures.stoppedBy && (
        <Alert variant="danger" className="py-2 small" data-testid="backtest-stopped-by">
          <i className="bi bi-sign-stop me-1" aria-hidden="true" />
          {t(
            figures.stoppedBy.limit === 'daily'
              ? 'at.backtest.stoppedBy.daily'
              : 'at.backtest.stoppedBy.drawdown',
            {
              time: formatDate(figures.stoppedBy.time, i18n.language, true),
            },
          )}
        </Alert>
      )}
      <Suspense fallback={<div className="ob-at-equity" aria-busy="true" />}>
        <EquityChart
          points={result.equity}
          startBalance={figures.startBalance}
          locale={i18n.language}
          money={money.format}
          label={t('at.backtest.chart')}
        />
      </Suspense>
      <dl className="ob-at-figures" data-testid="backtest-figures">
        <Figure
          testId="backtest-net-profit"
          label={t('at.fig.netProfit')}
          value={money.signed(figures.netProfit)}
          tone={signClass(figures.netProfit)}
          sub={
            <>
              {percent !== null && `${percent > 0 ? '+' : ''}${num(percent)} % · `}
              {t('at.fig.start', { amount: money.format(figures.startBalance) })}
            </>
          }
        />
        <Figure testId="backtest-trades" label={t('at.fig.trades')} value={num(figures.trades)} />
        <Figure
          testId="backtest-win-rate"
          label={t('at.fig.winRate')}
          value={figures.winRate === null ? '—' : `${num(figures.winRate)} %`}
        />
        <Figure
          testId="backtest-profit-factor"
          label={t('at.fig.profitFactor')}
          // null: no losing trade (∞), or no trade at all
          value={figures.profitFactor !== null ? num(figures.profitFactor) : figures.trades > 0 ? '∞' : '—'}
        />
        <Figure
          testId="backtest-max-drawdown"
          label={t('at.fig.maxDrawdown')}
          value={figures.maxDrawdown === 0 ? money.format(0) : money.signed(-Math.abs(figures.maxDrawdown))}
          tone={figures.maxDrawdown ? 'ob-down' : undefined}
          sub={`${num(figures.maxDrawdownPercent)} %`}
        />
        <Figure
          testId="backtest-worst-day"
          label={t('at.fig.worstDay')}
          value={figures.worstDay ? money.signed(figures.worstDay.result) : '—'}
          tone={figures.worstDay ? signClass(figures.worstDay.result) : undefined}
          sub={figures.worstDay ? formatDate(`${figures.worstDay.day}T00:00:00Z`, i18n.language) : undefined}
        />
        <Figure
          testId="backtest-end-balance"
          label={t('at.fig.endBalance')}
          value={money.format(figures.endBalance)}
        />
      </dl>
      <h3 className="ob-at-subtitle">{t('at.backtest.trades')}</h3>
      {result.trades.length === 0 ? (
        <EmptyState icon="bi-hourglass">{t('at.backtest.noTrades')}</EmptyState>
      ) : (
        <div className="ob-table-wrap table-responsive">
          <table
            className="table ob-table ob-at-table ob-at-trades mb-0 align-middle"
            data-testid="backtest-trades-table"
          >
            <thead>
              <tr>
                <th scope="col">{t('at.col.direction')}</th>
                <th scope="col">{t('at.col.opened')}</th>
                <th scope="col">{t('at.col.closed')}</th>
                <th scope="col">{t('at.col.exit')}</th>
                <th scope="col" className="text-end">
                  {t('at.col.profit')}
                </th>
              </tr>
            </thead>
            <tbody>
              {trades.map((trade) => (
                <tr
                  key={`${trade.open_time}-${trade.close_time}-${trade.direction}`}
                  data-testid="backtest-trade"
                >
                  <td data-label={t('at.col.direction')} className="c-side">
                    <span className={`ob-dir ob-dir-${trade.direction}`}>
                      {t(trade.direction === 'buy' ? 'positions.dir.buy' : 'positions.dir.sell')}
                    </span>
                  </td>
                  <td data-label={t('at.col.opened')} className="ob-num c-open">
                    {formatPrice(trade.open_rate)}
                    <span className="ob-position-sub text-body-secondary">
                      {shortDateTime(trade.open_time, i18n.language)}
                    </span>
                  </td>
                  <td data-label={t('at.col.closed')} className="ob-num c-close">
                    {formatPrice(trade.close_rate)}
                    <span className="ob-position-sub text-body-secondary">
                      {shortDateTime(trade.close_time, i18n.language)}
                    </span>
                  </td>
                  <td data-label={t('at.col.exit')} className="c-exit">
                    {t(EXIT_KEYS[trade.exit])}
                  </td>
                  <td
                    data-label={t('at.col.profit')}
                    className={`text-end fw-semibold ob-num c-profit ${signClass(trade.profit)}`}
                  >
                    {money.signed(trade.profit)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {result.trades.length > TRADES_SHOWN && (
            <div className="text-center border-top p-1">
              <Button variant="link" size="sm" onClick={() => setAllTrades((all) => !all)}>
                {allTrades
                  ? t('at.backtest.fewer')
                  : t('positions.showMore', { count: result.trades.length - TRADES_SHOWN })}
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
