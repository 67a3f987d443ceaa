import type { AutoTarget, AutoTradingService } from './auto-trading.service.js';

/** The client's auto-trading calls that read or change the account's runner, which lives with its book. */
export type AutoMethod = 'overview' | 'saveSettings' | 'setEnabled' | 'journal' | 'backtest';
export type AutoArgs<M extends AutoMethod> =
  Parameters<AutoTradingService[M]> extends [AutoTarget, ...infer R] ? R : never;
export type AutoResult<M extends AutoMethod> = Awaited<ReturnType<AutoTradingService[M]>>;

/**
 * The client's auto-trading page and switch, run where the account's strategy runs: this node on one node; in a
 * cluster the node owning the account's shard (cluster/gateway.ts).
 */
export interface AutoTradingCalls {
  /**
   * `who.userId` is the client the call is for; `who.accountId` the trading account it acts on (the session's current
   * account or the call's `accountId`, docs/accounts.md), whose shard's node runs the call.
   */
  auto<M extends AutoMethod>(
    who: { userId: number; accountId: number },
    method: M,
    ...args: AutoArgs<M>
  ): Promise<AutoResult<M>>;
}
