/**
 * Trading costs from brand settings: the spread markup on top of the feed, the commission charged at
 * open and the overnight financing (swap) charged at the daily rollover, per instrument group; and the trading
 * profile that carries them with the margin-call and stop-out levels and the jurisdiction's leverage caps.
 */
import { z } from 'zod';
import { SLIPPAGE, STOP_OUT_LEVEL_DEFAULT } from './constants.js';
import type { JurisdictionPreset, LeverageClass } from './leverage-classes.js';
import { Dec, type Money, type Numeric, roundMoney, toDecimal } from './money.js';
import type { Direction } from './pricing.js';

/** Milliseconds since the Unix epoch (domain rules never read a clock: `now` is an argument). */
export type Millis = number;

/** Instrument groups: the `category` of instruments.json. */
export const INSTRUMENT_GROUPS = ['forex', 'stocks', 'crypto', 'commodities', 'index'] as const;
export type InstrumentGroup = (typeof INSTRUMENT_GROUPS)[number];

/** Spread markup per side on top of the feed: `percent` of the feed price (0.025 = spec §5) or a number of pips. */
export interface Markup {
  unit: 'percent' | 'pips';
  value: number;
}

/**
 * Commission charged once at open: `perLot` = EUR per LOT_NOTIONAL (100,000 EUR) of notional, `percent` = % of the
 * notional (amount × leverage).
 */
export interface Commission {
  unit: 'perLot' | 'percent';
  value: number;
}

/**
 * Overnight financing. `long`/`short`: annual % of the notional (negative = the client pays, positive = the client
 * receives), charged per night at the daily rollover (22:00 UTC) on a 360-day year; `tripleDay`: the UTC weekday of
 * the rollover charged 3 nights (0 Sunday … 6 Saturday, 3 = Wednesday for forex), null for none; `weekends`: whether
 * Saturday and Sunday rollovers are charged (false for forex and stocks, true for crypto).
 */
export interface Swap {
  long: number;
  short: number;
  tripleDay: 0 | 1 | 2 | 3 | 4 | 5 | 6 | null;
  weekends: boolean;
}

/** The costs of one instrument group. */
export interface GroupCosts {
  markup: Markup;
  commission: Commission;
  swap: Swap;
}

/** A brand's trading conditions: levels (fractions of used margin), costs per group and the leverage caps. */
export interface TradingProfile {
  /** Margin level (equity ÷ used margin) below which the client is warned; 1.0 = 100 %. */
  marginCallLevel: number;
  /** Margin level at or below which positions are closed (architecture §5); 0.5 = 50 %. */
  stopOutLevel: number;
  groups: Record<InstrumentGroup, GroupCosts>;
  /** Highest leverage per class; null = no caps (professional accounts without caps). */
  leverageCaps: Record<LeverageClass, number> | null;
  preset: JurisdictionPreset;
}

/** Notional of one lot, in EUR: a `perLot` commission is charged per this much exposure. */
export const LOT_NOTIONAL = 100_000;
/** Rollover time of day (UTC hour): swaps are charged at 22:00 UTC, end-of-day orders expire then. */
export const ROLLOVER_HOUR_UTC = 22;
/** Days of the year swap rates are divided by (money-market convention). */
export const SWAP_DAY_COUNT = 360;
/** Default margin-call level: 100 % of used margin. */
export const MARGIN_CALL_LEVEL_DEFAULT = 1;

/** Markup of today's behaviour: SLIPPAGE (0.00025 = 0.025 %) per side (spec §5 'Price sent'). */
export const DEFAULT_MARKUP: Markup = Object.freeze({ unit: 'percent', value: SLIPPAGE * 100 });
export const NO_COMMISSION: Commission = Object.freeze({ unit: 'perLot', value: 0 });
export const NO_SWAP: Swap = Object.freeze({ long: 0, short: 0, tripleDay: null, weekends: false });

const defaultGroup = (): GroupCosts => ({
  markup: { ...DEFAULT_MARKUP },
  commission: { ...NO_COMMISSION },
  swap: { ...NO_SWAP },
});

