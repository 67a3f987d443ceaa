import { createHash, randomInt } from 'node:crypto';
import {
  BACKOFFICE_DEFAULTS,
  type BalancePayload,
  FORM_PATH,
  fieldMessage,
  isFinalStatus,
  isProfileComplete,
  MAX_DEPOSIT_DEFAULT,
  MESSAGES_EN,
  type Money,
  type MoneyQueue,
  money,
  moneyToDecimalString,
  negateMoney,
  PAYMENT_METHOD,
  type PaymentOptions,
  type PostedForm,
  parseMoney,
  TRANSACTION_STATUS,
  type TransactionCreated,
  type TransactionCreateInput,
  type TransactionDto,
  transactionStatusName,
  transactionTypeName,
  validateDeposit,
  validateWithdraw,
  withdrawableAmount,
} from '@openbroker/domain';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { BalanceAdjustment, CommandOutcome, Engine } from '../../engine/index.js';
import { EngineCommitError } from '../../engine/index.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, invalidFields } from '../../lib/errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { UserRow } from '../accounts/accounts.repo.js';
import { type AuditEntry, writeAudit } from '../audit/audit.repo.js';
import type { Brand } from '../brands/brands.service.js';
import type { ConversionQuotes } from '../trading-accounts/amount-in-brand-currency.js';
import { demoAccountNoPayments, tradingAccountNotFound } from '../trading-accounts/current-account.js';
import type { TradingAccountRow } from '../trading-accounts/trading-accounts.repo.js';
import { withdrawalFourEyes } from './four-eyes.js';
import { type PaymentEffect, TransactionAlreadyDecided } from './payment-effects.js';
import type {
  NewTransaction,
  PaymentsRepo,
  TransactionRow,
  Transition,
  WebhookRecord,
} from './payments.repo.js';
import { credentialsOf } from './provider-secrets.js';
import {
  methodsOf,
  type PaymentProvider,
  type ProviderContext,
  type ProviderPayment,
  pickProvider,
  providerByKey,
} from './providers.js';
import { verifyWebhook } from './signing.js';

export interface PaymentsOptions {
  /** PAYMENT_SANDBOX_SECRET: the sandbox's sessions, and its derived secrets where a brand stores none. */
  masterSecret: string;
  /** Opens the provider secrets stored in the brand editor (BRAND_SECRETS_KEY; provider-secrets.ts). */
  secretBox: SecretBox;
  /** The built-in sandbox providers are usable (PAYMENT_SANDBOX; demo mode only by default). */
  sandbox: boolean;
  webhookToleranceMs: number;
  now?: () => number;
  /**
   * Refuses a deposit or withdrawal the client's compliance standing stops (docs/compliance.md; domain
   * complianceBlock), with its reason. Absent: no compliance checks (tests of payments alone).
   */
  compliance?: {
    assertAllowed(userId: number, brand: Brand, action: 'deposit' | 'withdraw'): Promise<void>;
  };
}

/** Who asks: a client of a brand, and the brand's configured public address (return and webhook URLs). */
export interface PaymentRequester {
  brand: Brand;
  user: UserRow;
  origin: string;
  /**
   * The trading account it concerns: the session's current account (docs/accounts.md). Absent: the client's first
   * live account. A demo account never deposits or withdraws.
   */
  account?: TradingAccountRow;
}

/** The sandbox's webhook body (what our providers sign and post). */
export const WebhookBody = z.object({
  event_id: z.string().min(1).max(128),
  type: z.enum(['payment.succeeded', 'payment.failed', 'payment.cancelled']),
  order_id: z.string().min(1).max(32),
  payment_id: z.string().max(128).optional(),
  amount: z.string().regex(/^\d{1,18}\.\d{2}$/),
  currency: z.string().length(3),
  reason: z.string().max(300).optional(),
  created: z.number().int().optional(),
});
export type WebhookBody = z.infer<typeof WebhookBody>;

/** What a webhook call did; every outcome is recorded (refusals past the sender's limit end in a 429 instead). */
export type WebhookOutcome =
  | { status: 200; outcome: 'applied' | 'duplicate' }
  | { status: 400 | 401 | 404 | 422; outcome: string; key: WebhookRefusalKey };

type WebhookRefusalKey =
  | 'webhook.malformed'
  | 'webhook.badSignature'
  | 'webhook.staleTimestamp'
  | 'webhook.mismatch'
  | 'payment.transactionNotFound';

/**
 * How a staff decision is made and recorded (back office; the CLI's operator calls leave it out): the audit row
 * of the decision, written in its database transaction, and work to do in that transaction once a decision that
 * books nothing (a withdrawal paid, a deposit declined) has moved the status (the four-eyes approval row).
 */
