import type { FunnelDay } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';

const HEIGHT = 160;

/** A round upper bound for the y axis: 1, 2, 5 × 10ⁿ at or above `max`. */
export function niceCeiling(max: number): number {
  if (max <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= max) return step * magnitude;
  return 10 * magnitude;
}

const formatDay = (day: string, language: string, long = false) =>
  new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    ...(long ? { year: 'numeric' } : {}),
  }).format(new Date(`${day}T00:00:00Z`));

/**
 * Registrations and first deposits per day as paired bars (an SVG that stretches to its card; the
 * labels are HTML so they stay sharp). Each day's bars carry a tooltip with its figures, and the
 * whole chart is described for screen readers.
 */
export function FunnelChart({ days }: { days: readonly FunnelDay[] }) {
  const { t, i18n } = useTranslation();
  const top = niceCeiling(Math.max(0, ...days.flatMap((d) => [d.registrations, d.first_deposits])));
  const slot = 10;
  const bar = days.length > 120 ? 4.5 : 3.6;
  const width = Math.max(days.length, 1) * slot;
  const y = (value: number) => HEIGHT - (value / top) * HEIGHT;
  const first = days[0]?.day;
  const last = days.at(-1)?.day;
  const middle = days[Math.floor(days.length / 2)]?.day;
  const sum = (pick: (d: FunnelDay) => number) => days.reduce((s, d) => s + pick(d), 0);

  return (
    <figure className="ob-aff-chart mb-0" data-testid="affiliate-chart">
      <div className="ob-aff-chart-legend" aria-hidden="true">
        <span>
          <i className="ob-aff-swatch ob-aff-swatch-reg" />
          {t('affiliate.chart.registrations')}
        </span>
        <span>
          <i className="ob-aff-swatch ob-aff-swatch-ftd" />
          {t('affiliate.chart.deposits')}
        </span>
      </div>
      <div className="ob-aff-chart-plot">
        <div className="ob-aff-chart-axis" aria-hidden="true">
          <span>{top}</span>
          <span>{top / 2 === Math.round(top / 2) ? top / 2 : ''}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={
            first && last
              ? t('affiliate.chart.summary', {
                  from: formatDay(first, i18n.language, true),
                  until: formatDay(last, i18n.language, true),
                  registrations: sum((d) => d.registrations),
                  deposits: sum((d) => d.first_deposits),
                })
              : t('affiliate.chart.title')
          }
        >
          {[0, 0.5, 1].map((f) => (
            <line
              key={f}
              x1={0}
              x2={width}
              y1={y(top * f)}
              y2={y(top * f)}
              className="ob-aff-grid"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {days.map((d, i) => (
            <g key={d.day} data-day={d.day}>
              <title>
                {t('affiliate.chart.day', {
                  day: formatDay(d.day, i18n.language, true),
                  registrations: d.registrations,
                  deposits: d.first_deposits,
                  clicks: d.clicks,
                })}
              </title>
              <rect x={i * slot} y={0} width={slot} height={HEIGHT} className="ob-aff-hit" />
              <rect
                x={i * slot + slot / 2 - bar}
                y={y(d.registrations)}
                width={bar}
                height={HEIGHT - y(d.registrations)}
                className="ob-aff-bar-reg"
              />
              <rect
                x={i * slot + slot / 2}
                y={y(d.first_deposits)}
                width={bar}
                height={HEIGHT - y(d.first_deposits)}
                className="ob-aff-bar-ftd"
              />
            </g>
          ))}
        </svg>
      </div>
      <div className="ob-aff-chart-days" aria-hidden="true">
        <span>{first ? formatDay(first, i18n.language) : ''}</span>
        <span>{middle && days.length > 2 ? formatDay(middle, i18n.language) : ''}</span>
        <span>{last && days.length > 1 ? formatDay(last, i18n.language) : ''}</span>
      </div>
    </figure>
  );
}
