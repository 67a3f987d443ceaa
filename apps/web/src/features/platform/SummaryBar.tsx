import type { BalancePayload } from '@openbroker/domain';
import { Placeholder } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../app/i18n/resources.js';
import { signClass, useMoney } from './numbers.js';
import { useLiveSummary } from './trading/liveFigures.js';

const FIGURES: readonly {
  field: keyof BalancePayload;
  label: TranslationKey;
  icon: string;
  testId: string;
}[] = [
  { field: 'balance', label: 'summary.balance', icon: 'bi-wallet2', testId: 'summary-balance' },
  { field: 'equity', label: 'summary.equity', icon: 'bi-pie-chart', testId: 'summary-equity' },
  { field: 'freeMargin', label: 'summary.freeMargin', icon: 'bi-unlock', testId: 'summary-free-margin' },
  { field: 'profit', label: 'summary.profit', icon: 'bi-graph-up', testId: 'summary-profit' },
];

/**
 * spec §2 summary: balance, equity, free margin and profit (spec §9), live: equity and profit follow
 * the prices between the server's pushes every 5 s.
 */
export function SummaryBar() {
  const { t } = useTranslation();
  const money = useMoney();
  const summary = useLiveSummary();
  return (
    <section className="ob-summary" aria-label={t('platform.summary')} data-testid="platform-summary">
      {FIGURES.map(({ field, label, icon, testId }) => {
        const value = summary?.[field];
        const isProfit = field === 'profit';
        return (
          <div className="ob-summary-item" key={field}>
            <div className="ob-summary-label">
              <i className={`bi ${icon}`} aria-hidden="true" /> {t(label)}
            </div>
            <div className={`ob-summary-value ${isProfit ? signClass(value) : ''}`} data-testid={testId}>
              {value === undefined ? (
                <Placeholder animation="glow" aria-hidden="true">
                  <Placeholder xs={7} />
                </Placeholder>
              ) : isProfit ? (
                money.signed(value)
              ) : (
                money.format(value)
              )}
            </div>
          </div>
        );
      })}
    </section>
  );
}
