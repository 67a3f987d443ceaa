/**
 * What the engine decides, as pure functions of the books: which events a command, a tick's fired triggers or
 * an account's stop-out produce. Nothing here changes a book: decisions work on a `Draft` of an account, and the
 * events are applied only after they are committed. The indexed engine and the naive reference share these, so
 * they can differ only in how they find what fired.
 */
import {
  addMoneyFast,
  appropriatenessLeverageCap,
  approxProfit,
  approxProfitError,
  type BrandQuote,
  CLOSING_REASON,
  type ClosingReason,
  commissionAtOpen,
  complianceBlock,
  DIRECTIONS,
  type Direction,
  equity,
  type FieldMessage,
  FORM_PATH,
  fieldMessage,
  formatMoney,
  formatPrice,
  isLeverageAllowed,
  isRequote,
  isStopOut,
  isWholeCents,
  leverageCapFor,
  type Message,
  type Money,
  marginLevel,
  orderFillPrice,
  type Price,
  parseTriggerLevel,
  positionProfitFast,
  price,
  recordToFieldMessages,
  roundLevel,
  roundMoney,
  settleProfitFast,
  subMoneyFast,
  TRIGGER_CLOSING_REASON,
  type TriggerCause,
  type TriggerInput,
  tighterCap,
  titleFor,
  trailedStop,
  validateNewTrade,
  validatePartialClose,
  validatePendingOrder,
  validateStopLossTakeProfit,
  validateTrailingDistance,
  withdrawLimitError,
} from '@openbroker/domain';
import { type AccountState, type Book, OrderState, PositionState, type SymbolState } from './book.js';
import type {
  AdjustBalanceCommand,
  BalanceCause,
  BookEvent,
  CancelOrderCommand,
  CloseCause,
  CloseCommand,
  CloseContext,
  ClosedPositionRecord,
  CommandRejectedEvent,
  EngineCommand,
  FillQuote,
  Millis,
  OpenCommand,
  OrderRecord,
  PlaceOrderCommand,
  PositionId,
  PositionRecord,
  PositionUpdatedEvent,
  TrailingInput,
  UpdateCommand,
  UpdateOrderCommand,
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
  if (cause === 'manual' || cause === 'broker') return CLOSING_REASON.manual;
  if (cause === 'stop_out') return CLOSING_REASON.lowMargin;
  if (cause === 'ai_trade') return CLOSING_REASON.aiTrade;
  return TRIGGER_CLOSING_REASON[cause];
}

/** The account's figures just before a stop-out close, for the close's explanation. */
export interface StopOutFigures {
  equity: Money;
  usedMargin: Money;
  marginLevel?: number;
}

/** The feed quote, terms and brand quote a fill is dealt at now (`crossing`: the brand quote an order fills at). */
export function fillQuoteOf(sym: SymbolState, crossing?: BrandQuote): FillQuote {
  return { bid: sym.bid, ask: sym.ask, ts: sym.ts, terms: sym.terms(), quote: crossing ?? sym.brandQuote() };
}

/** What a close happened at: the dealing quote now, the level that fired, the stop-out figures. */
function closeContext(
  position: PositionState,
  cause: CloseCause,
  figures?: StopOutFigures,
  broker?: { reason: string },
): CloseContext {
  const sym = position.sym;
  const context: CloseContext = { quote: { buy: sym.exactBuy(), sell: sym.exactSell() } };
  if (cause === 'broker' && broker) Object.assign(context, { by: 'staff', reason: broker.reason });
  if (cause === 'ai_trade' && broker) Object.assign(context, { by: 'strategy', reason: broker.reason });
  if (cause === 'stop_loss' && position.stopLoss !== null) context.level = position.stopLoss;
  else if (cause === 'take_profit' && position.takeProfit !== null) context.level = position.takeProfit;
  else if (cause === 'loss_termination') context.level = position.terminationPrice;
  if (figures) Object.assign(context, figures);
  return context;
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
  figures?: StopOutFigures,
  broker?: { reason: string },
  fill: FillQuote = fillQuoteOf(position.sym),
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
    context: closeContext(position, cause, figures, broker),
  };
  draft.balance = settled.balance;
  draft.margin = subMoneyFast(draft.margin, position.amount);
  draft.positions.splice(draft.positions.indexOf(position), 1);
  const accountId = draft.account.id;
  return [
    { type: 'position.closed', accountId, at, position: closed, fill },
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
 * Books a partial close: `part` of the position's amount closes at `closedRate` as its own closed
 * position (id `partId`, `partOf` the original) with its profit booked like a full close (negative balance
 * protection); the original stays open with the rest. The draft's position list keeps the original (its profit
 * shrinks with it; callers that need the exact remainder re-read the book after applying).
 */
