/**
 * Staff money under two keys (docs/backoffice.md "Money requests"; decision 0025). A staff member requests a
 * bonus, credit, correction or staff withdrawal; it books nothing. A second member with `adjustments.approve`
 * approves it — never the requester, never a member whose own mailbox the client account uses — and only then is
 * it booked: the client's transaction, one ledger entry through the engine, the request's decision and the audit
 * row, in one database transaction. Requests are capped per brand and role (one request, and the day's total per
 * member and per client, so slicing a payout does not get round the caps); raising a cap needs a second admin.
 */
import {
  ADJUSTMENT_RULES,
  type AdjustmentKind,
  AMOUNT_MAX,
  type ApprovalContext,
  bookedAdjustment,
  DOCUMENT_STATUS_LABELS,
  type DocumentStatus,
  fieldMessage,
  isAdjustmentKind,
  isDocumentStatus,
  limitDayStart,
  limitsOf,
  limitsToDecimals,
  lookalikeFields,
  MONEY_LIMIT_ROLES,
  type MoneyLimitRole,
  type MoneyLimits,
  type MoneyLimitsAnswer,
  type MoneyRequest,
  type MoneyRequestApproved,
  type MoneyRequestDetail,
  type MoneyRequestStatus,
  money,
  moneyLimitProblemInBrand,
  moneyToDecimalString,
  parseAdjustmentAmount,
  parseLimits,
  parseMoney,
  raisedLimits,
  requestedTodayInBrand,
  STAFF_ROLES,
  type StaffRole,
  sameMailbox,
  staffReasonProblem,
  TRANSACTION_STATUS,
} from '@openbroker/domain';
import type { Database } from '../../../db/client.js';
import { EngineCommitError } from '../../../engine/engine.js';
import { AppError, invalidFields, notFound } from '../../../lib/errors.js';
import type { Clock } from '../../../market/clock.js';
import type { Brand } from '../../brands/brands.service.js';
import { assertBrandInScope, type StaffActor, type StaffAuth, scopeFilter } from '../../staff/policy.js';
import { auditStaffAction, staffAuditEntry } from '../../staff/staff-audit.js';
import type { AccountBooks } from '../../trading/account-books.js';
import {
  accountAmountInBrandCurrency,
  brandCurrencyConverter,
} from '../../trading-accounts/amount-in-brand-currency.js';
import { type MoneyLimitRecord, type MoneyRequestRow, MoneyRequestsRepo } from '../money-requests.repo.js';
import { TransactionAlreadyDecided } from '../payment-effects.js';
import { newTransactionReference, type PaymentsService } from '../payments.service.js';
import { brandForMoney, type MoneyService } from './staff-money.service.js';

export interface MoneyRequestInput {
  kind?: string;
  amount?: string;
  reason?: string;
  /** The client's live account to book on; absent: the client's first live account. */
  accountId?: number;
}

const reasonOf = (reason: string | undefined, required: boolean): string => {
  const text = (reason ?? '').trim();
  const problem = staffReasonProblem(text, { required });
  if (problem) throw invalidFields([problem]);
  return text;
};

/** What staff money requests use. */
export interface MoneyRequestsServiceDeps {
  database: Database;
  /** What a client can withdraw, checked when a withdrawal is requested. */
  payments: Pick<PaymentsService, 'withdrawable'>;
  /** The client's book: an approved request is booked through the engine. */
  gateway: AccountBooks;
  /** The market's clock: the booking's time. */
  market: { clock: Clock };
  /** The finance screens hear of a request's change through the money queues' news; a withdrawal's four-eyes. */
  money: Pick<MoneyService, 'tellQueueChanged' | 'withdrawalDecision'>;
}

export class MoneyRequestsService {
  readonly repo: MoneyRequestsRepo;

  constructor(private readonly deps: MoneyRequestsServiceDeps) {
    this.repo = new MoneyRequestsRepo(deps.database.db);
  }

  private brand(brandId: number): Promise<Brand> {
    return brandForMoney(this.deps.database.db, brandId);
  }

  /** A request in the member's brand scope; a request of another brand answers the same 404 as a missing one. */
  private async inScope(auth: StaffAuth, reference: string): Promise<MoneyRequestRow> {
    const row = await this.repo.byReference(reference);
    const missing = new AppError(404, 'REQUEST_NOT_FOUND', 'staff.requestNotFound');
    if (!row) throw missing;
    try {
      assertBrandInScope(auth, row.brandId);
    } catch {
      throw missing;
    }
    return row;
  }

