/**
 * What the engine decides, as pure functions of the books: which events a command, a tick's fired triggers or
 * an account's stop-out produce. Nothing here changes a book: decisions work on a `Draft` of an account, and the
 * events are applied only after they are committed. The indexed engine and the naive reference share these, so
 * they can differ only in how they find what fired.
 */
import {
  addMoneyFast,
  approxProfit,
  approxProfitError,
  CLOSING_REASON,
  type ClosingReason,
  DIRECTIONS,
  type Direction,
  equity,
  type FieldMessage,
  FORM_PATH,
  fieldMessage,
  formatPrice,
  isRequote,
  isStopOut,
  isWholeCents,
  type Message,
  type Money,
  openingPrice,
  type Price,
  parseTriggerLevel,
  positionProfitFast,
  price,
  recordToFieldMessages,
  roundMoney,
  settleProfitFast,
  subMoneyFast,
  TRIGGER_CLOSING_REASON,
  type TriggerCause,
  type TriggerInput,
  titleFor,
  validateNewTrade,
  validateStopLossTakeProfit,
  withdrawLimitError,
} from '@openbroker/domain';
import { type AccountState, type Book, PositionState } from './book.js';
import type {
  AdjustBalanceCommand,
  BalanceCause,
  BookEvent,
  CloseCause,
  CloseCommand,
  ClosedPositionRecord,
  CommandRejectedEvent,
  EngineCommand,
  Millis,
  OpenCommand,
  PositionRecord,
  UpdateCommand,
} from './types.js';

export type Decision = { ok: true; events: BookEvent[] } | { ok: false; rejection: CommandRejectedEvent };

/** A position a tick crossed, with the cause and the tick's price it closes at. */
export interface Fired {
  position: PositionState;
  cause: TriggerCause;
  price: Price;
}

/** An account as a decision sees it while deciding several closes in a row: balance, margin, open positions. */
export class Draft {
  balance: Money;
  margin: Money;
  /** Open positions in id order. */
  readonly positions: PositionState[];

  constructor(readonly account: AccountState) {
    this.balance = account.balance;
    this.margin = account.margin;
    this.positions = [...account.open.values()];
  }
}

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

export function closingReasonOf(cause: CloseCause): ClosingReason {
  if (cause === 'manual') return CLOSING_REASON.manual;
  if (cause === 'stop_out') return CLOSING_REASON.lowMargin;
  return TRIGGER_CLOSING_REASON[cause];
}

/**
 * Books a close on the draft: realised profit at `closedRate` (exact, cents), negative balance protection
 * (`settleProfit`: the balance stops at zero, the rest is the broker's shortfall), margin released.
 */
export function bookClose(
  draft: Draft,
  position: PositionState,
  closedRate: Price,
  cause: CloseCause,
  at: Millis,
): BookEvent[] {
  // the integer-cent and float-with-fallback variants give exactly the decimal helpers' results (domain tests)
  const profit = positionProfitFast(position.terms, closedRate);
  const settled = settleProfitFast(draft.balance, profit);
  const change = subMoneyFast(settled.balance, draft.balance);
  const closed: ClosedPositionRecord = {
    ...position.record(),
    closedRate,
    closedAt: at,
    reason: closingReasonOf(cause),
    cause,
    profit,
    shortfall: settled.shortfall,
  };
  draft.balance = settled.balance;
  draft.margin = subMoneyFast(draft.margin, position.amount);
  draft.positions.splice(draft.positions.indexOf(position), 1);
  const accountId = draft.account.id;
  return [
    { type: 'position.closed', accountId, at, position: closed },
    {
      type: 'balance.changed',
      accountId,
      at,
      balance: settled.balance,
      change,
      cause: { kind: 'position', positionId: position.id, profit, shortfall: settled.shortfall },
    },
  ];
}

/**
 * A lower bound of (equity − level × margin) from float valuations: when it is > 0 the account is certainly not
 * at the stop-out level (the error of each float profit is bounded by `approxProfitError`, property-tested in
 * the domain). Unquoted positions count 0, as in the exact rule. +Infinity without margin in use.
 */
