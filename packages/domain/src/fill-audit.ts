import { z } from 'zod';
import { brandQuote, type QuoteTerms, tickDecimals } from './brand-quote.js';
import type { Markup } from './costs.js';
import { type Numeric, toDecimal } from './money.js';

/**
 * The fill audit: for any fill of a client's position (its open, and its close by the client, a level, a stop-out or
 * the broker), what the feed quoted, the brand's markup then in force, the brand quote the engine dealt at, and the
 * check that the fill price is that quote on the right side — buys open at the ask (the brand's buy price), sells at
 * the bid (its sell price); a close takes the opposite side.
 */

/** Which end of a position a fill is. */
export const FILL_KINDS = ['open', 'close'] as const;
export type FillKind = (typeof FILL_KINDS)[number];

/** The quote side a fill must be at: 'buy' (the ask side) or 'sell' (the bid side). */
export function fillSide(kind: FillKind, direction: 'buy' | 'sell'): 'buy' | 'sell' {
  if (kind === 'open') return direction;
  return direction === 'buy' ? 'sell' : 'buy';
}

export interface FillCheckInput {
  kind: FillKind;
  direction: 'buy' | 'sell';
  /** The price the position opened or closed at. */
  fillPrice: Numeric;
  /** The raw feed quote the engine held at the fill (bid: where the feed sells, ask: where it buys). */
  feed: { bid: Numeric; ask: Numeric };
  /** The brand's quote terms then in force: its markup for the group, the pip and the tick. */
  terms: QuoteTerms;
  /** The brand quote the engine recorded with the fill. */
  quote: { buy: Numeric; sell: Numeric };
}

export interface FillCheck {
  side: 'buy' | 'sell';
  /** The brand quote computed again from the feed quote and the terms (`brandQuote`). */
  recomputed: { buy: number; sell: number };
  /** Whether the recorded brand quote is the one the feed quote and the markup give. */
  quoteMatches: boolean;
  /** The price the fill had to be at: the recomputed brand quote's side. */
  expected: number;
  /** fill price − expected, exact (0 when the check passes). */
  difference: number;
  /** The fill was at the brand's quote at execution, on the right side. */
  pass: boolean;
}

/** Checks a fill against the brand quote of the feed quote it was dealt at (exact decimals). */
export function checkFill(input: FillCheckInput): FillCheck {
  const side = fillSide(input.kind, input.direction);
  const recomputed = brandQuote({ buy: Number(input.feed.ask), sell: Number(input.feed.bid) }, input.terms);
  const quoteMatches =
    toDecimal(input.quote.buy).equals(toDecimal(recomputed.buy)) &&
    toDecimal(input.quote.sell).equals(toDecimal(recomputed.sell));
  const expected = toDecimal(recomputed[side]);
  const difference = toDecimal(input.fillPrice).minus(expected);
  return {
    side,
    recomputed: { buy: Number(recomputed.buy), sell: Number(recomputed.sell) },
    quoteMatches,
    expected: expected.toNumber(),
    difference: difference.toDecimalPlaces(tickDecimals(input.terms.tick) + 2).toNumber(),
    pass: quoteMatches && difference.isZero(),
  };
}

/** How the markup reads to a client: "0.3 %" or "1.5 pips". */
export function markupLabel(markup: Markup): string {
  return markup.unit === 'percent' ? `${markup.value} %` : `${markup.value} pips`;
}

// -------------------------------------------------------------------------------------------------- contracts

/** A raw feed quote: bid and ask at a time (ISO UTC). */
export const FillAuditQuote = z.object({ at: z.string(), bid: z.number(), ask: z.number() });
export type FillAuditQuote = z.infer<typeof FillAuditQuote>;

/**
 * The feed's quotes around a fill (a minute either side), written once the minute after it passed: 'pending' until
 * then, 'complete' when every quote of the window was kept, 'partial' when part of it was lost (the server restarted
 * within it): the quotes known are kept and the window says so.
 */
export const FILL_WINDOW_STATES = ['pending', 'complete', 'partial'] as const;
export const FillAuditWindow = z.object({
  state: z.enum(FILL_WINDOW_STATES),
  from: z.string(),
  until: z.string(),
  quotes: z.array(FillAuditQuote),
});
export type FillAuditWindow = z.infer<typeof FillAuditWindow>;

/** GET /api/fill-audit/{positionId}/{kind}: one fill of the signed-in client, with its check. */
export const FillAudit = z.object({
  positionId: z.number().int(),
  kind: z.enum(FILL_KINDS),
  symbol: z.string(),
  direction: z.enum(['buy', 'sell']),
  /** What made the fill: 'client', 'order' (a pending order filled), or a close's cause (stop_loss, take_profit…). */
  cause: z.string(),
  filledAt: z.string(),
  fillPrice: z.number(),
  feed: FillAuditQuote,
  markup: z.object({ unit: z.enum(['percent', 'pips']), value: z.number() }),
  pipSize: z.number(),
  tick: z.number().nullable(),
  quote: z.object({ buy: z.number(), sell: z.number() }),
  check: z.object({
    side: z.enum(['buy', 'sell']),
    recomputed: z.object({ buy: z.number(), sell: z.number() }),
    quoteMatches: z.boolean(),
    expected: z.number(),
    difference: z.number(),
    pass: z.boolean(),
  }),
  window: FillAuditWindow,
});
export type FillAudit = z.infer<typeof FillAudit>;

export const FillAuditParams = z.object({
  positionId: z.coerce
    .number({ error: 'field.invalid' })
    .int({ message: 'field.invalid' })
    .positive({ message: 'field.invalid' })
    .max(2_147_483_647, { message: 'field.invalid' }),
  kind: z.enum(FILL_KINDS, { error: 'field.invalid' }),
});