/**
 * Today's behaviour as a profile: markup 0.025 % per side in every group, no commission, no swap, stop-out 0.5,
 * margin call 1.0, no leverage caps, preset 'custom'.
 */
export const DEFAULT_TRADING_PROFILE: TradingProfile = Object.freeze({
  marginCallLevel: MARGIN_CALL_LEVEL_DEFAULT,
  stopOutLevel: STOP_OUT_LEVEL_DEFAULT,
  groups: {
    forex: defaultGroup(),
    stocks: defaultGroup(),
    crypto: defaultGroup(),
    commodities: defaultGroup(),
    index: defaultGroup(),
  },
  leverageCaps: null,
  preset: 'custom',
}) as TradingProfile;

// ------------------------------------------------------------------------------------------- schema

/** Limits of the brand settings' trading fields (TradingProfileSchema). */
export const COST_LIMITS = Object.freeze({
  markupPercentMax: 5,
  markupPipsMax: 10_000,
  commissionPerLotMax: 10_000,
  commissionPercentMax: 5,
  swapRateMin: -100,
  swapRateMax: 100,
  levelMax: 5,
  leverageCapMax: 1000,
});

const finite = z.number().refine(Number.isFinite, { message: 'must be a finite number' });

export const MarkupSchema = z.discriminatedUnion('unit', [
  z.object({ unit: z.literal('percent'), value: finite.min(0).max(COST_LIMITS.markupPercentMax) }),
  z.object({ unit: z.literal('pips'), value: finite.min(0).max(COST_LIMITS.markupPipsMax) }),
]);

export const CommissionSchema = z.discriminatedUnion('unit', [
  z.object({ unit: z.literal('perLot'), value: finite.min(0).max(COST_LIMITS.commissionPerLotMax) }),
  z.object({ unit: z.literal('percent'), value: finite.min(0).max(COST_LIMITS.commissionPercentMax) }),
]);

const swapRate = finite.min(COST_LIMITS.swapRateMin).max(COST_LIMITS.swapRateMax);
export const SwapSchema = z.object({
  long: swapRate,
  short: swapRate,
  tripleDay: z.union([z.literal([0, 1, 2, 3, 4, 5, 6]), z.null()]),
  weekends: z.boolean(),
});

export const GroupCostsSchema = z.object({
  markup: MarkupSchema,
  commission: CommissionSchema,
  swap: SwapSchema,
});

const leverageCap = z.number().int().min(1).max(COST_LIMITS.leverageCapMax);
export const LeverageCapsSchema = z.object({
  forexMajor: leverageCap,
  forexMinor: leverageCap,
  goldMajorIndex: leverageCap,
  commodityMinorIndex: leverageCap,
  share: leverageCap,
  crypto: leverageCap,
});

/**
 * A TradingProfile as brand settings send it: markup percent 0..5 or pips 0..10,000, commission per lot 0..10,000
 * EUR or percent 0..5, swap rates −100..100 % a year, levels 0 < stopOut < marginCall ≤ 5, caps 1..1000 or null.
 */
export const TradingProfileSchema = z
  .object({
    marginCallLevel: finite.gt(0).max(COST_LIMITS.levelMax),
    stopOutLevel: finite.gt(0).max(COST_LIMITS.levelMax),
    groups: z.object({
      forex: GroupCostsSchema,
      stocks: GroupCostsSchema,
      crypto: GroupCostsSchema,
      commodities: GroupCostsSchema,
      index: GroupCostsSchema,
    }),
    leverageCaps: LeverageCapsSchema.nullable(),
    preset: z.enum(['esma', 'asic', 'professional', 'custom']),
  })
  .refine((p) => p.stopOutLevel < p.marginCallLevel, {
    path: ['stopOutLevel'],
    message: 'stopOutLevel must be below marginCallLevel',
  });

// ------------------------------------------------------------------------------------------- prices

const JPY = 'JPY';
const isJpyQuoted = (symbol: string) => symbol.toUpperCase().endsWith(JPY);

