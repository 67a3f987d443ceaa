import {
  type AutoBrandDetail,
  type BrandAutoTradingInput,
  type FieldMessage,
  type Message,
  STRATEGY_IDS,
  STRATEGY_TIMEFRAMES,
  type StrategyId,
  type StrategyTimeframe,
} from '@openbroker/domain';

export const BOUNDS = ['min', 'default', 'max'] as const;
export type Bound = (typeof BOUNDS)[number];

/** One parameter as typed: the inputs' text, so a half-typed "1." stays as it is until saved. */
export type RangeDraft = Record<Bound, string>;

export interface StrategyDraft {
  offered: boolean;
  timeframes: StrategyTimeframe[];
  ranges: Record<string, RangeDraft>;
}

/** The form: both strategies and the leverage cap ('' = no cap). */
export interface OfferDraft {
  strategies: Record<StrategyId, StrategyDraft>;
  maxLeverage: string;
}

/** The form's starting point: the offer clients get now (the product's narrowed by the brand). */
export function draftOf(detail: Pick<AutoBrandDetail, 'offers' | 'maxLeverage'>): OfferDraft {
  const strategies = {} as Record<StrategyId, StrategyDraft>;
  for (const id of STRATEGY_IDS) {
    const offer = detail.offers[id];
    strategies[id] = {
      offered: offer.offered,
      timeframes: STRATEGY_TIMEFRAMES.filter((t) => offer.timeframes.includes(t)),
      ranges: Object.fromEntries(
        Object.entries(offer.ranges).map(([name, r]) => [
          name,
          { min: String(r.min), default: String(r.default), max: String(r.max) },
        ]),
      ),
    };
  }
  return { strategies, maxLeverage: detail.maxLeverage === null ? '' : String(detail.maxLeverage) };
}

/** A typed number; empty or unreadable text becomes NaN, which the domain's check names ("Enter a number"). */
const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** What PUT /api/backoffice/auto-trading/brands/:id takes. */
export function inputOf(draft: OfferDraft): BrandAutoTradingInput {
  const strategies: NonNullable<BrandAutoTradingInput['strategies']> = {};
  for (const id of STRATEGY_IDS) {
    const s = draft.strategies[id];
    strategies[id] = {
      offered: s.offered,
      timeframes: s.timeframes,
      ranges: Object.fromEntries(
        Object.entries(s.ranges).map(([name, r]) => [
          name,
          { min: numberOf(r.min), max: numberOf(r.max), default: numberOf(r.default) },
        ]),
      ),
    };
  }
  const cap = draft.maxLeverage.trim();
  return { strategies, maxLeverage: cap === '' ? null : Number(cap) };
}

/** The field a message belongs on: a timeframe's message goes on the strategy's timeframes. */
export function fieldOf(path: string): string {
  const timeframe = /^(strategies\.\w+\.timeframes)\.\d+$/.exec(path);
  return timeframe?.[1] ?? path;
}

/** Messages by field (the first per field), from the domain's check or the server's 400. */
export function errorsByField(
  errors: readonly Pick<FieldMessage, 'path' | 'key' | 'params'>[],
): Record<string, Message> {
  const out: Record<string, Message> = {};
  for (const e of errors) {
    const field = fieldOf(e.path);
    if (!Object.hasOwn(out, field)) out[field] = e.params ? { key: e.key, params: e.params } : { key: e.key };
  }
  return out;
}

export const rangePath = (id: StrategyId, param: string, bound: Bound) =>
  `strategies.${id}.ranges.${param}.${bound}`;