function slackBase(balance: number, margin: number, level: number): number {
  return balance - level * margin - (1e-6 + 1e-9 * (Math.abs(balance) + level * margin));
}

/** A position's float profit less its error bound (0 before its first quote). */
function positionSlack(position: PositionState): number {
  const sym = position.sym;
  if (!sym.quoted) return 0;
  const valuation = sym.approxValuation(position.direction);
  return approxProfit(position.terms, valuation) - approxProfitError(position.terms, valuation);
}

/** `stopOutSlack` of an account as booked. */
export function accountSlack(account: AccountState, level: number): number {
  if (!(account.margin > 0)) return Number.POSITIVE_INFINITY;
  let slack = slackBase(account.balance, account.margin, level);
  for (const position of account.open.values()) slack += positionSlack(position);
  return slack;
}

/** `stopOutSlack` of a draft. */
export function draftSlack(draft: Draft, level: number): number {
  if (!(draft.margin > 0)) return Number.POSITIVE_INFINITY;
  let slack = slackBase(draft.balance, draft.margin, level);
  const positions = draft.positions;
  for (let i = 0; i < positions.length; i++) slack += positionSlack(positions[i] as PositionState);
  return slack;
}

/** Booked-precision profits of the draft's positions at their last quotes (0 when never quoted). */
function exactProfits(positions: readonly PositionState[]): Money[] {
  return positions.map((p) =>
    p.sym.quoted ? positionProfitFast(p.terms, p.sym.exactValuation(p.direction)) : roundMoney(0),
  );
}

/** The exact stop-out rule (`isStopOut` on spec §9 equity), with the float bound as a fast "certainly not". */
export function isAtStopOut(draft: Draft, level: number): boolean {
  if (draftSlack(draft, level) > 0) return false;
  return isStopOut(equity(draft.balance, exactProfits(draft.positions)), draft.margin, level);
}

/**
 * Account stop-out (architecture §5, low-margin rule b): while equity ≤ level × margin in use, close the position
 * with the largest loss (lowest profit; the oldest on a tie) among those whose instrument can be traded at `now`,
 * at its current closing price. Stops when back above the level or when nothing can be closed.
 */
export function decideStopOut(draft: Draft, now: Millis, at: Millis, level: number): BookEvent[] {
  const events: BookEvent[] = [];
  while (draft.positions.length > 0) {
    if (draftSlack(draft, level) > 0) break;
    const profits = exactProfits(draft.positions);
    if (!isStopOut(equity(draft.balance, profits), draft.margin, level)) break;
    let victim = -1;
    for (let i = 0; i < draft.positions.length; i++) {
      if (!(draft.positions[i] as PositionState).sym.available(now)) continue;
      if (victim < 0 || (profits[i] as number) < (profits[victim] as number)) victim = i;
    }
    if (victim < 0) break;
    const position = draft.positions[victim] as PositionState;
    events.push(
      ...bookClose(draft, position, position.sym.exactValuation(position.direction), 'stop_out', at),
    );
  }
  return events;
}

/**
 * A tick's outcome: the fired positions close first, in id order, at the tick's price; then every account that
 * had a close, and every candidate that is not certainly safe, is checked for stop-out, in account id order.
 * Candidates may repeat. Returns the events and the accounts that were checked.
 */
export function decideTick(
  fired: Fired[],
  candidates: Iterable<AccountState>,
  now: Millis,
  level: number,
): { events: BookEvent[]; checked: AccountState[] } {
  fired.sort((a, b) => a.position.id - b.position.id);
  const drafts = new Map<AccountState, Draft>();
  const events: BookEvent[] = [];
  for (const { position, cause, price: closedRate } of fired) {
    let draft = drafts.get(position.account);
    if (!draft) {
      draft = new Draft(position.account);
      drafts.set(position.account, draft);
    }
    events.push(...bookClose(draft, position, closedRate, cause, now));
  }
  for (const account of candidates) {
    if (drafts.has(account) || account.open.size === 0) continue;
    if (accountSlack(account, level) > 0) continue;
    drafts.set(account, new Draft(account));
  }
  const checked = [...drafts.keys()].sort(byId);
  for (const account of checked) events.push(...decideStopOut(drafts.get(account) as Draft, now, now, level));
  return { events, checked };
}

