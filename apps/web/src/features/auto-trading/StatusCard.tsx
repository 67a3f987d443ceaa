import type { AutoTradingOverview } from '@openbroker/domain';
import type { ReactNode } from 'react';
import { Alert, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '../../api/types.js';
import { formatDate } from '../../lib/dates.js';
import { AutoTradingSwitch } from '../../shared/auto-trading/AutoTradingSwitch.js';
import { signClass, useMoney } from '../../shared/market/numbers.js';
import { type TextMessage, useMessageText } from '../../ui/forms.js';
import { STRATEGY_NAME, STRATEGY_SUB, TIMEFRAME_NAME, useStrategyWords } from './strategyText.js';

/** Why switching on is not offered now, and where to fix it. */
export interface Block {
  message: TextMessage;
  link?: { to: string; label: TextMessage };
}

function Kpi({ label, value, sub, testId }: { label: string; value: number; sub: string; testId: string }) {
  const money = useMoney();
  return (
    <div className="ob-at-kpi" data-testid={testId}>
      <div className="ob-summary-label">{label}</div>
      <div className={`ob-summary-value ${signClass(value)}`}>{money.signed(value)}</div>
      <div className="ob-at-kpi-sub">{sub}</div>
    </div>
  );
}

/**
 * The page's head: on/off with the spec's switch, why the server stopped it, the strategy and the limits
 * in plain words, and the results of its trades today, since it was switched on, and open now.
 */
export function StatusCard({
  overview,
  user,
  token,
  block,
  unsaved,
}: {
  overview: AutoTradingOverview;
  user: User;
  token: string;
  /** Why switching on is not offered (null: it is). */
  block: Block | null;
  unsaved: boolean;
}) {
  const { t, i18n } = useTranslation();
  const text = useMessageText();
  const words = useStrategyWords();
  const on = overview.auto_trading === 1;
  const stopped = !on ? overview.stopped : null;
  const state = on ? 'on' : stopped ? 'stopped' : 'off';
  const settings = overview.settings;
  const { results } = overview;
  const when = (iso: string) => formatDate(iso, i18n.language, true);
  let stoppedText: ReactNode = null;
  if (stopped)
    stoppedText =
      stopped.reason === 'daily'
        ? t('at.stopped.daily', { time: when(stopped.at) })
        : stopped.reason === 'drawdown'
          ? t('at.stopped.drawdown', { time: when(stopped.at) })
          : t('at.stopped.brand', { time: when(stopped.at) });

  return (
    <Card className="ob-card ob-at-status" data-testid="auto-trading-status">
      <Card.Body className="p-3 p-md-4">
        <div className="ob-at-status-grid">
          <div className="ob-at-status-main">
            <div className="ob-at-status-top">
              <div className="d-flex align-items-center flex-wrap gap-2">
                <span className={`ob-at-state ob-at-state-${state}`} data-testid="auto-trading-state">
                  <span className="ob-at-dot" aria-hidden="true" />
                  {t(`at.status.${state}`)}
                </span>
                {on && overview.enabled_at && (
                  <span className="small text-body-secondary">
                    {t('at.status.since', { time: when(overview.enabled_at) })}
                  </span>
                )}
              </div>
              <div className="ob-at-switchbox">
                <AutoTradingSwitch user={user} token={token} on={on} canTurnOn={!block} link={false} />
              </div>
            </div>

            {overview.killed && (
              <Alert variant="danger" className="py-2 mb-3 small" data-testid="auto-trading-killed">
                <i className="bi bi-sign-stop me-2" aria-hidden="true" />
                {t('at.killed')}
              </Alert>
            )}
            {stoppedText && (
              <Alert variant="warning" className="py-2 mb-3 small" data-testid="auto-trading-stopped">
                <i className="bi bi-pause-circle me-2" aria-hidden="true" />
                {stoppedText} {stopped?.reason !== 'brand' && t('at.stopped.again')}
              </Alert>
            )}
            {!on && block && !overview.killed && (
              <div className="ob-at-block small" data-testid="auto-trading-block">
                <i className="bi bi-info-circle" aria-hidden="true" />
                <span>
                  {text(block.message)}{' '}
                  {block.link &&
                    (block.link.to.startsWith('#') ? (
                      <a href={block.link.to}>{text(block.link.label)}</a>
                    ) : (
                      <Link to={block.link.to}>{text(block.link.label)}</Link>
                    ))}
                </span>
              </div>
            )}
            {on && <p className="small text-body-secondary mb-3">{t('at.offNote')}</p>}

            <div className="ob-at-strategy-words" data-testid="auto-trading-strategy">
              {settings ? (
                <>
                  <div className="d-flex flex-wrap align-items-baseline gap-2 mb-1">
                    <h2 className="ob-at-strategy-name">{t(STRATEGY_NAME[settings.params.strategy])}</h2>
                    <span className="small text-body-secondary">
                      {t(STRATEGY_SUB[settings.params.strategy])} ·{' '}
                      {t(TIMEFRAME_NAME[settings.params.timeframe])}
                    </span>
                  </div>
                  {words.rules(settings.params).map((line) => (
                    <p key={line} className="mb-1">
                      {line}
                    </p>
                  ))}
                  {words.limits(settings.limits).map((line) => (
                    <p key={line} className="mb-1 text-body-secondary">
                      {line}
                    </p>
                  ))}
                  {unsaved && (
                    <p className="small text-warning-emphasis mb-0 mt-2" data-testid="auto-trading-unsaved">
                      <i className="bi bi-pencil-square me-1" aria-hidden="true" />
                      {t('at.unsaved')}
                    </p>
                  )}
                </>
              ) : (
                <p className="mb-0 text-body-secondary">{t('at.strategy.none')}</p>
              )}
            </div>
          </div>

          <div className="ob-at-kpis" data-testid="auto-trading-results">
            <Kpi
              testId="results-today"
              label={t('at.results.today')}
              value={results.today.profit}
              sub={t('at.results.trades', { count: results.today.trades })}
            />
            <Kpi
              testId="results-total"
              label={t('at.results.total')}
              value={results.total.profit}
              sub={t('at.results.trades', { count: results.total.trades })}
            />
            <Kpi
              testId="results-open"
              label={t('at.results.open')}
              value={results.open.profit}
              sub={t('at.results.positions', { count: results.open.positions })}
            />
          </div>
        </div>
      </Card.Body>
    </Card>
  );
}
