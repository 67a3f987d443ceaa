import type { BalancePayload, OrdersPayload, PositionDto, PositionsPayload } from '@openbroker/domain';
import type { CommandOutcome, DeskPosition, Engine } from '../engine/index.js';
import type { AutoTradingService } from '../modules/auto-trading/auto-trading.service.js';
import type { MarketService } from '../modules/market/market.service.js';
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

/** What the client's screens show of an account, read on the node that holds its book. */
export interface AccountView {
  positions: PositionsPayload;
  balance: BalancePayload;
  orders?: OrdersPayload;
}

type AdjustCommand = Parameters<Engine['adjustBalance']>[0];
/** The client's auto-trading calls that read or change the account's runner, which lives with its book. */
export type AutoMethod = 'overview' | 'saveSettings' | 'setEnabled' | 'journal' | 'backtest';
type AutoArgs<M extends AutoMethod> =
  Parameters<AutoTradingService[M]> extends [number, ...infer R] ? R : never;
type AutoResult<M extends AutoMethod> = Awaited<ReturnType<AutoTradingService[M]>>;
type CloseCommand = Parameters<Engine['close']>[0];

/**
 * Everything outside the engine's own module asks of one account's book (decision 0022). On one node it
 * is the local engine; in a cluster the request runs on the node owning the account's shard, here or over Redis.
 * Every value crosses as a structured clone (node:v8).
 */
export interface TradingGateway {
  /** Loads the account into its book; false for an unknown account. */
  ensure(accountId: number): Promise<boolean>;
  /** The account's settings changed in the database (staff, profile): its book reloads them. */
  refresh(accountId: number): Promise<void>;
  /** Positions, balance and (withOrders) orders; undefined for an unknown account. */
  view(accountId: number, withOrders?: boolean): Promise<AccountView | undefined>;
  position(accountId: number, positionId: number): Promise<PositionDto | undefined>;
  /** A client's `/trading` command (validated), answered as its ack. */
  command(name: TradeCommandName, accountId: number, input: unknown): Promise<TradeAck>;
  adjustBalance(command: AdjustCommand): Promise<CommandOutcome>;
  close(command: CloseCommand): Promise<CommandOutcome>;
  /** Every open position with its account's figures, across all nodes (the dealing desk). */
  deskPositions(): Promise<DeskPosition[]>;
  /** The client's auto-trading page and switch, run where the account's strategy runs. */
  auto<M extends AutoMethod>(accountId: number, method: M, ...args: AutoArgs<M>): Promise<AutoResult<M>>;
}

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
      const { method, args: rest } = args as { method: AutoMethod; args: unknown[] };
      const call = autoTrading[method] as (id: number, ...more: unknown[]) => Promise<unknown>;
      return call.call(autoTrading, accountId, ...rest);
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
    command: (name, accountId, input) => call<TradeAck>('command', accountId, { name, input }),
    adjustBalance: (command) => call<CommandOutcome>('adjust', command.accountId, command),
    close: (command) => call<CommandOutcome>('close', command.accountId, command),
    auto: (accountId, method, ...args) => call('auto', accountId, { method, args }),
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