  /** The caps each money role works under on a brand: an admin's setting, else the defaults. */
  private async limitsSet(brandId: number): Promise<Partial<Record<StaffRole, MoneyLimits>>> {
    const set: Partial<Record<StaffRole, MoneyLimits>> = {};
    for (const row of await this.repo.limits(brandId))
      if ((STAFF_ROLES as readonly string[]).includes(row.role))
        set[row.role as StaffRole] = limitsOfRow(row);
    return set;
  }

  /**
   * Requests a booking on a client's account. Checked now: the kind, amount and reason; for a withdrawal what the
   * client can withdraw; the member's caps. Nothing is booked: the request waits for a second member.
   */
  async request(actor: StaffActor, clientId: number, input: MoneyRequestInput): Promise<MoneyRequest> {
    const { auth } = actor;
    const client = await this.repo.client(clientId);
    if (!client) throw notFound();
    assertBrandInScope(auth, client.brandId);

    const problems = [];
    const kind = isAdjustmentKind(input.kind) ? input.kind : null;
    if (!kind) problems.push(fieldMessage('kind', 'field.invalid', { title: 'Kind' }));
    // "120", "120.5" and "120.50" alike; exponents, NaN, commas, a third decimal or a size past AMOUNT_MAX are refused
    const entered = parseAdjustmentAmount(input.amount ?? '');
    const booked =
      kind && entered !== null && entered !== 'tooLarge' ? bookedAdjustment(kind, entered) : null;
    if (entered === 'tooLarge')
      problems.push(fieldMessage('amount', 'field.max', { title: 'Amount', max: AMOUNT_MAX }));
    else if (booked === null) problems.push(fieldMessage('amount', 'staff.adjustmentAmount'));
    const reasonProblem = staffReasonProblem((input.reason ?? '').trim(), { required: true });
    if (reasonProblem) problems.push(reasonProblem);
    // staff money books on a live account only: a demo account's money is virtual
    const account = await this.repo.liveAccount(clientId, input.accountId);
    if (!account) problems.push(fieldMessage('accountId', 'staff.adjustmentAccount'));
    if (problems.length || !kind || booked === null || !account) throw invalidFields(problems);
    const reason = (input.reason ?? '').trim();

    const brand = await this.brand(client.brandId);
    // the amount is in the account's currency; the caps are in the brand's, compared at its dealing rate
    const currency = account.currency;
    const brandCurrency = brand.settings.currency;
    if (ADJUSTMENT_RULES[kind].ledgerKind === 'withdrawal')
      await this.assertWithdrawable(brand, account.id, booked, currency);

    const limits = limitsOf(auth.roles, await this.limitsSet(brand.id));
    const reference = newRequestReference();
    const since = limitDayStart(new Date());
    // the rates of this request's currency and of today's earlier requests' are read before the transaction (reading
    // an account's book may load it from the database); a currency that appears meanwhile has none: refused
    const toBrand = await brandCurrencyConverter(
      this.deps.gateway,
      account.id,
      [currency, ...(await this.repo.currenciesRequestedSince(auth.staff.id, clientId, since))],
      brandCurrency,
    );
    await this.repo.inTransaction(async (tx) => {
      const sizes = await this.repo.requestedSince(tx, auth.staff.id, clientId, since);
      const today = requestedTodayInBrand(
        sizes.map((part) => ({
          byMember: toBrand(parseMoney(part.byMember), part.currency),
          forClient: toBrand(parseMoney(part.forClient), part.currency),
        })),
      );
      const inBrand = toBrand(booked, currency);
      const problem = moneyLimitProblemInBrand(inBrand, limits, today, {
        account: currency,
        brand: brandCurrency,
      });
      if (problem) throw invalidFields([problem]);
      await this.repo.insert(
        {
          reference,
          brandId: brand.id,
          userId: clientId,
          accountId: account.id,
          kind,
          amount: moneyToDecimalString(booked),
          currency,
          reason,
          requestedBy: auth.staff.id,
        },
        tx,
      );
      await auditStaffAction(tx, auth, actor.request, {
        action: 'money.request',
        subject: `request:${reference}`,
        brandId: brand.id,
        userId: clientId,
        after: {
          kind,
          amount: moneyToDecimalString(booked),
          currency,
          account: account.number,
          status: 'pending',
        },
        reason,
      });
    });
    this.deps.money.tellQueueChanged({ queue: 'requests', brandId: brand.id });
    return this.presentOne(reference);
  }

