import type { BalancePayload, OrdersPayload, PositionDto, PositionsPayload } from '@openbroker/domain';
import type { CommandOutcome, DeskPosition, Engine } from '../../engine/index.js';
import type { ConversionQuotes } from '../trading-accounts/amount-in-brand-currency.js';
import type { TradeAck, TradeCommandName } from './trade-commands.js';

/** What the client's screens show of an account, read on the node that holds its book. */
export interface AccountView {
  positions: PositionsPayload;
  balance: BalancePayload;
  orders?: OrdersPayload;
}

type AdjustCommand = Parameters<Engine['adjustBalance']>[0];
type CloseCommand = Parameters<Engine['close']>[0];

/**
 * What the rest of the app asks of one account's book (decision 0022), wherever the book is held: this node's
 * engine on one node; in a cluster the engine of the node owning the account's shard (cluster/gateway.ts).
 */
export interface AccountBooks {
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
  /** The account's dealing quote between two currencies (`TradingService.conversionQuote`). */
  conversionQuote: ConversionQuotes['conversionQuote'];
  /** Every open position with its account's figures, across all nodes (the dealing desk). */
  deskPositions(): Promise<DeskPosition[]>;
}
