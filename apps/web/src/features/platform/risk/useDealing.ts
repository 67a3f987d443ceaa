import type { TradingProfile } from '@openbroker/domain';
import { useMemo } from 'react';
import type { Asset, Instrument } from '../../../api/types.js';
import type { QuoteState } from '../quotes/quoteStore.js';
import { useQuote } from '../quotes/useQuotes.js';
import { dealingOf, type InstrumentFacts, instrumentFacts, useTradingProfile } from './tradingProfile.js';

/** A quote state whose dealing prices carry the brand's markup (the same object until the price changes). */
export function withMarkup(quote: QuoteState, facts: InstrumentFacts, profile: TradingProfile): QuoteState {
  if (quote.status !== 'live') return quote;
  return { ...quote, dealing: dealingOf(quote.quote, facts, profile) };
}

/**
 * One symbol's live price with the brand's dealing prices: what the market list, the ticket and the chart
 * show, so all three agree with each other and with the server's execution.
 */
export function useDealingQuote(
  symbol: string,
  instrument: Instrument | undefined,
  asset?: Asset,
): { quote: QuoteState; facts: InstrumentFacts } {
  const profile = useTradingProfile();
  const raw = useQuote(symbol);
  const facts = useMemo(() => instrumentFacts(symbol, instrument, asset), [symbol, instrument, asset]);
  const quote = useMemo(() => withMarkup(raw, facts, profile), [raw, facts, profile]);
  return { quote, facts };
}