  /** What the account can pay out (the engine's book of that account), in its currency. */
  private async assertWithdrawable(
    brand: Brand,
    accountId: number,
    booked: number,
    currency: string,
  ): Promise<void> {
    const { withdrawable } = await this.deps.payments.withdrawable(brand, accountId);
    if (-booked > withdrawable)
      throw invalidFields([
        fieldMessage('amount', 'staff.adjustmentExceedsWithdrawable', {
          max: `${currency} ${moneyToDecimalString(withdrawable)}`,
        }),
      ]);
  }

  /** Pending requests of the brands in scope (oldest first), or decided ones (newest first). */
  async list(auth: StaffAuth, status: 'pending' | 'decided', brandId?: number, clientId?: number) {
    return (await this.repo.list(status, scopeFilter(auth, brandId), clientId)).map(present);
  }

  private async presentOne(reference: string): Promise<MoneyRequest> {
    const row = await this.repo.byReference(reference);
    if (!row) throw new Error(`money requests: ${reference} vanished`);
    return present(row);
  }

  /** A request with what its approver should know first. */
  async detail(auth: StaffAuth, reference: string): Promise<MoneyRequestDetail> {
    const row = await this.inScope(auth, reference);
    const brand = await this.brand(row.brandId);
    // the caps compare it in the brand's currency: the approver sees that equivalent at the dealing rate now
    const inBrand = await accountAmountInBrandCurrency(
      this.deps.gateway,
      { id: row.accountId, currency: row.currency },
      parseMoney(row.amount),
      brand.settings.currency,
    );
    const decision = {
      amount: row.amount,
      currency: row.currency,
      brandCurrency: brand.settings.currency,
      inBrandCurrency: inBrand === null ? null : moneyToDecimalString(inBrand),
      fourEyes: null,
    };
    return {
      request: present(row),
      context: await this.approvalContext(auth, row.userId, { accountId: row.accountId, decision }),
    };
  }

  /**
   * What an approver sees about a client (a staff money request's or a withdrawal's): verification and document
   * states, the account the money is for — balance, equity and open positions in its currency —, the last staff money
   * requests, and staff members the client resembles. The account is the request's or withdrawal's (`accountId`: the
   * client's live account, else 404), else the withdrawal's (`withdrawal`: its reference; the context then carries
   * its amount in the brand's currency and four-eyes), else the client's first live account.
   */
  async approvalContext(
    auth: StaffAuth,
    clientId: number,
    about: {
      accountId?: number | undefined;
      withdrawal?: string | undefined;
      decision?: ApprovalContext['decision'];
    } = {},
  ): Promise<ApprovalContext> {
    const client = await this.repo.client(clientId);
    if (!client) throw notFound();
    assertBrandInScope(auth, client.brandId);
    let { accountId, decision = null } = about;
    if (about.withdrawal !== undefined) {
      const withdrawal = await this.deps.money.withdrawalDecision(auth, clientId, about.withdrawal);
      // the withdrawal's own account (another account named beside it: 404, as another client's)
      if (accountId !== undefined && accountId !== withdrawal.accountId) throw notFound();
      accountId = withdrawal.accountId;
      decision = withdrawal.decision;
    }
    const brand = await this.brand(client.brandId);
    const name = `${client.firstName} ${client.lastName}`.trim();
    const documents = (
      [
        ['passport', client.passport],
        ['address', client.address],
        ['funding_front', client.fundingFront],
        ['funding_back', client.fundingBack],
      ] as const
    ).map(([type, field]) => ({
      type,
      status: isDocumentStatus(field?.status)
        ? DOCUMENT_STATUS_LABELS[field.status as DocumentStatus]
        : DOCUMENT_STATUS_LABELS['0'],
    }));
    const lookalikes = (await this.repo.staffContacts())
      .map((member) => ({
        staffId: member.id,
        name: member.name,
        fields: lookalikeFields(
          { email: client.email, phone: client.phone, name },
          { email: member.email, phone: '', name: member.name },
        ),
      }))
      .filter((member) => member.fields.length > 0);
    // the balance staff money works on: the request's account's, else the client's first live account's, in its currency
    const account =
      accountId === undefined
        ? await this.repo.firstLiveAccount(clientId)
        : await this.repo.liveAccount(clientId, accountId);
    // another client's, a demo or an unknown account: the same 404 as an unknown client
    if (accountId !== undefined && !account) throw notFound();
    const view = account ? await this.deps.gateway.view(account.id) : undefined;
    const balance = moneyToDecimalString(money(view?.balance.balance ?? 0));
    return {
      client: {
        userId: client.id,
        name,
        email: client.email,
        verified: client.verified,
        documents,
        balance,
        currency: account?.currency ?? brand.settings.currency,
      },
      account: account
        ? {
            id: account.id,
            number: account.number,
            currency: account.currency,
            balance,
            equity: moneyToDecimalString(money(view?.balance.equity ?? 0)),
            openPositions: view?.positions.open.length ?? 0,
          }
        : null,
      decision,
      recent: (await this.repo.recentForClient(clientId)).map(present),
      lookalikes,
    };
  }

