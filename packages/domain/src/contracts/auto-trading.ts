/**
 * Back-office contracts of the auto trading area: every answer a staff route of this area gives (see common.ts).
 * GET /api/backoffice/auto-trading/brands lists AutoBrandStatus; …/brands/:id and its PUT answer AutoBrandDetail;
 * the kill switch answers AutoBrandKillSwitchAnswer.
 */
import { z } from 'zod';
import { STRATEGY_IDS, STRATEGY_TIMEFRAMES } from '../auto-trading/types.js';

/** What a brand offers of one strategy: whether clients may pick it, on which timeframes, within which ranges. */
export const AutoTradingOffer = z.object({
  offered: z.boolean(),
  timeframes: z.array(z.enum(STRATEGY_TIMEFRAMES)),
  /** By parameter name: the allowed range (inclusive), its step and its default. */
  ranges: z.record(
    z.string(),
    z.object({ min: z.number(), max: z.number(), step: z.number(), default: z.number() }),
  ),
});
export type AutoTradingOffer = z.infer<typeof AutoTradingOffer>;

/** One offer per strategy. */
export const AutoTradingOffers = z.object({ trend: AutoTradingOffer, meanReversion: AutoTradingOffer });
export type AutoTradingOffers = z.infer<typeof AutoTradingOffers>;

/** `brands.settings.autoTrading` as stored (BrandAutoTradingSettings); absent parts take the product's offer. */
export const AutoTradingStoredSettings = z.object({
  killed: z.boolean().optional(),
  killedAt: z.string().optional(),
  killedReason: z.string().optional(),
  strategies: z
    .object({ trend: AutoTradingOffer.partial(), meanReversion: AutoTradingOffer.partial() })
    .partial()
    .optional(),
  maxLeverage: z.number().int().optional(),
});
export type AutoTradingStoredSettings = z.infer<typeof AutoTradingStoredSettings>;

/** A brand's auto-trading at a glance (the brand picker's line). */
export const AutoBrandStatus = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  currency: z.string(),
  /** Strategies clients of the brand may pick now. */
  offered: z.array(z.enum(STRATEGY_IDS)),
  killed: z.boolean(),
  killedAt: z.string().nullable(),
  maxLeverage: z.number().int().nullable(),
  clientsOn: z.number().int(),
  openPositions: z.number().int(),
  /** Auto positions closed today (UTC) and their realised profit, in the brand's currency (decimal string). */
  today: z.object({ closed: z.number().int(), result: z.string() }),
});
export type AutoBrandStatus = z.infer<typeof AutoBrandStatus>;

/** GET /api/backoffice/auto-trading/brands: every brand in scope. */
export const AutoBrandStatusList = z.array(AutoBrandStatus);
export type AutoBrandStatusList = z.infer<typeof AutoBrandStatusList>;

/** One brand's auto-trading as the screen edits it. */
export const AutoBrandDetail = AutoBrandStatus.extend({
  /** What the brand stored (`settings.autoTrading`); null: nothing, the product's offer. */
  settings: AutoTradingStoredSettings.nullable(),
  /** The offer clients get: the product's narrowed by the brand. */
  offers: AutoTradingOffers,
  /** The product's offer, the outer bounds of every range. */
  product: AutoTradingOffers,
  /** The kill switch: its state and its last change (who, when, why). */
  kill: z.object({
    killed: z.boolean(),
    at: z.string().nullable(),
    reason: z.string().nullable(),
    by: z.string().nullable(),
  }),
});
export type AutoBrandDetail = z.infer<typeof AutoBrandDetail>;

/** The kill switch's answer: the brand, and how many accounts it switched off (null when it let them on again). */
export const AutoBrandKillSwitchAnswer = AutoBrandDetail.extend({ stopped: z.number().int().nullable() });
export type AutoBrandKillSwitchAnswer = z.infer<typeof AutoBrandKillSwitchAnswer>;
