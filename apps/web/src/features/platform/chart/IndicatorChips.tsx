import type { IndicatorConfig } from '@openbroker/domain';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartIndicator } from './chartView.js';
import { IndicatorDialog } from './IndicatorDialog.js';
import { indicatorLabel } from './indicatorLabel.js';

/** The indicators on the chart, each with its parameters, a settings button and a remove button. */
export function IndicatorChips({
  indicators,
  onUpdate,
  onRemove,
}: {
  indicators: ChartIndicator[];
  onUpdate: (id: number, params: IndicatorConfig['params']) => void;
  onRemove: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<number | null>(null);
  const edited = indicators.find((indicator) => indicator.id === editing);
  if (indicators.length === 0) return null;
  return (
    <>
      <ul
        className="ob-chart-indicators"
        aria-label={t('chart.indicators.list')}
        data-testid="chart-indicators"
      >
        {indicators.map((indicator) => {
          const name = indicatorLabel(indicator);
          return (
            <li
              key={indicator.id}
              className="ob-chart-chip"
              style={{ '--ob-chip-color': `var(--ob-chart-ind-${indicator.color})` } as CSSProperties}
              data-testid={`chart-indicator-${indicator.id}`}
              data-kind={indicator.kind}
            >
              <span className="ob-chart-chip-swatch" aria-hidden="true" />
              <span className="ob-chart-chip-name ob-num" data-testid="chart-indicator-name">
                {name}
              </span>
              <button
                type="button"
                className="ob-chart-chip-button"
                aria-label={t('chart.indicator.edit', { name })}
                title={t('chart.indicator.edit', { name })}
                onClick={() => setEditing(indicator.id)}
                data-testid="chart-indicator-edit"
              >
                <i className="bi bi-gear" aria-hidden="true" />
              </button>
              <button
                type="button"
                className="ob-chart-chip-button"
                aria-label={t('chart.indicator.remove', { name })}
                title={t('chart.indicator.remove', { name })}
                onClick={() => onRemove(indicator.id)}
                data-testid="chart-indicator-remove"
              >
                <i className="bi bi-x-lg" aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ul>
      {edited && (
        <IndicatorDialog
          key={edited.id}
          indicator={edited}
          onApply={(params) => onUpdate(edited.id, params)}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
