import {
  formatPrice,
  type JournalAction,
  type JournalEntryDto,
  STRATEGY_TIMEFRAMES,
  type StrategyTimeframe,
} from '@openbroker/domain';
import type { TFunction } from 'i18next';
import { Button, Card, Placeholder, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, shortDateTime } from '../../lib/dates.js';
import type { TranslationKey } from '../../lib/i18n/keys.js';
import { useJournal } from '../../shared/auto-trading/useAutoTrading.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FormAlert, useMessageText } from '../../ui/forms.js';

const ACTION: Record<JournalAction, { key: TranslationKey; tone: string; icon: string }> = {
  open: { key: 'at.action.open', tone: 'primary', icon: 'bi-box-arrow-in-right' },
  close: { key: 'at.action.close', tone: 'secondary', icon: 'bi-box-arrow-right' },
  refused: { key: 'at.action.refused', tone: 'warning', icon: 'bi-slash-circle' },
  skipped: { key: 'at.action.skipped', tone: 'warning', icon: 'bi-skip-forward-circle' },
  limit: { key: 'at.action.limit', tone: 'danger', icon: 'bi-sign-stop' },
  switchedOn: { key: 'at.action.switchedOn', tone: 'success', icon: 'bi-play-circle' },
  switchedOff: { key: 'at.action.switchedOff', tone: 'secondary', icon: 'bi-pause-circle' },
  brandStopped: { key: 'at.action.brandStopped', tone: 'danger', icon: 'bi-sign-stop' },
  settings: { key: 'at.action.settings', tone: 'info', icon: 'bi-sliders2' },
};

const INDICATOR: Record<string, TranslationKey> = {
  smaFast: 'at.ind.smaFast',
  smaSlow: 'at.ind.smaSlow',
  smaFastPrevious: 'at.ind.smaFastPrevious',
  smaSlowPrevious: 'at.ind.smaSlowPrevious',
  atr: 'at.ind.atr',
  rsi: 'at.ind.rsi',
  rsiPrevious: 'at.ind.rsiPrevious',
  close: 'at.ind.close',
  stopLoss: 'at.ind.stopLoss',
  takeProfit: 'at.ind.takeProfit',
};

/** A settings line names the strategy and timeframe by id ('trend', '1m'): shown in the reader's words. */
function readableReason(reason: JournalEntryDto['reason'], t: TFunction): JournalEntryDto['reason'] {
  if (reason.key !== 'auto.journal.settings' || !reason.params) return reason;
  const { strategy, timeframe } = reason.params;
  const named: Record<string, string | number> = { ...reason.params };
  if (strategy === 'trend' || strategy === 'meanReversion') named.strategy = t(`at.strategy.${strategy}`);
  if (typeof timeframe === 'string' && (STRATEGY_TIMEFRAMES as readonly string[]).includes(timeframe))
    named.timeframe = t(`at.tf.${timeframe as StrategyTimeframe}`);
  return { ...reason, params: named };
}

/** Oscillators (RSI) read best with two decimals; everything else is a price and follows the spec §9 decimals. */
const indicatorValue = (name: string, value: number): string =>
  name.toLowerCase().startsWith('rsi') ? value.toFixed(2) : formatPrice(value);