  /**
   * Approves a pending request and books it. Refused: a request already decided (409), the requester's own
   * (409 OWN_REQUEST), a client account under the approver's own mailbox (409 SELF_CLIENT), a withdrawal the
   * client can no longer cover. Two approvals at once book once: the decision is a conditional update inside the
   * booking's transaction.
   */
  async approve(
    actor: StaffActor,
    reference: string,
    reason: string | undefined,
  ): Promise<MoneyRequestApproved> {
    const { auth } = actor;
    const row = await this.inScope(auth, reference);
    const note = reasonOf(reason, false);
    assertPending(row);
    if (row.requestedBy === auth.staff.id) throw new AppError(409, 'OWN_REQUEST', 'staff.ownRequest');
    if (sameMailbox(row.email, auth.staff.email)) throw new AppError(409, 'SELF_CLIENT', 'staff.selfClient');
    const kind = row.kind as AdjustmentKind;
    const rule = ADJUSTMENT_RULES[kind];
    const booked = parseMoney(row.amount);
    const brand = await this.brand(row.brandId);
    if (rule.ledgerKind === 'withdrawal')
      await this.assertWithdrawable(brand, row.accountId, booked, row.currency);

    const transaction = newTransactionReference();
    const audit = staffAuditEntry(auth, actor.request, {
      action: 'money.request.approve',
      subject: `request:${row.reference}`,
      brandId: row.brandId,
      userId: row.userId,
      before: { status: 'pending' },
      after: {
        status: 'approved',
        kind,
        amount: row.amount,
        currency: row.currency,
        account: row.accountNumber,
        transaction,
      },
      reason: note || null,
      details: { requestedBy: row.requesterName },
    });
    try {
      const outcome = await this.deps.gateway.adjustBalance({
        accountId: row.accountId,
        amount: booked,
        kind: rule.ledgerKind,
        cause: { transaction },
        effect: {
          type: 'transaction.insert',
          row: {
            brandId: row.brandId,
            userId: row.userId,
            accountId: row.accountId,
            reference: transaction,
            typeId: rule.typeId,
            statusId: TRANSACTION_STATUS.approved,
            // a transaction staff booked carries its type id as its method (TransactionDto.method)
            method: rule.typeId,
            provider: 'backoffice',
            amount: row.amount,
            currency: row.currency,
            comments: row.reason,
            decidedBy: `staff:${auth.staff.id}`,
            completedAt: new Date(),
          },
          audit,
          decision: {
            requestId: row.id,
            status: 'approved',
            decidedBy: auth.staff.id,
            reason: note,
            transactionReference: transaction,
          },
        },
        now: this.deps.market.clock.now(),
      } as Parameters<AccountBooks['adjustBalance']>[0]);
      if (!outcome.ok) throw invalidFields(outcome.rejection.errors);
    } catch (error) {
      if (error instanceof EngineCommitError && error.reason instanceof TransactionAlreadyDecided)
        throw alreadyDecided(await this.presentOne(reference));
      throw error;
    }
    this.deps.money.tellQueueChanged({ queue: 'requests', brandId: row.brandId });
    const view = await this.deps.gateway.view(row.accountId);
    return {
      request: await this.presentOne(reference),
      balance: moneyToDecimalString(money(view?.balance.balance ?? 0)),
    };
  }

