import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState.js';

/** The chart area; the chart itself needs the price history and feed that come later. */
export function ChartPanel({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  return (
    <Card className="ob-card">
      <Card.Header className="ob-card-header d-flex align-items-center justify-content-between">
        <h2 className="ob-card-title">
          {t('platform.chart')} <span className="ob-symbol">{symbol}</span>
        </h2>
      </Card.Header>
      <Card.Body className="ob-chart-body">
        <EmptyState icon="bi-graph-up">{t('platform.chartEmpty')}</EmptyState>
      </Card.Body>
    </Card>
  );
}
