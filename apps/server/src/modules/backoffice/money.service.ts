/**
 * The back office's money (issue 13): the staff queues of pending bank wires and withdrawals, approving (with
 * four-eyes above the brand's threshold) and rejecting them through the payments service the operator CLI uses,
 * and adjustments (bonus, credit, correction, staff-booked withdrawals), each one ledger entry booked through the
 * trading engine with its audit row and transaction in the same database transaction.
 */
import {
  ADJUSTMENT_RULES,
  type AdjustmentKind,
  AMOUNT_MAX,
  bookedAdjustment,
  can,
  fieldMessage,
  fourEyesThreshold,
  isAdjustmentKind,
  type MoneyQueue,
  money,
  moneyToDecimalString,
  needsFourEyes,
  PAYMENT_METHOD,
  parseAdjustmentAmount,
  parseMoney,
  QUEUE_PERMISSION,
  type StaffTransaction,
  staffReasonProblem,
  TRANSACTION_STATUS,
  transactionStatusName,
  transactionTypeName,
} from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { brands } from '../../db/schema.js';
import type { BalanceAdjustment } from '../../engine/index.js';
import { AppError, forbidden, invalidFields, notFound } from '../../lib/errors.js';
import type { Brand } from '../brands/brands.service.js';
import { type PaymentEffect, STAFF_ACTION_OF_EFFECT } from '../payments/payment-effects.js';
import type { NewTransaction, TransactionRow } from '../payments/payments.repo.js';
import { newTransactionReference, type QueueListener } from '../payments/payments.service.js';
import { type ApprovalRow, MoneyRepo, type ScopeFilter, type StaffTransactionRow } from './money.repo.js';
import { assertBrandInScope, type StaffAuth } from './policy.js';
import { auditStaffAction, staffAuditEntry } from './staff-audit.js';

export type ApproveState = 'approved' | 'awaiting-second-approval';

/**
 * Queue news the payments service does not see, per app: a first four-eyes approval leaves the withdrawal in its
 * queue but changes what the queue shows ("1/2"). The back-office socket tells these as `queue.changed` beside the
 * payments service's own (`onQueueChanged`), so other finance screens re-read the queue at once.
 */
const approvalListeners = new WeakMap<AppContext, Set<QueueListener>>();