export function bookPartialClose(
  draft: Draft,
  position: PositionState,
  part: Money,
  partId: PositionId,
  closedRate: Price,
  at: Millis,
): BookEvent[] {
  const terms = { ...position.terms, amount: part };
  const profit = positionProfitFast(terms, closedRate);
  const settled = settleProfitFast(draft.balance, profit);
  const change = subMoneyFast(settled.balance, draft.balance);
  const remaining = subMoneyFast(position.amount, part);
  const closedPart: ClosedPositionRecord = {
    ...position.record(),
    id: partId,
    amount: part,
    // commission and swaps stay with the open position (they were charged to it)
    commission: roundMoney(0),
    swap: roundMoney(0),
    partOf: position.id,
    closedRate,
    closedAt: at,
    reason: closingReasonOf('manual'),
    cause: 'manual',
    profit,
    shortfall: settled.shortfall,
    context: closeContext(position, 'manual'),
  };
  draft.balance = settled.balance;
  draft.margin = subMoneyFast(draft.margin, part);
  const accountId = draft.account.id;
  return [
    {
      type: 'position.reduced',
      accountId,
      at,
      positionId: position.id,
      amount: remaining,
      closedPart,
      fill: fillQuoteOf(position.sym),
    },
    {
      type: 'balance.changed',
      accountId,
      at,
      balance: settled.balance,
      change,
      cause: { kind: 'position', positionId: partId, profit, shortfall: settled.shortfall },
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
export function decideStopOut(
  draft: Draft,
  now: Millis,
  at: Millis,
  level: number = draft.account.stopOutLevel,
): BookEvent[] {
  const events: BookEvent[] = [];
  while (draft.positions.length > 0) {
    if (draftSlack(draft, level) > 0) break;
    const profits = exactProfits(draft.positions);
    const equityNow = equity(draft.balance, profits);
    if (!isStopOut(equityNow, draft.margin, level)) break;
    let victim = -1;
    for (let i = 0; i < draft.positions.length; i++) {
      if (!(draft.positions[i] as PositionState).sym.available(now)) continue;
      if (victim < 0 || (profits[i] as number) < (profits[victim] as number)) victim = i;
    }
    if (victim < 0) break;
    const position = draft.positions[victim] as PositionState;
    const figures: StopOutFigures = { equity: equityNow, usedMargin: draft.margin };
    const levelNow = marginLevel(equityNow, draft.margin);
    if (levelNow !== null) figures.marginLevel = Number(levelNow);
    events.push(
      ...bookClose(draft, position, position.sym.exactValuation(position.direction), 'stop_out', at, figures),
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
    if (accountSlack(account, account.stopOutLevel) > 0) continue;
    drafts.set(account, new Draft(account));
  }
  const checked = [...drafts.keys()].sort(byId);
  for (const account of checked) events.push(...decideStopOut(drafts.get(account) as Draft, now, now));
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

/**
 * A level as sent, on the instrument's tick (SL 10.123456789 becomes 10.12 on a 0.01 tick), so what is
 * validated, stored and shown is the same number; unreadable input is passed on for its message.
 */
const onTick = <T extends TriggerInput>(raw: T, sym: SymbolState): T | number => {
  const level = roundLevel(raw, sym.tick);
  return level === null || Number.isNaN(level) ? raw : level;
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
    case 'place_order':
      return decidePlaceOrder(book, command);
    case 'update_order':
      return decideUpdateOrder(book, command);
    case 'cancel_order':
      return decideCancelOrder(book, command);
  }
}

/**
 * The account's leverage cap for an instrument: its profile's, tightened on a live account by the appropriateness
 * test's outcome (domain appropriatenessLeverageCap; undefined: no cap).
 */
export function capOf(
  book: Pick<Book, 'profileOf'>,
  account: AccountState,
  sym: Pick<SymbolState, 'symbol' | 'group'>,
): number | undefined {
  const preset = leverageCapFor(book.profileOf(account), sym.symbol, sym.group);
  if (account.kind === 'demo') return preset;
  return tighterCap(preset, appropriatenessLeverageCap(account.compliance.appropriateness));
}

/** Commission of a new position under the account's profile: cents ≥ 0. */
export function openCommission(
  book: Book,
  account: AccountState,
  sym: SymbolState,
  amount: Money,
  leverage: number,
): Money {
  // the one rule the ticket shows and counts (domain `commissionAtOpen`)
  return commissionAtOpen(book.profileOf(account), sym.group, amount, leverage);
}

/**
 * The events of an accepted open (a command or a filled order): the commission is charged in the same batch
 * (balance.changed, cause commission) and must fit the free margin with the amount; the account must not be at its
 * stop-out level afterwards. `record.id` is taken from the allocator only once all checks pass.
 */
function openEvents(
  book: Book,
  account: AccountState,
  record: PositionRecord,
  at: Millis,
  fill: FillQuote,
): { ok: true; events: BookEvent[]; id: PositionId } | { ok: false; message: Message } {
  const sym = book.symbolOf(record.symbol);
  const commission = openCommission(book, account, sym, record.amount, record.leverage);
  if (commission > 0) {
    const free = subMoneyFast(account.balance, account.margin);
    if (addMoneyFast(record.amount, commission) > free)
      return {
        ok: false,
        message: {
          key: 'engineOrder.commissionExceedsFreeMargin',
          params: { commission: formatMoney(commission) },
        },
      };
  }
  const withCommission: PositionRecord = { ...record, commission, swap: roundMoney(0) };
  const after = new Draft(account);
  after.positions.push(book.createPosition(withCommission, account));
  after.margin = addMoneyFast(after.margin, record.amount);
  after.balance = subMoneyFast(after.balance, commission);
  if (isAtStopOut(after, account.stopOutLevel)) return { ok: false, message: { key: 'trade.stopOutLevel' } };
  const id = book.positionIds.next();
  // No id reserved right now (the database could not refill the block): refused, nothing changed; a retry works.
  if (id === undefined) return { ok: false, message: { key: 'trade.temporarilyUnavailable' } };
  const events: BookEvent[] = [
    { type: 'position.opened', accountId: account.id, at, position: { ...withCommission, id }, fill },
  ];
  if (commission > 0)
    events.push({
      type: 'balance.changed',
      accountId: account.id,
      at,
      balance: after.balance,
      change: roundMoney(-commission),
      cause: { kind: 'commission', positionId: id },
    });
  return { ok: true, events, id };
}

/**
 * spec §5/§6 new trade: verified, category permitted, instrument available, amount and leverage
 * (`validateNewTrade`), the profile's leverage cap, SL/TP sides, then the engine's own execution price with a
 * requote when the client's price drifted beyond the tolerance (architecture §5), the commission within free
 * margin, and no open that would put the account at its stop-out level.
 */
function decideOpen(book: Book, command: OpenCommand): Decision {
  const account = book.accounts.get(command.accountId);
  if (!account) return formError(command, { key: 'error.notFound' });
  // staff can stop a client's new trades; open positions stay and can still be closed
  if (!account.tradingEnabled) return formError(command, { key: 'account.tradingDisabled' });
  // the client's compliance standing (screening, expired documents, the appropriateness test): closes go on
  const stopped = complianceBlock(account.compliance, 'trade', command.now, account.kind);
  if (stopped) return formError(command, stopped);
  const base = book.symbols.get(String(command.symbol).trim().toUpperCase());
  if (!base) return rejection(command, [fieldMessage('symbol', 'error.notFound')]);
  // the dealing prices of the account's profile (brand markup)
  const sym = book.symbolFor(account, base.symbol);

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
  const cap = capOf(book, account, sym);
  if (check.ok && !isLeverageAllowed(check.value.leverage, cap))
    errors.push(fieldMessage('leverage', 'engineOrder.leverageCapped', { max: cap as number }));
  const direction = command.direction as Direction;
  const stopLost = onTick(command.stop_lost, sym);
  const takeProfit = onTick(command.take_profit, sym);
  if (!DIRECTIONS.includes(direction)) {
    errors.push(fieldMessage('direction', 'field.invalid', { title: titleFor('direction') }));
  } else {
    const triggerErrors = validateStopLossTakeProfit({
      direction,
      stop_lost: stopLost,
      take_profit: takeProfit,
      quote: sym.brandQuote(),
      tick: sym.tick,
    });
    errors.push(...recordToFieldMessages({ ...triggerErrors }));
  }
  if (!check.ok || errors.length > 0) return rejection(command, errors);

  const openRate = direction === 'buy' ? sym.exactBuy() : sym.exactSell();
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
    stopLoss: levelOf(stopLost),
    takeProfit: levelOf(takeProfit),
    trailingDistance: null,
    orderId: null,
    partOf: null,
    ...(command.origin === 'auto' ? { origin: 'auto' as const } : {}),
  };
  const opened = openEvents(book, account, record, command.now, fillQuoteOf(sym));
  if (!opened.ok) {
    const path = opened.message.key === 'engineOrder.commissionExceedsFreeMargin' ? 'amount' : FORM_PATH;
    return rejection(command, [{ path, ...opened.message }]);
  }
  return { ok: true, events: opened.events };
}

/**
 * spec §4: closed by the user at the current opposite price; the client's price is not used. With an amount
 * only that part closes (`validatePartialClose`), as its own closed position with a new id.
 */
function decideClose(book: Book, command: CloseCommand): Decision {
  const position = ownPosition(book, command);
  if (!(position instanceof PositionState)) return position;
  const draft = new Draft(position.account);
  const closedRate = position.sym.exactValuation(position.direction);
  const partial = command.amount !== undefined && command.amount !== null && command.amount !== '';
  let events: BookEvent[];
  if (partial) {
    const check = validatePartialClose(position.amount, command.amount);
    if (!check.ok) return rejection(command, check.errors);
    const partId = book.positionIds.next();
    if (partId === undefined) return formError(command, { key: 'trade.temporarilyUnavailable' });
    events = bookPartialClose(draft, position, check.value, partId, closedRate, command.now);
    // the draft still values the whole position; the remainder's loss is smaller, so this only over-checks
    const reduced = book.createPosition(
      { ...position.record(), amount: subMoneyFast(position.amount, check.value) },
      position.account,
    );
    draft.positions.splice(draft.positions.indexOf(position), 1, reduced);
  } else {
    const broker = command.broker;
    const auto = command.auto;
    events = broker
      ? bookClose(draft, position, closedRate, 'broker', command.now, undefined, broker)
      : auto
        ? bookClose(draft, position, closedRate, 'ai_trade', command.now, undefined, auto)
        : bookClose(draft, position, closedRate, 'manual', command.now);
  }
  events.push(...decideStopOut(draft, command.now, command.now));
  return { ok: true, events };
}

/** A trailing distance as sent, in price units; null: remove; an error message for bad input. */
function trailingOf(
  input: TrailingInput | null,
  sym: SymbolState,
  direction: Direction,
): { ok: true; distance: Price | null } | { ok: false; errors: FieldMessage[] } {
  if (input === null) return { ok: true, distance: null };
  const check = validateTrailingDistance(input, {
    pipSize: sym.pipSize,
    price: sym.exactValuation(direction),
  });
  if (!check.ok) return { ok: false, errors: check.errors };
  return { ok: true, distance: check.value.distance };
}

/**
 * spec §5: new SL/TP levels are checked against the current price the position would close at. A trailing stop
 * sets the stop loss at once to `trailedStop` of the current closing price (never against the client's
 * favour relative to the SL sent).
 */
function decideUpdate(book: Book, command: UpdateCommand): Decision {
  const position = ownPosition(book, command);
  if (!(position instanceof PositionState)) return position;
  const stopLost = onTick(command.stop_lost, position.sym);
  const takeProfit = onTick(command.take_profit, position.sym);
  const errors = validateStopLossTakeProfit({
    direction: position.direction,
    stop_lost: stopLost,
    take_profit: takeProfit,
    quote: position.sym.brandQuote(),
    tick: position.sym.tick,
  });
  const messages = recordToFieldMessages({ ...errors });
  let trailing: Price | null | undefined;
  if (command.trailing_stop !== undefined) {
    const t = trailingOf(command.trailing_stop, position.sym, position.direction);
    if (!t.ok) messages.push(...t.errors);
    else trailing = t.distance;
  }
  if (messages.length > 0) return rejection(command, messages);
  let stopLoss = levelOf(stopLost);
  const distance = trailing === undefined ? position.trailingDistance : trailing;
  if (distance !== null)
    stopLoss = trailedStop(
      position.direction,
      position.sym.exactValuation(position.direction),
      distance,
      stopLoss,
    );
  const event: PositionUpdatedEvent = {
    type: 'position.updated',
    accountId: command.accountId,
    at: command.now,
    positionId: position.id,
    stopLoss,
    takeProfit: levelOf(takeProfit),
  };
  if (trailing !== undefined) event.trailingDistance = trailing;
  return { ok: true, events: [event] };
}

// ------------------------------------------------------------------------------------------ pending orders

/** A trailing stop moves in steps of at least this share of its distance (or one pip when that is more). */
export const TRAILING_STEP_FRACTION = 0.1;

/** The smallest move of a position's trailing stop: max(one pip, a tenth of the distance); decision 0017. */
export function trailStep(position: PositionState): number {
  return Math.max(position.sym.pipSize, (position.trailingDistance as number) * TRAILING_STEP_FRACTION);
}

/**
 * Where a trailing stop moves at a closing price (domain `trailedStop`, only in the client's favour), or null
 * when it does not move: a move smaller than `trailStep` waits (so a stop is re-indexed and committed once per
 * step, not on every tick of a rising market). The indexed engine and the naive reference both decide by this.
 */
export function trailMove(position: PositionState, closingPrice: Price): Price | null {
  const current = position.stopLoss;
  const step = trailStep(position);
  if (current !== null) {
    // float pre-check (errors ≪ the margin); the decimal `trailedStop` below decides every case it lets through
    const d = position.trailingDistance as number;
    const gain = position.direction === 'buy' ? closingPrice - d - current : current - closingPrice - d;
    if (gain < step * (1 - 1e-6) - 1e-12 * closingPrice) return null;
  }
  const next = trailedStop(position.direction, closingPrice, position.trailingDistance as Price, current);
  if (next === null || next === current) return null;
  if (current !== null && Math.abs(next - current) < step * (1 - 1e-9)) return null;
  return next;
}

/** Most open pending orders an account may have. */
export const MAX_OPEN_ORDERS = 100;

function ownOrder(book: Book, command: UpdateOrderCommand | CancelOrderCommand): OrderState | Decision {
  const order = book.orders.get(command.orderId);
  if (!order || order.account.id !== command.accountId)
    return rejection(command, [fieldMessage('id', 'engineOrder.notFound')]);
  return order;
}

/**
 * The dealing prices an order's level is checked against when it is placed or moved: the brand quote of
 * the last feed quote the engine has — live, or the last one before the market closed or the feed went stale —
 * and null before the instrument's first quote (then only the level's bounds are checked).
 */
function orderReference(sym: SymbolState): BrandQuote | null {
  return sym.quoted ? sym.brandQuote() : null;
}

/**
 * A pending order's trailing distance, checked like a position's against the current closing price, or
 * against the order's level before the instrument's first quote (an order placed while it has never been quoted).
 */
function orderTrailingOf(
  input: TrailingInput,
  sym: SymbolState,
  direction: Direction,
  level: Price,
): { ok: true; distance: Price | null } | { ok: false; errors: FieldMessage[] } {
  if (sym.quoted) return trailingOf(input, sym, direction);
  const check = validateTrailingDistance(input, { pipSize: sym.pipSize, price: level });
  return check.ok ? { ok: true, distance: check.value.distance } : { ok: false, errors: check.errors };
}

/**
 * placeOrder: validated like a new trade (verified, permission, amount within free margin, the profile's
 * leverage cap) plus the level's side, SL/TP relative to the level and the expiry (`validatePendingOrder`); at most
 * MAX_OPEN_ORDERS open per account. Nothing is reserved: free margin is checked again when it fires.
 *
 * no live price is needed. While the market is closed or its quote stale the order is accepted and waits
 * for the open (the first quote that crosses its level fills it, `decideFill`); its level's side is checked against
 * the last brand quote the engine has (`orderReference`). A halted symbol is refused before the engine (the trading
 * service), and opening a position at the market still needs a live price (`decideOpen`).
 */
function decidePlaceOrder(book: Book, command: PlaceOrderCommand): Decision {
  const account = book.accounts.get(command.accountId);
  if (!account) return formError(command, { key: 'error.notFound' });
  if (!account.tradingEnabled) return formError(command, { key: 'account.tradingDisabled' });
  const stopped = complianceBlock(account.compliance, 'trade', command.now, account.kind);
  if (stopped) return formError(command, stopped);
  const base = book.symbols.get(String(command.symbol).trim().toUpperCase());
  if (!base) return rejection(command, [fieldMessage('symbol', 'error.notFound')]);
  // the dealing prices of the account's profile (brand markup)
  const sym = book.symbolFor(account, base.symbol);
  if (account.orders.size >= MAX_OPEN_ORDERS)
    return formError(command, { key: 'engineOrder.tooMany', params: { max: MAX_OPEN_ORDERS } });
  const check = validatePendingOrder(
    {
      amount: command.amount,
      leverage: command.leverage,
      freeMargin: subMoneyFast(account.balance, account.margin),
      user: account.user,
      asset: sym.asset,
      direction: command.direction,
      type: command.orderType,
      price: onTick(command.price as TriggerInput, sym),
      stop_lost: onTick(command.stop_lost, sym),
      take_profit: onTick(command.take_profit, sym),
      expiry: command.expiry,
      now: command.now,
      leverageCap: capOf(book, account, sym),
      tick: sym.tick,
    },
    orderReference(sym),
  );
  if (!check.ok) return rejection(command, check.errors);
  const value = check.value;
  let trailingDistance: Price | null = null;
  if (command.trailing !== undefined && command.trailing !== null) {
    const t = orderTrailingOf(command.trailing, sym, value.direction, value.price);
    if (!t.ok) return rejection(command, t.errors);
    trailingDistance = t.distance;
  }
  const id = book.positionIds.next();
  if (id === undefined) return formError(command, { key: 'trade.temporarilyUnavailable' });
  const order: OrderRecord = {
    id,
    accountId: account.id,
    symbol: sym.symbol,
    direction: value.direction,
    orderType: value.type,
    price: value.price,
    amount: roundMoney(value.amount),
    leverage: value.leverage,
    stopLoss: value.stopLoss === null ? null : price(value.stopLoss),
    takeProfit: value.takeProfit === null ? null : price(value.takeProfit),
    trailingDistance,
    expiry: value.expiry,
    expiresAt: value.expiresAt,
    createdAt: command.now,
    status: 'open',
  };
  return { ok: true, events: [{ type: 'order.placed', accountId: account.id, at: command.now, order }] };
}

/**
 * updateOrder: the merged order is validated again as if placed now (amount and leverage as placed). Like placing,
 * it works while the market is closed or its quote stale, against the last brand quote the engine has.
 */
function decideUpdateOrder(book: Book, command: UpdateOrderCommand): Decision {
  const order = ownOrder(book, command);
  if (!(order instanceof OrderState)) return order;
  const current = order.record;
  const sym = order.sym;
  const keep = (value: TriggerInput | undefined, level: Price | null): TriggerInput =>
    value === undefined ? level : value;
  const account = order.account;
  const check = validatePendingOrder(
    {
      amount: current.amount,
      leverage: current.leverage,
      // the order's own amount is not in use: only the level, levels and expiry change here
      freeMargin: Math.max(current.amount, subMoneyFast(account.balance, account.margin)),
      user: account.user,
      asset: sym.asset,
      direction: current.direction,
      type: current.orderType,
      price: onTick((command.price ?? current.price) as TriggerInput, sym),
      stop_lost: onTick(keep(command.stop_lost, current.stopLoss), sym),
      take_profit: onTick(keep(command.take_profit, current.takeProfit), sym),
      expiry: command.expiry ?? current.expiry,
      now: command.now,
      tick: sym.tick,
    },
    orderReference(sym),
  );
  if (!check.ok) return rejection(command, check.errors);
  const value = check.value;
  const updated: OrderRecord = {
    ...current,
    price: value.price,
    stopLoss: value.stopLoss === null ? null : price(value.stopLoss),
    takeProfit: value.takeProfit === null ? null : price(value.takeProfit),
    expiry: value.expiry,
    expiresAt: value.expiresAt,
  };
  return {
    ok: true,
    events: [{ type: 'order.updated', accountId: account.id, at: command.now, order: updated }],
  };
}

function decideCancelOrder(book: Book, command: CancelOrderCommand): Decision {
  const order = ownOrder(book, command);
  if (!(order instanceof OrderState)) return order;
  return {
    ok: true,
    events: [cancelled(order, 'client', command.now)],
  };
}

/** An order's cancellation by the client or by its expiry. */
export function cancelled(order: OrderState, reason: 'client' | 'expired', at: Millis): BookEvent {
  return {
    type: 'order.cancelled',
    accountId: order.account.id,
    at,
    order: { ...order.record, status: reason === 'client' ? 'cancelled' : 'expired', closedAt: at },
    reason,
  };
}

/**
 * An order that fired: the open checks run again at the tick's dealing price — trading enabled,
 * verified, permission, amount and leverage, the profile's cap, free margin incl. commission, not at stop-out
 * after — and it either opens a position (order.filled + position.opened, its SL/TP/trailing carried over) or is
 * rejected (order.rejected with the reason the client sees).
 *
 * The gap rule (domain `orderFillPrice`): the position opens at `crossing` — the brand quote that crossed
 * the level (the order's symbol's current one when not given) — on the order's side, not at the level: a limit order
 * the market gapped through (the first quote after a closed market's open) fills at that better price, a stop order
 * at that worse one. Its SL and TP are kept as placed; one the fill price is already beyond acts from the next quote.
 */
export function decideFill(
  book: Book,
  order: OrderState,
  at: Millis,
  crossing: BrandQuote = order.sym.brandQuote(),
  fill: FillQuote = fillQuoteOf(order.sym, crossing),
): BookEvent[] {
  const account = order.account;
  const sym = order.sym;
  const o = order.record;
  const reject = (message: Message): BookEvent[] => [
    {
      type: 'order.rejected',
      accountId: account.id,
      at,
      order: { ...o, status: 'rejected', message, closedAt: at },
      message,
    },
  ];
  // an order past its expiry never fills: a quote may reach its level before the expiry round (once a second) or
  // on the first sweep after a restart; it expires then instead
  if (o.expiresAt !== null && at >= o.expiresAt) return [cancelled(order, 'expired', at)];
  if (!account.tradingEnabled) return reject({ key: 'account.tradingDisabled' });
  // an order does not fill for a client compliance has stopped since it was placed
  const stopped = complianceBlock(account.compliance, 'trade', at, account.kind);
  if (stopped) return reject(stopped);
  if (!sym.available(at)) return reject({ key: 'engineOrder.rejectedUnavailable' });
  const check = validateNewTrade({
    amount: o.amount,
    leverage: o.leverage,
    freeMargin: subMoneyFast(account.balance, account.margin),
    user: account.user,
    asset: sym.asset,
    priceAvailable: true,
  });
  if (!check.ok) {
    const freeMarginError = check.errors.some((e) => e.path === 'amount');
    return reject({
      key: freeMarginError ? 'engineOrder.rejectedFreeMargin' : 'engineOrder.rejectedNotAllowed',
    });
  }
  if (!isLeverageAllowed(o.leverage, capOf(book, account, sym)))
    return reject({ key: 'engineOrder.rejectedNotAllowed' });
  const openRate = orderFillPrice(o.direction, crossing);
  const record: PositionRecord = {
    id: 0,
    accountId: account.id,
    symbol: sym.symbol,
    direction: o.direction,
    amount: o.amount,
    leverage: o.leverage,
    openRate,
    openedAt: at,
    stopLoss: o.stopLoss,
    takeProfit: o.takeProfit,
    trailingDistance: o.trailingDistance,
    orderId: o.id,
    partOf: null,
  };
  const opened = openEvents(book, account, record, at, fill);
  if (!opened.ok) {
    const key = opened.message.key;
    if (key === 'engineOrder.commissionExceedsFreeMargin')
      return reject({ key: 'engineOrder.rejectedFreeMargin' });
    if (key === 'trade.stopOutLevel') return reject({ key: 'engineOrder.rejectedStopOut' });
    return reject({ key: 'engineOrder.rejectedUnavailable' });
  }
  return [
    {
      type: 'order.filled',
      accountId: account.id,
      at,
      order: { ...o, status: 'filled', positionId: opened.id, closedAt: at },
      positionId: opened.id,
    },
    ...opened.events,
  ];
}

/** A ledger movement; a debit may not exceed free margin (spec §5 withdraw), and is followed by the stop-out check. */
function decideAdjust(book: Book, command: AdjustBalanceCommand): Decision {
  const account = book.accounts.get(command.accountId);
  if (!account) return formError(command, { key: 'error.notFound' });
  // a target balance (a demo reset): the change from the committed balance, decided in the account's queue
  if (command.toBalance !== undefined) {
    if (!isWholeCents(command.toBalance))
      return rejection(command, [fieldMessage('amount', 'field.invalid', { title: titleFor('amount') })]);
    const change = subMoneyFast(command.toBalance, account.balance);
    if (change === 0) return { ok: true, events: [] };
    return decideAdjust(book, { ...command, amount: change, toBalance: undefined });
  }
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
  events.push(...decideStopOut(draft, command.now, command.now));
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
    toBalance: _toBalance,
    effect,
    ...adjustment
  } = command;
  return effect === undefined ? adjustment : { ...adjustment, effect };
}
