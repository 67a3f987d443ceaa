import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../app/i18n/resources.js';

const FIGURES: readonly [TranslationKey, string][] = [
  ['summary.balance', 'bi-wallet2'],
  ['summary.equity', 'bi-pie-chart'],
  ['summary.freeMargin', 'bi-unlock'],
  ['summary.profit', 'bi-graph-up'],
];

/** spec §2 summary: balance, equity, free margin, profit. Blank ('—') until balances are connected. */
export function SummaryBar() {
  const { t } = useTranslation();
  return (
    <section className="ob-summary" aria-label={t('platform.summary')} data-testid="platform-summary">
      {FIGURES.map(([label, icon]) => (
        <div className="ob-summary-item" key={label}>
          <div className="ob-summary-label">
            <i className={`bi ${icon}`} aria-hidden="true" /> {t(label)}
          </div>
          <div className="ob-summary-value">—</div>
        </div>
      ))}
    </section>
  );
}
