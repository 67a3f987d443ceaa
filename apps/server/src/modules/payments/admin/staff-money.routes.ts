import {
  ApprovalContext,
  ApproveAnswer,
  MONEY_LIMIT_ROLES,
  MoneyLimitsAnswer,
  MoneyLimitsInput,
  MoneyQueueAnswer,
  MoneyRequestAnswer,
  MoneyRequestApproved,
  MoneyRequestDetail,
  MoneyRequestList,
  parsePathId,
  QUEUE_PERMISSION,
  RejectTransactionAnswer,
  TRANSACTION_QUEUES,
} from '@openbroker/domain';
import { z } from 'zod';
import { type App, ErrorBody, ok } from '../../../http.js';
import { staffOf, withPolicy } from '../../staff/policy.js';
import type { StaffService } from '../../staff/staff.service.js';
import type { MoneyRequestsService } from './money-requests.service.js';
import type { MoneyService } from './staff-money.service.js';

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

/** What the back office's money routes use. */
export interface MoneyRoutesDeps {
  staff: StaffService;
  money: MoneyService;
  moneyRequests: MoneyRequestsService;
}

/**
 * The back office's money (docs/backoffice.md "Money and dealing"): the live queues of pending
 * bank wires and withdrawals, approving (four-eyes above the brand's threshold) and rejecting them, and
 * adjustments on a client's account. Every decision goes through the payments service the operator CLI uses.
 */
