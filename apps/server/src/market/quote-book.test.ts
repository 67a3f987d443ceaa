import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.js';
import { toPriceQuote } from './feed.js';
import { loadCatalogue } from './instruments.js';
import { QuoteBook } from './quote-book.js';
import { SimulatedFeed } from './simulated-feed.js';

const catalogue = loadCatalogue();
const BTCUSD = catalogue.require('BTCUSD');
const AAPL = catalogue.require('AAPL');
// Wednesday 18 November 2026, 15:00 UTC: every market in the test is open.
const NOW = Date.parse('2026-11-18T15:00:00Z');
const SATURDAY = Date.parse('2026-11-21T15:00:00Z');

const btc = (ts: number, bid = 95_000, ask = 95_025) => ({ symbol: 'BTCUSD', bid, ask, ts });

describe('quote book: the latest quote per symbol, and whether it may be traded (architecture §5)', () => {
  it('serves a fresh quote', () => {
    const book = new QuoteBook(catalogue.instruments);
    expect(book.update(btc(NOW))).toBe(true);
    expect(book.get('BTCUSD', NOW + 1_000)).toEqual(btc(NOW));
    expect(book.availability('BTCUSD', NOW + 1_000)).toBe('available');
    expect(toPriceQuote(btc(NOW))).toEqual({ buy: 95_025, sell: 95_000 });
  });

  it("makes the instrument unavailable once the quote is older than the instrument's staleness limit", () => {
    const book = new QuoteBook(catalogue.instruments);
    book.update(btc(NOW));
    expect(book.get('BTCUSD', NOW + BTCUSD.stalenessMs)).toBeDefined();
    expect(book.get('BTCUSD', NOW + BTCUSD.stalenessMs + 1)).toBeUndefined();
    expect(book.availability('BTCUSD', NOW + BTCUSD.stalenessMs + 1)).toBe('stale');
    // The last price is still known for display.
    expect(book.last('BTCUSD')).toEqual(btc(NOW));
  });

  it('makes an instrument unavailable outside its market hours, however fresh the quote', () => {
    const book = new QuoteBook(catalogue.instruments);
    book.update({ symbol: 'AAPL', bid: 265, ask: 265.07, ts: SATURDAY });
    expect(book.get('AAPL', SATURDAY)).toBeUndefined();
    expect(book.availability('AAPL', new Date(SATURDAY))).toBe('closed');
    expect(AAPL.hours.kind).toBe('weekly');
  });

  it('says why a symbol has no price: never quoted, or unknown', () => {
    const book = new QuoteBook(catalogue.instruments);
    expect(book.availability('ETHUSD', NOW)).toBe('no-quote');
    expect(book.availability('NOPE', NOW)).toBe('unknown-symbol');
    expect(book.get('NOPE', NOW)).toBeUndefined();
  });

  it('refuses unknown symbols, broken prices and quotes older than the one it holds', () => {
    const book = new QuoteBook(catalogue.instruments);
    expect(book.update({ symbol: 'NOPE', bid: 1, ask: 2, ts: NOW })).toBe(false);
    expect(book.update(btc(NOW, 95_030, 95_000))).toBe(false); // bid above ask
    expect(book.update(btc(NOW, Number.NaN, 95_000))).toBe(false);
    expect(book.update(btc(NOW, 0, 95_000))).toBe(false);
    expect(book.update(btc(NOW))).toBe(true);
    expect(book.update(btc(NOW - 1, 1, 2))).toBe(false);
    expect(book.rejected).toBe(5);
    expect(book.last('BTCUSD')).toEqual(btc(NOW));
  });

  it('snapshots the available quotes for the price socket', () => {
    const book = new QuoteBook(catalogue.instruments);
    book.update(btc(NOW));
    book.update({ symbol: 'EURUSD', bid: 1.165, ask: 1.16512, ts: NOW - 60_000 }); // stale by then
    expect([...book.snapshot(NOW).keys()]).toEqual(['BTCUSD']);
  });

  it('follows a feed, and turns stale when the feed stops', async () => {
    const clock = new ManualClock(NOW);
    const instruments = [BTCUSD, catalogue.require('EURUSD'), AAPL];
    const feed = new SimulatedFeed({ instruments, seed: 1, clock });
    const book = new QuoteBook(catalogue.instruments);
    book.attach(feed);
    await feed.start();
    clock.advance(2_000);
    for (const i of instruments) expect(book.get(i.symbol, clock.now()), i.symbol).toBeDefined();
    await feed.stop();
    clock.advance(10_001);
    for (const i of instruments) expect(book.get(i.symbol, clock.now()), i.symbol).toBeUndefined();
  });
});
