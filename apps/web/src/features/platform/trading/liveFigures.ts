import { accountSummary, type BalancePayload, type PositionDto, positionProfit } from '@openbroker/domain';
import { useMemo } from 'react';
import type { QuoteState } from '../../../shared/market/quoteStore.js';
import { useInstruments } from '../../../shared/market/useMarketData.js';
import { useQuoteStore, useQuotesOf } from '../../../shared/market/useQuotes.js';
import { type InstrumentFacts, instrumentFacts, useTradingProfile } from '../risk/tradingProfile.js';
import { useDealingQuote } from '../risk/useDealing.js';
import { useTrading } from './useTrading.js';

/** An open position's profit now: from the live quote, or the server's last figure until one arrives. */
export type LiveProfit =
  | { status: 'live'; profit: number; closePrice: number }
  | { status: 'unavailable' }
  | { status: 'pending'; profit: number | null };

/** The dealing price a position closes at: a buy at the sell price, a sell at the buy price (spec §4). */
export const closingDealing = (
  direction: PositionDto['direction'],
  dealing: { buy: number; sell: number },
) => (direction === 'buy' ? dealing.sell : dealing.buy);

/**
 * spec §9 profit at the position's closing (opposite dealing) price of `quote` (with the brand's markup when the
 * caller applied it); 'Will be back soon' without a price.
 */
export function liveProfit(position: PositionDto, quote: QuoteState): LiveProfit {
  if (quote.status === 'unavailable') return { status: 'unavailable' };
  if (quote.status === 'loading') return { status: 'pending', profit: position.profit };
  const closePrice = closingDealing(position.direction, quote.dealing);
  return { status: 'live', profit: positionProfit(position, closePrice), closePrice };
}

/**
 * One symbol's quote with the brand's dealing prices (what positions are valued and closed at), a reader
 * of the freshest one for a command, and the instrument's facts (its next opening while closed).
 */
export function useClosingQuote(symbol: string): {
  quote: QuoteState;
  now: () => QuoteState;
  facts: InstrumentFacts;
} {
  const instruments = useInstruments();
  const _profile = useTradingProfile();
  const store = useQuoteStore();
  const { quote, facts } = useDealingQuote(symbol, instruments.bySymbol.get(symbol));
  return { quote, now: () => store.get(symbol), facts };
}

/**
 * The balance summary with equity and profit recomputed from live quotes between the server's pushes
 * (spec §9 formulas, domain `accountSummary`). The server's figures stand whenever a position has no
 * live price, and balance and free margin are always the server's.
 */
export function useLiveSummary(): BalancePayload | null {
  const { positions, summary } = useTrading();
  const instruments = useInstruments();
  const _profile = useTradingProfile();
  const open = positions?.open;
  const symbols = useMemo(() => [...new Set((open ?? []).map((p) => p.symbol))].sort(), [open]);
  const store = useQuotesOf(symbols);
  if (!summary) return null;
  if (!open || open.length === 0) return summary;
  const profits: { amount: number; profit: number }[] = [];
  for (const position of open) {
    const _facts = instrumentFacts(position.symbol, instruments.bySymbol.get(position.symbol));
    const profit = liveProfit(position, store.get(position.symbol));
    if (profit.status !== 'live') return summary;
    profits.push({ amount: position.amount, profit: profit.profit });
  }
  const live = accountSummary(summary.balance, profits);
  return { ...summary, equity: live.equity, profit: live.profit };
}
