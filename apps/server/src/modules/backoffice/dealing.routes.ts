import { DealerPosition, ExposureRow, MAX_LIST_PAGE, PositionDto, parsePathId } from '@openbroker/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type App, ErrorBody, ok } from '../../http.js';
import { DESK_CLOSES, DealingService, MAX_HALTED } from './dealing.service.js';
import { BrandIdQuery } from './money.routes.js';
import { staffOf, withPolicy } from './policy.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

const GROUP = z.enum(['forex', 'stocks', 'crypto', 'commodities', 'index']);
const Figures = {
  longVolume: z.number(),
  shortVolume: z.number(),
  netVolume: z.number(),
  longMargin: z.number(),
  shortMargin: z.number(),
  positions: z.number().int(),
  longPositions: z.number().int(),
  shortPositions: z.number().int(),
  clientsProfit: z.number(),
  brokerProfit: z.number(),
};
/** The live desk (issue 15): the same shape the `/backoffice` socket pushes as `dealing.desk`. */
export const DeskSnapshotSchema = z.object({
  at: z.string(),
  brandId: z.number().int().nullable(),
  computeMs: z.number(),
  instruments: z.array(z.object({ symbol: z.string(), group: GROUP, ...Figures })),
  groups: z.array(z.object({ group: GROUP, ...Figures })),
  totals: z.object({ ...Figures, accounts: z.number().int() }),
  nearest: z.array(
    z.object({
      userId: z.number().int(),
      brandId: z.number().int().nullable(),
      clientName: z.string(),
      pin: z.string().nullable(),
      brandSlug: z.string(),
      balance: z.number(),
      equity: z.number(),
      usedMargin: z.number(),
      marginLevel: z.number(),
      positions: z.number().int(),
      stopOutLevel: z.number(),
      marginCallLevel: z.number(),
    }),
  ),
});
/** One close of the stream (issue 15); the socket pushes new ones as `dealing.closed`. */
export const DeskCloseSchema = z.object({
  positionId: z.number().int(),
  userId: z.number().int(),
  clientName: z.string(),
  brandId: z.number().int(),
  brandSlug: z.string(),
  symbol: z.string(),
  direction: z.enum(['buy', 'sell']),
  amount: z.number(),
  leverage: z.number(),
  kind: z.enum(['stop_loss', 'take_profit', 'low_margin', 'ai_trade', 'client', 'staff']),
  cause: z.string().nullable(),
  closingReason: z.number().int().nullable(),
  closedRate: z.number().nullable(),
  quote: z.object({ buy: z.number(), sell: z.number() }).nullable(),
  profit: z.number().nullable(),
  reason: z.string().nullable(),
  partial: z.boolean(),
  at: z.string(),
});
const Halts = z.object({ brandId: z.number().int(), halted: z.array(z.string()) });
/** A symbol as sent in a path or a list: the catalogue's alphabet, checked against the catalogue after. */
const SymbolParam = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9._-]{1,32}$/, { message: 'field.invalid' });

