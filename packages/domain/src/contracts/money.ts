/** Back-office contracts of the money area: every answer a staff route of this area gives (see common.ts). */
import { z } from 'zod';
import { ADJUSTMENT_KINDS, MONEY_QUEUES } from '../backoffice-money.js';
import { FOUR_EYES_REASONS } from '../brand-limits.js';
import { MONEY_LIMIT_ROLES, MONEY_REQUEST_STATUSES } from '../money-requests.js';

/** An exact amount with two decimals as the money routes answer it ("1234.50", "-20.00"). */
const MoneyDecimal = z.string().regex(/^-?\d+\.\d{2}$/);

/** A staff member's approval of a transaction (four-eyes: a large withdrawal has two). */
export const TransactionApproval = z.object({
  staffId: z.number().int(),
  staffName: z.string(),
  createdAt: z.string(),
});
export type TransactionApproval = z.infer<typeof TransactionApproval>;

/** A transaction as staff see it: queues, decisions, a client's transactions. */
export const StaffTransaction = z.object({
  id: z.number().int(),
  reference: z.string(),
  brandId: z.number().int(),
  brandSlug: z.string(),
  userId: z.number().int(),
  /** The trading account it books on (a withdrawal's approver context describes this account). */
  accountId: z.number().int(),
  clientName: z.string(),
  email: z.string(),
  pin: z.string(),
  typeId: z.number().int(),
  typeName: z.string(),
  statusId: z.number().int(),
  statusName: z.string(),
  /** The payment method id (spec §9: 2 bank wire, 6 withdrawal). */
  method: z.number().int(),
  provider: z.string(),
  /** Signed as the client sees it (a withdrawal is negative), exact decimal. */
  amount: MoneyDecimal,
  currency: z.string(),
  /** What the client wrote with the request (a withdrawal's bank details). */
  comments: z.string(),
  /** Why it was declined (the client sees it). */
  note: z.string(),
  /** 'staff:<id>' or 'cli:<operator>'; null while pending. */
  decidedBy: z.string().nullable(),
  createdAt: z.string(),
  approvals: z.array(TransactionApproval),
  /** A pending withdrawal above the brand's four-eyes threshold: two different approvers pay it. */
  needsSecondApproval: z.boolean(),
});
export type StaffTransaction = z.infer<typeof StaffTransaction>;

/** A money queue (GET /api/backoffice/queues/deposits and …/withdrawals): pending items, oldest first. */
export const MoneyQueueAnswer = z.array(StaffTransaction);
export type MoneyQueueAnswer = z.infer<typeof MoneyQueueAnswer>;

/** The queues whose items are transactions (the requests queue lists money requests). */
export const TRANSACTION_QUEUES = ['deposits', 'withdrawals'] as const;
export type TransactionQueue = (typeof TRANSACTION_QUEUES)[number];

/** Approving a transaction: paid or credited, or waiting for a second approver (four-eyes). */
export const ApproveAnswer = z.object({
  state: z.enum(['approved', 'awaiting-second-approval']),
  transaction: StaffTransaction,
});
export type ApproveAnswer = z.infer<typeof ApproveAnswer>;

/** Rejecting a transaction: the declined transaction. */
export const RejectTransactionAnswer = z.object({ transaction: StaffTransaction });
export type RejectTransactionAnswer = z.infer<typeof RejectTransactionAnswer>;

/** A staff money request as the back office shows it. */
export const MoneyRequest = z.object({
  reference: z.string(),
  brandId: z.number().int(),
  brandSlug: z.string(),
  userId: z.number().int(),
  clientName: z.string(),
  email: z.string(),
  pin: z.string(),
  /** The live trading account it books on, and its number ('L-100234-2'). */
  accountId: z.number().int(),
  accountNumber: z.string(),
  kind: z.enum(ADJUSTMENT_KINDS),
  /** Signed as it books on the balance (a withdrawal is negative), exact decimal. */
  amount: MoneyDecimal,
  currency: z.string(),
  reason: z.string(),
  status: z.enum(MONEY_REQUEST_STATUSES),
  requestedBy: z.object({ staffId: z.number().int(), name: z.string() }),
  requestedAt: z.string(),
  decidedBy: z.object({ staffId: z.number().int(), name: z.string() }).nullable(),
  decidedAt: z.string().nullable(),
  /** Why it was approved (optional) or rejected (required). */
  decisionReason: z.string(),
  /** The client transaction it booked, once approved. */
  transactionReference: z.string().nullable(),
});
export type MoneyRequest = z.infer<typeof MoneyRequest>;

/** The money requests queue (GET /api/backoffice/money-requests): pending oldest first, decided newest first. */
export const MoneyRequestList = z.array(MoneyRequest);
export type MoneyRequestList = z.infer<typeof MoneyRequestList>;

