/**
 * The back office's money: the staff queues of pending bank wires and withdrawals, approving (with
 * four-eyes above the brand's threshold) and rejecting them through the payments service the operator CLI uses,
 * and adjustments (bonus, credit, correction, staff-booked withdrawals), each one ledger entry booked through the
 * trading engine with its audit row and transaction in the same database transaction.
 */
import {
  type ApprovalContext,
  type ApproveAnswer,
  can,
  type MoneyQueue,
  money,
  moneyToDecimalString,
  PAYMENT_METHOD,
  QUEUE_PERMISSION,
  type RejectTransactionAnswer,
  type StaffTransaction,
  staffReasonProblem,
  TRANSACTION_STATUS,
  transactionStatusName,
  transactionTypeName,
} from '@openbroker/domain';
import type { Database, Db } from '../../../db/client.js';
import { AppError, forbidden, invalidFields, notFound } from '../../../lib/errors.js';
import { BrandsRepo } from '../../brands/brands.repo.js';
import type { Brand } from '../../brands/brands.service.js';
import { assertBrandInScope, type StaffActor, type StaffAuth, scopeFilter } from '../../staff/policy.js';
import { auditStaffAction, staffAuditEntry } from '../../staff/staff-audit.js';
import type { ConversionQuotes } from '../../trading-accounts/amount-in-brand-currency.js';
import { withdrawalFourEyes } from '../four-eyes.js';
import type { TransactionRow } from '../payments.repo.js';
import type { PaymentsService, QueueListener } from '../payments.service.js';
import { type ApprovalRow, MoneyRepo, type StaffTransactionRow } from '../staff-money.repo.js';

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

/**
 * A brand as money decisions read it: from the database, not the brands cache, so a rule an admin just changed
 * (four-eyes threshold, bonus withdrawable, verified withdrawals) applies to the very next decision. 404 if missing.
 */
export async function brandForMoney(db: Db, brandId: number): Promise<Brand> {
  const row = await new BrandsRepo(db).findById(brandId);
  if (!row) throw notFound();
  return { id: row.id, slug: row.slug, name: row.name, hosts: row.hosts, settings: row.settings };
}

const queueOf = (row: Pick<TransactionRow, 'method'>): MoneyQueue | null =>
  row.method === PAYMENT_METHOD.withdraw
    ? 'withdrawals'
    : row.method === PAYMENT_METHOD.bankWire
      ? 'deposits'
      : null;

/** What the back office's money queues use. */
export interface MoneyServiceDeps {
  database: Database;
  /** Confirms and rejects, as the operator CLI does. */
  payments: Pick<PaymentsService, 'confirm' | 'reject'>;
  /** The accounts' books: a withdrawal's brand-currency size for four-eyes (the brand's dealing rate). */
  books: ConversionQuotes;
}

export class MoneyService {
  readonly repo: MoneyRepo;
  /**
   * Queue news the payments service does not see: a first four-eyes approval leaves the withdrawal in its queue but
   * changes what the queue shows ("1/2"). The back-office socket tells these as `queue.changed` beside the payments
   * service's own (`onQueueChanged`), so other finance screens re-read the queue at once.
   */
  private readonly approvalListeners = new Set<QueueListener>();

  constructor(private readonly deps: MoneyServiceDeps) {
    this.repo = new MoneyRepo(deps.database.db);
  }

  /** Tells the finance screens that a queue changed beyond what the payments service announces. */
  tellQueueChanged(change: { queue: MoneyQueue; brandId: number }): void {
    for (const listener of this.approvalListeners) listener(change);
  }

  /** Tells `listener` whenever a first approval of a four-eyes withdrawal or a staff money request changes a queue. */
  onFirstApproval(listener: QueueListener): () => void {
    this.approvalListeners.add(listener);
    return () => {
      this.approvalListeners.delete(listener);
    };
  }

  private brand(brandId: number): Promise<Brand> {
    return brandForMoney(this.deps.database.db, brandId);
  }

  /**
   * Staff transactions with their approvals and whether they need a second approver (a pending withdrawal: its
   * amount in the brand's currency above the threshold, or no rate to convert it at — `withdrawalFourEyes`).
   */
  async present(rows: readonly StaffTransactionRow[]): Promise<StaffTransaction[]> {
    const approvals = await this.repo.approvals(rows.map((r) => r.id));
    const brands = new Map<number, Brand>();
    for (const brandId of new Set(rows.map((r) => r.brandId))) brands.set(brandId, await this.brand(brandId));
    const presented: StaffTransaction[] = [];
    for (const row of rows) {
      const pendingWithdrawal =
        row.statusId === TRANSACTION_STATUS.pending && row.method === PAYMENT_METHOD.withdraw;
      const needsSecond = pendingWithdrawal
        ? (await withdrawalFourEyes(this.deps.books, brands.get(row.brandId), row)).needed
        : false;
      presented.push(
        presentStaffTransaction(
          row,
          approvals.filter((a) => a.transactionId === row.id),
          needsSecond,
        ),
      );
    }
    return presented;
  }

