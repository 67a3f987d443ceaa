import {
  brandQuote,
  type PriceMap,
  type PriceSubscribeAck,
  type PricesCompactPayload,
  pipSize,
  quoteTermsFor,
  SOCKET_EVENTS,
  type TradingProfile,
  tickSizeOf,
} from '@openbroker/domain';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { tradingProfileOf } from '../modules/brands/brand-trading.js';
import { createTestServer, testDbKind } from '../test/harness.js';

/** Everything a /prices socket receives, in order, with a way to wait for the next one that matches. */
function recorder(socket: Socket) {
  const got: Array<{ event: string; payload: unknown }> = [];
  const waiting: Array<{ test: (e: { event: string; payload: unknown }) => boolean; resolve: () => void }> =
    [];
  for (const event of [SOCKET_EVENTS.prices, SOCKET_EVENTS.pricesCompact]) {
    socket.on(event, (payload: unknown) => {
      const entry = { event, payload };
      got.push(entry);
      for (const w of [...waiting]) {
        if (w.test(entry)) {
          waiting.splice(waiting.indexOf(w), 1);
          w.resolve();
        }
      }
    });
  }
  return {
    got,
    /** Resolves when a message for which `test` holds has arrived (already or later). */
    until(test: (e: { event: string; payload: unknown }) => boolean): Promise<void> {
      if (got.some(test)) return Promise.resolve();
      return new Promise((resolve) => waiting.push({ test, resolve }));
    },
    /** Forgets what arrived so far. */
    clear() {
      got.length = 0;
    },
  };
}

/**
 * the socket sends the host brand's quote of each feed quote. These sockets send no Host the brands know,
 * so they get the default brand's quotes; `shown` is that brand quote of a feed quote {buy: bid + 1, sell: bid}.
 */
let shownOf: (symbol: string, bid: number) => { buy: number; sell: number } = () => {
  throw new Error('brand terms not loaded yet');
};
const shown = (symbol: string, bid: number) => shownOf(symbol, bid);

/** A message carrying `symbol`, with the brand quote of feed bid `bid` when given. */
const has = (symbol: string, bid?: number) => (e: { event: string; payload: unknown }) => {
  const sell = bid === undefined ? undefined : shown(symbol, bid).sell;
  if (e.event === SOCKET_EVENTS.prices) {
    const entry = (e.payload as PriceMap)[symbol];
    return entry !== undefined && (sell === undefined || entry.sell === sell);
  }
  const a = e.payload as PricesCompactPayload;
  for (let i = 0; i < a.length; i += 3)
    if (a[i] === symbol && (sell === undefined || a[i + 2] === sell)) return true;
  return false;
};