  /** Rejects a pending request with a reason (required); nothing is booked. The requester cancels instead. */
  async reject(actor: StaffActor, reference: string, reason: string | undefined): Promise<MoneyRequest> {
    const row = await this.inScope(actor.auth, reference);
    const note = reasonOf(reason, true);
    assertPending(row);
    if (row.requestedBy === actor.auth.staff.id) throw new AppError(409, 'OWN_REQUEST', 'staff.ownRequest');
    return this.close(actor, row, 'rejected', note);
  }

  /** The requester withdraws their own pending request (another member's answers 409 NOT_OWN_REQUEST). */
  async cancel(actor: StaffActor, reference: string, reason: string | undefined): Promise<MoneyRequest> {
    const row = await this.inScope(actor.auth, reference);
    const note = reasonOf(reason, false);
    assertPending(row);
    if (row.requestedBy !== actor.auth.staff.id)
      throw new AppError(409, 'NOT_OWN_REQUEST', 'staff.notOwnRequest');
    return this.close(actor, row, 'cancelled', note);
  }

  private async close(
    actor: StaffActor,
    row: MoneyRequestRow,
    status: 'rejected' | 'cancelled',
    note: string,
  ): Promise<MoneyRequest> {
    const decided = await this.repo.inTransaction(async (tx) => {
      const changed = await this.repo.decide(
        { requestId: row.id, status, decidedBy: actor.auth.staff.id, reason: note },
        tx,
      );
      if (!changed) return false;
      await auditStaffAction(tx, actor.auth, actor.request, {
        action: `money.request.${status === 'rejected' ? 'reject' : 'cancel'}`,
        subject: `request:${row.reference}`,
        brandId: row.brandId,
        userId: row.userId,
        before: { status: 'pending' },
        after: { status },
        reason: note || null,
      });
      return true;
    });
    if (!decided) throw alreadyDecided(await this.presentOne(row.reference));
    this.deps.money.tellQueueChanged({ queue: 'requests', brandId: row.brandId });
    return this.presentOne(row.reference);
  }

  // ------------------------------------------------------------------ limits

  /** Each money role's caps on a brand, with a raise waiting for a second admin. */
  async limits(auth: StaffAuth, brandId: number): Promise<MoneyLimitsAnswer> {
    assertBrandInScope(auth, brandId);
    const brand = await this.brand(brandId);
    const rows = await this.repo.limits(brandId);
    const names = await this.repo.staffNames(
      rows.flatMap((r) => (r.proposedBy === null ? [] : [r.proposedBy])),
    );
    return {
      brandId,
      currency: brand.settings.currency,
      roles: MONEY_LIMIT_ROLES.map((role) => {
        const row = rows.find((r) => r.role === role);
        const proposal = row ? proposalOf(row) : null;
        return {
          role,
          limits: limitsToDecimals(row ? limitsOfRow(row) : limitsOf([role], {})),
          custom: row !== undefined,
          proposal:
            proposal && row?.proposedBy != null
              ? {
                  limits: limitsToDecimals(proposal),
                  proposedBy: { staffId: row.proposedBy, name: names.get(row.proposedBy) ?? '' },
                }
              : null,
        };
      }),
    };
  }

  /**
   * Sets a role's caps on a brand. Lowered caps apply at once; raised ones wait as a proposal until a second
   * admin confirms it (`confirmLimits`). Answers whether a raise now waits.
   */
  async setLimits(
    actor: StaffActor,
    brandId: number,
    role: MoneyLimitRole,
    input: { maxSingle: string; maxDailyPerMember: string; maxDailyPerClient: string },
  ): Promise<MoneyLimitsAnswer> {
    assertBrandInScope(actor.auth, brandId);
    const next = parseLimits(input);
    if (!next) throw invalidFields([fieldMessage('limits', 'staff.limitsInvalid')]);
    await this.brand(brandId);
    await this.repo.inTransaction(async (tx) => {
      const row = await this.repo.lockLimits(tx, brandId, role);
      const current = row ? limitsOfRow(row) : limitsOf([role], {});
      const raised = raisedLimits(current, next);
      // what is lowered (or kept) applies now; each raised cap keeps its current value until confirmed
      const inForce: MoneyLimits = { ...next };
      for (const key of raised) inForce[key] = current[key];
      await this.repo.saveLimits(
        {
          brandId,
          role,
          maxSingle: moneyToDecimalString(inForce.maxSingle),
          maxDailyMember: moneyToDecimalString(inForce.maxDailyPerMember),
          maxDailyClient: moneyToDecimalString(inForce.maxDailyPerClient),
          proposal:
            raised.length > 0
              ? {
                  single: moneyToDecimalString(next.maxSingle),
                  dailyMember: moneyToDecimalString(next.maxDailyPerMember),
                  dailyClient: moneyToDecimalString(next.maxDailyPerClient),
                  by: actor.auth.staff.id,
                }
              : null,
        },
        tx,
      );
      await auditStaffAction(tx, actor.auth, actor.request, {
        action: raised.length > 0 ? 'money.limits.propose' : 'money.limits.set',
        subject: `brand:${brandId}`,
        brandId,
        before: { role, ...limitsToDecimals(current) },
        after: { role, ...limitsToDecimals(next) },
        details: raised.length > 0 ? { waitsForSecondAdmin: raised } : undefined,
      });
    });
    return this.limits(actor.auth, brandId);
  }

