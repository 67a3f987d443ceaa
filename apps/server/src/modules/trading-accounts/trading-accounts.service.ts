import {
  BRAND_CURRENCIES,
  type BrandCurrency,
  Dec,
  demoBalanceOf,
  FORM_PATH,
  fieldMessage,
  liveCurrenciesOf,
  type Money,
  money,
  moneyToDecimalString,
  type OpenTradingAccountRequest,
  openAccountError,
  parseMoney,
  parseTransferAmount,
  subMoney,
  type TradingAccount,
  type TradingAccountList,
  type TransferAmounts,
  type TransferBooked,
  type TransferFigures,
  type TransferRequest,
  transferAmounts,
  transferCreditError,
  transferLimitError,
  transferPairOf,
  transferRequoteError,
  withdrawableAmount,
} from '@openbroker/domain';
import type { Db } from '../../db/client.js';
import type {
  AdjustBalanceCommand,
  CancelOrderCommand,
  CloseCommand,
  CommandOutcome,
  TransferCommand,
  TransferOutcome,
} from '../../engine/index.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, invalidFields } from '../../lib/errors.js';
import { newToken } from '../../lib/random.js';
import type { Catalogue } from '../../market/instruments.js';
import { isOpen, nextOpenMs } from '../../market/market-hours.js';
import { type AuditEntry, writeAudit } from '../audit/audit.repo.js';
import type { Brand } from '../brands/brands.service.js';
import { Ledger } from '../ledger/ledger.js';
import type { SessionRow } from '../sessions/sessions.repo.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { AccountTransferRow, AccountTransfersRepo } from './account-transfers.repo.js';
import { tradingAccountNotFound } from './current-account.js';
import { type TradingAccountRow, TradingAccountsRepo } from './trading-accounts.repo.js';

/** Omit that keeps a union's pairs (an adjustment's kind with its cause). */
type Without<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/**
 * What this module asks of the trading engine (this node's TradingService, passed in by the runtime: the trading
 * area imports this one's transfer effect, so this one names what it needs instead of importing it).
 */
export interface AccountEngine {
  ensureAccount(accountId: number): Promise<boolean>;
  margin(accountId: number): {
    balance: number;
    equity: number;
    usedMargin: number;
    marginLevel: number | null;
  };
  transfer(command: TransferCommand): Promise<TransferOutcome>;
  tradingTerms(
    accountId: number,
    symbol: string,
  ): { dealing: { buy: number; sell: number } | null } | undefined;
  positions(accountId: number): { open: readonly { id: number }[] };
  orders(accountId: number): { open: readonly { id: number }[] };
  close(command: Without<CloseCommand, 'type'>): Promise<CommandOutcome>;
  cancelOrder(command: Without<CancelOrderCommand, 'type'>): Promise<CommandOutcome>;
  adjustBalance(command: Without<AdjustBalanceCommand, 'type'>): Promise<CommandOutcome>;
}

/**
 * One account's book wherever it is held (the app's AccountBooks: this node's engine, or in a cluster the node
 * owning the account's shard): the list's figures and a demo reset go through it.
 */
export interface AccountBooksView {
  ensure(accountId: number): Promise<boolean>;
  view(
    accountId: number,
    withOrders?: boolean,
  ): Promise<
    | {
        balance: { balance: number; equity: number; freeMargin: number };
        positions: { open: readonly { id: number }[] };
        orders?: { open: readonly { id: number }[] };
      }
    | undefined
  >;
  command(name: 'cancelOrder', accountId: number, input: unknown): Promise<{ status: boolean }>;
  close(command: Without<CloseCommand, 'type'>): Promise<CommandOutcome>;
  adjustBalance(command: Without<AdjustBalanceCommand, 'type'>): Promise<CommandOutcome>;
}

/** The client as this module reads them (the accounts area's user row has these). */
export interface AccountOwner {
  id: number;
  brandId: number;
  pin: string;
  firstName: string;
  lastName: string;
  phone: string;
}

export interface TradingAccountsDeps {
  db: Db;
  repo?: TradingAccountsRepo;
  transfers: AccountTransfersRepo;
  engine: AccountEngine;
  /** Where the list's figures and demo resets are read and run (default: `engine`, this node's). */
  books?: AccountBooksView;
  catalogue: Pick<Catalogue, 'get'>;
  sessions: Pick<SessionsService, 'switchAccount'>;
  /**
   * The bonus and credit money of an account that may not leave it (payments' withdrawal rule): a transfer moves at
   * most the free margin less it, so a bonus never reaches a withdrawal through another account. Default: none.
   */
  heldBack?: (brand: Brand, accountId: number) => Promise<Money>;
  ledger?: Ledger;
  now?: () => Date;
}

