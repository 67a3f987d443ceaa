import { useTranslation } from 'react-i18next';
import { ChartMenu } from './ChartMenu.js';
import { CHART_TYPES, type ChartType } from './chartView.js';

const ICONS: Readonly<Record<ChartType, string>> = {
  candles: 'bi-bar-chart-fill',
  bars: 'bi-bar-chart',
  line: 'bi-graph-up',
  area: 'bi-graph-up-arrow',
  heikinAshi: 'bi-bar-chart-steps',
};

/** The chart type chooser: candles, OHLC bars, line, area or Heikin-Ashi candles. */
export function ChartTypeMenu({ type, onChoose }: { type: ChartType; onChoose: (type: ChartType) => void }) {
  const { t } = useTranslation();
  return (
    <ChartMenu
      label={`${t('chart.type')}: ${t(`chart.type.${type}`)}`}
      icon={ICONS[type]}
      testId="chart-type"
    >
      {(close) =>
        CHART_TYPES.map((value) => (
          <button
            key={value}
            type="button"
            className={value === type ? 'dropdown-item active' : 'dropdown-item'}
            aria-pressed={value === type}
            onClick={() => {
              onChoose(value);
              close();
            }}
            data-testid={`chart-type-${value}`}
          >
            <i className={`bi ${ICONS[value]} me-2`} aria-hidden="true" />
            {t(`chart.type.${value}`)}
          </button>
        ))
      }
    </ChartMenu>
  );
}
