import type { TradeUser } from '@openbroker/domain';

/** The user fields trading depends on, from the stored user (spec §3). */
export const tradeUserOf = (user: {
  verified_account: unknown;
  assets_group_permission?: unknown;
  custom_leverage?: unknown;
}): TradeUser => ({
  verified_account: user.verified_account as TradeUser['verified_account'],
  assets_group_permission: user.assets_group_permission as TradeUser['assets_group_permission'],
  custom_leverage: user.custom_leverage as TradeUser['custom_leverage'],
});