describe(`/prices subscriptions (${testDbKind})`, async () => {
  const { runtime, url } = await createTestServer({ PRICE_CONFLATION_MS: '50' }, { sockets: true });
  const { market, metrics, brands } = runtime.ctx;
  const profile: TradingProfile = tradingProfileOf((await brands.resolve(undefined)).settings);
  shownOf = (symbol, bid) => {
    const instrument = market.catalogue.get(symbol);
    if (!instrument) throw new Error(`no ${symbol}`);
    const { category, precision } = instrument;
    const terms = quoteTermsFor(
      profile,
      category,
      pipSize(symbol, category, precision),
      tickSizeOf(precision),
    );
    const quote = brandQuote({ buy: bid + 1, sell: bid }, terms);
    return { buy: quote.buy, sell: quote.sell };
  };
  const compactOf = (symbol: string, bid: number) => [
    symbol,
    shown(symbol, bid).buy,
    shown(symbol, bid).sell,
  ];
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });
  const quote = (symbol: string, bid: number) =>
    expect(market.ingest({ symbol, bid, ask: bid + 1, ts: Date.now() })).toBe(true);
  const connect = async () => {
    const socket = io(`${url}/prices`, { transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    const rec = recorder(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await rec.until((e) => e.event === SOCKET_EVENTS.prices); // the spec snapshot
    return { socket, rec };
  };
  const subscribe = (socket: Socket, payload: unknown) =>
    new Promise<PriceSubscribeAck>((resolve) => socket.emit(SOCKET_EVENTS.subscribe, payload, resolve));

  quote('BTCUSD', 64_000);
  quote('ETHUSD', 3_000);
  quote('XRPUSD', 2);
  // The flush of these first quotes happens before any socket connects, so no test sees it arrive late: each
  // socket starts from its snapshot alone.
  const flushes = async () =>
    (await metrics.registry.getSingleMetric('openbroker_price_flush_duration_seconds')?.get())?.values.find(
      (v) => 'metricName' in v && v.metricName === 'openbroker_price_flush_duration_seconds_count',
    )?.value ?? 0;
  await vi.waitFor(async () => expect(await flushes()).toBeGreaterThan(0), { timeout: 5_000, interval: 10 });

  const plain = await connect();
  const asMap = await connect();
  const compact = await connect();

  it('a subscribed socket gets its symbols at once, then only its changed symbols; an unsubscribed one the map', async () => {
    asMap.rec.clear();
    expect(await subscribe(asMap.socket, { symbols: ['ethusd', 'BTCUSD'] })).toEqual({
      status: true,
      data: { symbols: ['BTCUSD', 'ETHUSD'], compact: false },
    });
    await asMap.rec.until(has('ETHUSD'));
    expect(asMap.rec.got).toEqual([
      {
        event: 'prices',
        payload: { BTCUSD: shown('BTCUSD', 64_000), ETHUSD: shown('ETHUSD', 3_000) },
      },
    ]);
    compact.rec.clear();
    expect(await subscribe(compact.socket, { symbols: ['BTCUSD'], compact: true })).toMatchObject({
      status: true,
    });
    await compact.rec.until(has('BTCUSD'));
    expect(compact.rec.got).toEqual([{ event: 'pricesCompact', payload: compactOf('BTCUSD', 64_000) }]);

    for (const s of [plain, asMap, compact]) s.rec.clear();
    // XRPUSD is nobody's: the unsubscribed socket alone hears of it
    quote('XRPUSD', 2.5);
    await plain.rec.until(has('XRPUSD', 2.5));
    quote('BTCUSD', 64_100);
    await Promise.all([plain, asMap, compact].map((s) => s.rec.until(has('BTCUSD', 64_100))));
    expect(plain.rec.got).toEqual([
      { event: 'prices', payload: { XRPUSD: shown('XRPUSD', 2.5) } },
      { event: 'prices', payload: { BTCUSD: shown('BTCUSD', 64_100) } },
    ]);
    // ETHUSD did not change: not sent again
    expect(asMap.rec.got).toEqual([{ event: 'prices', payload: { BTCUSD: shown('BTCUSD', 64_100) } }]);
    expect(compact.rec.got).toEqual([{ event: 'pricesCompact', payload: compactOf('BTCUSD', 64_100) }]);

    const gauge = await metrics.registry.getSingleMetric('openbroker_price_sockets')?.get();
    expect(gauge?.values).toEqual(
      expect.arrayContaining([
        { labels: { namespace: '/prices', mode: 'subscribed' }, value: 2 },
        { labels: { namespace: '/prices', mode: 'unsubscribed' }, value: 1 },
      ]),
    );
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const refusals = await Promise.all([
      subscribe(asMap.socket, { symbols: ['BTCUSD', 'NOPE'] }),
      subscribe(asMap.socket, { symbols: 'BTCUSD' }),
      subscribe(asMap.socket, { symbols: Array.from({ length: 201 }, () => 'BTCUSD') }),
      subscribe(asMap.socket, { symbols: ['BTCUSD'], compact: 'yes' }),
      subscribe(asMap.socket, null),
    ]);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({ status: false, code: 'VALIDATION_FAILED', key: 'error.validation' });
    }
    expect(refusals[0]).toMatchObject({
      errors: [{ path: 'symbols.1', key: 'field.invalid', message: 'Symbol is not valid' }],
    });
    expect(refusals[2]).toMatchObject({
      errors: [{ path: 'symbols', key: 'field.max', params: { max: 200 } }],
    });
    asMap.rec.clear();
    quote('ETHUSD', 3_100);
    await asMap.rec.until(has('ETHUSD', 3_100));
    expect(asMap.rec.got).toEqual([{ event: 'prices', payload: { ETHUSD: shown('ETHUSD', 3_100) } }]);
  });

  it('a new subscribe replaces the set', async () => {
    asMap.rec.clear();
    expect(await subscribe(asMap.socket, { symbols: ['XRPUSD'], compact: true })).toEqual({
      status: true,
      data: { symbols: ['XRPUSD'], compact: true },
    });
    await asMap.rec.until(has('XRPUSD'));
    quote('ETHUSD', 3_200);
    await plain.rec.until(has('ETHUSD', 3_200));
    quote('XRPUSD', 2.75);
    await asMap.rec.until(has('XRPUSD', 2.75));
    expect(asMap.rec.got).toEqual([
      { event: 'pricesCompact', payload: compactOf('XRPUSD', 2.5) },
      { event: 'pricesCompact', payload: compactOf('XRPUSD', 2.75) },
    ]);
  });
});
