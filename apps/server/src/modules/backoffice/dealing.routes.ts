import { DealerPosition, ExposureRow, PositionDto } from '@openbroker/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type App, ErrorBody, ok } from '../../http.js';
import { DealingService } from './dealing.service.js';
import { staffOf, withPolicy } from './policy.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const BrandId = z.coerce.number().int().positive().optional();

/** The dealer's desk (issue 13; docs/backoffice.md "Money and dealing"): positions, exposure, closing. */
export async function dealingRoutes(app: App, ctx: AppContext) {
  const { staff } = ctx;
  const dealing = new DealingService(ctx);

  app.get(
    '/api/backoffice/positions',
    withPolicy({ permission: 'positions.read', brandScoped: true }, staff, {
      summary:
        'Open positions of the clients in scope (or one brand), oldest first, 50 a page; filter by symbol',
      querystring: z.object({
        brandId: BrandId,
        symbol: z.string().max(32).optional(),
        page: z.coerce.number().int().min(1).default(1),
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
      querystring: z.object({ brandId: BrandId }),
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
      params: z.object({
        id: z.coerce.number().int().positive(),
        positionId: z.coerce.number().int().positive(),
      }),
      body: z.object({ reason: z.string().max(500).optional() }).default({}),
      response: { 200: ok(z.object({ position: PositionDto })), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await dealing.close(
        { auth: staffOf(request), request },
        request.params.id,
        request.params.positionId,
        request.body?.reason,
      ),
    }),
  );
}
