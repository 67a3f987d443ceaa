import type { IndicatorKind } from '@openbroker/domain';
import { Button, ButtonGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { CANDLE_RESOLUTIONS, type CandleResolution } from '../../../api/types.js';
import { ChartTypeMenu } from './ChartTypeMenu.js';
import type { ChartType } from './chartView.js';
import { IndicatorMenu } from './IndicatorMenu.js';

/** The chart's tools: the timeframe, the chart type and the indicators menu; they wrap onto a line of their own. */
export function ChartToolbar({
  resolution,
  onResolution,
  type,
  onType,
  indicatorCount,
  onAddIndicator,
}: {
  resolution: CandleResolution;
  onResolution: (resolution: CandleResolution) => void;
  type: ChartType;
  onType: (type: ChartType) => void;
  indicatorCount: number;
  onAddIndicator: (kind: IndicatorKind) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="ob-chart-toolbar">
      <ButtonGroup size="sm" aria-label={t('chart.timeframe')} className="ob-timeframes">
        {CANDLE_RESOLUTIONS.map((value) => (
          <Button
            key={value}
            variant="outline-secondary"
            active={value === resolution}
            aria-pressed={value === resolution}
            onClick={() => onResolution(value)}
            data-testid={`chart-resolution-${value}`}
          >
            {t(`chart.resolution.${value}`)}
          </Button>
        ))}
      </ButtonGroup>
      <ChartTypeMenu type={type} onChoose={onType} />
      <IndicatorMenu count={indicatorCount} onAdd={onAddIndicator} />
    </div>
  );
}
