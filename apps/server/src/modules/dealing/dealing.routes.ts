import {
  DealerCloseAnswer,
  DealerPositionPage,
  DealingBrandHaltsList,
  DealingHaltedSymbols,
  DeskCloseList,
  DeskSnapshot,
  ExposureRowList,
  MAX_LIST_PAGE,
  parsePathId,
} from '@openbroker/domain';
import { z } from 'zod';
import { type App, ErrorBody, ok } from '../../http.js';
import { BrandIdQuery } from '../payments/admin/staff-money.routes.js';
import { staffOf, withPolicy } from '../staff/policy.js';
import type { StaffService } from '../staff/staff.service.js';
import { DESK_CLOSES, type DealingService, MAX_HALTED } from './dealing.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** A symbol as sent in a path or a list: the catalogue's alphabet, checked against the catalogue after. */
const SymbolParam = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9._-]{1,32}$/, { message: 'field.invalid' });

/** What the dealing desk's routes use. */
export interface DealingRoutesDeps {
  staff: StaffService;
  dealing: DealingService;
}

/** The dealer's desk (docs/backoffice.md "Money and dealing"): positions, exposure, closing. */
export async function dealingRoutes(app: App, { staff, dealing }: DealingRoutesDeps) {
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
      response: { 200: ok(DealerPositionPage), ...errors },
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
      response: { 200: ok(ExposureRowList), ...errors },
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
        "The live dealing desk from the engine's memory, every amount per account currency: exposure per instrument " +
        'and currency and per asset class (notional volume ' +
        'long and short, net, positions, clients’ and broker’s profit) and the 20 accounts nearest to stop-out; ' +
        'the feed rates between the account currencies for converted totals; the /backoffice socket pushes the ' +
        'same every second after dealing.subscribe',
      querystring: z.object({ brandId: BrandIdQuery }),
      response: { 200: ok(DeskSnapshot), ...errors },
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
      response: { 200: ok(DeskCloseList), ...errors },
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
      response: { 200: ok(DealingBrandHaltsList), ...errors },
    }),
    async (request) => ({ status: true as const, data: await dealing.halts(staffOf(request)) }),
  );

  const haltParams = z.object({ id: z.string().max(32), symbol: SymbolParam });
  /** Why staff halt or resume (required; checked after the brand's scope, so an outsider learns nothing). */
  const HaltReason = z.object({ reason: z.string().max(500).optional() }).default({});
  app.post(
    '/api/backoffice/brands/:id/halted-symbols/:symbol',
    withPolicy({ permission: 'instruments.halt', brandScoped: true }, staff, {
      summary:
        "Halts a symbol for a brand's clients with a reason (required, audited): 'Temporarily unavailable', no " +
        'opens, pending orders or changes; closing stays possible. Open terminals hear it at once (/prices `halts`)',
      params: haltParams,
      body: HaltReason,
      response: { 200: ok(DealingHaltedSymbols), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await dealing.setHalted(
        { auth: staffOf(request), request },
        parsePathId(request.params.id) ?? 0,
        { add: [request.params.symbol] },
        request.body?.reason,
      ),
    }),
  );

  app.delete(
    '/api/backoffice/brands/:id/halted-symbols/:symbol',
    withPolicy({ permission: 'instruments.halt', brandScoped: true }, staff, {
      summary:
        "Trading on a halted symbol resumes for the brand's clients, with a reason (required, audited); open " +
        'terminals hear it at once',
      params: haltParams,
      body: HaltReason,
      response: { 200: ok(DealingHaltedSymbols), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await dealing.setHalted(
        { auth: staffOf(request), request },
        parsePathId(request.params.id) ?? 0,
        { remove: [request.params.symbol] },
        request.body?.reason,
      ),
    }),
  );

  app.put(
    '/api/backoffice/brands/:id/halted-symbols',
    withPolicy({ permission: 'instruments.halt', brandScoped: true }, staff, {
      summary: `Replaces the brand's halted symbols with the list sent (at most ${MAX_HALTED}), with a reason (required; audited when it changes)`,
      params: z.object({ id: z.string().max(32) }),
      // checked after the brand's scope (a brand out of scope answers 404 whatever the body): see setHalted
      body: z.object({ symbols: z.unknown(), reason: z.string().max(500) }).partial(),
      response: { 200: ok(DealingHaltedSymbols), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await dealing.setHalted(
        { auth: staffOf(request), request },
        parsePathId(request.params.id) ?? 0,
        { set: request.body?.symbols ?? null },
        request.body?.reason,
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
      response: { 200: ok(DealerCloseAnswer), ...errors },
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
