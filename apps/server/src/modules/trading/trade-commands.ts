import {
  CancelOrderInput,
  ClosePositionPartInput,
  type CommandAck,
  formatMessage,
  type Message,
  OpenPositionInput,
  type OrderCommandAck,
  PlaceOrderInput,
  type TradingClientEvents,
  UpdateOrderInput,
  UpdatePositionTrailingInput,
} from '@openbroker/domain';
import type { z } from 'zod';
import type { CommandOutcome, Millis } from '../../engine/index.js';
import { isDuplicateCommand } from './trading.repo.js';
import type { TradingService } from './trading.service.js';

export type TradeCommandName = keyof TradingClientEvents;
export type TradeAck = CommandAck | OrderCommandAck;

export const failure = (
  code: string,
  message: Message,
  errors?: Array<Message & { path: string }>,
): CommandAck => ({
  status: false,
  code,
  key: message.key,
  ...(message.params ? { params: message.params } : {}),
  message: formatMessage(message),
  ...(errors ? { errors: errors.map((e) => ({ ...e, message: formatMessage(e) })) } : {}),
});

interface TradeCommand<S extends z.ZodType> {
  schema: S;
  /** What the ack carries: the position or the order the command concerns. */
  answers: 'position' | 'order';
  run(trading: TradingService, accountId: number, input: z.output<S>, now: Millis): Promise<CommandOutcome>;
}

const define = <S extends z.ZodType>(command: TradeCommand<S>) => command;
const commandIdOf = (input: { commandId?: string | undefined }) =>
  input.commandId === undefined ? {} : { commandId: input.commandId };

/**
 * The `/trading` commands of spec §7 and the pending orders, from validated input to the engine command. They run on the node
 * that owns the account's shard: there directly, from any other node over Redis (cluster/rpc.ts).
 */
export const TRADE_COMMANDS = {
  openPosition: define({
    schema: OpenPositionInput,
    answers: 'position',
    run: (trading, accountId, input, now) =>
      trading.open({
        accountId,
        now,
        symbol: input.symbol,
        direction: input.direction,
        amount: input.amount,
        leverage: input.leverage,
        price: input.price,
        stop_lost: input.stop_lost ?? null,
        take_profit: input.take_profit ?? null,
        ...commandIdOf(input),
      }),
  }),
  closePosition: define({
    schema: ClosePositionPartInput,
    answers: 'position',
    run: (trading, accountId, input, now) =>
      trading.close({
        accountId,
        now,
        positionId: input.id,
        price: input.price,
        // an amount closes only that part of the position
        ...(input.amount === undefined ? {} : { amount: input.amount }),
        ...commandIdOf(input),
      }),
  }),
  updatePosition: define({
    schema: UpdatePositionTrailingInput,
    answers: 'position',
    run: (trading, accountId, input, now) =>
      trading.update({
        accountId,
        now,
        positionId: input.id,
        stop_lost: input.stop_lost,
        take_profit: input.take_profit,
        ...(input.trailing_stop === undefined ? {} : { trailing_stop: input.trailing_stop }),
        ...commandIdOf(input),
      }),
  }),
  // pending orders. The level is the client's, the fill price the server's (never the client's).
  placeOrder: define({
    schema: PlaceOrderInput,
    answers: 'order',
    run: (trading, accountId, input, now) =>
      trading.placeOrder({
        accountId,
        now,
        symbol: input.symbol,
        direction: input.direction,
        orderType: input.type,
        price: input.price,
        amount: input.amount,
        leverage: input.leverage,
        stop_lost: input.stop_lost ?? null,
        take_profit: input.take_profit ?? null,
        trailing: input.trailing_stop ?? null,
        expiry: input.expiry,
        ...commandIdOf(input),
      }),
  }),
  updateOrder: define({
    schema: UpdateOrderInput,
    answers: 'order',
    run: (trading, accountId, input, now) =>
      trading.updateOrder({
        accountId,
        now,
        orderId: input.id,
        ...(input.price === undefined ? {} : { price: input.price }),
        ...(input.stop_lost === undefined ? {} : { stop_lost: input.stop_lost }),
        ...(input.take_profit === undefined ? {} : { take_profit: input.take_profit }),
        ...(input.expiry === undefined ? {} : { expiry: input.expiry }),
        ...commandIdOf(input),
      }),
  }),
  cancelOrder: define({
    schema: CancelOrderInput,
    answers: 'order',
    run: (trading, accountId, input, now) =>
      trading.cancelOrder({ accountId, now, orderId: input.id, ...commandIdOf(input) }),
  }),
} satisfies Record<TradeCommandName, TradeCommand<z.ZodType>>;

