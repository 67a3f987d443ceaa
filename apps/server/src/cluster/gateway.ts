import type { PositionDto } from '@openbroker/domain';
import type { CommandOutcome, DeskPosition, Engine } from '../engine/index.js';
import type { AutoMethod, AutoTradingCalls } from '../modules/auto-trading/auto-trading.calls.js';
import type { AutoTradingService } from '../modules/auto-trading/auto-trading.service.js';
import type { MarketService } from '../modules/market/market.service.js';
import type { AccountBooks, AccountView } from '../modules/trading/account-books.js';
import {
  runTradeCommand,
  type TradeAck,
  type TradeCommandLog,
  type TradeCommandName,
} from '../modules/trading/trade-commands.js';
import type { TradingService } from '../modules/trading/trading.service.js';
import { DeskShare } from './desk-share.js';
import { ShardRpc } from './rpc.js';
import { type ShardOwnership, shardOf } from './shards.js';

export type { AutoMethod } from '../modules/auto-trading/auto-trading.calls.js';
export type { AccountView } from '../modules/trading/account-books.js';

type AdjustCommand = Parameters<Engine['adjustBalance']>[0];
type CloseCommand = Parameters<Engine['close']>[0];

/**
 * Everything outside the engine's own module asks of one account's book (decision 0022). On one node it
 * is the local engine; in a cluster the request runs on the node owning the account's shard, here or over Redis.
 * Every value crosses as a structured clone (node:v8). Business modules ask for the part they use: the books
 * (modules/trading/account-books.ts) or the auto-trading calls (modules/auto-trading/auto-trading.calls.ts).
 */
export interface TradingGateway extends AccountBooks, AutoTradingCalls {}

/** What a node's engine side consists of: the engine, its market clock and the strategies on its books. */
export interface EngineSide {
  trading: TradingService;
  market: MarketService;
  autoTrading: AutoTradingService;
}

/** Runs one gateway operation on this node's engine (the owner's side of a routed request). */
async function runLocal(
  { trading, market, autoTrading }: EngineSide,
  log: TradeCommandLog | undefined,
  op: string,
  accountId: number,
  args: unknown,
): Promise<unknown> {
  switch (op) {
    case 'auto': {
      // routed by the trading account the call acts on; the service checks it is the client's
      const { method, args: rest, userId } = args as { method: AutoMethod; args: unknown[]; userId?: number };
      const call = autoTrading[method] as (
        who: { userId: number; accountId: number },
        ...more: unknown[]
      ) => Promise<unknown>;
      return call.call(autoTrading, { userId: userId ?? accountId, accountId }, ...rest);
    }
    case 'ensure':
      return trading.ensureAccount(accountId);
    case 'refresh':
      return trading.refreshAccount(accountId);
    case 'view': {
      if (!(await trading.ensureAccount(accountId))) return undefined;
      const view: AccountView = {
        positions: trading.positions(accountId),
        balance: trading.balance(accountId),
      };
      if ((args as { withOrders?: boolean } | null)?.withOrders) view.orders = trading.orders(accountId);
      return view;
    }
    case 'conversion': {
      if (!(await trading.ensureAccount(accountId))) return undefined;
      const { from, to } = args as { from: string; to: string };
      return trading.conversionQuote(accountId, from, to);
    }
    case 'position':
      if (!(await trading.ensureAccount(accountId))) return undefined;
      return trading.position(accountId, (args as { positionId: number }).positionId);
    case 'command': {
      const { name, input } = args as { name: TradeCommandName; input: unknown };
      return runTradeCommand(trading, name, accountId, input, market.clock.now(), log);
    }
    case 'adjust':
      await trading.ensureAccount(accountId);
      return trading.adjustBalance({ ...(args as AdjustCommand), accountId });
    case 'close':
      await trading.ensureAccount(accountId);
      return trading.close({ ...(args as CloseCommand), accountId });
    default:
      throw new Error(`unknown gateway operation ${op}`);
  }
}

function gatewayOver(
  call: <T>(op: string, accountId: number, args?: unknown) => Promise<T>,
  deskPositions: () => Promise<DeskPosition[]>,
): TradingGateway {
  return {
    deskPositions,
    ensure: (accountId) => call<boolean>('ensure', accountId),
    refresh: (accountId) => call<void>('refresh', accountId),
    view: async (accountId, withOrders = false) =>
      (await call<AccountView | null>('view', accountId, { withOrders })) ?? undefined,
    position: async (accountId, positionId) =>
      (await call<PositionDto | null>('position', accountId, { positionId })) ?? undefined,
    conversionQuote: async (accountId, from, to) =>
      (await call<Awaited<ReturnType<AccountBooks['conversionQuote']>> | null>('conversion', accountId, {
        from,
        to,
      })) ?? undefined,
    command: (name, accountId, input) => call<TradeAck>('command', accountId, { name, input }),
    adjustBalance: (command) => call<CommandOutcome>('adjust', command.accountId, command),
    close: (command) => call<CommandOutcome>('close', command.accountId, command),
    auto: (who, method, ...args) => call('auto', who.accountId, { method, args, userId: who.userId }),
  };
}

/** One node: the gateway is this process's engine. */
export function localGateway(side: EngineSide, log?: TradeCommandLog): TradingGateway {
  return gatewayOver(
    (op, accountId, args) => runLocal(side, log, op, accountId, args) as never,
    async () => side.trading.deskPositions(),
  );
}

export interface ClusterGateway extends TradingGateway {
  readonly rpc: ShardRpc;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A cluster node: an account of a shard this node owns runs here; any other goes to its owner over Redis. The
 * owner runs it with the same `runLocal`, so a routed command is validated, executed and answered exactly as a
 * local one.
 */
export function clusterGateway(options: {
  side: EngineSide;
  shards: ShardOwnership;
  redis: ConstructorParameters<typeof ShardRpc>[0]['redis'];
  prefix: string;
  nodeId: string;
  log: TradeCommandLog;
  timeoutMs?: number;
}): ClusterGateway {
  const { side, shards, log } = options;
  const rpc = new ShardRpc({
    redis: options.redis,
    prefix: options.prefix,
    nodeId: options.nodeId,
    log,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    handle: (op, accountId, args) => runLocal(side, log, op, accountId, args),
  });
  const desk = new DeskShare({
    redis: options.redis,
    prefix: options.prefix,
    nodeId: options.nodeId,
    trading: side.trading,
    log,
  });
  const gateway = gatewayOver(
    (op, accountId, args) =>
      shards.owns(accountId)
        ? (runLocal(side, log, op, accountId, args) as never)
        : rpc.call(shardOf(accountId, shards.shards), op, accountId, args ?? null),
    () => desk.positions(),
  );
  return {
    ...gateway,
    rpc,
    start: async () => {
      await rpc.start();
      desk.start();
    },
    stop: async () => {
      await desk.stop();
      await rpc.stop();
    },
  };
}
