import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../market/instruments.js';
import { MarketService } from './market.service.js';

const T0 = Date.parse('2026-11-18T15:00:00Z');

describe('MarketService.onCandleClosed', () => {
  it('tells a closed candle after the quote that closed it reached the quote listeners', () => {
    const market = new MarketService({
      catalogue: loadCatalogue(),
      feed: undefined,
      history: undefined,
      log: () => {},
    });
    const seen: string[] = [];
    market.onQuote((q) => seen.push(`quote ${q.ts - T0}`));
    const off = market.onCandleClosed((symbol, resolution, candle) => {
      // the store already holds the newer bucket when the listener runs
      const latest = market.candles.latest(symbol, resolution);
      seen.push(
        `closed ${symbol} ${resolution} ${candle.time - T0} close=${candle.close} next=${(latest?.time ?? 0) - T0}`,
      );
    });
    market.ingest({ symbol: 'EURUSD', bid: 1.1, ask: 1.1002, ts: T0 + 1_000 });
    market.ingest({ symbol: 'EURUSD', bid: 1.1004, ask: 1.1006, ts: T0 + 61_000 });
    expect(seen).toEqual(['quote 1000', 'quote 61000', 'closed EURUSD 1m 0 close=1.1001 next=60000']);
    off();
    market.ingest({ symbol: 'EURUSD', bid: 1.1004, ask: 1.1006, ts: T0 + 121_000 });
    expect(seen.slice(3)).toEqual(['quote 121000']);
  });
});
