import { formatPrice } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import type { Instrument } from '../../../api/types.js';
import { OneClickPrice } from '../oneclick/OneClickPrice.js';
import { useOneClickTrade } from '../oneclick/useOneClickTrade.js';
import { useDealingQuote } from '../risk/useDealing.js';
import '../oneclick/oneclick.css';

/**
 * One-click trading on the chart: with it on and a live price, a SELL and a BUY button over the chart's top left
 * corner trade the instrument's default size at once (the same command and checks as the ticket's).
 */
export function OneClickBar({ symbol, instrument }: { symbol: string; instrument: Instrument | undefined }) {
  const { t } = useTranslation();
  const { quote } = useDealingQuote(symbol, instrument);
  const { on, trade, pending } = useOneClickTrade();
  if (!on || !instrument || quote.status !== 'live') return null;
  const busy = pending.has(symbol);
  return (
    <fieldset className="ob-oc-bar ob-num" data-testid="oc-bar">
      <legend className="visually-hidden">{t('oc.bar')}</legend>
      {(['sell', 'buy'] as const).map((direction) => {
        const price = formatPrice(quote.dealing[direction]);
        return (
          <OneClickPrice
            key={direction}
            instrument={instrument}
            direction={direction}
            price={price}
            busy={busy}
            onTrade={trade}
            testId={`oc-bar-${direction}`}
          >
            <span className="ob-oc-bar-label">{t(direction === 'buy' ? 'trade.buy' : 'trade.sell')}</span>
            <span>{price}</span>
          </OneClickPrice>
        );
      })}
    </fieldset>
  );
}