/** Who acts: the client, their session and the request's address (audited). */
export interface AccountActor {
  brand: Brand;
  user: AccountOwner;
  session: SessionRow;
  ip: string;
}

const notDemo = () => new AppError(409, 'NOT_DEMO', 'accounts.notDemo');
const profileRequired = () => new AppError(409, 'PROFILE_REQUIRED', 'accounts.profileRequired');
const transferFailed = () => new AppError(409, 'TRANSFER_FAILED', 'transfers.failed');
/** Opening numbers race (two opens at once count the same n): the unique number decides, the loser retries. */
const OPEN_ATTEMPTS = 4;

const currencyOf = (code: string): BrandCurrency =>
  code in BRAND_CURRENCIES ? (code as BrandCurrency) : 'EUR';

/**
 * A client's trading accounts (docs/accounts.md "Opening accounts, transfers and demo"): the list with
 * the engine's live figures, opening live and demo accounts, switching the session's current account, resetting a
 * demo account, and transfers between two of the client's own live accounts at the brand's dealing rate.
 */
export class TradingAccountsService {
  private readonly repo: TradingAccountsRepo;
  private readonly ledger: Ledger;
  private readonly now: () => Date;
  private readonly books: AccountBooksView;

  constructor(private readonly deps: TradingAccountsDeps) {
    this.repo = deps.repo ?? new TradingAccountsRepo(deps.db);
    this.ledger = deps.ledger ?? new Ledger();
    this.now = deps.now ?? (() => new Date());
    const engine = deps.engine;
    this.books = deps.books ?? {
      ensure: (id) => engine.ensureAccount(id),
      view: async (id, withOrders) => {
        const m = engine.margin(id);
        return {
          balance: { balance: m.balance, equity: m.equity, freeMargin: subMoney(m.balance, m.usedMargin) },
          positions: engine.positions(id),
          ...(withOrders ? { orders: engine.orders(id) } : {}),
        };
      },
      command: async (_name, accountId, input) => {
        const outcome = await engine.cancelOrder({
          accountId,
          orderId: (input as { id: number }).id,
          now: this.now().getTime(),
        });
        return { status: outcome.ok };
      },
      close: (command) => engine.close(command),
      adjustBalance: (command) => engine.adjustBalance(command),
    };
  }

  /** The account a session's spec calls act on: its chosen one while the client still owns it, else the default. */
  currentOf(
    session: Pick<SessionRow, 'accountId'>,
    accounts: readonly TradingAccountRow[],
  ): TradingAccountRow | undefined {
    return accounts.find((a) => a.id === session.accountId) ?? accounts[0];
  }

  /** GET /api/accounts: live first (oldest first), then demo; each with the engine's figures. */
  async list(
    brand: Brand,
    user: AccountOwner,
    session: Pick<SessionRow, 'accountId'>,
  ): Promise<TradingAccountList> {
    const rows = await this.repo.listByUser(user.id);
    const current = this.currentOf(session, rows);
    const accounts: TradingAccount[] = [];
    for (const row of rows) accounts.push(await this.present(row, row.id === current?.id));
    return {
      accounts,
      liveCurrencies: liveCurrenciesOf(brand.settings).map(currencyOf),
      demoBalance: demoBalanceOf(brand.settings),
    };
  }