  /** A second admin confirms a proposed raise; the proposer cannot (409 OWN_PROPOSAL). */
  async confirmLimits(actor: StaffActor, brandId: number, role: MoneyLimitRole): Promise<MoneyLimitsAnswer> {
    assertBrandInScope(actor.auth, brandId);
    await this.repo.inTransaction(async (tx) => {
      const row = await this.repo.lockLimits(tx, brandId, role);
      const proposal = row ? proposalOf(row) : null;
      if (!row || !proposal || row.proposedBy === null)
        throw new AppError(409, 'NO_PROPOSAL', 'staff.limitsNoProposal');
      if (row.proposedBy === actor.auth.staff.id)
        throw new AppError(409, 'OWN_PROPOSAL', 'staff.limitsOwnProposal');
      await this.repo.saveLimits(
        {
          brandId,
          role,
          maxSingle: moneyToDecimalString(proposal.maxSingle),
          maxDailyMember: moneyToDecimalString(proposal.maxDailyPerMember),
          maxDailyClient: moneyToDecimalString(proposal.maxDailyPerClient),
          proposal: null,
        },
        tx,
      );
      await auditStaffAction(tx, actor.auth, actor.request, {
        action: 'money.limits.confirm',
        subject: `brand:${brandId}`,
        brandId,
        before: { role, ...limitsToDecimals(limitsOfRow(row)) },
        after: { role, ...limitsToDecimals(proposal) },
        details: { proposedBy: row.proposedBy },
      });
    });
    return this.limits(actor.auth, brandId);
  }
}

function assertPending(row: MoneyRequestRow): void {
  if (row.status !== 'pending') throw alreadyDecided(present(row));
}

function alreadyDecided(request: MoneyRequest): AppError {
  return new AppError(409, 'REQUEST_FINAL', 'staff.requestFinal', { status: request.status });
}

function limitsOfRow(row: MoneyLimitRecord): MoneyLimits {
  return {
    maxSingle: parseMoney(row.maxSingle),
    maxDailyPerMember: parseMoney(row.maxDailyMember),
    maxDailyPerClient: parseMoney(row.maxDailyClient),
  };
}

function proposalOf(row: MoneyLimitRecord): MoneyLimits | null {
  if (row.proposedSingle === null || row.proposedDailyMember === null || row.proposedDailyClient === null)
    return null;
  return {
    maxSingle: parseMoney(row.proposedSingle),
    maxDailyPerMember: parseMoney(row.proposedDailyMember),
    maxDailyPerClient: parseMoney(row.proposedDailyClient),
  };
}

/** A request's public reference: 'RQ-' and ten characters no one confuses (no 0/O, 1/I). */
function newRequestReference(): string {
  return newTransactionReference().replace(/^TX-/, 'RQ-');
}

/** API contract MoneyRequest. */
export function present(row: MoneyRequestRow): MoneyRequest {
  return {
    reference: row.reference,
    brandId: row.brandId,
    brandSlug: row.brandSlug,
    userId: row.userId,
    clientName: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    pin: row.pin,
    accountId: row.accountId,
    accountNumber: row.accountNumber,
    kind: row.kind as AdjustmentKind,
    amount: row.amount,
    currency: row.currency,
    reason: row.reason,
    status: row.status as MoneyRequestStatus,
    requestedBy: { staffId: row.requestedBy, name: row.requesterName },
    requestedAt: row.createdAt.toISOString(),
    decidedBy: row.decidedBy === null ? null : { staffId: row.decidedBy, name: row.deciderName ?? '' },
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
    transactionReference: row.transactionReference,
  };
}
