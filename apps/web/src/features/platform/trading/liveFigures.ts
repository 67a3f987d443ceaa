import {
  accountSummary,
  type BalancePayload,
  closingPrice,
  type PositionDto,
  positionProfitAt,
} from '@openbroker/domain';
import { useMemo } from 'react';
import type { QuoteState } from '../quotes/quoteStore.js';
import { useQuotesOf } from '../quotes/useQuotes.js';
import { useTrading } from './useTrading.js';

/** An open position's profit now: from the live quote, or the server's last figure until one arrives. */
export type LiveProfit =
  | { status: 'live'; profit: number; closePrice: number }
  | { status: 'unavailable' }
  | { status: 'pending'; profit: number | null };

/** spec §9 profit at the position's closing (opposite dealing) price; 'Will be back soon' without a price. */
export function liveProfit(position: PositionDto, quote: QuoteState): LiveProfit {
  if (quote.status === 'unavailable') return { status: 'unavailable' };
  if (quote.status === 'loading') return { status: 'pending', profit: position.profit };
  return {
    status: 'live',
    profit: positionProfitAt(position, quote.quote),
    closePrice: closingPrice(position.direction, quote.quote),
  };
}

/**
 * The balance summary with equity and profit recomputed from live quotes between the server's pushes
 * (spec §9 formulas, domain `accountSummary`). The server's figures stand whenever a position has no
 * live price, and balance and free margin are always the server's.
 */
export function useLiveSummary(): BalancePayload | null {
  const { positions, summary } = useTrading();
  const open = positions?.open;
  const symbols = useMemo(() => [...new Set((open ?? []).map((p) => p.symbol))].sort(), [open]);
  const store = useQuotesOf(symbols);
  if (!summary) return null;
  if (!open || open.length === 0) return summary;
  const profits: { amount: number; profit: number }[] = [];
  for (const position of open) {
    const profit = liveProfit(position, store.get(position.symbol));
    if (profit.status !== 'live') return summary;
    profits.push({ amount: position.amount, profit: profit.profit });
  }
  const live = accountSummary(summary.balance, profits);
  return { ...summary, equity: live.equity, profit: live.profit };
}
