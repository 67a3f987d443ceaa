import type { PriceMap } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../market/clock.js';
import { loadCatalogue } from '../market/instruments.js';
import { QuoteBook } from '../market/quote-book.js';
import { type PriceDelivery, PriceStream, PriceSubscriptions } from './price-stream.js';

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

describe('price subscriptions (opt-in sets, one payload per distinct content)', () => {
  function subscribed() {
    const base = setup();
    const deliveries: PriceDelivery[] = [];
    const subscriptions = new PriceSubscriptions((delivery) => deliveries.push(delivery));
    const stream = new PriceStream(base.book, {
      conflationMs: 250,
      clock: base.clock,
      broadcast: (map) => base.sent.push(map),
      deliver: (changes) => subscriptions.deliver(changes),
    });
    const tick = (symbol: string, bid: number, ask: number) => {
      const quote = { symbol, bid, ask, ts: base.clock.now() };
      if (base.book.update(quote)) stream.onQuote(quote);
    };
    return { ...base, deliveries, subscriptions, stream, tick };
  }

  it('sends a subscribed group only its symbols, and only those that changed; the spec map still has all', () => {
    const { deliveries, sent, stream, subscriptions, tick } = subscribed();
    const { join } = subscriptions.subscribe('a', ['EURUSD', 'BTCUSD'], 'map');
    tick('EURUSD', 1.08, 1.0801);
    tick('GOLD', 2_650.1, 2_650.6);
    stream.flush();
    expect(sent).toEqual([{ EURUSD: { buy: 1.0801, sell: 1.08 }, GOLD: { buy: 2_650.6, sell: 2_650.1 } }]);
    expect(deliveries).toEqual([
      { form: 'map', payload: { EURUSD: { buy: 1.0801, sell: 1.08 } }, rooms: [join], sockets: 1 },
    ]);
    // nothing of its set changed: nothing for the group
    tick('GOLD', 2_650.2, 2_650.7);
    stream.flush();
    expect(deliveries).toHaveLength(1);
    expect(sent).toHaveLength(2);
  });

  it('groups sockets with the same set and form in one room, and encodes each distinct content once', () => {
    const { deliveries, stream, subscriptions, tick } = subscribed();
    const one = subscriptions.subscribe('a', ['EURUSD', 'GOLD'], 'compact');
    const same = subscriptions.subscribe('b', ['GOLD', 'EURUSD', 'GOLD'], 'compact');
    const other = subscriptions.subscribe('c', ['EURUSD', 'BTCUSD'], 'compact');
    const asMap = subscriptions.subscribe('d', ['EURUSD'], 'map');
    expect(same.join).toBe(one.join);
    expect(subscriptions.groupCount).toBe(3);
    expect(subscriptions.sockets).toBe(4);
    tick('EURUSD', 1.08, 1.0801);
    stream.flush();
    // {EURUSD, GOLD} and {EURUSD, BTCUSD} both see only EURUSD change: one payload for both rooms
    expect(deliveries).toEqual([
      { form: 'compact', payload: ['EURUSD', 1.0801, 1.08], rooms: [one.join, other.join], sockets: 3 },
      { form: 'map', payload: { EURUSD: { buy: 1.0801, sell: 1.08 } }, rooms: [asMap.join], sockets: 1 },
    ]);
  });

  it('announces an instrument that became unavailable once, in both forms', () => {
    const { catalogue, clock, deliveries, sent, stream, subscriptions, tick } = subscribed();
    const compact = subscriptions.subscribe('a', ['EURUSD'], 'compact');
    const map = subscriptions.subscribe('b', ['EURUSD'], 'map');
    tick('EURUSD', 1.08, 1.0801);
    stream.flush();
    clock.stall(catalogue.require('EURUSD').stalenessMs + 1);
    stream.flush();
    stream.flush();
    expect(sent).toEqual([{ EURUSD: { buy: 1.0801, sell: 1.08 } }, { EURUSD: { buy: null, sell: null } }]);
    expect(deliveries.slice(2)).toEqual([
      { form: 'compact', payload: ['EURUSD', null, null], rooms: [compact.join], sockets: 1 },
      { form: 'map', payload: { EURUSD: { buy: null, sell: null } }, rooms: [map.join], sockets: 1 },
    ]);
    expect(deliveries).toHaveLength(4);
    // a socket subscribing now learns at once that it is unavailable
    expect(stream.current(['EURUSD'])).toEqual({ EURUSD: { buy: null, sell: null } });
  });

  it('a new subscribe replaces the set: the socket leaves its old group, which goes when empty', () => {
    const { deliveries, stream, subscriptions, tick } = subscribed();
    const first = subscriptions.subscribe('a', ['EURUSD'], 'map');
    const second = subscriptions.subscribe('a', ['BTCUSD'], 'compact');
    expect(second.leave).toBe(first.join);
    expect(second.join).not.toBe(first.join);
    expect(subscriptions.groupCount).toBe(1);
    expect(subscriptions.of('a')).toEqual({ symbols: ['BTCUSD'], form: 'compact' });
    // the same set again: same room, nothing to leave
    expect(subscriptions.subscribe('a', ['BTCUSD'], 'compact')).toEqual({ join: second.join });
    tick('EURUSD', 1.08, 1.0801);
    tick('BTCUSD', 64_000, 64_010);
    stream.flush();
    expect(deliveries).toEqual([
      { form: 'compact', payload: ['BTCUSD', 64_010, 64_000], rooms: [second.join], sockets: 1 },
    ]);
    expect(subscriptions.remove('a')).toBe(second.join);
    expect(subscriptions.sockets).toBe(0);
    expect(subscriptions.groupCount).toBe(0);
  });
});
