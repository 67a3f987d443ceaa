import {
  commissionAtOpen,
  type Direction,
  exposure,
  fitsFreeMargin,
  liquidationPrice,
  spreadInUnits,
  tickDecimals,
  money as toMoney,
  unitValue,
} from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { useMoney } from '../../../shared/market/numbers.js';
import type { QuoteState } from '../../../shared/market/quoteStore.js';
import { useQuotesOf } from '../../../shared/market/useQuotes.js';
import { formatOnTick } from '../priceOnTick.js';
import { useTrading } from '../trading/useTrading.js';
import { type InstrumentFacts, useTradingProfile } from './tradingProfile.js';

const CAUSE_KEY = {
  stop_out: 'term.ticket.liquidation.stopOut',
  loss_termination: 'term.ticket.liquidation.lossLimit',
} as const;

/**
 * The ticket's figures before the click: required margin, exposure, the value of a pip (forex) or a point
 * (everything else; domain `priceUnitOf`), the spread in the same unit, the commission
 * the open charges (domain `commissionAtOpen`, the brand's commission of the group), and the price at which the
 * account as it would be after this trade — its commission off the balance, as the engine books it — is
 * liquidated (domain `liquidationPrice`: the account's stop-out with every open position, or this position's
 * own loss limit, whichever first).
 */
export function TicketRisk({
  symbol,
  direction,
  amount,
  leverage,
  quote,
  facts,
  entry = null,
}: {
  symbol: string;
  direction: Direction;
  /** The margin typed, in the account currency; null when not a number yet. */
  amount: number | null;
  leverage: number;
  /** The symbol's quote with the brand's dealing prices. */
  quote: QuoteState;
  facts: InstrumentFacts;
  /** A pending order's level: the position would open there instead of at the dealing price. */
  entry?: number | null;
}) {
  const { t, i18n } = useTranslation();
  const moneyText = useMoney();
  const profile = useTradingProfile();
  const { positions, summary } = useTrading();
  const open = positions?.open ?? [];
  const symbols = [...new Set([symbol, ...open.map((p) => p.symbol)])].sort();
  const store = useQuotesOf(symbols);
  const decimals = (max: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: max });

  // below a cent a pip or point value needs its fourth decimal; above, cents as every other amount
  const unitText = (value: number) => (value >= 0.01 ? moneyText.format(value) : moneyText.fine(value));
  const inPips = facts.unit.unit === 'pip';
  const live = quote.status === 'live' ? quote : null;
  const sized = amount !== null && amount > 0 && leverage > 0;
  const openRate =
    entry !== null && entry > 0
      ? entry
      : live
        ? direction === 'buy'
          ? live.dealing.buy
          : live.dealing.sell
        : null;

  const commission = sized ? commissionAtOpen(profile, facts.group, amount, leverage) : null;
  // the engine refuses a trade whose amount plus commission exceed the free margin (domain `fitsFreeMargin`)
  const fits = sized && summary !== null && fitsFreeMargin(amount, commission ?? 0, summary.freeMargin);
  // the amount alone would fit: say that the commission is what tips it over
  const commissionTooLarge =
    sized && summary !== null && !fits && !!commission && amount <= summary.freeMargin;

  let liquidation: ReturnType<typeof liquidationPrice> | null = null;
  // a trade the free margin cannot carry is refused anyway: no liquidation price for it
  if (sized && live && openRate !== null && summary && fits) {
    const quotes: Record<string, { buy: number; sell: number }> = { [symbol]: live.dealing };
    let complete = true;
    for (const other of symbols) {
      if (other === symbol) continue;
      const state = store.get(other);
      if (state.status !== 'live') {
        complete = false;
        break;
      }
      quotes[other] = state.dealing;
    }
    if (complete)
      liquidation = liquidationPrice({
        balance: summary.balance,
        positions: open.map((p) => ({
          id: p.id,
          symbol: p.symbol,
          direction: p.direction,
          amount: p.amount,
          leverage: p.leverage,
          open_rate: p.open_rate,
        })),
        quotes,
        target: { symbol, direction, amount: toMoney(amount), leverage, open_rate: openRate },
        stopOutLevel: profile.stopOutLevel,
        commission: commission ?? 0,
      });
  }

  // forex in pips to 0.1, the rest in points to the tick (domain `spreadInUnits`)
  const spreadText = (units: number) =>
    inPips
      ? t('term.ticket.pips', { value: decimals(1).format(units) })
      : t('term.ticket.points', { count: units, value: decimals(tickDecimals(facts.tick)).format(units) });

  const rows: { key: string; label: TranslationKey; value: string; testId: string; hint?: string }[] = [
    {
      key: 'margin',
      label: 'term.ticket.requiredMargin',
      value: sized ? moneyText.format(amount) : '—',
      testId: 'trade-required-margin',
    },
    {
      key: 'exposure',
      label: 'trade.exposure',
      value: sized ? moneyText.format(exposure(amount, leverage)) : '—',
      testId: 'trade-exposure',
    },
    {
      key: 'unit',
      label: inPips ? 'term.ticket.pipValue' : 'term.ticket.pointValue',
      value: sized && openRate !== null ? unitText(unitValue(amount, leverage, facts.unit, openRate)) : '—',
      testId: 'trade-pip-value',
    },
    {
      key: 'commission',
      label: 'term.ticket.commission',
      value: commission !== null ? moneyText.format(commission) : '—',
      testId: 'trade-commission',
    },
    {
      key: 'spread',
      label: 'term.ticket.spread',
      value: live ? spreadText(spreadInUnits(live.dealing, facts.unit, facts.tick)) : '—',
      testId: 'trade-spread',
    },
  ];

  return (
    <dl className="ob-trade-facts" data-testid="trade-risk">
      {rows.map((row) => (
        <div
          key={row.key}
          data-unit={row.key === 'unit' || row.key === 'spread' ? facts.unit.unit : undefined}
        >
          <dt>{t(row.label)}</dt>
          <dd className="ob-num" data-testid={row.testId}>
            {row.value}
          </dd>
        </div>
      ))}
      <div className="ob-trade-liquidation">
        <dt>{t('term.ticket.liquidation')}</dt>
        <dd className="ob-num" data-testid="trade-liquidation">
          {liquidation
            ? liquidation.price === null
              ? t('term.ticket.liquidation.none')
              : formatOnTick(liquidation.price, facts.tick)
            : '—'}
        </dd>
        {commissionTooLarge && (
          <dd className="ob-trade-note">
            <span className="ob-down" data-testid="trade-commission-exceeds">
              {t('term.ticket.commissionExceeds', { commission: moneyText.format(commission ?? 0) })}
            </span>
          </dd>
        )}
        {liquidation?.cause && (
          <dd className="ob-trade-note">
            {liquidation.adverseMovePercent != null && (
              <span className="ob-down" data-testid="trade-liquidation-move">
                {t('term.ticket.adverseMove', {
                  value: decimals(2).format(liquidation.adverseMovePercent),
                })}
              </span>
            )}{' '}
            <span data-testid="trade-liquidation-cause">
              {t(CAUSE_KEY[liquidation.cause], {
                stopOut: decimals(1).format(profile.stopOutLevel * 100),
              })}
            </span>
          </dd>
        )}
      </div>
    </dl>
  );
}