/** What an approver sees before deciding: who the client is, what staff moved lately, and look-alike warnings. */
export const ApprovalContext = z.object({
  client: z.object({
    userId: z.number().int(),
    name: z.string(),
    email: z.string(),
    verified: z.boolean(),
    /** Each document type with its review state (pending, approved, declined), as compliance sees them. */
    documents: z.array(z.object({ type: z.string(), status: z.string() })),
    /** The balance of the account the request is for (`account`), in its currency. */
    balance: MoneyDecimal,
    currency: z.string(),
  }),
  /**
   * The trading account the withdrawal or money request is for, as the engine holds it now: balance, equity and
   * open positions in the account's currency; null when the client has no such account.
   */
  account: z
    .object({
      id: z.number().int(),
      number: z.string(),
      currency: z.string(),
      balance: MoneyDecimal,
      equity: MoneyDecimal,
      openPositions: z.number().int(),
    })
    .nullable(),
  /**
   * The money being decided against the brand's limits, which are in the brand's currency (docs/accounts.md
   * "Money limits in the brand's currency"): a withdrawal's (`?reference=`) or a money request's amount, with its
   * equivalent at the brand's dealing rate now; null when the context is asked for a client alone.
   */
  decision: z
    .object({
      /** Signed as it books (a withdrawal is negative), in `currency` (the account's). */
      amount: MoneyDecimal,
      currency: z.string(),
      brandCurrency: z.string(),
      /** The amount in the brand's currency at the brand's dealing rate now; null: no rate now. */
      inBrandCurrency: MoneyDecimal.nullable(),
      /**
       * A withdrawal's four-eyes: the brand's threshold (brand currency), whether a second approval is needed, and
       * why ('above' / 'within' the threshold, or 'noRate': no rate now, so two approvers); null for a money request.
       */
      fourEyes: z
        .object({
          threshold: MoneyDecimal,
          needed: z.boolean(),
          reason: z.enum(FOUR_EYES_REASONS),
        })
        .nullable(),
    })
    .nullable(),
  /** The client's last staff money requests, newest first. */
  recent: z.array(MoneyRequest),
  /** Staff members the client resembles, and in what. */
  lookalikes: z.array(
    z.object({
      staffId: z.number().int(),
      name: z.string(),
      fields: z.array(z.enum(['email', 'phone', 'name'])),
    }),
  ),
});
export type ApprovalContext = z.infer<typeof ApprovalContext>;

/** Requesting, rejecting or cancelling a money request: the request as it now stands. */
export const MoneyRequestAnswer = z.object({ request: MoneyRequest });
export type MoneyRequestAnswer = z.infer<typeof MoneyRequestAnswer>;

/** One money request with what its approver should know. */
export const MoneyRequestDetail = z.object({ request: MoneyRequest, context: ApprovalContext });
export type MoneyRequestDetail = z.infer<typeof MoneyRequestDetail>;

/** Approving books the request: the client's balance after it. */
export const MoneyRequestApproved = z.object({ request: MoneyRequest, balance: MoneyDecimal });
export type MoneyRequestApproved = z.infer<typeof MoneyRequestApproved>;

const MoneyLimitsFigures = z.object({
  maxSingle: MoneyDecimal,
  maxDailyPerMember: MoneyDecimal,
  maxDailyPerClient: MoneyDecimal,
});

/** One role's caps on a brand: in force, and a raise waiting for a second admin. */
export const MoneyLimitsRow = z.object({
  role: z.enum(MONEY_LIMIT_ROLES),
  limits: MoneyLimitsFigures,
  /** Whether an admin set them (else the defaults apply). */
  custom: z.boolean(),
  proposal: z
    .object({
      limits: MoneyLimitsFigures,
      proposedBy: z.object({ staffId: z.number().int(), name: z.string() }),
    })
    .nullable(),
});
export type MoneyLimitsRow = z.infer<typeof MoneyLimitsRow>;

/** Each money role's caps on a brand (reading, setting and confirming them answer the same). */
export const MoneyLimitsAnswer = z.object({
  brandId: z.number().int(),
  currency: z.string(),
  roles: z.array(MoneyLimitsRow),
});
export type MoneyLimitsAnswer = z.infer<typeof MoneyLimitsAnswer>;

/** Socket.IO namespace of the back office and the event of its live money queues. */
export const BACKOFFICE_SOCKET = Object.freeze({
  namespace: '/backoffice',
  queueChanged: 'queue.changed',
} as const);

/** Payload of `queue.changed`: an item entered or left this brand's queue, or got a first approval; re-read it. */
export const QueueChanged = z.object({
  /** Deposits, withdrawals, or staff money requests (announced to members who may approve them). */
  queue: z.enum(MONEY_QUEUES),
  brandId: z.number().int(),
});
export type QueueChanged = z.infer<typeof QueueChanged>;
