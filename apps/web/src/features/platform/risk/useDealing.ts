import { useMemo } from 'react';
import type { Asset, Instrument } from '../../../api/types.js';
import type { QuoteState } from '../../../shared/market/quoteStore.js';
import { useQuote } from '../../../shared/market/useQuotes.js';
import { type InstrumentFacts, instrumentFacts } from './tradingProfile.js';

/**
 * One symbol's brand quote (the price socket sends the brand's quote, the one the engine acts on) with
 * the instrument's facts: what the market list, the ticket and the chart show, so all three agree with each other,
 * with the home widgets and with the server's execution.
 */
export function useDealingQuote(
  symbol: string,
  instrument: Instrument | undefined,
  asset?: Asset,
): { quote: QuoteState; facts: InstrumentFacts } {
  const quote = useQuote(symbol);
  const facts = useMemo(() => instrumentFacts(symbol, instrument, asset), [symbol, instrument, asset]);
  return { quote, facts };
}
