import {
  AdjustmentAnswer,
  ApproveAnswer,
  parsePathId,
  QUEUE_PERMISSION,
  StaffTransaction,
} from '@openbroker/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type App, ErrorBody, ok } from '../../http.js';
import { MoneyService } from './money.service.js';
import { staffOf, withPolicy } from './policy.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
/** A brand id fits the column (a larger one would fail in SQL instead of answering). */
export const BrandIdQuery = z.coerce.number().int().positive().max(2_147_483_647).optional();
const BrandQuery = z.object({ brandId: BrandIdQuery });
/** `:id` as sent: anything but a positive id answers the same 404 as a missing client (as the clients routes). */
const ClientParams = z.object({ id: z.string().max(32) });
const Reference = z.object({ reference: z.string().min(1).max(32) });
// Reasons and amounts are checked by the service after the record's brand scope: a record out of scope
// answers 404 whatever the body holds (as a missing one).
const ReasonBody = z.object({ reason: z.string().max(500).optional() }).default({});
/**
 * Deciding a transaction: either queue's permission admits the caller; the service then needs the one of the
 * transaction's queue (a wire deposits.approve, a withdrawal withdrawals.approve), else 403.
 */
const DECIDE = [QUEUE_PERMISSION.deposits, QUEUE_PERMISSION.withdrawals] as const;
const DECIDE_NEEDS =
  `A bank wire needs ${QUEUE_PERMISSION.deposits}, a withdrawal ${QUEUE_PERMISSION.withdrawals} ` +
  "(403 without the transaction's one)";

/**
 * The back office's money (issue 13; docs/backoffice.md "Money and dealing"): the live queues of pending
 * bank wires and withdrawals, approving (four-eyes above the brand's threshold) and rejecting them, and
 * adjustments on a client's account. Every decision goes through the payments service the operator CLI uses.
 */
export async function moneyRoutes(app: App, ctx: AppContext) {
  const { staff } = ctx;
  const money = new MoneyService(ctx);
  const actor = (request: Parameters<typeof staffOf>[0]) => ({ auth: staffOf(request), request });

  for (const queue of ['deposits', 'withdrawals'] as const) {
    app.get(
      `/api/backoffice/queues/${queue}`,
      withPolicy(
        { permission: queue === 'deposits' ? 'deposits.approve' : 'withdrawals.approve', brandScoped: true },
        staff,
        {
          summary:
            queue === 'deposits'
              ? 'Pending bank-wire deposits of the brands in scope (or one brand), oldest first'
              : 'Pending withdrawals of the brands in scope (or one brand), oldest first',
          querystring: BrandQuery,
          response: { 200: ok(z.array(StaffTransaction)), ...errors },
        },
      ),
      async (request) => ({
        status: true as const,
        data: await money.queue(staffOf(request), queue, request.query.brandId),
      }),
    );
  }

  app.post(
    '/api/backoffice/transactions/:reference/approve',
    withPolicy({ permission: DECIDE, brandScoped: true }, staff, {
      summary:
        'Approves a pending bank wire (credited) or withdrawal (paid). Above the brand four-eyes threshold a ' +
        'withdrawal needs two different approvers: the first answers state awaiting-second-approval, the same ' +
        `member again 409 SAME_APPROVER. ${DECIDE_NEEDS}`,
      params: Reference,
      body: ReasonBody,
      response: { 200: ok(ApproveAnswer), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await money.approve(actor(request), request.params.reference, request.body?.reason),
    }),
  );

  app.post(
    '/api/backoffice/transactions/:reference/reject',
    withPolicy({ permission: DECIDE, brandScoped: true }, staff, {
      summary:
        'Rejects a pending bank wire or withdrawal with a reason (required; the client sees it). A rejected ' +
        `withdrawal's amount goes back to the client's balance through the ledger. ${DECIDE_NEEDS}`,
      params: Reference,
      body: ReasonBody,
      response: { 200: ok(z.object({ transaction: StaffTransaction })), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await money.reject(actor(request), request.params.reference, request.body?.reason),
    }),
  );

  app.post(
    '/api/backoffice/clients/:id/adjustments',
    withPolicy({ permission: 'adjustments.create', brandScoped: true }, staff, {
      summary:
        'Books an adjustment with a reason: bonus (type 4), promotional_bonus (10), credit (5), correction ' +
        '(either sign, no transaction), wire_withdrawal (7) or card_withdrawal (8, at most what is withdrawable). ' +
        'One ledger entry, its audit row and its transaction in one database transaction',
      params: ClientParams,
      body: z
        .object({
          kind: z.string().max(40).optional(),
          amount: z.string().max(24).optional(),
          reason: z.string().max(500).optional(),
        })
        .default({}),
      response: { 200: ok(AdjustmentAnswer), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await money.adjust(actor(request), parsePathId(request.params.id) ?? 0, request.body ?? {}),
    }),
  );
}
