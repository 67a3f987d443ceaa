import { CALCULATOR_LEVERAGES, DEFAULT_SYMBOL, terminationPercent } from '@openbroker/domain';
import { Card, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAssets, useInstruments } from '../../shared/market/useMarketData.js';
import { useAuth } from '../../shared/session/useAuth.js';
import { leverageChoices, pickableLeverages } from './trade/leverageChoices.js';
import { tradeUserOf, useAccountRights } from './trade/tradeUser.js';

/**
 * The leverages the calculator lists for `symbol`: the ones the ticket lets the client pick there (the
 * category's list, the client's custom_leverage, the brand's cap); before the asset and the account are known the
 * brand's list of the instrument, else the spec's list.
 */
function useCalculatorLeverages(symbol: string): readonly number[] {
  const auth = useAuth();
  const instruments = useInstruments();
  const assets = useAssets();
  const instrument = instruments.bySymbol.get(symbol);
  const asset = assets.bySymbol.get(symbol);
  const rights = useAccountRights();
  const user = auth ? tradeUserOf(auth.user, rights) : null;
  if (asset && user) return pickableLeverages(leverageChoices(asset, user, instrument));
  if (Array.isArray(instrument?.leverages) && instrument.leverages.length > 0)
    return [...instrument.leverages].sort((a, b) => a - b);
  return CALCULATOR_LEVERAGES;
}

/**
 * spec §9 calculator: for each leverage the client can pick on the chosen instrument (the ticket's choices), the
 * adverse move (in %) at which a position alone loses its amount; the note says the account's stop-out may come
 * first (the ticket's liquidation price has both).
 */
export function CalculatorPanel({ symbol: given }: { symbol?: string } = {}) {
  const { t, i18n } = useTranslation();
  const param = useParams().symbol;
  const symbol = (given ?? param ?? DEFAULT_SYMBOL).toUpperCase();
  const leverages = useCalculatorLeverages(symbol);
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <Card className="ob-card" data-testid="calculator">
      <Card.Header className="ob-card-header d-flex align-items-center justify-content-between gap-2">
        <h2 className="ob-card-title">{t('platform.calculator')}</h2>
        <span className="ob-symbol" data-testid="calculator-symbol">
          {symbol}
        </span>
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
          {leverages.length === 0 ? (
            <tr data-testid="calculator-none">
              <td colSpan={2} className="text-body-secondary">
                {t('term.calculator.none')}
              </td>
            </tr>
          ) : (
            leverages.map((leverage) => (
              <tr key={leverage} data-testid={`calculator-row-${leverage}`}>
                <td>1:{leverage}</td>
                <td className="text-end">{percent.format(terminationPercent(leverage))} %</td>
              </tr>
            ))
          )}
        </tbody>
      </Table>
    </Card>
  );
}
