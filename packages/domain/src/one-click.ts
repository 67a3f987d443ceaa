import { z } from 'zod';
import { LEVERAGE_MAX } from './bounds.js';
import { AMOUNT_MIN } from './constants.js';
import { isWholeCents } from './money.js';

/**
 * One-click trading: with it on, the market list's and the chart's buy and sell buttons send a market trade at once,
 * at the current price, with the instrument's default size, without the ticket and without confirmation. A client
 * switches it on only with a risk acknowledgement (recorded with its time and session); it is kept on the server per
 * client, so it follows the client to every device, and can be switched off at any time.
 */

/** Largest default one-click amount (margin, account currency): a guard against a slip of the finger. */
export const ONE_CLICK_AMOUNT_MAX = 1_000_000;
/** The amount one click trades on an instrument without a default size of its own. */
export const ONE_CLICK_FALLBACK_AMOUNT = 100;
/** Instruments with a default size of their own a client may keep. */
export const ONE_CLICK_MAX_SIZES = 500;

/** A default one-click margin amount: from AMOUNT_MIN to ONE_CLICK_AMOUNT_MAX, whole cents. */
export const oneClickAmount = z
  .number('oneClick.amount')
  .min(AMOUNT_MIN, 'oneClick.amount')
  .max(ONE_CLICK_AMOUNT_MAX, 'oneClick.amount')
  .refine(isWholeCents, 'oneClick.amount');

/** A default leverage: a whole number from 1 to LEVERAGE_MAX (the trade itself checks the client may use it). */
export const oneClickLeverage = z
  .number('oneClick.leverage')
  .int('oneClick.leverage')
  .min(1, 'oneClick.leverage')
  .max(LEVERAGE_MAX, 'oneClick.leverage');

const sizeSymbol = z
  .string('oneClick.unknownSymbol')
  .trim()
  .min(1, 'oneClick.unknownSymbol')
  .max(32, 'oneClick.unknownSymbol')
  .regex(/^[A-Za-z0-9]+$/, 'oneClick.unknownSymbol')
  .transform((symbol) => symbol.toUpperCase());

/**
 * POST /api/trading-settings/one-click: switches one-click trading on (only with `acknowledged: true`, the ticked
 * risk acknowledgement) or off.
 */
export const OneClickSwitchInput = z.object({ on: z.boolean(), acknowledged: z.boolean().optional() });
export type OneClickSwitchInput = z.infer<typeof OneClickSwitchInput>;

/** POST /api/trading-settings/size: the default one-click size of an instrument (its margin amount and leverage). */
export const OneClickSizeInput = z.object({
  symbol: sizeSymbol,
  amount: oneClickAmount,
  leverage: oneClickLeverage,
});
export type OneClickSizeInput = z.infer<typeof OneClickSizeInput>;

/** The size one click trades on `symbol`: the client's default for it, else the fallback amount and no leverage. */
export function oneClickSizeFor(
  sizes: readonly { symbol: string; amount: number; leverage: number }[],
  symbol: string,
): { amount: number; leverage: number | null } {
  const own = sizes.find((s) => s.symbol === symbol);
  return own
    ? { amount: own.amount, leverage: own.leverage }
    : { amount: ONE_CLICK_FALLBACK_AMOUNT, leverage: null };
}
