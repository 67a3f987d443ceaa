import { lotsFromAmount, unitsFromAmount } from '@openbroker/domain';
import { Placeholder } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signClass, useMoney } from '../../../shared/market/numbers.js';
import { useInstruments } from '../../../shared/market/useMarketData.js';
import type { PositionView } from '../trading/tradingContract.js';

export type PositionDto = PositionView;

function DirectionBadge({ position }: { position: PositionDto }) {
  const { t } = useTranslation();
  return (
    <span className={`ob-dir ob-dir-${position.direction}`} data-testid="position-side">
      {t(position.direction === 'buy' ? 'positions.dir.buy' : 'positions.dir.sell')}
    </span>
  );
}

export function SymbolCell({ position }: { position: PositionDto }) {
  return (
    <th scope="row" className="ob-position-symbol c-symbol">
      <Link to={`/platform/${position.symbol}`} className="ob-market-symbol" data-testid="position-symbol">
        {position.symbol}
      </Link>
      <span className="ob-position-sub">
        <DirectionBadge position={position} /> <span className="text-body-secondary">#{position.id}</span>
        {position.origin === 'auto' && <AutoBadge />}
      </span>
    </th>
  );
}

/** A position the client's auto-trading strategy opened. */
function AutoBadge() {
  const { t } = useTranslation();
  return (
    <Link
      to="/auto-trading"
      className="ob-ai-badge"
      title={t('at.badge.title')}
      aria-label={t('at.badge.title')}
      data-testid="position-ai-badge"
    >
      <i className="bi bi-cpu" aria-hidden="true" />
      {t('at.badge')}
    </Link>
  );
}

/** The position's units and lots (amount × leverage ÷ open rate, and ÷ the lot), or null without the instrument. */
function usePositionSize(position: PositionDto): string | null {
  const { t, i18n } = useTranslation();
  const instrument = useInstruments().bySymbol.get(position.symbol);
  if (!instrument || !(position.open_rate > 0) || !(position.leverage > 0)) return null;
  // six significant digits under the amount (0.00104902 BTC); the ticket shows the full ten
  const format = new Intl.NumberFormat(i18n.language, { maximumSignificantDigits: 6 });
  const { amount, leverage, open_rate } = position;
  return t('size.position', {
    units: format.format(unitsFromAmount(amount, leverage, open_rate)),
    lots: format.format(lotsFromAmount(amount, leverage, open_rate, instrument.contractSize)),
  });
}

export function AmountCell({ position }: { position: PositionDto }) {
  const { t } = useTranslation();
  const money = useMoney();
  const size = usePositionSize(position);
  return (
    <td
      className="ob-r c-amount"
      data-label={t('positions.col.amount')}
      data-testid="position-amount"
      {...(size ? { title: size } : {})}
    >
      {money.format(position.amount)}
      <span className="ob-position-sub text-body-secondary">1:{position.leverage}</span>
      {size && (
        <span
          className="ob-position-sub ob-position-size text-body-secondary ob-num"
          data-testid="position-size"
        >
          {size}
        </span>
      )}
    </td>
  );
}

/** Commission charged at open and swaps charged since (negative: the client paid), when any. */
export function CostsCell({ position }: { position: PositionDto }) {
  const { t } = useTranslation();
  const money = useMoney();
  const commission = position.commission ?? 0;
  const swap = position.swap ?? 0;
  return (
    <td className="ob-r c-costs" data-label={t('ord.col.costs')} data-testid="position-costs">
      <span className="ob-level" title={t('ord.costs.commission')} data-testid="position-commission">
        {commission === 0 ? '—' : money.signed(-Math.abs(commission))}
      </span>
      <span
        className={`ob-level text-body-secondary ${signClass(swap)}`}
        title={t('ord.costs.swap')}
        data-testid="position-swap"
      >
        {swap === 0 ? '—' : money.signed(swap)}
      </span>
    </td>
  );
}

/** Grey placeholder rows while the positions load. */
export function LoadingRows({ columns }: { columns: number }) {
  return (
    <tbody aria-hidden="true">
      {[0, 1].map((row) => (
        <tr key={row}>
          {Array.from({ length: columns }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder cells
            <td key={column}>
              <Placeholder animation="glow">
                <Placeholder xs={10} size="sm" />
              </Placeholder>
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}
