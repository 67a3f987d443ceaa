import { liquidationPrice, type Price } from '@openbroker/domain';
import { useMemo } from 'react';
import { useInstruments } from '../../../shared/market/useMarketData.js';
import { useQuotesOf } from '../../../shared/market/useQuotes.js';
import { useTradingProfile } from '../risk/tradingProfile.js';
import type { PositionView } from '../trading/tradingContract.js';
import { useTrading } from '../trading/useTrading.js';

export interface PositionLiquidation {
  price: Price | null;
  cause: 'stop_out' | 'loss_termination' | null;
}

/**
 * Each open position's liquidation price now (domain `liquidationPrice`: the account's stop-out with every
 * position of its symbol moving together, or its own loss limit, whichever comes first), from the live
 * dealing prices with the brand's markup. A position is missing while any held symbol has no price: the
 * figure would be wrong without it.
 */
export function useLiquidationPrices(open: readonly PositionView[]): Map<number, PositionLiquidation> {
  const { summary } = useTrading();
  const profile = useTradingProfile();
  const _instruments = useInstruments();
  const symbols = useMemo(() => [...new Set(open.map((p) => p.symbol))].sort(), [open]);
  const store = useQuotesOf(symbols);
  const result = new Map<number, PositionLiquidation>();
  if (!summary || open.length === 0) return result;
  const quotes: Record<string, { buy: number; sell: number }> = {};
  for (const symbol of symbols) {
    const state = store.get(symbol);
    if (state.status !== 'live') return result;
    quotes[symbol] = state.dealing;
  }
  const positions = open.map((p) => ({
    id: p.id,
    symbol: p.symbol,
    direction: p.direction,
    amount: p.amount,
    leverage: p.leverage,
    open_rate: p.open_rate,
  }));
  for (const target of positions) {
    const liquidation = liquidationPrice({
      balance: summary.balance,
      positions,
      quotes,
      target,
      stopOutLevel: profile.stopOutLevel,
    });
    result.set(target.id, { price: liquidation.price, cause: liquidation.cause });
  }
  return result;
}