function JournalRow({ entry }: { entry: JournalEntryDto }) {
  const { t, i18n } = useTranslation();
  const text = useMessageText();
  const action = ACTION[entry.action];
  const indicators = Object.entries(entry.indicators);
  return (
    <tr data-testid="journal-entry" data-action={entry.action}>
      <td data-label={t('at.col.time')} className="c-time text-nowrap">
        <time dateTime={entry.at} title={formatDate(entry.at, i18n.language, true)}>
          {shortDateTime(entry.at, i18n.language)}
        </time>
        {entry.candle_time && (
          <span className="ob-position-sub text-body-secondary">
            {t('at.journal.candle', { time: shortDateTime(entry.candle_time, i18n.language) })}
          </span>
        )}
      </td>
      <td data-label={t('at.col.instrument')} className="c-symbol">
        {entry.symbol ? (
          <>
            <span className="fw-semibold">{entry.symbol}</span>
            {entry.direction && (
              <span className="ob-position-sub">
                <span className={`ob-dir ob-dir-${entry.direction}`}>
                  {t(entry.direction === 'buy' ? 'positions.dir.buy' : 'positions.dir.sell')}
                </span>
              </span>
            )}
          </>
        ) : (
          <span className="text-body-secondary">—</span>
        )}
      </td>
      <td data-label={t('at.col.action')} className="c-action">
        <span className={`ob-at-action ob-at-action-${action.tone}`} data-testid="journal-action">
          <i className={`bi ${action.icon}`} aria-hidden="true" />
          {t(action.key)}
        </span>
      </td>
      <td data-label={t('at.col.reason')} className="c-reason">
        <span data-testid="journal-reason">{text(readableReason(entry.reason, t))}</span>
        {entry.outcome && (
          <span className="d-block small text-danger-emphasis mt-1" data-testid="journal-outcome">
            <i className="bi bi-exclamation-circle me-1" aria-hidden="true" />
            {text(entry.outcome)}
          </span>
        )}
      </td>
      <td
        data-label={t('at.col.figures')}
        className={indicators.length === 0 && !entry.quote ? 'c-figures is-empty' : 'c-figures'}
      >
        {indicators.length > 0 && (
          <span className="ob-at-indicators" data-testid="journal-indicators">
            {indicators.map(([name, value]) => (
              <span key={name} className="ob-at-indicator">
                <span className="text-body-secondary">{INDICATOR[name] ? t(INDICATOR[name]) : name}</span>{' '}
                <span className="ob-num">{indicatorValue(name, value)}</span>
              </span>
            ))}
          </span>
        )}
        {entry.quote && (
          <span className="d-block small ob-num mt-1" data-testid="journal-quote">
            {t('at.journal.quote', {
              sell: formatPrice(entry.quote.sell),
              buy: formatPrice(entry.quote.buy),
            })}
          </span>
        )}
        {indicators.length === 0 && !entry.quote && <span className="text-body-secondary">—</span>}
      </td>
      <td data-label={t('at.col.position')} className="c-position text-end">
        {entry.position_id != null ? (
          <Link
            to={entry.symbol ? `/platform/${entry.symbol}` : '/platform'}
            title={t('at.journal.positionTitle', { id: entry.position_id })}
            data-testid="journal-position"
          >
            {t('at.journal.position', { id: entry.position_id })}
          </Link>
        ) : (
          <span className="text-body-secondary">—</span>
        )}
      </td>
    </tr>
  );
}

/** The journal: every decision with time, instrument, action, reason, indicators, quote and position. */
export function JournalCard() {
  const { t } = useTranslation();
  const query = useJournal();
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Card className="ob-card" data-testid="journal">
      <Card.Header className="ob-card-header">
        <h2 className="ob-card-title">
          <i className="bi bi-journal-text me-2" aria-hidden="true" />
          {t('at.journal.title')}
        </h2>
        <div className="small text-body-secondary mt-1">{t('at.journal.lead')}</div>
      </Card.Header>
      {query.isError && !query.data ? (
        <Card.Body>
          <FormAlert message={{ key: 'error.internal' }}>
            <div className="mt-2">
              <Button size="sm" variant="outline-danger" onClick={() => void query.refetch()}>
                {t('app.retry')}
              </Button>
            </div>
          </FormAlert>
        </Card.Body>
      ) : query.isPending ? (
        <Card.Body aria-hidden="true">
          {[0, 1, 2].map((row) => (
            <Placeholder key={row} animation="glow" as="div" className="mb-2">
              <Placeholder xs={12} />
            </Placeholder>
          ))}
        </Card.Body>
      ) : entries.length === 0 ? (
        <EmptyState icon="bi-journal">{t('at.journal.empty')}</EmptyState>
      ) : (
        <>
          <div className="ob-table-wrap table-responsive">
            <table className="table ob-table ob-at-table ob-at-journal mb-0 align-middle">
              <thead>
                <tr>
                  <th scope="col">{t('at.col.time')}</th>
                  <th scope="col">{t('at.col.instrument')}</th>
                  <th scope="col">{t('at.col.action')}</th>
                  <th scope="col">{t('at.col.reason')}</th>
                  <th scope="col">{t('at.col.figures')}</th>
                  <th scope="col" className="text-end">
                    {t('at.col.position')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <JournalRow key={entry.id} entry={entry} />
                ))}
              </tbody>
            </table>
          </div>
          {query.hasNextPage && (
            <div className="text-center border-top p-2">
              <Button
                variant="link"
                size="sm"
                onClick={() => void query.fetchNextPage()}
                disabled={query.isFetchingNextPage}
                data-testid="journal-more"
              >
                {query.isFetchingNextPage && (
                  <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
                )}
                {t('at.journal.more')}
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
