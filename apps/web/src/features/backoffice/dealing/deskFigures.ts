import type { DeskNearAccount } from '@openbroker/domain';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import type { AssetGroup } from './types.js';

/** The label of each asset class. */
export const GROUP_KEY: Record<AssetGroup, TranslationKey> = {
  forex: 'bod.group.forex',
  stocks: 'bod.group.stocks',
  crypto: 'bod.group.crypto',
  commodities: 'bod.group.commodities',
  index: 'bod.group.index',
};

/** up / down class for a signed figure (nothing for zero). */
export const tone = (value: number | null | undefined) =>
  value === null || value === undefined || value === 0 ? '' : value > 0 ? 'ob-up' : 'ob-down';

/** The risk band of a margin level against the account's brand levels (percent). */
export function marginBand(
  account: Pick<DeskNearAccount, 'marginLevel' | 'stopOutLevel' | 'marginCallLevel'>,
) {
  if (account.marginLevel <= account.stopOutLevel) return 'stopOut' as const;
  if (account.marginLevel < account.marginCallLevel) return 'marginCall' as const;
  if (account.marginLevel < account.marginCallLevel * 2) return 'watch' as const;
  return 'ok' as const;
}
