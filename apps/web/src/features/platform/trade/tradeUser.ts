import { accountTradeRights, type TradeUser, type TradingAccountKind } from '@openbroker/domain';
import { useMemo } from 'react';
import { useAssets } from '../../../shared/market/useMarketData.js';
import { useCurrentAccount } from '../../../shared/trading-accounts/currentAccount.js';

/** The current account's kind and every category the market data knows (a demo account trades them all). */
export interface AccountRights {
  kind: TradingAccountKind;
  everyCategory: readonly number[];
}

/**
 * The user fields trading depends on, from the stored user (spec §3), as the current account trades under them
 * (domain `accountTradeRights`: a demo account is verified for every category, as the engine loads it).
 */
export const tradeUserOf = (
  user: {
    verified_account: unknown;
    assets_group_permission?: unknown;
    custom_leverage?: unknown;
  },
  account?: AccountRights | null,
): TradeUser => {
  const client = {
    verified: user.verified_account as boolean,
    permissions: user.assets_group_permission as TradeUser['assets_group_permission'],
  };
  const rights = accountTradeRights(account?.kind, client, account?.everyCategory ?? []);
  return {
    verified_account: rights.verified,
    assets_group_permission: rights.permissions,
    custom_leverage: user.custom_leverage as TradeUser['custom_leverage'],
  };
};

/** The current account's rights for `tradeUserOf` (null until the switcher has loaded the account list). */
export function useAccountRights(): AccountRights | null {
  const account = useCurrentAccount();
  const assets = useAssets();
  const kind = account?.kind;
  return useMemo(
    () =>
      kind
        ? {
            kind,
            everyCategory: [
              ...new Set([...assets.bySymbol.values()].map((asset) => asset.asset_category_id)),
            ],
          }
        : null,
    [kind, assets],
  );
}
