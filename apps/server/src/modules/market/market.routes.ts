import { CandleList, InstrumentList } from '@openbroker/domain';
import { z } from 'zod';
import { type App, ErrorBody, ok } from '../../http.js';
import { notFound } from '../../lib/errors.js';
import { RESOLUTIONS } from '../../market/candles.js';
import { tradingProfileOf } from '../brands/brand-trading.js';
import type { BrandsService } from '../brands/brands.service.js';
import { instrumentTerms, lastBrandQuote } from './instrument-terms.js';
import type { MarketService } from './market.service.js';

const MAX_CANDLES = 5_000;

const CandlesQuery = z
  .object({
    symbol: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9._-]{1,32}$/, { message: 'field.invalid' }),
    resolution: z.enum(RESOLUTIONS, { message: 'field.invalid' }),
    /** Unix seconds, UTC. */
    from: z.coerce
      .number({ message: 'field.invalid' })
      .int({ message: 'field.invalid' })
      .min(0, { message: 'field.invalid' }),
    to: z.coerce
      .number({ message: 'field.invalid' })
      .int({ message: 'field.invalid' })
      .min(0, { message: 'field.invalid' }),
  })
  .refine((q) => q.to >= q.from, { message: 'date.untilBeforeFrom', path: ['to'] });

/** What the public market data uses. */
export interface MarketRoutesDeps {
  market: MarketService;
  brands: BrandsService;
  /** The asset list: each symbol's category leverage list. */
  reference: { assets(): Promise<readonly { symbol: string; categoryLeverage: string }[]> };
  /** The symbols a brand has halted (the trading service's cached read). */
  trading: { haltedSymbols(brandId: number): Promise<ReadonlySet<string>> };
}

/** Public market data: the instrument list and chart candles (spec §9: 12 months, UTC). */
export async function marketRoutes(app: App, { market, brands, reference, trading }: MarketRoutesDeps) {
  app.get(
    '/api/market/instruments',
    {
      schema: {
        tags: ['market'],
        summary:
          "Every instrument with its category, price precision and whether it is tradable now; for the host's brand its pip size, typical spread, allowed leverages and, when closed, the next opening",
        response: { 200: ok(InstrumentList) },
      },
    },
    async (request) => {
      const now = market.clock.now();
      // a market closed since before this server started has no last quote: its last minute's close, with the
      // instrument's typical feed spread around it, stands for it
      const lastFromCandles = (i: (typeof market.catalogue.instruments)[number]) => {
        const close = market.candles.latest(i.symbol, '1m')?.close;
        return close === undefined ? undefined : { bid: close - i.spread / 2, ask: close + i.spread / 2 };
      };
      const brand = await brands.resolve(request.headers.host);
      const profile = tradingProfileOf(brand.settings);
      const leverageOf = new Map((await reference.assets()).map((a) => [a.symbol, a.categoryLeverage]));
      const halted = await trading.haltedSymbols(brand.id);
      return {
        status: true as const,
        data: market.catalogue.instruments.map((i) => ({
          symbol: i.symbol,
          name: i.exchangeName,
          displayName: i.displayName,
          category: i.category,
          categoryId: i.categoryId,
          precision: i.precision,
          contractSize: i.contractSize,
          available: !halted.has(i.symbol) && market.book.get(i.symbol, now) !== undefined,
          halted: halted.has(i.symbol),
          ...instrumentTerms(i, profile, leverageOf.get(i.symbol), now),
          last: lastBrandQuote(i, profile, market.book.last(i.symbol) ?? lastFromCandles(i)),
        })),
      };
    },
  );

  app.get(
    '/api/market/candles',
    {
      schema: {
        tags: ['market'],
        summary: `Candles of a symbol between two instants (unix seconds, UTC), at most ${MAX_CANDLES} (the most recent)`,
        querystring: CandlesQuery,
        response: { 200: ok(CandleList), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const { symbol, resolution, from, to } = request.query;
      if (!market.catalogue.get(symbol)) throw notFound();
      const candles = market.candles.candlesBetween(symbol, resolution, from * 1000, to * 1000 + 1);
      return {
        status: true as const,
        data: candles.slice(-MAX_CANDLES).map((c) => ({ ...c, time: Math.floor(c.time / 1000) })),
      };
    },
  );
}