// -------------------------------------------------------------------------------------------- commands

function rejection(command: EngineCommand, errors: FieldMessage[]): Decision {
  const { path: _path, ...message } = errors[0] as FieldMessage;
  const event: CommandRejectedEvent = {
    type: 'command.rejected',
    accountId: command.accountId,
    at: command.now,
    command: command.type,
    message,
    errors,
  };
  if (command.requestId !== undefined) event.requestId = command.requestId;
  return { ok: false, rejection: event };
}

const formError = (command: EngineCommand, message: Message): Decision =>
  rejection(command, [{ path: FORM_PATH, ...message }]);

const levelOf = (raw: TriggerInput): Price | null => {
  const level = parseTriggerLevel(raw);
  return level === null ? null : price(level);
};

/** The command's own position, or a rejection that does not reveal whether another account's id exists. */
function ownPosition(book: Book, command: CloseCommand | UpdateCommand): PositionState | Decision {
  const position = book.positions.get(command.positionId);
  if (!position || position.account.id !== command.accountId)
    return rejection(command, [fieldMessage('id', 'trade.positionNotFound')]);
  if (!position.sym.available(command.now))
    return formError(command, { key: 'trade.temporarilyUnavailable' });
  return position;
}

/** Decides any command against the books; an accepted open takes the next id of `book.positionIds`. */
export function decideCommand(book: Book, command: EngineCommand): Decision {
  switch (command.type) {
    case 'open':
      return decideOpen(book, command);
    case 'close':
      return decideClose(book, command);
    case 'update':
      return decideUpdate(book, command);
    case 'adjust':
      return decideAdjust(book, command);
  }
}

/**
 * spec §5/§6 new trade: verified, category permitted, instrument available, amount and leverage
 * (`validateNewTrade`), SL/TP sides, then the engine's own execution price with a requote when the client's price
 * drifted beyond the tolerance (architecture §5), and no open that would put the account at its stop-out level.
 */
function decideOpen(book: Book, command: OpenCommand): Decision {
  const account = book.accounts.get(command.accountId);
  if (!account) return formError(command, { key: 'error.notFound' });
  // issue 13: staff can stop a client's new trades; open positions stay and can still be closed
  if (!account.tradingEnabled) return formError(command, { key: 'account.tradingDisabled' });
  const sym = book.symbols.get(String(command.symbol).trim().toUpperCase());
  if (!sym) return rejection(command, [fieldMessage('symbol', 'error.notFound')]);

  const check = validateNewTrade({
    amount: command.amount,
    leverage: command.leverage,
    freeMargin: subMoneyFast(account.balance, account.margin),
    user: account.user,
    asset: sym.asset,
    priceAvailable: sym.available(command.now),
  });
  if (!check.ok && check.errors[0]?.path === FORM_PATH) return rejection(command, check.errors);
  const errors: FieldMessage[] = check.ok ? [] : [...check.errors];
  const direction = command.direction as Direction;
  if (!DIRECTIONS.includes(direction)) {
    errors.push(fieldMessage('direction', 'field.invalid', { title: titleFor('direction') }));
  } else {
    const triggerErrors = validateStopLossTakeProfit({
      direction,
      stop_lost: command.stop_lost,
      take_profit: command.take_profit,
      quote: sym.quote(),
    });
    errors.push(...recordToFieldMessages({ ...triggerErrors }));
  }
  if (!check.ok || errors.length > 0) return rejection(command, errors);

  const openRate = openingPrice(direction, sym.quote());
  if (isRequote(Number(command.price), openRate, book.settings.requoteTolerance)) {
    return rejection(command, [fieldMessage('price', 'trade.requote', { price: formatPrice(openRate) })]);
  }
  const record: PositionRecord = {
    // provisional: the id is taken only once the open is accepted (the draft below does not depend on it)
    id: 0,
    accountId: account.id,
    symbol: sym.symbol,
    direction,
    amount: roundMoney(check.value.amount),
    leverage: check.value.leverage,
    openRate,
    openedAt: command.now,
    stopLoss: levelOf(command.stop_lost),
    takeProfit: levelOf(command.take_profit),
  };
  const after = new Draft(account);
  after.positions.push(book.createPosition(record, account));
  after.margin = addMoneyFast(after.margin, record.amount);
  if (isAtStopOut(after, book.settings.stopOutLevel))
    return formError(command, { key: 'trade.stopOutLevel' });

  const id = book.positionIds.next();
  // No id reserved right now (the database could not refill the block): refused, nothing changed; a retry works.
  if (id === undefined) return formError(command, { key: 'trade.temporarilyUnavailable' });
  return {
    ok: true,
    events: [
      { type: 'position.opened', accountId: account.id, at: command.now, position: { ...record, id } },
    ],
  };
}

