import { INDICATOR_KINDS, type IndicatorKind } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { ChartMenu } from './ChartMenu.js';
import { MAX_INDICATORS } from './chartView.js';
import { INDICATOR_SHORT } from './indicatorLabel.js';

/** The "Indicators" menu: adds one of the seven with its default parameters (the same kind may come twice). */
export function IndicatorMenu({ count, onAdd }: { count: number; onAdd: (kind: IndicatorKind) => void }) {
  const { t } = useTranslation();
  const full = count >= MAX_INDICATORS;
  return (
    <ChartMenu
      label={t('chart.indicators.add')}
      icon="bi-activity"
      text={t('chart.indicators')}
      testId="chart-add"
    >
      {(close) => (
        <>
          <div className="dropdown-header">{t('chart.indicators.add')}</div>
          {INDICATOR_KINDS.map((kind) => (
            <button
              key={kind}
              type="button"
              className="dropdown-item d-flex justify-content-between gap-3"
              disabled={full}
              onClick={() => {
                onAdd(kind);
                close();
              }}
              data-testid={`chart-add-${kind}`}
            >
              <span>{t(`chart.indicator.${kind}`)}</span>
              <span className="text-body-secondary">{INDICATOR_SHORT[kind]}</span>
            </button>
          ))}
          {full && <p className="ob-chart-menu-note">{t('chart.indicators.max', { max: MAX_INDICATORS })}</p>}
        </>
      )}
    </ChartMenu>
  );
}
