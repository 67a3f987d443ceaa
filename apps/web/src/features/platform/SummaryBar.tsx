import type { BalancePayload, RiskState } from '@openbroker/domain';
import { Placeholder } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../lib/i18n/keys.js';
import { signClass, useMoney } from '../../shared/market/numbers.js';
import { ToastSlot } from '../../ui/ToastProvider.js';
import { AccountCell } from './AccountCell.js';
import { asPercent, useMarginLevel } from './risk/useMarginLevel.js';
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

const LEVEL_CLASS: Record<RiskState, string> = {
  none: '',
  ok: '',
  marginCall: 'ob-level-call',
  stopOut: 'ob-level-stop',
};

const Loading = () => (
  <Placeholder animation="glow" aria-hidden="true">
    <Placeholder xs={7} />
  </Placeholder>
);

/** Equity ÷ used margin, coloured at the brand's margin-call and stop-out levels. */
function MarginLevelFigure() {
  const { t, i18n } = useTranslation();
  const { level, state, profile, known } = useMarginLevel();
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const levels = t('term.marginLevel.levels', {
    call: percent.format(asPercent(profile.marginCallLevel)),
    stopOut: percent.format(asPercent(profile.stopOutLevel)),
  });
  return (
    <div className={`ob-summary-item ${LEVEL_CLASS[state]}`} title={levels} data-state={state}>
      <div className="ob-summary-label">
        <i className="bi bi-speedometer2" aria-hidden="true" /> {t('term.marginLevel')}
      </div>
      <div className="ob-summary-value" data-testid="summary-margin-level" data-state={state}>
        {!known ? <Loading /> : level === null ? '—' : `${percent.format(level)} %`}
      </div>
      <span className="visually-hidden">{levels}</span>
    </div>
  );
}

/**
 * spec §2 summary, after the trading account (number, DEMO pill, switcher): balance, equity, free margin and profit (spec §9), live: equity and profit follow
 * the prices between the server's pushes every 5 s; and the margin level. The last cell hosts
 * the toasts on this screen, so a toast never lies over a figure.
 */
export function SummaryBar() {
  const { t } = useTranslation();
  const money = useMoney();
  const summary = useLiveSummary();
  return (
    <section className="ob-summary" aria-label={t('platform.summary')} data-testid="platform-summary">
      <AccountCell />
      {FIGURES.map(({ field, label, icon, testId }) => {
        const value = summary?.[field];
        const isProfit = field === 'profit';
        return (
          <div className="ob-summary-item" key={field}>
            <div className="ob-summary-label">
              <i className={`bi ${icon}`} aria-hidden="true" /> {t(label)}
            </div>
            <div className={`ob-summary-value ${isProfit ? signClass(value) : ''}`} data-testid={testId}>
              {value === undefined ? <Loading /> : isProfit ? money.signed(value) : money.format(value)}
            </div>
          </div>
        );
      })}
      <MarginLevelFigure />
      <ToastSlot className="ob-summary-toasts" />
    </section>
  );
}