export interface TradeCommandLog {
  error(obj: object, msg: string): void;
}

/**
 * Runs one validated command for an account on this node's engine and builds its ack: the position (position
 * commands) or the order (order commands) it concerns. A command with a `commandId` already executed (a client's
 * re-send after a lost answer or a failover) is answered from what its first run stored, not executed again.
 */
export async function runTradeCommand(
  trading: TradingService,
  name: TradeCommandName,
  accountId: number,
  input: unknown,
  now: Millis,
  log?: TradeCommandLog,
): Promise<TradeAck> {
  const command = TRADE_COMMANDS[name] as TradeCommand<z.ZodType>;
  const commandId = (input as { commandId?: unknown }).commandId;
  if (typeof commandId === 'string') {
    const stored = await answerStored(trading, command.answers, accountId, commandId);
    if (stored) return stored;
  }
  let outcome: CommandOutcome;
  try {
    outcome = await command.run(trading, accountId, input, now);
  } catch (error) {
    // two copies of one command raced: the second's transaction hit the first's trade_commands row
    if (typeof commandId === 'string' && isDuplicateCommand(error)) {
      const stored = await answerStored(trading, command.answers, accountId, commandId);
      if (stored) return stored;
    }
    throw error;
  }
  if (!outcome.ok) {
    // a copy of this command that ran first (a re-send while it was in flight) is why this one found nothing to do
    if (typeof commandId === 'string') {
      const stored = await answerStored(trading, command.answers, accountId, commandId);
      if (stored) return stored;
    }
    const { rejection } = outcome;
    return failure('REJECTED', rejection.message, rejection.errors.length ? rejection.errors : undefined);
  }
  if (command.answers === 'order') {
    const orderEvent = outcome.events.find((e) => e.type.startsWith('order.'));
    const record = orderEvent && 'order' in orderEvent ? orderEvent.order : undefined;
    const order = record && trading.order(accountId, record.id, record);
    if (order) return { status: true, data: order };
    log?.error(
      { userId: accountId, outcome: outcome.events.map((e) => e.type) },
      'trading command answered INTERNAL: no order in its outcome',
    );
    return failure('INTERNAL', { key: 'error.internal' });
  }
  const positionEvent = outcome.events.find((e) => e.type.startsWith('position.'));
  const id =
    positionEvent?.type === 'position.updated' ||
    positionEvent?.type === 'position.reduced' ||
    positionEvent?.type === 'position.trailed'
      ? positionEvent.positionId
      : positionEvent && 'position' in positionEvent
        ? positionEvent.position.id
        : undefined;
  const position = id === undefined ? undefined : trading.position(accountId, id);
  if (position) return { status: true, data: position };
  log?.error(
    { userId: accountId, outcome: outcome.events.map((e) => e.type) },
    'trading command answered INTERNAL: no position in its outcome',
  );
  return failure('INTERNAL', { key: 'error.internal' });
}

async function answerStored(
  trading: TradingService,
  answers: 'position' | 'order',
  accountId: number,
  commandId: string,
): Promise<TradeAck | undefined> {
  const stored = await trading.storedCommand(accountId, commandId);
  if (!stored) return undefined;
  if (answers === 'order' && stored.orderId !== null) {
    const order = trading.order(accountId, stored.orderId);
    if (order) return { status: true, data: order };
  }
  if (answers === 'position' && stored.positionId !== null) {
    const position = trading.position(accountId, stored.positionId);
    if (position) return { status: true, data: position };
  }
  return undefined;
}