export async function moneyRoutes(app: App, { staff, money, moneyRequests: requests }: MoneyRoutesDeps) {
  const actor = (request: Parameters<typeof staffOf>[0]) => ({ auth: staffOf(request), request });

  for (const queue of TRANSACTION_QUEUES) {
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
          response: { 200: ok(MoneyQueueAnswer), ...errors },
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
      response: { 200: ok(RejectTransactionAnswer), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await money.reject(actor(request), request.params.reference, request.body?.reason),
    }),
  );

  const RequestBody = z
    .object({
      kind: z.string().max(40).optional(),
      amount: z.string().max(24).optional(),
      reason: z.string().max(500).optional(),
      /** The client's live trading account to book on; absent: the client's first live account. */
      accountId: z.number().int().positive().max(2_147_483_647).optional(),
    })
    .default({});

  app.post(
    '/api/backoffice/clients/:id/adjustments',
    withPolicy({ permission: 'adjustments.create', brandScoped: true }, staff, {
      summary:
        'Requests a booking with a reason: bonus (type 4), promotional_bonus (10), credit (5), correction ' +
        '(type 12, either sign), wire_withdrawal (7) or card_withdrawal (8, at most what is withdrawable). It ' +
        "books nothing: a second member with adjustments.approve approves it. Refused above the member's caps " +
        '(one request, the day per member, the day per client). `accountId` picks one of the client’s live ' +
        'accounts (default its first live one); demo accounts hold virtual money and take no staff money',
      params: ClientParams,
      body: RequestBody,
      response: { 200: ok(MoneyRequestAnswer), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: {
        request: await requests.request(
          actor(request),
          parsePathId(request.params.id) ?? 0,
          request.body ?? {},
        ),
      },
    }),
  );

  const READ_REQUESTS = ['adjustments.create', 'adjustments.approve'] as const;
  app.get(
    '/api/backoffice/money-requests',
    withPolicy({ permission: READ_REQUESTS, brandScoped: true }, staff, {
      summary:
        'Staff money requests of the brands in scope (or one brand, or one client): pending ones oldest first, ' +
        'decided ones newest first',
      querystring: z.object({
        status: z.enum(['pending', 'decided']).default('pending'),
        brandId: BrandIdQuery,
        clientId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
      }),
      response: { 200: ok(MoneyRequestList), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await requests.list(
        staffOf(request),
        request.query.status,
        request.query.brandId,
        request.query.clientId,
      ),
    }),
  );

  app.get(
    '/api/backoffice/money-requests/:reference',
    withPolicy({ permission: READ_REQUESTS, brandScoped: true }, staff, {
      summary:
        "A money request with what its approver should know: the client's verification and documents, their " +
        'latest staff money requests, and staff members the client resembles (e-mail, phone, name)',
      params: Reference,
      response: { 200: ok(MoneyRequestDetail), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await requests.detail(staffOf(request), request.params.reference),
    }),
  );

  app.get(
    '/api/backoffice/clients/:id/approval-context',
    withPolicy({ permission: [...READ_REQUESTS, QUEUE_PERMISSION.withdrawals], brandScoped: true }, staff, {
      summary:
        'What an approver should know about a client before paying them: verification, documents, the account ' +
        "the money is for (`accountId`, the withdrawal's account: balance, equity, open positions in its currency; " +
        "default the client's first live account; another client's or a demo account: 404), the latest staff " +
        'money requests and staff look-alikes. With `reference` (a withdrawal of the client; needs ' +
        '`withdrawals.approve`): its account, and `decision` — the amount, its brand-currency equivalent at the ' +
        "brand's dealing rate and whether a second approval is needed",
      params: ClientParams,
      querystring: z.object({
        accountId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
        /**
         * A withdrawal of the client's (its reference): the context describes its account and carries `decision` —
         * its amount in the brand's currency at the dealing rate and four-eyes. Not the client's: 404.
         */
        reference: z.string().min(1).max(40).optional(),
      }),
      response: { 200: ok(ApprovalContext), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await requests.approvalContext(staffOf(request), parsePathId(request.params.id) ?? 0, {
        accountId: request.query.accountId,
        withdrawal: request.query.reference,
      }),
    }),
  );

  app.post(
    '/api/backoffice/money-requests/:reference/approve',
    withPolicy({ permission: 'adjustments.approve', brandScoped: true }, staff, {
      summary:
        'The second key: approves a pending request and books it (the client transaction, one ledger entry, the ' +
        'decision and its audit row in one database transaction). 409 OWN_REQUEST for the requester, ' +
        "SELF_CLIENT for a client account under the approver's own e-mail, REQUEST_FINAL once decided",
      params: Reference,
      body: ReasonBody,
      response: { 200: ok(MoneyRequestApproved), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await requests.approve(actor(request), request.params.reference, request.body?.reason),
    }),
  );

  app.post(
    '/api/backoffice/money-requests/:reference/reject',
    withPolicy({ permission: 'adjustments.approve', brandScoped: true }, staff, {
      summary: 'Rejects a pending request with a reason (required); nothing is booked. Not by the requester',
      params: Reference,
      body: ReasonBody,
      response: { 200: ok(MoneyRequestAnswer), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: {
        request: await requests.reject(actor(request), request.params.reference, request.body?.reason),
      },
    }),
  );

  app.post(
    '/api/backoffice/money-requests/:reference/cancel',
    withPolicy({ permission: 'adjustments.create', brandScoped: true }, staff, {
      summary: 'The requester withdraws their own pending request; nothing is booked',
      params: Reference,
      body: ReasonBody,
      response: { 200: ok(MoneyRequestAnswer), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: {
        request: await requests.cancel(actor(request), request.params.reference, request.body?.reason),
      },
    }),
  );

  const LimitParams = z.object({ id: z.string().max(32), role: z.enum(MONEY_LIMIT_ROLES) });
  app.get(
    '/api/backoffice/brands/:id/money-limits',
    withPolicy({ permission: 'limits.manage', brandScoped: true }, staff, {
      summary: "Each money role's caps on a brand (one request, the day per member, the day per client)",
      params: ClientParams,
      response: { 200: ok(MoneyLimitsAnswer), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await requests.limits(staffOf(request), parsePathId(request.params.id) ?? 0),
    }),
  );

  app.put(
    '/api/backoffice/brands/:id/money-limits/:role',
    withPolicy({ permission: 'limits.manage', brandScoped: true }, staff, {
      summary:
        "Sets a role's caps on a brand: lowered caps apply at once, raised ones wait until a second admin confirms",
      params: LimitParams,
      body: MoneyLimitsInput,
      response: { 200: ok(MoneyLimitsAnswer), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await requests.setLimits(
        actor(request),
        parsePathId(request.params.id) ?? 0,
        request.params.role,
        request.body,
      ),
    }),
  );

  app.post(
    '/api/backoffice/brands/:id/money-limits/:role/confirm',
    withPolicy({ permission: 'limits.manage', brandScoped: true }, staff, {
      summary: 'A second admin confirms a proposed raise of the caps (409 OWN_PROPOSAL for its proposer)',
      params: LimitParams,
      body: z.object({}).default({}),
      response: { 200: ok(MoneyLimitsAnswer), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await requests.confirmLimits(
        actor(request),
        parsePathId(request.params.id) ?? 0,
        request.params.role,
      ),
    }),
  );
}
