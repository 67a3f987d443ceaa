import type { PriceMap } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../feeds/clock.js';
import { QuoteBook } from '../feeds/quote-book.js';
import { loadCatalogue } from '../market/instruments.js';
import { PriceStream } from './price-stream.js';

// Wednesday 2026-11-18 12:00 UTC: forex and crypto markets are open.
const NOON = Date.UTC(2026, 10, 18, 12, 0, 0);

function setup() {
  const catalogue = loadCatalogue();
  const book = new QuoteBook(catalogue.instruments);
  const clock = new ManualClock(NOON);
  const sent: PriceMap[] = [];
  const stream = new PriceStream(book, { conflationMs: 250, clock, broadcast: (map) => sent.push(map) });
  const tick = (symbol: string, bid: number, ask: number) => {
    const quote = { symbol, bid, ask, ts: clock.now() };
    if (book.update(quote)) stream.onQuote(quote);
  };
  return { catalogue, book, clock, sent, stream, tick };
}

describe('price socket stream (spec §7 price map, conflated)', () => {
  it('sends at most one message per interval carrying the latest price of each changed symbol', () => {
    const { clock, sent, stream, tick } = setup();
    stream.start();
    for (let i = 0; i < 20; i++) {
      tick('EURUSD', 1.08 + i / 1e5, 1.0801 + i / 1e5);
      tick('BTCUSD', 64_000 + i, 64_010 + i);
      clock.advance(10);
    }
    clock.advance(250);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({
      EURUSD: { buy: 1.0801 + 19 / 1e5, sell: 1.08 + 19 / 1e5 },
      BTCUSD: { buy: 64_029, sell: 64_019 },
    });
    stream.stop();
  });

  it('buy is the ask and sell is the bid', () => {
    const { sent, stream, tick } = setup();
    tick('GOLD', 2_650.1, 2_650.6);
    stream.flush();
    expect(sent[0]?.GOLD).toEqual({ buy: 2_650.6, sell: 2_650.1 });
  });

  it('sends nothing when nothing changed', () => {
    const { clock, sent, stream } = setup();
    stream.start();
    clock.advance(5_000);
    expect(sent).toEqual([]);
    stream.stop();
  });

  it('announces once that an instrument became unavailable when its quote goes stale', () => {
    const { catalogue, clock, sent, stream, tick } = setup();
    tick('EURUSD', 1.08, 1.0801);
    stream.flush();
    clock.stall(catalogue.require('EURUSD').stalenessMs + 1);
    stream.flush();
    stream.flush();
    expect(sent).toEqual([{ EURUSD: { buy: 1.0801, sell: 1.08 } }, { EURUSD: { buy: null, sell: null } }]);
  });

  it('gives a new client the full map of available prices, without unavailable ones', () => {
    const { stream, tick } = setup();
    tick('EURUSD', 1.08, 1.0801);
    tick('BTCUSD', 64_000, 64_010);
    tick('NOPE', 1, 2);
    expect(stream.snapshot()).toEqual({
      EURUSD: { buy: 1.0801, sell: 1.08 },
      BTCUSD: { buy: 64_010, sell: 64_000 },
    });
  });
});