export interface DecisionOptions {
  audit?: (action: string, row: TransactionRow, note?: string) => AuditEntry;
  within?: (tx: Db, row: TransactionRow) => Promise<void>;
  /**
   * The back office counted the approvals a withdrawal above the brand's four-eyes threshold needs.
   * Without it (the operator CLI) such a withdrawal is refused: two finance members approve it in the
   * back office.
   */
  fourEyesChecked?: boolean;
}

/** An item entered or left a staff queue (the back office's live `queue.changed`). */
export type QueueListener = (change: { queue: MoneyQueue; brandId: number }) => void;

/** Who expires deposits abandoned at their provider: the transaction's decidedBy and the audit actor. */
export const EXPIRY_ACTOR = 'system:expiry';

/** The deposit methods a provider confirms by webhook: these expire when abandoned (a bank wire waits for staff). */
const EXPIRING_METHODS = [PAYMENT_METHOD.creditCard, PAYMENT_METHOD.alternative, PAYMENT_METHOD.cashier];

/** How many abandoned deposits one sweep expires at most (the next sweep takes the rest). */
const EXPIRY_BATCH = 500;

const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A public transaction id such as 'TX-7K3M9Q2P4A' (Crockford base32, 50 bits). */
export function newTransactionReference(): string {
  let id = '';
  for (let i = 0; i < 10; i++) id += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `TX-${id}`;
}

/** NUMERIC text of a validated form amount (whole cents, checked by the domain's validation). */
const amountText = (value: number) => moneyToDecimalString(money(value));

/**
 * Deposits, withdrawals and their providers (spec §4, §5, §7; architecture §6). Every balance change
 * goes through the trading engine's per-account queue as a ledger entry, committed in one database
 * transaction with the transaction's status change, so a replay, a race or a crash never books twice.
 */
/**
 * What payments ask of the clients' books (the engine, on whichever node owns the account): the free margin a
 * withdrawal may take, and a balance change booked through the engine so open positions see it at once.
 */
export interface PaymentBooks extends ConversionQuotes {
  view(accountId: number): Promise<{ balance: Pick<BalancePayload, 'freeMargin'> } | undefined>;
  adjustBalance(command: Parameters<Engine['adjustBalance']>[0]): Promise<CommandOutcome>;
}

export class PaymentsService {
  private readonly now: () => number;
  private readonly queueListeners = new Set<QueueListener>();