/** Tells `listener` whenever a first approval of a four-eyes withdrawal is recorded in this app. */
export function onFirstApproval(ctx: AppContext, listener: QueueListener): () => void {
  const listeners = approvalListeners.get(ctx) ?? new Set<QueueListener>();
  approvalListeners.set(ctx, listeners);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The staff member and request behind an action (audit: who, role, from where). */
export interface StaffActor {
  auth: StaffAuth;
  request: Pick<FastifyRequest, 'ip'>;
}

export interface AdjustmentInput {
  kind?: string;
  amount?: string;
  reason?: string;
}

/**
 * A staff reason, trimmed: required or optional (then '' when absent). Control characters are refused before
 * anything is decided (they would fail the audit row's insert after the fact, or reach the client's transactions).
 */
const reasonOf = (reason: string | undefined, required = true): string => {
  const text = (reason ?? '').trim();
  const problem = staffReasonProblem(text, { required });
  if (problem) throw invalidFields([problem]);
  return text;
};

/** The brand ids a list may show: one brand (in scope, else 404) or every brand in scope. */
export function scopeFilter(auth: StaffAuth, brandId: number | undefined): ScopeFilter {
  if (brandId !== undefined) {
    assertBrandInScope(auth, brandId);
    return [brandId];
  }
  return auth.scope.all ? null : auth.scope.brandIds;
}

const queueOf = (row: Pick<TransactionRow, 'method'>): MoneyQueue | null =>
  row.method === PAYMENT_METHOD.withdraw
    ? 'withdrawals'
    : row.method === PAYMENT_METHOD.bankWire
      ? 'deposits'
      : null;

export class MoneyService {
  readonly repo: MoneyRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new MoneyRepo(ctx.database.db);
  }

  private async brand(brandId: number): Promise<Brand> {
    const [row] = await this.ctx.database.db.select().from(brands).where(eq(brands.id, brandId));
    if (!row) throw notFound();
    return { id: row.id, slug: row.slug, name: row.name, hosts: row.hosts, settings: row.settings };
  }

  /** Staff transactions with their approvals and whether they need a second approver. */
  async present(rows: readonly StaffTransactionRow[]): Promise<StaffTransaction[]> {
    const approvals = await this.repo.approvals(rows.map((r) => r.id));
    const thresholds = new Map<number, number>();
    for (const brandId of new Set(rows.map((r) => r.brandId)))
      thresholds.set(brandId, fourEyesThreshold((await this.brand(brandId)).settings.backoffice));
    return rows.map((row) =>
      presentStaffTransaction(
        row,
        approvals.filter((a) => a.transactionId === row.id),
        thresholds.get(row.brandId) ?? fourEyesThreshold(undefined),
      ),
    );
  }

  private async presentOne(reference: string): Promise<StaffTransaction> {
    const row = await this.repo.byReference(reference);
    if (!row) throw new Error(`backoffice: ${reference} vanished`);
    const [presented] = await this.present([row]);
    if (!presented) throw new Error(`backoffice: ${reference} not presented`);
    return presented;
  }

  /** A queue's pending items of the brands in scope (or one brand), oldest first. */
  async queue(auth: StaffAuth, queue: MoneyQueue, brandId?: number): Promise<StaffTransaction[]> {
    return this.present(await this.repo.queue(queue, scopeFilter(auth, brandId)));
  }

  /** A queue item the member may decide: found, in scope (else 404 as missing), in a queue they work. */
  private async decidable(auth: StaffAuth, reference: string): Promise<StaffTransactionRow> {
    const row = await this.repo.byReference(reference);
    if (!row) throw new AppError(404, 'TRANSACTION_NOT_FOUND', 'staff.transactionNotFound');
    try {
      assertBrandInScope(auth, row.brandId);
    } catch {
      throw new AppError(404, 'TRANSACTION_NOT_FOUND', 'staff.transactionNotFound');
    }
    const queue = queueOf(row);
    if (!queue) throw new AppError(409, 'NOT_IN_QUEUE', 'staff.notInQueue');
    if (!can(auth.roles, QUEUE_PERMISSION[queue])) throw forbidden();
    return row;
  }

  private decisionAudit(actor: StaffActor, row: StaffTransactionRow, reason: string | null, to: number) {
    return (action: string) =>
      staffAuditEntry(actor.auth, actor.request, {
        action,
        subject: `transaction:${row.reference}`,
        brandId: row.brandId,
        userId: row.userId,
        before: { status: transactionStatusName(TRANSACTION_STATUS.pending) },
        after: { status: transactionStatusName(to) },
        reason,
        details: { amount: row.amount, currency: row.currency },
      });
  }

  /**
   * Approves a pending bank wire (credited) or withdrawal (paid). A withdrawal above the brand's four-eyes
   * threshold is paid by the second of two different approvers: the first approval is recorded (and audited)
   * and answered 'awaiting-second-approval'; the same member again is 409 SAME_APPROVER. Two approvals at once
   * are decided one after the other (the transaction's row lock), and the status moves once, so nothing is
   * paid twice.
   */
  async approve(
    actor: StaffActor,
    reference: string,
    reason: string | undefined,
  ): Promise<{ state: ApproveState; transaction: StaffTransaction }> {
    const { auth } = actor;
    const row = await this.decidable(auth, reference);
    const note = reasonOf(reason, false) || null;
    const audit = this.decisionAudit(actor, row, note, TRANSACTION_STATUS.approved);
    const decider = `staff:${auth.staff.id}`;
    if (queueOf(row) === 'withdrawals') {
      const threshold = fourEyesThreshold((await this.brand(row.brandId)).settings.backoffice);
      if (needsFourEyes(parseMoney(row.amount), threshold)) {
        const first = await this.repo.inTransaction(async (tx) => {
          const status = await this.repo.lockStatus(tx, row.id);
          if (status !== TRANSACTION_STATUS.pending)
            throw new AppError(409, 'TRANSACTION_FINAL', 'payment.alreadyFinal', {
              status: transactionStatusName(status ?? 0).toLowerCase(),
            });
          const approvals = await this.repo.approvals([row.id], tx);
          if (approvals.some((a) => a.staffId === auth.staff.id))
            throw new AppError(409, 'SAME_APPROVER', 'staff.sameApprover');
          if (approvals.length > 0) return false;
          await this.repo.addApproval(tx, row.id, auth.staff.id);
          await auditStaffAction(tx, auth, actor.request, {
            action: 'transaction.withdrawal.firstApproval',
            subject: `transaction:${row.reference}`,
            brandId: row.brandId,
            userId: row.userId,
            reason: note,
            details: { amount: row.amount, currency: row.currency, threshold },
          });
          return true;
        });
        if (first) {
          // after the commit: a screen re-reading the queue now sees the approval
          for (const listener of approvalListeners.get(this.ctx) ?? [])
            listener({ queue: 'withdrawals', brandId: row.brandId });
          return { state: 'awaiting-second-approval', transaction: await this.presentOne(reference) };
        }
      }
      await this.ctx.payments.confirm(reference, decider, {
        audit,
        within: (tx) => this.repo.addApproval(tx, row.id, auth.staff.id),
        fourEyesChecked: true,
      });
    } else {
      await this.ctx.payments.confirm(reference, decider, { audit, fourEyesChecked: true });
    }
    return { state: 'approved', transaction: await this.presentOne(reference) };
  }

  /** Rejects a pending bank wire or withdrawal with a reason the client sees; a withdrawal's money goes back. */
  async reject(
    actor: StaffActor,
    reference: string,
    reason: string | undefined,
  ): Promise<{ transaction: StaffTransaction }> {
    const row = await this.decidable(actor.auth, reference);
    const note = reasonOf(reason);
    await this.ctx.payments.reject(reference, `staff:${actor.auth.staff.id}`, note, {
      audit: this.decisionAudit(actor, row, note, TRANSACTION_STATUS.declined),
    });
    return { transaction: await this.presentOne(reference) };
  }

  /**
   * Books an adjustment on a client's account: one ledger entry through the engine (live balance, margin and the
   * client's socket at once), with its audit row and, for a typed kind, its approved transaction, in one database
   * transaction. A correction's cause is its audit row (`staff:<id>`); the others' their transaction.
   */
  async adjust(
    actor: StaffActor,
    clientId: number,
    input: AdjustmentInput,
  ): Promise<{ balance: string; transaction: StaffTransaction | null }> {
    const { auth } = actor;
    const brandId = await this.repo.clientBrand(clientId);
    if (brandId === undefined) throw notFound();
    assertBrandInScope(auth, brandId);

    const problems = [];
    const kind = isAdjustmentKind(input.kind) ? input.kind : null;
    if (!kind) problems.push(fieldMessage('kind', 'field.invalid', { title: 'Kind' }));
    // "120", "120.5" and "120.50" alike; exponents, NaN, commas, a third decimal or a size past AMOUNT_MAX are refused
    const entered = parseAdjustmentAmount(input.amount ?? '');
    const inBounds = entered !== 'tooLarge';
    const booked =
      kind && entered !== null && entered !== 'tooLarge' ? bookedAdjustment(kind, entered) : null;
    if (!inBounds) problems.push(fieldMessage('amount', 'field.max', { title: 'Amount', max: AMOUNT_MAX }));
    else if (booked === null) problems.push(fieldMessage('amount', 'staff.adjustmentAmount'));
    const reason = (input.reason ?? '').trim();
    const reasonProblem = staffReasonProblem(reason, { required: true });
    if (reasonProblem) problems.push(reasonProblem);
    if (problems.length || !kind || booked === null) throw invalidFields(problems);

    const brand = await this.brand(brandId);
    const rule = ADJUSTMENT_RULES[kind];
    if (rule.ledgerKind === 'withdrawal') {
      // Four-eyes cannot be stepped around by booking a payout directly: above the brand's threshold a
      // withdrawal goes through the queue, where a second finance member must approve it.
      const threshold = fourEyesThreshold(brand.settings.backoffice);
      if (needsFourEyes(booked, threshold))
        throw invalidFields([
          fieldMessage('amount', 'staff.adjustmentNeedsFourEyes', {
            max: `${brand.settings.currencySymbol} ${moneyToDecimalString(money(threshold))}`,
          }),
        ]);
      const { withdrawable } = await this.ctx.payments.withdrawable(brand, clientId);
      if (-booked > withdrawable)
        throw invalidFields([
          fieldMessage('amount', 'staff.adjustmentExceedsWithdrawable', {
            max: `${brand.settings.currencySymbol} ${moneyToDecimalString(withdrawable)}`,
          }),
        ]);
    }

    const reference = rule.typeId === null ? null : newTransactionReference();
    const amount = moneyToDecimalString(booked);
    const audit = staffAuditEntry(auth, actor.request, {
      action: `adjustment.${kind}`,
      subject: `user:${clientId}`,
      brandId,
      userId: clientId,
      after: { kind, amount, ...(reference ? { transaction: reference } : {}) },
      reason,
      details: { currency: brand.settings.currency },
    });
    const row: NewTransaction | null =
      rule.typeId === null || reference === null
        ? null
        : {
            brandId,
            userId: clientId,
            reference,
            typeId: rule.typeId,
            statusId: TRANSACTION_STATUS.approved,
            // a transaction staff booked carries its type id as its method (TransactionDto.method)
            method: rule.typeId,
            provider: 'backoffice',
            amount,
            currency: brand.settings.currency,
            comments: reason,
            decidedBy: `staff:${auth.staff.id}`,
            completedAt: new Date(),
          };
    const effect: PaymentEffect = row
      ? { type: 'transaction.insert', row, audit }
      : { type: 'staff.action', audit };
    const outcome = await this.ctx.gateway.adjustBalance({
      accountId: clientId,
      amount: booked,
      ...adjustmentOf(kind, reference),
      effect,
      now: this.ctx.market.clock.now(),
    });
    if (!outcome.ok) throw invalidFields(outcome.rejection.errors);
    const changed = outcome.events.find((e) => e.type === 'balance.changed');
    return {
      balance: moneyToDecimalString(
        changed?.type === 'balance.changed'
          ? changed.balance
          : money((await this.ctx.gateway.view(clientId))?.balance.balance ?? 0),
      ),
      transaction: reference ? await this.presentOne(reference) : null,
    };
  }

  /**
   * A client's transactions as staff see them, newest first (for GET /clients/:id/transactions; the caller has
   * checked the client is in scope).
   */
  async clientTransactions(clientId: number): Promise<StaffTransaction[]> {
    return this.present(await this.repo.forClient(clientId));
  }
}