  private async present(row: TradingAccountRow, current: boolean): Promise<TradingAccount> {
    const view = (await this.books.ensure(row.id)) ? await this.books.view(row.id) : undefined;
    const figures = view?.balance;
    const balance = figures ? figures.balance : parseMoney(row.balance);
    // spec §9: free margin = balance − margin in use; margin level = equity ÷ margin × 100
    const margin = figures ? subMoney(figures.balance, figures.freeMargin) : money(0);
    return {
      id: row.id,
      number: row.number,
      kind: row.kind,
      currency: currencyOf(row.currency),
      balance: moneyToDecimalString(money(balance)),
      equity: moneyToDecimalString(money(figures ? figures.equity : balance)),
      margin: moneyToDecimalString(margin),
      marginLevel:
        figures && margin > 0 ? new Dec(figures.equity).dividedBy(margin).times(100).toFixed(2) : null,
      current,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /**
   * POST /api/accounts: a live account in one of the brand's currencies (the client's profile complete — a demo
   * client upgrades this way), or a demo account funded with the brand's demo balance (one 'demo_funds' entry in
   * the account's transaction). At most MAX_LIVE_ACCOUNTS live and MAX_DEMO_ACCOUNTS demo accounts.
   */
  async open(actor: AccountActor, input: OpenTradingAccountRequest): Promise<TradingAccountList> {
    const { brand, user } = actor;
    const liveCurrencies = liveCurrenciesOf(brand.settings);
    if (input.kind === 'live' && !profileComplete(user)) throw profileRequired();
    for (let attempt = 1; ; attempt++) {
      const rows = await this.repo.listByUser(user.id);
      const held = {
        live: rows.filter((r) => r.kind === 'live').length,
        demo: rows.filter((r) => r.kind === 'demo').length,
      };
      // a demo account runs in any currency the brand offers live accounts in
      const refusal = openAccountError(input.kind, input.currency, held, liveCurrencies);
      if (refusal) throw invalidFields([refusal]);
      try {
        await this.deps.db.transaction(async (tx) => {
          const account = await this.openIn(tx as unknown as Db, user, input.kind, input.currency, brand);
          await writeAudit(
            tx,
            this.audit(actor, 'account.open', account, { kind: account.kind, currency: account.currency }),
          );
        });
        break;
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= OPEN_ATTEMPTS) throw error;
      }
    }
    return this.list(brand, user, actor.session);
  }

  /** Opens an account on `tx`; a demo one gets its virtual money as one 'demo_funds' entry in the same transaction. */
  async openIn(
    tx: Db,
    user: AccountOwner,
    kind: 'live' | 'demo',
    currency: string,
    brand: Brand,
  ): Promise<TradingAccountRow> {
    const account = await new TradingAccountsRepo(tx).open({
      userId: user.id,
      brandId: user.brandId,
      pin: user.pin,
      kind,
      currency,
    });
    if (kind === 'demo') {
      const funds = money(demoBalanceOf(brand.settings));
      if (funds > 0)
        await this.ledger.book(tx, {
          accountId: account.id,
          amount: funds,
          kind: 'demo_funds',
          cause: { demo: `${account.id}:open` },
        });
    }
    return account;
  }

  /** POST /api/accounts/current: the session's spec calls act on this account of the client's from now on. */
  async switchTo(actor: AccountActor, accountId: number): Promise<TradingAccountList> {
    const account = await this.owned(actor.user, accountId);
    await this.deps.sessions.switchAccount(actor.session, account.id);
    await writeAudit(
      this.deps.db,
      this.audit(actor, 'account.switch', account, { from: actor.session.accountId ?? null }),
    );
    return this.list(actor.brand, actor.user, { accountId: account.id });
  }

  /**
   * POST /api/accounts/reset {accountId} (demo only): closes its positions and cancels its orders through the engine, then
   * books the difference to the brand's demo balance as one 'demo_funds' entry through its queue.
   */
  async reset(actor: AccountActor, accountId: number): Promise<TradingAccountList> {
    const account = await this.owned(actor.user, accountId);
    if (account.kind !== 'demo') throw notDemo();
    const books = this.books;
    if (!(await books.ensure(account.id))) throw tradingAccountNotFound();
    const held = await books.view(account.id, true);
    for (const order of held?.orders?.open ?? [])
      await books.command('cancelOrder', account.id, { id: order.id });
    for (const position of held?.positions.open ?? []) {
      const outcome = await books.close({
        accountId: account.id,
        positionId: position.id,
        now: this.now().getTime(),
      });
      if (!outcome.ok) throw new AppError(409, 'RESET_FAILED', 'accounts.resetFailed');
    }
    const target = money(demoBalanceOf(actor.brand.settings));
    const before = money((await books.view(account.id))?.balance.balance ?? 0);
    // the difference is decided in the account's engine queue from its committed balance (`toBalance`): two resets
    // at once book it once, never twice
    const outcome = await books.adjustBalance({
      accountId: account.id,
      now: this.now().getTime(),
      amount: subMoney(target, before),
      toBalance: target,
      kind: 'demo_funds',
      cause: { demo: `${account.id}:reset:${newToken().slice(0, 16)}` },
    });
    if (!outcome.ok) throw new AppError(409, 'RESET_FAILED', 'accounts.resetFailed');
    await writeAudit(
      this.deps.db,
      this.audit(actor, 'account.demo.reset', account, {
        before: moneyToDecimalString(money(before)),
        after: moneyToDecimalString(target),
      }),
    );
    return this.list(actor.brand, actor.user, actor.session);
  }

  /** POST /api/accounts/transfers/quote: the figures at the brand's dealing rate now; nothing booked. */
  async quote(actor: AccountActor, input: TransferRequest): Promise<TransferFigures> {
    const plan = await this.plan(actor, input);
    let quote = null;
    if (plan.pair) {
      const terms = this.deps.engine.tradingTerms(plan.from.id, plan.pair.pair);
      quote = terms?.dealing ?? null;
    }
    const figures = transferAmounts(
      plan.amount,
      plan.from.currency,
      plan.to.currency,
      plan.pair,
      quote as never,
    );
    if (!figures)
      throw invalidFields([fieldMessage(FORM_PATH, 'transfers.noRate', { pair: plan.pair?.pair ?? '' })]);
    const refusal =
      transferLimitError(
        plan.amount,
        withdrawableAmount(money(this.freeMargin(plan.from.id)), plan.heldBack, false),
        plan.from.currency,
      ) ?? transferCreditError(figures);
    if (refusal) throw invalidFields([refusal]);
    return this.figuresOf(plan.from.id, plan.to.id, figures);
  }

  /**
   * POST /api/accounts/transfers: books the transfer through the engine, which holds both accounts while it decides
   * at the source's brand quote and free margin and commits the debit, the credit, the transfer's row and its audit
   * row in one database transaction. A replayed `commandId` answers the transfer it booked.
   */
  async transfer(
    actor: AccountActor,
    input: TransferRequest & { commandId?: string | undefined },
  ): Promise<TransferBooked> {
    const { user } = actor;
    if (input.commandId) {
      const done = await this.deps.transfers.findByCommand(user.id, input.commandId);
      if (done) return presentTransfer(done);
    }
    const plan = await this.plan(actor, input);
    const transferId = await this.deps.transfers.reserveId();
    const at = this.now();
    let outcome: TransferOutcome;
    try {
      outcome = await this.deps.engine.transfer({
        accountId: plan.from.id,
        toAccountId: plan.to.id,
        now: at.getTime(),
        amount: plan.amount,
        heldBack: plan.heldBack,
        pair: plan.pair,
        fromCurrency: plan.from.currency,
        toCurrency: plan.to.currency,
        transferId,
        // decided in the accounts' queue: the rate the client saw, within the tolerance, or a requote
        ...(input.quotedRate === undefined
          ? {}
          : {
              accept: (figures: TransferAmounts) => transferRequoteError(input.quotedRate as string, figures),
            }),
        effect: (figures) => ({
          type: 'transfer.insert',
          row: {
            id: transferId,
            userId: user.id,
            fromAccountId: plan.from.id,
            toAccountId: plan.to.id,
            debitAmount: figures.debit.amount,
            debitCurrency: figures.debit.currency,
            creditAmount: figures.credit.amount,
            creditCurrency: figures.credit.currency,
            rate: figures.rate,
            pair: figures.pair,
            commandId: input.commandId ?? null,
            createdAt: at,
          },
          audit: this.audit(actor, 'account.transfer', plan.from, {
            transfer: transferId,
            to: plan.to.number,
            debit: figures.debit,
            credit: figures.credit,
            rate: figures.rate,
            pair: figures.pair,
          }),
        }),
      });
    } catch (error) {
      // the same command booked meanwhile by a concurrent copy: answer that one
      if (input.commandId) {
        const done = await this.deps.transfers.findByCommand(user.id, input.commandId);
        if (done) return presentTransfer(done);
      }
      if (isUniqueViolation(error) || (error as { reason?: unknown }).reason !== undefined)
        throw transferFailed();
      throw error;
    }
    if (!outcome.ok) {
      if (outcome.error.key === 'transfers.requote')
        throw new AppError(
          409,
          'TRANSFER_REQUOTE',
          'transfers.requote',
          outcome.error.params,
          invalidFields([outcome.error]).errors,
        );
      throw invalidFields([outcome.error]);
    }
    const booked = await this.deps.transfers.findById(transferId);
    if (!booked) throw transferFailed();
    return presentTransfer(booked);
  }

  /** The checks of a transfer before any price: its amount, both accounts the client's own and live, an open market. */
  private async plan(actor: AccountActor, input: TransferRequest) {
    const parsed = parseTransferAmount(input.amount);
    if (!parsed.ok) throw invalidFields([parsed.error]);
    if (input.fromAccountId === input.toAccountId)
      throw invalidFields([fieldMessage('toAccountId', 'transfers.sameAccount')]);
    const from = await this.owned(actor.user, input.fromAccountId);
    const to = await this.owned(actor.user, input.toAccountId);
    if (from.kind !== 'live' || to.kind !== 'live')
      throw invalidFields([fieldMessage(FORM_PATH, 'transfers.demoAccount')]);
    const pair = transferPairOf(from.currency, to.currency, (s) => this.deps.catalogue.get(s) !== undefined);
    if (pair === undefined)
      throw invalidFields([
        fieldMessage(FORM_PATH, 'transfers.noPair', { from: from.currency, to: to.currency }),
      ]);
    if (pair) {
      const instrument = this.deps.catalogue.get(pair.pair);
      const now = this.now().getTime();
      if (instrument && !isOpen(instrument, now)) {
        const next = nextOpenMs(instrument, now);
        throw invalidFields([
          next === null
            ? fieldMessage(FORM_PATH, 'transfers.marketClosedNoTime', { pair: pair.pair })
            : fieldMessage(FORM_PATH, 'transfers.marketClosed', {
                pair: pair.pair,
                time: new Date(next).toISOString().slice(0, 16).replace('T', ' '),
              }),
        ]);
      }
    }
    let held: boolean;
    try {
      held = (await this.deps.engine.ensureAccount(from.id)) && (await this.deps.engine.ensureAccount(to.id));
    } catch (error) {
      // in a cluster, a transfer runs only where both accounts' books are held (docs/accounts.md): elsewhere it is
      // refused with nothing moved, never a server error
      if ((error as Error).name === 'NotShardOwnerError') throw transferFailed();
      throw error;
    }
    if (!held) throw tradingAccountNotFound();
    const heldBack = (await this.deps.heldBack?.(actor.brand, from.id)) ?? money(0);
    return { from, to, pair, amount: parsed.amount, heldBack };
  }

  private freeMargin(accountId: number): number {
    const m = this.deps.engine.margin(accountId);
    return subMoney(m.balance, m.usedMargin);
  }

  private figuresOf(fromAccountId: number, toAccountId: number, figures: TransferAmounts): TransferFigures {
    return {
      fromAccountId,
      toAccountId,
      debit: { amount: figures.debit.amount, currency: currencyOf(figures.debit.currency) },
      credit: { amount: figures.credit.amount, currency: currencyOf(figures.credit.currency) },
      rate: figures.rate,
      pair: figures.pair,
    };
  }

  /** The client's own account, or 404 (another client's and an unknown id answer alike). */
  private async owned(user: AccountOwner, accountId: number): Promise<TradingAccountRow> {
    const account = await this.repo.findOwned(user.id, accountId);
    if (!account || account.brandId !== user.brandId) throw tradingAccountNotFound();
    return account;
  }

  private audit(
    actor: AccountActor,
    action: string,
    account: TradingAccountRow,
    details: Record<string, unknown>,
  ): AuditEntry {
    return {
      actor: `client:${actor.user.id}`,
      action,
      subject: `account:${account.number}`,
      brandId: actor.brand.id,
      userId: actor.user.id,
      before: null,
      after: null,
      reason: null,
      ip: actor.ip.slice(0, 64),
      details,
    };
  }
}

/** Whether the client gave the profile a live account needs (a demo sign-up has none until they complete it). */
export function profileComplete(user: Pick<AccountOwner, 'firstName' | 'lastName' | 'phone'>): boolean {
  return user.firstName.trim() !== '' && user.lastName.trim() !== '' && user.phone.trim() !== '';
}

/** A stored transfer as the contract shows it. */
export function presentTransfer(row: AccountTransferRow): TransferBooked {
  return {
    id: row.id,
    fromAccountId: row.fromAccountId,
    toAccountId: row.toAccountId,
    debit: { amount: row.debitAmount, currency: currencyOf(row.debitCurrency) },
    credit: { amount: row.creditAmount, currency: currencyOf(row.creditCurrency) },
    rate: row.rate,
    pair: row.pair,
    bookedAt: row.createdAt.toISOString(),
  };
}