  constructor(
    private readonly repo: PaymentsRepo,
    /** The account's book, on whichever cluster node owns it. */
    private readonly trading: PaymentBooks,
    private readonly options: PaymentsOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Tells `listener` whenever a pending bank wire or withdrawal is requested or decided. */
  onQueueChanged(listener: QueueListener): () => void {
    this.queueListeners.add(listener);
    return () => {
      this.queueListeners.delete(listener);
    };
  }

  private queueChanged(row: Pick<TransactionRow, 'brandId' | 'method'>): void {
    const queue: MoneyQueue | null =
      row.method === PAYMENT_METHOD.withdraw
        ? 'withdrawals'
        : row.method === PAYMENT_METHOD.bankWire
          ? 'deposits'
          : null;
    if (!queue) return;
    for (const listener of this.queueListeners) listener({ queue, brandId: row.brandId });
  }

  /**
   * What the client may withdraw now: the free margin less the bonus and credit money booked to the account,
   * unless the brand lets it be withdrawn; with how much of the free margin that holds back.
   */
  async withdrawable(brand: Brand, accountId: number): Promise<{ freeMargin: Money; withdrawable: Money }> {
    const view = await this.trading.view(accountId);
    const freeMargin = money(view?.balance.freeMargin ?? 0);
    return {
      freeMargin,
      withdrawable: withdrawableAmount(freeMargin, await this.heldBack(brand, accountId), false),
    };
  }

  /**
   * The bonus and credit money booked to an account that may not leave it (0 where the brand lets it be withdrawn):
   * held back from withdrawals and from transfers to the client's other accounts alike.
   */
  async heldBack(brand: Brand, accountId: number): Promise<Money> {
    const allowed = brand.settings.backoffice?.bonusWithdrawable ?? BACKOFFICE_DEFAULTS.bonusWithdrawable;
    if (allowed) return money(0);
    return parseMoney(await this.repo.bonusAndCreditTotal(accountId));
  }

  /**
   * The live account a payment books on: the requester's (current) account, else the client's first live account.
   * A demo account is refused with its own message: virtual money never comes in or goes out.
   */
  async paymentAccount(who: Pick<PaymentRequester, 'user' | 'account'>): Promise<TradingAccountRow> {
    const account = who.account ?? (await this.repo.firstLiveAccount(who.user.id));
    if (account?.kind === 'demo') throw demoAccountNoPayments();
    if (!account) throw tradingAccountNotFound();
    return account;
  }

  /** spec §9: the methods whose provider settings exist, with the brand's minimum and currency. */
  paymentOptions(brand: Brand, account?: Pick<TradingAccountRow, 'currency'>): PaymentOptions {
    return {
      methods: methodsOf(brand, this.options),
      minDeposit: brand.settings.minDeposit,
      maxDeposit: brand.settings.maxDeposit ?? MAX_DEPOSIT_DEFAULT,
      // the current account's currency: a deposit is credited in it
      currency: account?.currency ?? brand.settings.currency,
      currencySymbol: brand.settings.currencySymbol,
    };
  }

  /**
   * spec §7 POST /api/transactions/create. With an idempotency key, a retried request returns the
   * first result and books nothing twice; the same key with other details is refused.
   */
  async create(
    who: PaymentRequester,
    input: TransactionCreateInput,
    idempotencyKey: string | undefined,
  ): Promise<TransactionCreated> {
    const requestHash = createHash('sha256')
      .update(
        JSON.stringify([input.amount, input.method, input.provider ?? '', input.comments ?? ''].map(String)),
      )
      .digest('hex');
    if (idempotencyKey) {
      const earlier = await this.repo.byIdempotencyKey(who.user.id, idempotencyKey);
      if (earlier) return this.replay(who, earlier, requestHash);
    }
    const keyed = { idempotencyKey: idempotencyKey ?? null, requestHash };
    try {
      return input.method === PAYMENT_METHOD.withdraw
        ? await this.withdraw(who, input, keyed)
        : await this.deposit(who, input, keyed);
    } catch (error) {
      // Two requests with one key at once: the second's insert hits the unique index, or (a withdrawal)
      // the first's reservation leaves the second too little free margin. Either way, the first's answer.
      if (idempotencyKey && (isDuplicateKey(error) || error instanceof AppError)) {
        const earlier = await this.repo.byIdempotencyKey(who.user.id, idempotencyKey);
        if (earlier) return this.replay(who, earlier, requestHash);
      }
      throw error;
    }
  }

  private async replay(who: PaymentRequester, earlier: TransactionRow, requestHash: string) {
    if (earlier.requestHash !== requestHash)
      throw new AppError(409, 'IDEMPOTENCY_KEY_REUSED', 'payment.idempotencyConflict');
    return this.created(who, earlier);
  }

  private async deposit(
    who: PaymentRequester,
    input: TransactionCreateInput,
    keyed: Pick<NewTransaction, 'idempotencyKey' | 'requestHash'>,
  ): Promise<TransactionCreated> {
    const { brand, user } = who;
    const account = await this.paymentAccount(who);
    await this.options.compliance?.assertAllowed(user.id, brand, 'deposit');
    const check = validateDeposit({
      amount: input.amount,
      method: input.method,
      minDeposit: brand.settings.minDeposit,
      // Every method goes through here, pending bank wires included.
      maxDeposit: brand.settings.maxDeposit,
      currencySymbol: brand.settings.currencySymbol,
      profileComplete: isProfileComplete(profileOf(user)),
    });
    if (!check.ok) {
      // spec §5: an incomplete profile blocks the deposit with its own message
      if (check.errors[0]?.path === FORM_PATH)
        throw new AppError(403, 'PROFILE_INCOMPLETE', 'account.completeFirst');
      throw invalidFields(check.errors);
    }
    const provider = pickProvider(brand, check.value.method, input.provider, this.options);
    if (!provider) throw new AppError(422, 'METHOD_UNAVAILABLE', 'payment.methodUnavailable');
    const row = await this.repo.insert({
      brandId: brand.id,
      userId: user.id,
      accountId: account.id,
      reference: newTransactionReference(),
      typeId: provider.typeId,
      statusId: TRANSACTION_STATUS.pending,
      method: provider.method,
      provider: provider.key,
      amount: amountText(check.value.amount),
      // the account's currency: every amount of an account is in it
      currency: account.currency,
      ...keyed,
    });
    if (provider.confirmation === 'staff') this.queueChanged(row);
    return this.created(who, row);
  }

  private async withdraw(
    who: PaymentRequester,
    input: TransactionCreateInput,
    keyed: Pick<NewTransaction, 'idempotencyKey' | 'requestHash'>,
  ): Promise<TransactionCreated> {
    const { brand, user } = who;
    const account = await this.paymentAccount(who);
    await this.options.compliance?.assertAllowed(user.id, brand, 'withdraw');
    const needsVerification =
      brand.settings.backoffice?.withdrawalsNeedVerification ??
      BACKOFFICE_DEFAULTS.withdrawalsNeedVerification;
    if (needsVerification && !user.verifiedAccount)
      throw new AppError(403, 'NOT_VERIFIED', 'withdraw.notVerified');
    const { freeMargin, withdrawable } = await this.withdrawable(brand, account.id);
    const check = validateWithdraw({
      amount: -input.amount,
      comments: input.comments,
      freeMargin: withdrawable,
      currencySymbol: brand.settings.currencySymbol,
    });
    if (!check.ok) {
      const limited = withdrawable < freeMargin;
      const limitHit = check.errors.some(
        (e) => e.path === FORM_PATH || e.key === 'withdraw.maximum' || e.key === 'withdraw.noBalance',
      );
      // bonus and credit money stays in the account; say so rather than "no balance"
      if (limited && limitHit)
        throw invalidFields([
          fieldMessage('amount', 'withdraw.bonusNotWithdrawable', {
            max: `${brand.settings.currencySymbol} ${moneyToDecimalString(withdrawable)}`,
          }),
        ]);
      if (check.errors[0]?.path === FORM_PATH) throw new AppError(422, 'NO_BALANCE', 'withdraw.noBalance');
      throw invalidFields(check.errors);
    }
    const reference = newTransactionReference();
    const row: NewTransaction = {
      brandId: brand.id,
      userId: user.id,
      accountId: account.id,
      reference,
      typeId: 6,
      statusId: TRANSACTION_STATUS.pending,
      method: PAYMENT_METHOD.withdraw,
      provider: 'withdraw',
      amount: amountText(-check.value.amount),
      currency: account.currency,
      comments: check.value.comments,
      ...keyed,
    };
    // The reservation and the request are one commit; the engine re-checks the free margin in the
    // account's queue and the repo once more inside the database transaction (architecture §6).
    const outcome = await this.book(
      account.id,
      negateMoney(money(check.value.amount)),
      { kind: 'withdrawal', cause: { transaction: reference } },
      { type: 'transaction.insert', row },
    );
    if (!outcome.ok) throw invalidFields(outcome.rejection.errors);
    const stored = await this.repo.byReference(reference);
    if (!stored) throw new Error(`payments: withdrawal ${reference} was booked but not found`);
    this.queueChanged(stored);
    return this.created(who, stored);
  }

  private async created(who: PaymentRequester, row: TransactionRow): Promise<TransactionCreated> {
    if (row.method === PAYMENT_METHOD.withdraw || row.statusId !== TRANSACTION_STATUS.pending)
      return { status: 'success', transaction_id: row.reference, next: { type: 'none' } };
    const provider = providerByKey(who.brand, row.provider, this.options);
    if (!provider) throw new AppError(422, 'METHOD_UNAVAILABLE', 'payment.methodUnavailable');
    const payment = await this.paymentOf(who, row, provider);
    return {
      status: 'success',
      transaction_id: row.reference,
      next: provider.start(payment, this.providerContext(who)),
    };
  }

  /** spec §7 POST /api/transaction/send/{provider}: the signed fields of a posted-form payment. */
  async postedForm(who: PaymentRequester, providerKey: string, reference: string): Promise<PostedForm> {
    const row = await this.repo.byReference(reference);
    // Another client's transaction is as unknown as a missing one.
    if (!row || row.userId !== who.user.id || row.provider !== providerKey)
      throw new AppError(404, 'TRANSACTION_NOT_FOUND', 'payment.transactionNotFound');
    if (row.statusId !== TRANSACTION_STATUS.pending)
      throw new AppError(409, 'TRANSACTION_FINAL', 'payment.alreadyFinal', {
        status: transactionStatusName(row.statusId).toLowerCase(),
      });
    const provider = providerByKey(who.brand, providerKey, this.options);
    if (!provider?.postedForm) throw new AppError(422, 'METHOD_UNAVAILABLE', 'payment.methodUnavailable');
    return provider.postedForm(await this.paymentOf(who, row, provider), this.providerContext(who));
  }

  /** spec §7 GET /api/transactions/get/{token}: the caller's transactions, newest first. */
  async list(user: UserRow): Promise<TransactionDto[]> {
    return (await this.repo.forUser(user.id)).map(presentTransaction);
  }

  /**
   * A provider's webhook (spec §7 /api/transaction(s)/update/{provider}), posted to the brand's own
   * host (the webhook URL we gave the provider). Checked in this order: readable body, a webhook
   * provider of that brand, signature over the raw body and timestamp window, then the transaction
   * of that brand and provider, amount and currency; only then booked, once (architecture §6).
   * Nothing about an order is looked up before the signature holds, so an unsigned caller cannot
   * learn which order ids exist. `countRefusal` counts a refused call against its sender before it is
   * recorded; past the sender's limit it throws (429), so the call is not recorded.
   */
  async webhook(
    brand: Brand,
    providerKey: string,
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
    countRefusal: () => Promise<void> = async () => {},
  ): Promise<WebhookOutcome> {
    const reject = async (
      status: 400 | 401 | 404 | 422,
      outcome: string,
      key: WebhookRefusalKey,
      transactionId: number | null = null,
    ): Promise<WebhookOutcome> => {
      await countRefusal();
      // A refused call is kept as evidence, without its event id: a forged call must not be able to
      // claim the id of the genuine one that follows.
      await this.repo.recordWebhook({
        provider: providerKey,
        eventId: null,
        outcome: `rejected:${outcome}`,
        body: rawBody.slice(0, 10_000),
        transactionId,
      });
      return { status, outcome, key };
    };

    let body: WebhookBody;
    try {
      body = WebhookBody.parse(JSON.parse(rawBody));
    } catch {
      return reject(400, 'malformed', 'webhook.malformed');
    }
    const provider = providerByKey(brand, providerKey, this.options);
    if (provider?.confirmation !== 'webhook')
      return reject(404, 'unknown-provider', 'payment.transactionNotFound');
    const check = verifyWebhook(
      credentialsOf(this.options, brand, providerKey).webhookSecret,
      rawBody,
      headers,
      this.now(),
      this.options.webhookToleranceMs,
    );
    if (!check.ok)
      return reject(
        401,
        check.reason,
        check.reason === 'stale-timestamp' ? 'webhook.staleTimestamp' : 'webhook.badSignature',
      );
    const row = await this.repo.byReference(body.order_id);
    if (!row || row.brandId !== brand.id || row.provider !== providerKey)
      return reject(404, 'unknown-transaction', 'payment.transactionNotFound');
    if (body.amount !== row.amount || body.currency !== row.currency)
      return reject(422, 'mismatch', 'webhook.mismatch', row.id);

    const record: WebhookRecord = {
      provider: providerKey,
      eventId: body.event_id,
      outcome: 'applied',
      body: rawBody.slice(0, 10_000),
    };
    // A client who paid at the provider after we expired the deposit was charged: the success is still credited.
    const paidAfterExpiry =
      body.type === 'payment.succeeded' &&
      row.statusId === TRANSACTION_STATUS.cancelled &&
      row.decidedBy === EXPIRY_ACTOR;
    if (row.statusId !== TRANSACTION_STATUS.pending && !paidAfterExpiry)
      return this.duplicate(row.id, record);

    if (body.type === 'payment.succeeded') {
      try {
        const outcome = await this.book(
          row.accountId,
          parseMoney(row.amount),
          { kind: 'deposit', cause: { transaction: row.reference } },
          {
            type: 'transaction.transition',
            transition: {
              id: row.id,
              from: row.statusId,
              to: TRANSACTION_STATUS.approved,
              ...(paidAfterExpiry ? { note: '' } : {}),
            },
            webhook: record,
            ...(paidAfterExpiry
              ? {
                  audit: {
                    actor: `provider:${providerKey}`,
                    action: 'transaction.deposit.paidAfterExpiry',
                    subject: `transaction:${row.reference}`,
                    brandId: row.brandId,
                    userId: row.userId,
                    details: { amount: row.amount, currency: row.currency },
                  },
                }
              : {}),
          },
        );
        if (!outcome.ok) throw new Error(`payments: deposit ${row.reference} refused by the engine`);
      } catch (error) {
        if (isAlreadyBooked(error)) return this.duplicate(row.id, record);
        throw error;
      }
      return { status: 200, outcome: 'applied' };
    }

    const to = body.type === 'payment.cancelled' ? TRANSACTION_STATUS.cancelled : TRANSACTION_STATUS.declined;
    try {
      const decided = await this.repo.inTransaction(async (tx) => {
        const changed = await this.repo.transition(
          { id: row.id, from: TRANSACTION_STATUS.pending, to, note: body.reason ?? '' },
          tx,
        );
        if (changed) await this.repo.recordWebhook({ ...record, transactionId: row.id }, tx);
        return changed;
      });
      return decided ? { status: 200, outcome: 'applied' } : this.duplicate(row.id, record);
    } catch (error) {
      if (isUniqueViolation(error)) return this.duplicate(row.id, record);
      throw error;
    }
  }

  private async duplicate(transactionId: number, record: WebhookRecord): Promise<WebhookOutcome> {
    await this.repo.recordWebhook({ ...record, eventId: null, outcome: 'duplicate', transactionId });
    return { status: 200, outcome: 'duplicate' };
  }

  /**
   * Staff confirm a pending transaction: a bank wire is credited; a withdrawal is marked paid (its
   * amount was reserved when requested). Card and other webhook deposits are the provider's to decide.
   */
  async confirm(reference: string, actor: string, options: DecisionOptions = {}): Promise<TransactionRow> {
    const row = await this.pending(reference);
    const auditOf = options.audit ?? operatorAudit(actor);
    const transition: Transition = {
      id: row.id,
      from: TRANSACTION_STATUS.pending,
      to: TRANSACTION_STATUS.approved,
      decidedBy: actor,
    };
    if (row.method === PAYMENT_METHOD.withdraw) {
      if (!options.fourEyesChecked) {
        const brand = await this.repo.brandOf(row.brandId);
        // compared in the brand's currency at its dealing rate; without a rate, two approvers (safe side)
        const fourEyes = await withdrawalFourEyes(this.trading, brand, row);
        if (fourEyes.needed)
          throw new AppError(409, 'FOUR_EYES_REQUIRED', 'payment.fourEyesRequired', {
            max: `${brand?.settings.currencySymbol ?? ''} ${amountText(fourEyes.threshold)}`.trim(),
          });
      }
      await this.decideWithoutBooking(transition, row, auditOf('transaction.withdrawal.paid', row), options);
    } else {
      const brand = await this.repo.brandOf(row.brandId);
      const provider = brand && providerByKey(brand, row.provider, this.options);
      if (provider?.confirmation !== 'staff')
        throw new AppError(409, 'PROVIDER_DECIDES', 'payment.alreadyFinal', { status: 'with its provider' });
      await this.bookDecision(
        row,
        parseMoney(row.amount),
        { kind: 'deposit', cause: { transaction: row.reference } },
        transition,
        auditOf('transaction.deposit.confirm', row),
      );
    }
    this.queueChanged(row);
    return this.reload(reference);
  }

  /** Staff reject a pending transaction: a deposit is declined; a withdrawal's reservation is given back. */
  async reject(
    reference: string,
    actor: string,
    note: string,
    options: DecisionOptions = {},
  ): Promise<TransactionRow> {
    const row = await this.pending(reference);
    const auditOf = options.audit ?? operatorAudit(actor);
    const transition: Transition = {
      id: row.id,
      from: TRANSACTION_STATUS.pending,
      to: TRANSACTION_STATUS.declined,
      note,
      decidedBy: actor,
    };
    if (row.method === PAYMENT_METHOD.withdraw) {
      // the reservation was the (negative) amount; the refund gives exactly that back
      await this.bookDecision(
        row,
        negateMoney(parseMoney(row.amount)),
        { kind: 'withdrawal_reversal', cause: { transaction: row.reference } },
        transition,
        auditOf('transaction.withdrawal.reject', row, note),
      );
    } else {
      await this.decideWithoutBooking(
        transition,
        row,
        auditOf('transaction.deposit.reject', row, note),
        options,
      );
    }
    this.queueChanged(row);
    return this.reload(reference);
  }

  /**
   * A client cancels their own pending withdrawal (POST /api/transactions/cancel): the reservation
   * goes back through the path a staff rejection takes — one `withdrawal_reversal` ledger entry through the
   * account's queue, committed with the move Pending → Cancelled and its audit row (actor `client:<id>`) —
   * so it is decided once: a second cancel, a staff decision or a payment that came first leaves it as it is.
   * Another client's, another brand's or a deposit's id is 404 'withdraw.cancelNotFound'; anything no longer
   * pending is 409 'withdraw.notCancellable'.
   */
  async cancelWithdrawal(
    who: Pick<PaymentRequester, 'brand' | 'user'>,
    reference: string,
    ip: string,
  ): Promise<TransactionDto> {
    const { brand, user } = who;
    const row = await this.repo.byReference(reference);
    if (!row || row.userId !== user.id || row.brandId !== brand.id || row.method !== PAYMENT_METHOD.withdraw)
      throw new AppError(404, 'TRANSACTION_NOT_FOUND', 'withdraw.cancelNotFound');
    if (row.statusId !== TRANSACTION_STATUS.pending)
      throw new AppError(409, 'TRANSACTION_FINAL', 'withdraw.notCancellable');
    const actor = `client:${user.id}`;
    const transition: Transition = {
      id: row.id,
      from: TRANSACTION_STATUS.pending,
      to: TRANSACTION_STATUS.cancelled,
      decidedBy: actor,
    };
    const audit: AuditEntry = {
      actor,
      action: 'transaction.withdrawal.cancel',
      subject: `transaction:${row.reference}`,
      brandId: row.brandId,
      userId: row.userId,
      before: { status: transactionStatusName(TRANSACTION_STATUS.pending) },
      after: { status: transactionStatusName(TRANSACTION_STATUS.cancelled) },
      reason: null,
      ip: ip.slice(0, 64),
      details: { amount: row.amount, currency: row.currency },
    };
    try {
      // the reservation was the (negative) amount; the refund gives exactly that back
      await this.bookDecision(
        row,
        negateMoney(parseMoney(row.amount)),
        { kind: 'withdrawal_reversal', cause: { transaction: row.reference } },
        transition,
        audit,
      );
    } catch (error) {
      // decided meanwhile (a second cancel, staff): nothing was booked
      if (error instanceof AppError && error.code === 'TRANSACTION_FINAL')
        throw new AppError(409, 'TRANSACTION_FINAL', 'withdraw.notCancellable');
      throw error;
    }
    this.queueChanged(row);
    return presentTransaction(await this.reload(reference));
  }

  /**
   * Expires card, e-wallet and cashier deposits still Pending `maxAgeMs` after they were created (the
   * client left the provider's page and they stayed Pending for ever). Each goes Pending → Cancelled through the
   * status machine, decided once, with the "expired" note the client reads, decided by EXPIRY_ACTOR and audited
   * in the same database transaction; nothing is booked, since nothing was credited. A provider's success that
   * still arrives later is credited (see webhook). `userId` limits it to one client. Returns how many expired.
   */
  async expireAbandoned(maxAgeMs: number, scope: { userId?: number } = {}): Promise<number> {
    const rows = await this.repo.pendingCreatedBefore({
      before: new Date(this.now() - maxAgeMs),
      methods: EXPIRING_METHODS,
      ...(scope.userId !== undefined ? { userId: scope.userId } : {}),
      limit: EXPIRY_BATCH,
    });
    let expired = 0;
    for (const row of rows) {
      const changed = await this.repo.inTransaction(async (tx) => {
        const ok = await this.repo.transition(
          {
            id: row.id,
            from: TRANSACTION_STATUS.pending,
            to: TRANSACTION_STATUS.cancelled,
            note: MESSAGES_EN['fix.depositExpired'],
            decidedBy: EXPIRY_ACTOR,
          },
          tx,
        );
        if (ok)
          await writeAudit(tx, {
            actor: EXPIRY_ACTOR,
            action: 'transaction.deposit.expire',
            subject: `transaction:${row.reference}`,
            brandId: row.brandId,
            userId: row.userId,
            details: {
              amount: row.amount,
              currency: row.currency,
              provider: row.provider,
              createdAt: row.createdAt.toISOString(),
              afterMinutes: Math.round(maxAgeMs / 60_000),
            },
          });
        return ok;
      });
      if (changed) expired++;
    }
    return expired;
  }

  /** Transactions for the operator (CLI, back office), newest first. */
  async operatorList(status: number | undefined, limit: number) {
    return this.repo.list({ ...(status !== undefined ? { statusId: status } : {}), limit });
  }

  private async pending(reference: string): Promise<TransactionRow> {
    const row = await this.repo.byReference(reference);
    if (!row) throw new AppError(404, 'TRANSACTION_NOT_FOUND', 'payment.transactionNotFound');
    if (isFinalStatus(row.statusId))
      throw new AppError(409, 'TRANSACTION_FINAL', 'payment.alreadyFinal', {
        status: transactionStatusName(row.statusId).toLowerCase(),
      });
    return row;
  }

  private async reload(reference: string): Promise<TransactionRow> {
    const row = await this.repo.byReference(reference);
    if (!row) throw new Error(`payments: ${reference} vanished`);
    return row;
  }

  private async decideWithoutBooking(
    transition: Transition,
    row: TransactionRow,
    audit: AuditEntry,
    options: DecisionOptions,
  ): Promise<void> {
    const changed = await this.repo.inTransaction(async (tx) => {
      const ok = await this.repo.transition(transition, tx);
      if (ok) {
        await options.within?.(tx, row);
        await writeAudit(tx, audit);
      }
      return ok;
    });
    if (!changed) throw await this.raced(row.reference);
  }

  private async bookDecision(
    row: TransactionRow,
    amount: Money,
    adjustment: BalanceAdjustment,
    transition: Transition,
    audit: AuditEntry,
  ): Promise<void> {
    try {
      // the decision's audit row is stored with the booking, in its transaction
      const outcome = await this.book(row.accountId, amount, adjustment, {
        type: 'transaction.transition',
        transition,
        audit,
      });
      if (!outcome.ok) throw invalidFields(outcome.rejection.errors);
    } catch (error) {
      if (isAlreadyBooked(error)) throw await this.raced(row.reference);
      throw error;
    }
  }

  private async raced(reference: string): Promise<AppError> {
    const now = await this.repo.byReference(reference);
    return new AppError(409, 'TRANSACTION_FINAL', 'payment.alreadyFinal', {
      status: transactionStatusName(now?.statusId ?? 0).toLowerCase(),
    });
  }

  /**
   * A balance change through the engine's per-account queue: the ledger books it (kind and cause typed, amount
   * Money) in one database transaction with its payment effect (architecture §6).
   */
  private async book(
    accountId: number,
    amount: Money,
    adjustment: BalanceAdjustment,
    effect: PaymentEffect,
  ): Promise<CommandOutcome> {
    const outcome = await this.trading.adjustBalance({
      accountId,
      amount,
      ...adjustment,
      effect,
      now: this.now(),
    });
    if (outcome.ok && adjustment.kind === 'deposit')
      for (const listener of this.depositListeners) listener(accountId);
    return outcome;
  }

  private readonly depositListeners = new Set<(accountId: number) => void>();

  /** Tells `listener` after a deposit was credited to an account (the risk score counts approved deposits). */
  onDepositApproved(listener: (accountId: number) => void): () => void {
    this.depositListeners.add(listener);
    return () => {
      this.depositListeners.delete(listener);
    };
  }

  private providerContext(who: PaymentRequester): ProviderContext {
    const { masterSecret, secretBox } = this.options;
    return { brand: who.brand, masterSecret, secretBox, origin: who.origin, now: this.now() };
  }

  /** spec §7: the payload carries the customer, amount, currency, order id, return and webhook urls. */
  private async paymentOf(
    who: PaymentRequester,
    row: TransactionRow,
    provider: PaymentProvider,
  ): Promise<ProviderPayment> {
    const { user, origin } = who;
    const route = { card: 'creditCard', alternative: 'alternative', cashier: 'cashier', wire: 'bankWire' }[
      provider.kind
    ];
    return {
      orderId: row.reference,
      amount: row.amount,
      currency: row.currency,
      customer: {
        first_name: user.firstName,
        last_name: user.lastName,
        email: user.email,
        phone: user.phone,
        address: user.street,
        country_code: await this.repo.countryCode(user.countryId),
        state: user.state,
        city: user.city,
        zip: user.zipCode,
      },
      returnUrl: `${origin}/payment/${route}?transaction=${encodeURIComponent(row.reference)}`,
      webhookUrl: `${origin}/api/transaction/update/${provider.key}`,
    };
  }
}

/**
 * The audit row of an operator's (CLI) decision, with the columns of a staff decision's row (brand, client,
 * status before and after, reason, request address), so the audit screen's brand and client filters find it
 * and staff scoped to the brand see it. `ip` is the operator API caller's address, when there is one.
 */
export const operatorAudit =
  (actor: string, ip?: string) =>
  (action: string, row: TransactionRow, note?: string): AuditEntry => ({
    actor,
    action,
    subject: `transaction:${row.reference}`,
    brandId: row.brandId,
    userId: row.userId,
    before: { status: transactionStatusName(TRANSACTION_STATUS.pending) },
    // confirm pays or credits (Approved), reject declines: the only decisions an operator makes
    after: {
      status: transactionStatusName(
        action.endsWith('.reject') ? TRANSACTION_STATUS.declined : TRANSACTION_STATUS.approved,
      ),
    },
    reason: note || null,
    ip: ip ?? null,
    details: {
      amount: row.amount,
      currency: row.currency,
      userId: row.userId,
      ...(note ? { note } : {}),
    },
  });

/** spec §3 Transaction as the list shows it. */
export function presentTransaction(row: TransactionRow): TransactionDto {
  return {
    amount: parseMoney(row.amount),
    currency: row.currency,
    transaction_type: { name: transactionTypeName(row.typeId) },
    transaction_type_id: row.typeId,
    transaction_status: { name: transactionStatusName(row.statusId) },
    transaction_status_id: row.statusId,
    transaction_id: row.reference,
    created_at: row.createdAt.toISOString(),
    method: row.method,
    // why staff declined it, shown to the client
    ...(row.statusNote ? { status_note: row.statusNote } : {}),
  };
}

/** The profile fields of spec §5 in the shape the domain's completeness rule reads. */
function profileOf(user: UserRow) {
  return {
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    birth_date: user.birthDate,
    country_id: user.countryId,
    state: user.state,
    city: user.city,
    street: user.street,
    zip_code: user.zipCode,
  };
}

const causeOf = (error: unknown) => (error instanceof EngineCommitError ? error.reason : error);

/** The booking was refused because its transaction was already decided or its ledger entry exists. */
function isAlreadyBooked(error: unknown): boolean {
  const cause = causeOf(error);
  return cause instanceof TransactionAlreadyDecided || isUniqueViolation(cause);
}

/** The same idempotency key was inserted at once by another request. */
function isDuplicateKey(error: unknown): boolean {
  return isUniqueViolation(causeOf(error), 'transactions_idempotency_uq');
}