  private async presentOne(reference: string): Promise<StaffTransaction> {
    const row = await this.repo.byReference(reference);
    if (!row) throw new Error(`backoffice: ${reference} vanished`);
    const [presented] = await this.present([row]);
    if (!presented) throw new Error(`backoffice: ${reference} not presented`);
    return presented;
  }

  /** A queue's pending items of the brands in scope (or one brand), oldest first. */
  async queue(
    auth: StaffAuth,
    queue: 'deposits' | 'withdrawals',
    brandId?: number,
  ): Promise<StaffTransaction[]> {
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
  async approve(actor: StaffActor, reference: string, reason: string | undefined): Promise<ApproveAnswer> {
    const { auth } = actor;
    const row = await this.decidable(auth, reference);
    const note = reasonOf(reason, false) || null;
    const audit = this.decisionAudit(actor, row, note, TRANSACTION_STATUS.approved);
    const decider = `staff:${auth.staff.id}`;
    if (queueOf(row) === 'withdrawals') {
      // in the brand's currency at its dealing rate; without a rate, two approvers (the safe side)
      const fourEyes = await withdrawalFourEyes(this.deps.books, await this.brand(row.brandId), row);
      if (fourEyes.needed) {
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
            details: {
              amount: row.amount,
              currency: row.currency,
              threshold: fourEyes.threshold,
              brandCurrency: fourEyes.brandCurrency,
              inBrandCurrency: fourEyes.inBrand,
              why: fourEyes.reason,
            },
          });
          return true;
        });
        if (first) {
          // after the commit: a screen re-reading the queue now sees the approval
          this.tellQueueChanged({ queue: 'withdrawals', brandId: row.brandId });
          return { state: 'awaiting-second-approval', transaction: await this.presentOne(reference) };
        }
      }
      await this.deps.payments.confirm(reference, decider, {
        audit,
        within: (tx) => this.repo.addApproval(tx, row.id, auth.staff.id),
        fourEyesChecked: true,
      });
    } else {
      await this.deps.payments.confirm(reference, decider, { audit, fourEyesChecked: true });
    }
    return { state: 'approved', transaction: await this.presentOne(reference) };
  }

  /** Rejects a pending bank wire or withdrawal with a reason the client sees; a withdrawal's money goes back. */
  async reject(
    actor: StaffActor,
    reference: string,
    reason: string | undefined,
  ): Promise<RejectTransactionAnswer> {
    const row = await this.decidable(actor.auth, reference);
    const note = reasonOf(reason);
    await this.deps.payments.reject(reference, `staff:${actor.auth.staff.id}`, note, {
      audit: this.decisionAudit(actor, row, note, TRANSACTION_STATUS.declined),
    });
    return { transaction: await this.presentOne(reference) };
  }

  /**
   * A client's withdrawal as its approver's context shows it (`ApprovalContext.decision`): the amount, its
   * brand-currency equivalent at the dealing rate now and four-eyes. Another client's, another brand's, an unknown
   * reference or one that is not a withdrawal: the same 404 as a missing transaction.
   */
  async withdrawalDecision(
    auth: StaffAuth,
    clientId: number,
    reference: string,
  ): Promise<{ accountId: number; decision: NonNullable<ApprovalContext['decision']> }> {
    if (!can(auth.roles, QUEUE_PERMISSION.withdrawals)) throw forbidden();
    const row = await this.repo.byReference(reference);
    const missing = new AppError(404, 'TRANSACTION_NOT_FOUND', 'staff.transactionNotFound');
    if (!row || row.userId !== clientId || queueOf(row) !== 'withdrawals') throw missing;
    try {
      assertBrandInScope(auth, row.brandId);
    } catch {
      throw missing;
    }
    const fourEyes = await withdrawalFourEyes(this.deps.books, await this.brand(row.brandId), row);
    return {
      accountId: row.accountId,
      decision: {
        amount: row.amount,
        currency: row.currency,
        brandCurrency: fourEyes.brandCurrency,
        inBrandCurrency: fourEyes.inBrand === null ? null : moneyToDecimalString(fourEyes.inBrand),
        fourEyes: {
          threshold: moneyToDecimalString(money(fourEyes.threshold)),
          needed: fourEyes.needed,
          reason: fourEyes.reason,
        },
      },
    };
  }

  /**
   * A client's transactions as staff see them, newest first (for GET /clients/:id/transactions; the caller has
   * checked the client is in scope).
   */
  /** A client's transactions (with `accountId`: of that trading account only), as the queues show them. */
  async clientTransactions(clientId: number, accountId?: number): Promise<StaffTransaction[]> {
    return this.present(await this.repo.forClient(clientId, accountId));
  }
}

/** API contract StaffTransaction. */
export function presentStaffTransaction(
  row: StaffTransactionRow,
  approvals: readonly ApprovalRow[],
  /** A pending withdrawal above the brand's four-eyes threshold (`withdrawalFourEyes`). */
  needsSecondApproval: boolean,
): StaffTransaction {
  return {
    id: row.id,
    reference: row.reference,
    brandId: row.brandId,
    brandSlug: row.brandSlug,
    userId: row.userId,
    accountId: row.accountId,
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
    needsSecondApproval,
  };
}
