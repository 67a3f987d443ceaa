import {
  type BrandQuote,
  brandQuote,
  type CommandAck,
  type PriceMap,
  type PriceSubscribeAck,
  type PricesCompactPayload,
  pipSize,
  SOCKET_EVENTS,
  tickSizeOf,
} from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { brands, users } from '../db/schema.js';
import type { BrandTradingSettings } from '../modules/brands/brand-trading.js';
import { RETAIL_TRADING } from '../seed/seed-brands.js';
import { registerClient } from '../test/factories.js';
import { createTestServer, testDbKind } from '../test/harness.js';

const AURORA = 'aurora.localhost:3000';
const KESTREL = 'kestrel.localhost:3000';
const DEMO = 'localhost:3000';

/** The demo brands' retail settings with `percent` % a side on crypto. */
const cryptoAt = (percent: number): BrandTradingSettings => ({
  ...RETAIL_TRADING,
  groups: {
    ...RETAIL_TRADING.groups,
    crypto: { ...RETAIL_TRADING.groups?.crypto, markup: { unit: 'percent', value: percent } },
  },
});

/** Every price message a socket receives (map and compact), with a way to wait for one. */
function recorder(socket: Socket) {
  const got: Array<{ event: string; payload: unknown }> = [];
  for (const event of [SOCKET_EVENTS.prices, SOCKET_EVENTS.pricesCompact])
    socket.on(event, (payload: unknown) => got.push({ event, payload }));
  /** The BTCUSD quote of a message, or undefined when it has none. */
  const btc = (e: { event: string; payload: unknown }): { buy: number; sell: number } | undefined => {
    if (e.event === SOCKET_EVENTS.prices) {
      const entry = (e.payload as PriceMap).BTCUSD;
      return entry && entry.buy !== null ? { buy: entry.buy, sell: entry.sell as number } : undefined;
    }
    const a = e.payload as PricesCompactPayload;
    for (let i = 0; i < a.length; i += 3)
      if (a[i] === 'BTCUSD') return { buy: a[i + 1] as number, sell: a[i + 2] as number };
    return undefined;
  };
  return {
    got,
    clear: () => {
      got.length = 0;
    },
    /** The last BTCUSD quote received (after waiting for one). */
    async lastBtc(): Promise<{ buy: number; sell: number }> {
      await vi.waitFor(() => expect(got.some((e) => btc(e) !== undefined)).toBe(true), { timeout: 5_000 });
      return btc(got.filter((e) => btc(e) !== undefined).at(-1) as { event: string; payload: unknown }) as {
        buy: number;
        sell: number;
      };
    },
  };
}

/**
 * the price socket sends each host brand its own quotes, the ones its clients trade at. Two demo brands
 * with different crypto markups get different BTCUSD quotes, each equal to the brand quote the engine uses for an
 * account of that brand; a fill is at the quote on the client's screen; staff changing a markup reach both.
 */
