import { CALCULATOR_ROWS } from '@openbroker/domain';
import { Card, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/**
 * spec §9 calculator: for each leverage, the adverse move (in %) at which a position alone loses its amount;
 * the note says the account's stop-out may come first (the ticket's liquidation price has both).
 */
export function CalculatorPanel() {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <Card className="ob-card" data-testid="calculator">
      <Card.Header className="ob-card-header">
        <h2 className="ob-card-title">{t('platform.calculator')}</h2>
      </Card.Header>
      <Card.Body className="pb-0">
        <p className="small text-body-secondary mb-2">{t('calculator.lead')}</p>
        <p className="small text-body-secondary mb-2" data-testid="calculator-stop-out-note">
          {t('term.calculator.note')}
        </p>
      </Card.Body>
      <Table size="sm" className="ob-table mb-0">
        <thead>
          <tr>
            <th scope="col">{t('calculator.leverage')}</th>
            <th scope="col" className="text-end ob-th-wrap">
              {t('calculator.termination')}
            </th>
          </tr>
        </thead>
        <tbody>
          {CALCULATOR_ROWS.map((row) => (
            <tr key={row.leverage}>
              <td>1:{row.leverage}</td>
              <td className="text-end">{percent.format(row.terminationPercent)} %</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