/** The dealer's desk (issue 13; docs/backoffice.md "Money and dealing"): positions, exposure, closing. */
export async function dealingRoutes(app: App, ctx: AppContext) {
  const { staff } = ctx;
  const dealing = new DealingService(ctx);

  app.get(
    '/api/backoffice/positions',
    withPolicy({ permission: 'positions.read', brandScoped: true }, staff, {
      summary:
        'Open positions of the clients in scope (or one brand), newest first, 50 a page; filter by symbol',
      querystring: z.object({
        brandId: BrandIdQuery,
        symbol: z.string().max(32).optional(),
        page: z.coerce.number().int().min(1).max(MAX_LIST_PAGE).default(1),
      }),
      response: {
        200: ok(
          z.object({
            items: z.array(DealerPosition),
            total: z.number().int(),
            page: z.number().int(),
            pageSize: z.number().int(),
          }),
        ),
        ...errors,
      },
    }),
    async (request) => ({
      status: true as const,
      data: await dealing.positions(staffOf(request), request.query),
    }),
  );

  app.get(
    '/api/backoffice/exposure',
    withPolicy({ permission: 'exposure.read', brandScoped: true }, staff, {
      summary:
        'Exposure per symbol over the open positions in scope: bought, sold, net, count, floating profit',
      querystring: z.object({ brandId: BrandIdQuery }),
      response: { 200: ok(z.array(ExposureRow)), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await dealing.exposure(staffOf(request), request.query.brandId),
    }),
  );

  app.get(
    '/api/backoffice/dealing/desk',
    withPolicy({ permission: 'exposure.read', brandScoped: true }, staff, {
      summary:
        "The live dealing desk from the engine's memory: exposure per instrument and asset class (notional volume " +
        'long and short, net, positions, clients’ and broker’s profit) and the 20 accounts nearest to stop-out; ' +
        'the /backoffice socket pushes the same every second after dealing.subscribe',
      querystring: z.object({ brandId: BrandIdQuery }),
      response: { 200: ok(DeskSnapshotSchema), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await dealing.desk(staffOf(request), request.query.brandId),
    }),
  );

  app.get(
    '/api/backoffice/dealing/closes',
    withPolicy({ permission: 'exposure.read', brandScoped: true }, staff, {
      summary: `The latest ${DESK_CLOSES} closes in scope, newest first, with why (stop loss, take profit, low margin, AI trade, client, staff) and the quote used`,
      querystring: z.object({ brandId: BrandIdQuery }),
      response: { 200: ok(z.array(DeskCloseSchema)), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await dealing.closes(staffOf(request), request.query.brandId),
    }),
  );

  app.get(
    '/api/backoffice/dealing/halts',
    withPolicy({ permission: 'instruments.halt', brandScoped: true }, staff, {
      summary: 'The brands in scope with the symbols halted for their clients',
      response: {
        200: ok(
          z.array(
            z.object({
              id: z.number().int(),
              slug: z.string(),
              name: z.string(),
              halted: z.array(z.string()),
            }),
          ),
        ),
        ...errors,
      },
    }),
    async (request) => ({ status: true as const, data: await dealing.halts(staffOf(request)) }),
  );

  const haltParams = z.object({ id: z.string().max(32), symbol: SymbolParam });
  app.post(
    '/api/backoffice/brands/:id/halted-symbols/:symbol',
    withPolicy({ permission: 'instruments.halt', brandScoped: true }, staff, {
      summary:
        "Halts a symbol for a brand's clients (audited): 'Temporarily unavailable', no opens, pending orders or " +
        'changes; closing stays possible',
      params: haltParams,
      response: { 200: ok(Halts), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await dealing.setHalted(
        { auth: staffOf(request), request },
        parsePathId(request.params.id) ?? 0,
        { add: [request.params.symbol] },
      ),
    }),
  );

  app.delete(
    '/api/backoffice/brands/:id/halted-symbols/:symbol',
    withPolicy({ permission: 'instruments.halt', brandScoped: true }, staff, {
      summary: "Trading on a halted symbol resumes for the brand's clients (audited)",
      params: haltParams,
      response: { 200: ok(Halts), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await dealing.setHalted(
        { auth: staffOf(request), request },
        parsePathId(request.params.id) ?? 0,
        { remove: [request.params.symbol] },
      ),
    }),
  );

  app.put(
    '/api/backoffice/brands/:id/halted-symbols',
    withPolicy({ permission: 'instruments.halt', brandScoped: true }, staff, {
      summary: `Replaces the brand's halted symbols with the list sent (at most ${MAX_HALTED}; audited when it changes)`,
      params: z.object({ id: z.string().max(32) }),
      // checked after the brand's scope (a brand out of scope answers 404 whatever the body): see setHalted
      body: z.object({ symbols: z.unknown() }).partial(),
      response: { 200: ok(Halts), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await dealing.setHalted(
        { auth: staffOf(request), request },
        parsePathId(request.params.id) ?? 0,
        { set: request.body?.symbols ?? null },
      ),
    }),
  );

  app.post(
    '/api/backoffice/clients/:id/positions/:positionId/close',
    withPolicy({ permission: 'positions.close', brandScoped: true }, staff, {
      summary:
        "Closes a client's open position at the current price with a reason (required, audited): closingReason " +
        "0 'Manually', closingCause 'broker', the reason in close_context; the client is told at once",
      // as sent: anything but a positive id answers the same 404 as a missing client or position
      params: z.object({ id: z.string().max(32), positionId: z.string().max(32) }),
      body: z.object({ reason: z.string().max(500).optional() }).default({}),
      response: { 200: ok(z.object({ position: PositionDto })), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await dealing.close(
        { auth: staffOf(request), request },
        parsePathId(request.params.id) ?? 0,
        parsePathId(request.params.positionId) ?? 0,
        request.body?.reason,
      ),
    }),
  );
}