/**
 * Size of one pip of an instrument: forex 0.01 when the quote currency is JPY, else 0.0001; an index 1 point;
 * anything else one unit of its last quoted decimal (10^−precision).
 */
export function pipSize(symbol: string, group: InstrumentGroup, precision: number): number {
  if (group === 'forex') return isJpyQuoted(symbol) ? 0.01 : 0.0001;
  if (group === 'index') return 1;
  const digits = Number.isInteger(precision) && precision >= 0 ? precision : 2;
  return new Dec(10).pow(-digits).toNumber();
}

// ------------------------------------------------------------------------------------------- charges

/** Notional (exposure) of a position in EUR: amount (its margin) × leverage, unrounded. */
export function notionalOf(amount: Numeric, leverage: Numeric): number {
  return toDecimal(amount).times(toDecimal(leverage)).toNumber();
}

/**
 * Commission for a notional, in cents (half-up, ≥ 0): perLot → value × notional ÷ LOT_NOTIONAL; percent →
 * notional × value ÷ 100.
 */
export function commissionFor(c: Commission, notional: Numeric): Money {
  const n = toDecimal(notional).abs();
  const value = toDecimal(c.value);
  if (!(value.greaterThan(0) && n.greaterThan(0))) return roundMoney(0);
  const charge = c.unit === 'perLot' ? value.times(n).dividedBy(LOT_NOTIONAL) : n.times(value).dividedBy(100);
  return roundMoney(charge);
}

/**
 * Commission of a new position under a profile, in cents (half-up, ≥ 0): the group's commission (`commissionFor`)
 * on its notional amount × leverage. The engine charges it at open; the ticket shows it and counts it.
 */
export function commissionAtOpen(
  profile: TradingProfile,
  group: InstrumentGroup,
  amount: Numeric,
  leverage: Numeric,
): Money {
  return commissionFor(groupCosts(profile, group).commission, notionalOf(amount, leverage));
}

/**
 * Swap of a position over `nights`, as the balance change, in cents (half-up): notional × rate ÷ 100 ÷ 360 ×
 * nights with rate = swap.long for a buy and swap.short for a sell. Negative = the client pays.
 */
export function swapCharge(args: {
  direction: Direction;
  amount: Numeric;
  leverage: Numeric;
  swap: Swap;
  nights: number;
}): Money {
  const rate = args.direction === 'buy' ? args.swap.long : args.swap.short;
  if (rate === 0 || !(args.nights > 0)) return roundMoney(0);
  return roundMoney(
    toDecimal(args.amount)
      .times(toDecimal(args.leverage))
      .times(rate)
      .dividedBy(100)
      .dividedBy(SWAP_DAY_COUNT)
      .times(args.nights),
  );
}

/** The UTC calendar date 'YYYY-MM-DD' of a time. */
export function rolloverDay(at: Millis): string {
  return new Date(at).toISOString().slice(0, 10);
}

/**
 * Nights a rollover at `rolloverAt` charges: 0 when the instrument's calendar is closed that day
 * (`calendarOpen(rolloverDay, at)` false) or on a Saturday/Sunday rollover when `weekends` is false; 3 on the triple
 * day (the UTC weekday of the rollover); otherwise 1.
 */
export function swapNights(
  swap: Swap,
  rolloverAt: Millis,
  calendarOpen: (day: string, at: Millis) => boolean = () => true,
): number {
  const weekday = new Date(rolloverAt).getUTCDay();
  if (!swap.weekends && (weekday === 0 || weekday === 6)) return 0;
  if (!calendarOpen(rolloverDay(rolloverAt), rolloverAt)) return 0;
  return swap.tripleDay === weekday ? 3 : 1;
}

/** The costs of an instrument group in a profile (the default profile's when the group is missing). */
export function groupCosts(profile: TradingProfile, group: InstrumentGroup): GroupCosts {
  return profile.groups[group] ?? DEFAULT_TRADING_PROFILE.groups[group];
}