/** spec §4: closed by the user at the current opposite price; the client's price is not used. */
function decideClose(book: Book, command: CloseCommand): Decision {
  const position = ownPosition(book, command);
  if (!(position instanceof PositionState)) return position;
  const draft = new Draft(position.account);
  const events = bookClose(
    draft,
    position,
    position.sym.exactValuation(position.direction),
    'manual',
    command.now,
  );
  events.push(...decideStopOut(draft, command.now, command.now, book.settings.stopOutLevel));
  return { ok: true, events };
}

/** spec §5: new SL/TP levels are checked against the current price the position would close at. */
function decideUpdate(book: Book, command: UpdateCommand): Decision {
  const position = ownPosition(book, command);
  if (!(position instanceof PositionState)) return position;
  const errors = validateStopLossTakeProfit({
    direction: position.direction,
    stop_lost: command.stop_lost,
    take_profit: command.take_profit,
    quote: position.sym.quote(),
  });
  const messages = recordToFieldMessages({ ...errors });
  if (messages.length > 0) return rejection(command, messages);
  return {
    ok: true,
    events: [
      {
        type: 'position.updated',
        accountId: command.accountId,
        at: command.now,
        positionId: position.id,
        stopLoss: levelOf(command.stop_lost),
        takeProfit: levelOf(command.take_profit),
      },
    ],
  };
}

/** A ledger movement; a debit may not exceed free margin (spec §5 withdraw), and is followed by the stop-out check. */
function decideAdjust(book: Book, command: AdjustBalanceCommand): Decision {
  const account = book.accounts.get(command.accountId);
  if (!account) return formError(command, { key: 'error.notFound' });
  // Money is whole cents by construction; a zero or a value no domain helper made is still refused, not booked.
  const amount = command.amount;
  if (amount === 0 || !isWholeCents(amount))
    return rejection(command, [fieldMessage('amount', 'field.invalid', { title: titleFor('amount') })]);
  if (amount < 0) {
    // spec §5 withdraw: the same free-margin rule as the form check, on the account's committed state
    const limit = withdrawLimitError(-amount, subMoneyFast(account.balance, account.margin));
    if (limit) return rejection(command, [limit.path === FORM_PATH ? { ...limit, path: 'amount' } : limit]);
  }
  const draft = new Draft(account);
  draft.balance = addMoneyFast(account.balance, amount);
  const events: BookEvent[] = [
    {
      type: 'balance.changed',
      accountId: account.id,
      at: command.now,
      balance: draft.balance,
      change: amount,
      cause: adjustmentCause(command),
    },
  ];
  events.push(...decideStopOut(draft, command.now, command.now, book.settings.stopOutLevel));
  return { ok: true, events };
}

/** The event's cause: the command's kind and cause, paired as `BalanceAdjustment` pairs them, with its effect. */
function adjustmentCause(command: AdjustBalanceCommand): BalanceCause {
  const {
    type: _type,
    accountId: _account,
    now: _now,
    requestId: _request,
    amount: _amount,
    effect,
    ...adjustment
  } = command;
  return effect === undefined ? adjustment : { ...adjustment, effect };
}