describe(`the price socket sends each brand its own quotes (${testDbKind})`, async () => {
  const server = await createTestServer(
    { PRICE_CONFLATION_MS: '50', AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    { sockets: true },
  );
  const { app, runtime, url } = server;
  const { ctx } = runtime;
  const { db } = ctx.database;
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });
  const idOf = async (slug: string) =>
    (await db.select({ id: brands.id }).from(brands).where(eq(brands.slug, slug)))[0]?.id as number;
  const setCrypto = async (slug: string, percent: number) => {
    const result = await ctx.brands.setTrading(await idOf(slug), cryptoAt(percent), async () => undefined);
    expect(result.ok).toBe(true);
  };
  let bid = 64_000;
  const quote = (next: number) => {
    bid = next;
    expect(ctx.market.ingest({ symbol: 'BTCUSD', bid, ask: bid + 10, ts: Date.now() })).toBe(true);
  };
  const btc = ctx.market.catalogue.require('BTCUSD');
  /** The brand quote of the current feed under `percent` % a side on BTCUSD's pip and tick. */
  const expected = (percent: number): BrandQuote =>
    brandQuote(
      { buy: bid + 10, sell: bid },
      {
        markup: { unit: 'percent', value: percent },
        pipSize: pipSize('BTCUSD', 'crypto', btc.precision),
        tick: tickSizeOf(btc.precision),
      },
    );
  const connect = async (host: string) => {
    // forceNew: a Manager of its own, so the Host header is this socket's (socket.io-client shares one per URL)
    const socket = io(`${url}/prices`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { host },
    });
    sockets.push(socket);
    const rec = recorder(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, rec };
  };
  /** The BTCUSD brand quote the engine deals at for a client of this host. */
  const client = async (host: string) => {
    const { email } = await registerClient(app, {}, { host });
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const id = row?.id as number;
    expect(await ctx.trading.ensureAccount(id)).toBe(true);
    return () => ctx.trading.tradingTerms(id, 'BTCUSD')?.dealing;
  };

  // one brand with 0.3 % a side on crypto, the other with the spec's 0.025 %
  await setCrypto('aurora', 0.3);
  await setCrypto('kestrel', 0.025);
  quote(64_000);
  const aurora = await connect(AURORA);
  const kestrel = await connect(KESTREL);
  const auroraDealing = await client(AURORA);
  const kestrelDealing = await client(KESTREL);

  it("sends each host's brand its quote on connect: different, and each the one the engine deals at for its clients", async () => {
    const a = await aurora.rec.lastBtc();
    const k = await kestrel.rec.lastBtc();
    expect(a).not.toEqual(k);
    expect(a).toEqual(expected(0.3));
    expect(k).toEqual(expected(0.025));
    // 64,010 × 1.003 = 64,202.03 and 64,000 × 0.997 = 63,808; the spec's 64,026.0025 → 64,026.01 and 63,984
    expect(a).toEqual({ buy: 64_202.03, sell: 63_808 });
    expect(k).toEqual({ buy: 64_026.01, sell: 63_984 });
    expect(auroraDealing()).toEqual(a);
    expect(kestrelDealing()).toEqual(k);
  });

  it('sends each brand its quote of every change, in the map and in the compact form of a subscription', async () => {
    const subscribe = (socket: Socket) =>
      new Promise<PriceSubscribeAck>((resolve) =>
        socket.emit(SOCKET_EVENTS.subscribe, { symbols: ['BTCUSD'], compact: true }, resolve),
      );
    expect(await subscribe(kestrel.socket)).toMatchObject({ status: true });
    for (const s of [aurora, kestrel]) s.rec.clear();
    quote(64_100);
    const a = await aurora.rec.lastBtc();
    const k = await kestrel.rec.lastBtc();
    expect(aurora.rec.got.at(-1)?.event).toBe(SOCKET_EVENTS.prices);
    expect(kestrel.rec.got.at(-1)?.event).toBe(SOCKET_EVENTS.pricesCompact);
    expect(a).toEqual(expected(0.3));
    expect(k).toEqual(expected(0.025));
    expect(auroraDealing()).toEqual(a);
    expect(kestrelDealing()).toEqual(k);
  });

  it("fills a client's buy at the buy price its brand's socket showed", async () => {
    const demo = await connect(DEMO);
    const shown = await demo.rec.lastBtc();
    const login = await app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      headers: { host: DEMO },
      payload: { email: 'demo@example.com', password: 'Demo1234!' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().data.access_token as string;
    const trading = io(`${url}/trading`, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { host: DEMO },
    });
    sockets.push(trading);
    await new Promise<void>((resolve, reject) => {
      trading.once('positions', () => resolve());
      trading.once('connect_error', reject);
    });
    const ack = await new Promise<CommandAck>((resolve) =>
      trading.emit(
        'openPosition',
        { direction: 'buy', amount: 100, leverage: 2, price: shown.buy, symbol: 'BTCUSD' },
        resolve,
      ),
    );
    expect(ack.status, JSON.stringify(ack)).toBe(true);
    if (!ack.status) return;
    expect((ack.data as { open_rate: number }).open_rate).toBe(shown.buy);
  });

  it("takes a staff change of a brand's markup to its sockets and its engine alike", async () => {
    await setCrypto('kestrel', 0.2);
    // the price socket refreshes the brand's profile once the change is heard: a few flushes at most
    await vi.waitFor(
      async () => {
        kestrel.rec.clear();
        quote(bid + 1);
        expect(await kestrel.rec.lastBtc()).toEqual(expected(0.2));
      },
      { timeout: 5_000, interval: 100 },
    );
    expect(kestrelDealing()).toEqual(expected(0.2));
    // the other brand keeps its own
    aurora.rec.clear();
    quote(bid + 1);
    expect(await aurora.rec.lastBtc()).toEqual(expected(0.3));
    expect(auroraDealing()).toEqual(expected(0.3));
  });
});