/** The ledger kind and cause of an adjustment (a correction's cause is the audit row its effect writes). */
function adjustmentOf(kind: AdjustmentKind, reference: string | null): BalanceAdjustment {
  const rule = ADJUSTMENT_RULES[kind];
  if (rule.ledgerKind === 'adjustment' || reference === null)
    return { kind: 'adjustment', cause: { staffAction: STAFF_ACTION_OF_EFFECT } };
  return { kind: rule.ledgerKind, cause: { transaction: reference } };
}

/** API contract StaffTransaction. */
export function presentStaffTransaction(
  row: StaffTransactionRow,
  approvals: readonly ApprovalRow[],
  threshold: number,
): StaffTransaction {
  return {
    id: row.id,
    reference: row.reference,
    brandId: row.brandId,
    brandSlug: row.brandSlug,
    userId: row.userId,
    clientName: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    pin: row.pin,
    typeId: row.typeId,
    typeName: transactionTypeName(row.typeId),
    statusId: row.statusId,
    statusName: transactionStatusName(row.statusId),
    method: row.method,
    provider: row.provider,
    amount: row.amount,
    currency: row.currency,
    comments: row.comments,
    note: row.statusNote,
    decidedBy: row.decidedBy,
    createdAt: row.createdAt.toISOString(),
    approvals: approvals.map((a) => ({
      staffId: a.staffId,
      staffName: a.staffName,
      createdAt: a.createdAt.toISOString(),
    })),
    needsSecondApproval:
      row.statusId === TRANSACTION_STATUS.pending &&
      row.method === PAYMENT_METHOD.withdraw &&
      needsFourEyes(parseMoney(row.amount), threshold),
  };
}
