import { STRATEGY_IDS, STRATEGY_TIMEFRAMES } from '@openbroker/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type App, ErrorBody, ok } from '../../http.js';
import { AutoTradingAdminRepo } from './auto-trading-admin.repo.js';
import { AutoTradingAdminService } from './auto-trading-admin.service.js';
import { staffOf, withPolicy } from './policy.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['backoffice: auto-trading'];
const policy = { permission: 'autotrading.manage', brandScoped: true } as const;

/** `:id` as sent; anything but a brand in scope answers the same 404. */
const BrandParams = z.object({ id: z.string().max(32) });

const Strategy = z.enum(STRATEGY_IDS);
const Offer = z.object({
  offered: z.boolean(),
  timeframes: z.array(z.enum(STRATEGY_TIMEFRAMES)),
  ranges: z.record(
    z.string(),
    z.object({ min: z.number(), max: z.number(), step: z.number(), default: z.number() }),
  ),
});
const Offers = z.object({ trend: Offer, meanReversion: Offer });
/** `brands.settings.autoTrading` as stored (domain BrandAutoTradingSettings). */
const StoredSettings = z.object({
  killed: z.boolean().optional(),
  killedAt: z.string().optional(),
  killedReason: z.string().optional(),
  strategies: z.object({ trend: Offer.partial(), meanReversion: Offer.partial() }).partial().optional(),
  maxLeverage: z.number().int().optional(),
});

export const AutoBrandStatusSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  currency: z.string(),
  offered: z.array(Strategy),
  killed: z.boolean(),
  killedAt: z.string().nullable(),
  maxLeverage: z.number().int().nullable(),
  clientsOn: z.number().int(),
  openPositions: z.number().int(),
  today: z.object({ closed: z.number().int(), result: z.string() }),
});
export const AutoBrandDetailSchema = AutoBrandStatusSchema.extend({
  settings: StoredSettings.nullable(),
  offers: Offers,
  product: Offers,
  kill: z.object({
    killed: z.boolean(),
    at: z.string().nullable(),
    reason: z.string().nullable(),
    by: z.string().nullable(),
  }),
});

/**
 * The back office's auto-trading per brand (issue 16; docs/backoffice.md "Auto-trading"): the offer and leverage
 * cap staff narrow, and the kill switch. Bodies are checked after the brand's scope (a brand out of scope answers
 * 404 whatever the body), by the domain's validateBrandAutoTrading.
 */
export async function autoTradingAdminRoutes(app: App, ctx: AppContext) {
  const admin = new AutoTradingAdminService(
    new AutoTradingAdminRepo(ctx.database.db),
    ctx.brands,
    () => ctx.autoTrading,
  );

  app.get(
    '/api/backoffice/auto-trading/brands',
    withPolicy(policy, ctx.staff, {
      tags,
      summary:
        'Every brand in scope with its auto-trading status: strategies offered, kill switch, clients with ' +
        'auto-trading on, open auto positions, auto positions closed today (UTC) and their realised result',
      response: { 200: ok(z.array(AutoBrandStatusSchema)), ...errors },
    }),
    async (request) => ({ status: true as const, data: await admin.list(staffOf(request)) }),
  );

  app.get(
    '/api/backoffice/auto-trading/brands/:id',
    withPolicy(policy, ctx.staff, {
      tags,
      summary:
        "One brand's auto-trading: the stored settings, the offer clients get (the product's narrowed by the " +
        "brand), the product's offer, the kill switch with its last change, and the status figures",
      params: BrandParams,
      response: { 200: ok(AutoBrandDetailSchema), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await admin.get(staffOf(request), request.params.id),
    }),
  );

  app.put(
    '/api/backoffice/auto-trading/brands/:id',
    withPolicy(policy, ctx.staff, {
      tags,
      summary:
        "Saves the brand's offer: per strategy {offered, timeframes, ranges: {param: {min, max, default}}} and " +
        'maxLeverage (a whole number, null: no cap). A range may only narrow the product’s, on its step, with ' +
        'min ≤ default ≤ max; a bad value answers 400 with a message per field and saves nothing. Audited with ' +
        'before and after; clients see it on their next call',
      params: BrandParams,
      body: z.object({ strategies: z.unknown(), maxLeverage: z.unknown() }).partial(),
      response: { 200: ok(AutoBrandDetailSchema), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await admin.save(staffOf(request), request.params.id, request.body ?? {}, request),
    }),
  );

  app.post(
    '/api/backoffice/auto-trading/brands/:id/kill-switch',
    withPolicy(policy, ctx.staff, {
      tags,
      summary:
        'The kill switch {killed, reason}: true stops all auto-trading of the brand at once (a reason is required; ' +
        'every account with auto-trading on is switched off, open auto positions keep their SL and TP; answers ' +
        'how many in `stopped`); false lets clients switch it on again (nobody is switched on). Audited; ' +
        'repeating the current state changes nothing',
      params: BrandParams,
      body: z.object({ killed: z.unknown(), reason: z.unknown() }).partial(),
      response: {
        200: ok(AutoBrandDetailSchema.extend({ stopped: z.number().int().nullable() })),
        ...errors,
      },
    }),
    async (request) => ({
      status: true as const,
      data: await admin.setKilled(staffOf(request), request.params.id, request.body ?? {}, request),
    }),
  );
}
