import { AutoBrandDetail, AutoBrandKillSwitchAnswer, AutoBrandStatusList } from '@openbroker/domain';
import { z } from 'zod';
import { type App, ErrorBody, ok } from '../../../http.js';
import { staffOf, withPolicy } from '../../staff/policy.js';
import type { StaffService } from '../../staff/staff.service.js';
import type { AutoTradingAdminService } from './auto-trading-admin.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['backoffice: auto-trading'];
const policy = { permission: 'autotrading.manage', brandScoped: true } as const;

/** `:id` as sent; anything but a brand in scope answers the same 404. */
const BrandParams = z.object({ id: z.string().max(32) });

/** What the back office's auto-trading routes use. */
export interface AutoTradingAdminRoutesDeps {
  staff: StaffService;
  autoTradingAdmin: AutoTradingAdminService;
}

/**
 * The back office's auto-trading per brand (docs/backoffice.md "Auto-trading"): the offer and leverage
 * cap staff narrow, and the kill switch. Bodies are checked after the brand's scope (a brand out of scope answers
 * 404 whatever the body), by the domain's validateBrandAutoTrading.
 */
export async function autoTradingAdminRoutes(
  app: App,
  { staff, autoTradingAdmin: admin }: AutoTradingAdminRoutesDeps,
) {
  app.get(
    '/api/backoffice/auto-trading/brands',
    withPolicy(policy, staff, {
      tags,
      summary:
        'Every brand in scope with its auto-trading status: strategies offered, kill switch, clients with ' +
        'auto-trading on, open auto positions, auto positions closed today (UTC) and their realised result',
      response: { 200: ok(AutoBrandStatusList), ...errors },
    }),
    async (request) => ({ status: true as const, data: await admin.list(staffOf(request)) }),
  );

  app.get(
    '/api/backoffice/auto-trading/brands/:id',
    withPolicy(policy, staff, {
      tags,
      summary:
        "One brand's auto-trading: the stored settings, the offer clients get (the product's narrowed by the " +
        "brand), the product's offer, the kill switch with its last change, and the status figures",
      params: BrandParams,
      response: { 200: ok(AutoBrandDetail), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await admin.get(staffOf(request), request.params.id),
    }),
  );

  app.put(
    '/api/backoffice/auto-trading/brands/:id',
    withPolicy(policy, staff, {
      tags,
      summary:
        "Saves the brand's offer: per strategy {offered, timeframes, ranges: {param: {min, max, default}}} and " +
        'maxLeverage (a whole number, null: no cap). A range may only narrow the product’s, on its step, with ' +
        'min ≤ default ≤ max; a bad value answers 400 with a message per field and saves nothing. Audited with ' +
        'before and after; clients see it on their next call',
      params: BrandParams,
      body: z.object({ strategies: z.unknown(), maxLeverage: z.unknown() }).partial(),
      response: { 200: ok(AutoBrandDetail), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await admin.save(staffOf(request), request.params.id, request.body ?? {}, request),
    }),
  );

  app.post(
    '/api/backoffice/auto-trading/brands/:id/kill-switch',
    withPolicy(policy, staff, {
      tags,
      summary:
        'The kill switch {killed, reason}: true stops all auto-trading of the brand at once (a reason is required; ' +
        'every account with auto-trading on is switched off, open auto positions keep their SL and TP; answers ' +
        'how many in `stopped`); false lets clients switch it on again (nobody is switched on). Audited; ' +
        'repeating the current state changes nothing',
      params: BrandParams,
      body: z.object({ killed: z.unknown(), reason: z.unknown() }).partial(),
      response: { 200: ok(AutoBrandKillSwitchAnswer), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await admin.setKilled(staffOf(request), request.params.id, request.body ?? {}, request),
    }),
  );
}
