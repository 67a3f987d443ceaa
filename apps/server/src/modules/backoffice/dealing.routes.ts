import { DealerPosition, ExposureRow, MAX_LIST_PAGE, PositionDto, parsePathId } from '@openbroker/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type App, ErrorBody, ok } from '../../http.js';
import { DealingService } from './dealing.service.js';
import { BrandIdQuery } from './money.routes.js';
import { staffOf, withPolicy } from './policy.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

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

  app.post(
    '/api/backoffice/clients/:id/positions/:positionId/close',
    withPolicy({ permission: 'positions.close', brandScoped: true }, staff, {
      summary:
        "Closes a client's open position at the current price with a reason (required, audited); closingReason " +
        "0 'Manually'",
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
