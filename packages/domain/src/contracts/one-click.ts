import { z } from 'zod';

/**
 * Client-area contract of the trading settings (/api/trading-settings…): one-click trading, its acknowledgement
 * and the default one-click sizes. Every route answers the client's whole settings.
 */

/** The default one-click size of one instrument. */
export const OneClickSize = z.object({ symbol: z.string(), amount: z.number(), leverage: z.number().int() });
export type OneClickSize = z.infer<typeof OneClickSize>;

export const TradingSettings = z.object({
  /** One-click trading is on: the list's and the chart's buttons trade at once. */
  oneClick: z.boolean(),
  /** When the client last gave the risk acknowledgement (ISO 8601 UTC); null when never. */
  acknowledgedAt: z.string().nullable(),
  /** The client's default sizes, by symbol; an instrument without one trades the fallback amount. */
  sizes: z.array(OneClickSize),
});
export type TradingSettings = z.infer<typeof TradingSettings>;
