/**
 * Back-office contracts of the dealing area: every answer a staff route of this area gives (see common.ts), and
 * the live desk of the `/backoffice` socket (its event names and what it pushes).
 *
 * Every amount carries its currency. Brands book in their own account currency, so the desk's figures are per
 * currency — an instrument traded by a EUR brand and a USD brand has one row per currency — and never summed
 * across currencies; totals in one reporting currency are converted on screen by `convertTotal` at the `rates`.
 */
import { z } from 'zod';
import { DESK_CLOSE_KINDS, DESK_GROUPS } from '../dealing-desk.js';
import { FxRateSchema } from '../fx.js';
import { Instant, StaffPage } from './common.js';
import { PositionDto } from './trading.js';

/** An exact amount with two decimals as the exposure answers it ("1234.50", "-20.00"). */
const DealingDecimal = z.string().regex(/^-?\d+\.\d{2}$/);

/** An open position across clients (the dealer's list): the client's PositionDto with whose it is. */
export const DealerPosition = PositionDto.extend({
  userId: z.number().int(),
  clientName: z.string(),
  pin: z.string(),
  brandSlug: z.string(),
  /** The trading account it belongs to ('L-100234-1'), and whether that is a demo account (virtual money). */
  accountNumber: z.string(),
  demo: z.boolean(),
  /** The account's currency: the amount's and the profit's. */
  currency: z.string(),
});
export type DealerPosition = z.infer<typeof DealerPosition>;

/** GET /api/backoffice/positions: open positions in scope, newest first, 50 a page. */
export const DealerPositionPage = StaffPage(DealerPosition);
export type DealerPositionPage = z.infer<typeof DealerPositionPage>;

/** Exposure per symbol over the open positions in scope; amounts are exact decimals. */
export const ExposureRow = z.object({
  symbol: z.string(),
  /** The account currency of every amount of the row: a symbol traded by brands of two currencies has two rows. */
  currency: z.string(),
  buyAmount: DealingDecimal,
  sellAmount: DealingDecimal,
  /** buyAmount − sellAmount. */
  net: DealingDecimal,
  positions: z.number().int(),
  /** Σ floating profit of these positions at the engine's current prices. */
  profit: DealingDecimal,
});
export type ExposureRow = z.infer<typeof ExposureRow>;

/** GET /api/backoffice/exposure: one row per symbol and account currency. */
export const ExposureRowList = z.array(ExposureRow);
export type ExposureRowList = z.infer<typeof ExposureRowList>;

const DeskGroup = z.enum(DESK_GROUPS);

/** Exposure in one account currency: volumes are notionals (amount × leverage); money with two decimals. */
export const DeskCurrencyFigures = z.object({
  currency: z.string(),
  longVolume: z.number(),
  shortVolume: z.number(),
  netVolume: z.number(),
  longMargin: z.number(),
  shortMargin: z.number(),
  positions: z.number().int(),
  longPositions: z.number().int(),
  shortPositions: z.number().int(),
  clientsProfit: z.number(),
  brokerProfit: z.number(),
});
export type DeskCurrencyFigures = z.infer<typeof DeskCurrencyFigures>;

/** One instrument's exposure in one currency (an instrument traded by brands of two currencies has two). */
export const DeskInstrumentExposure = DeskCurrencyFigures.extend({ symbol: z.string(), group: DeskGroup });
export type DeskInstrumentExposure = z.infer<typeof DeskInstrumentExposure>;

/** An asset class with its figures per currency (none where nothing is open). */
export const DeskGroupExposure = z.object({ group: DeskGroup, currencies: z.array(DeskCurrencyFigures) });
export type DeskGroupExposure = z.infer<typeof DeskGroupExposure>;

/** An account near its stop-out: its margin figures at the latest prices, named, with its brand's levels. */
export const DeskNearAccount = z.object({
  userId: z.number().int(),
  /** The trading account near its stop-out ('L-100234-1'); null when it could not be named. */
  accountNumber: z.string().nullable(),
  brandId: z.number().int().nullable(),
  clientName: z.string(),
  pin: z.string().nullable(),
  brandSlug: z.string(),
  currency: z.string(),
  balance: z.number(),
  equity: z.number(),
  usedMargin: z.number(),
  /** Equity ÷ used margin × 100, two decimals. */
  marginLevel: z.number(),
  positions: z.number().int(),
  /** The brand's levels, percent: at or below stopOutLevel it is closed, below marginCallLevel warned. */
  stopOutLevel: z.number(),
  marginCallLevel: z.number(),
});
export type DeskNearAccount = z.infer<typeof DeskNearAccount>;

/** GET /api/backoffice/dealing/desk and the socket's `dealing.desk`: the live desk of the clients in scope. */
export const DeskSnapshot = z.object({
  at: z.string(),
  brandId: z.number().int().nullable(),
  /** Time the computation took, ms (the figures only). */
  computeMs: z.number(),
  /** The account currencies of the open positions in view, sorted. */
  currencies: z.array(z.string()),
  /** One row per instrument and currency. */
  instruments: z.array(DeskInstrumentExposure),
  /** Every asset class, each with its figures per currency (none where nothing is open). */
  groups: z.array(DeskGroupExposure),
  totals: z.object({ accounts: z.number().int(), currencies: z.array(DeskCurrencyFigures) }),
  /** Accounts with margin in use, lowest margin level first. */
  nearest: z.array(DeskNearAccount),
  /** The feed's rates between the account currencies (those it has a price for), for converted totals. */
  rates: z.array(FxRateSchema),
});
export type DeskSnapshot = z.infer<typeof DeskSnapshot>;

/** Why a position closed, as the desk names it. */
export const DeskCloseKind = z.enum(DESK_CLOSE_KINDS);
export type DeskCloseKind = z.infer<typeof DeskCloseKind>;

/** One close of the stream (GET …/dealing/closes and the socket's `dealing.closed`); `profit` in the account `currency`. */
export const DeskClose = z.object({
  positionId: z.number().int(),
  userId: z.number().int(),
  /** The trading account it belonged to, and whether that is a demo account (virtual money). */
  accountNumber: z.string(),
  demo: z.boolean(),
  clientName: z.string(),
  brandId: z.number().int(),
  brandSlug: z.string(),
  currency: z.string(),
  symbol: z.string(),
  direction: z.enum(['buy', 'sell']),
  amount: z.number(),
  leverage: z.number(),
  kind: DeskCloseKind,
  /** The engine's finer cause (manual, stop_loss, take_profit, loss_termination, stop_out, broker); null on old rows. */
  cause: z.string().nullable(),
  closingReason: z.number().int().nullable(),
  closedRate: z.number().nullable(),
  quote: z.object({ buy: z.number(), sell: z.number() }).nullable(),
  profit: z.number().nullable(),
  /** The staff reason of a broker close. */
  reason: z.string().nullable(),
  partial: z.boolean(),
  at: Instant,
});
export type DeskClose = z.infer<typeof DeskClose>;

/** GET /api/backoffice/dealing/closes: the latest closes in scope, newest first. */
export const DeskCloseList = z.array(DeskClose);
export type DeskCloseList = z.infer<typeof DeskCloseList>;

/** A brand in scope with the symbols halted for its clients. */
export const DealingBrandHalts = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  halted: z.array(z.string()),
});
export type DealingBrandHalts = z.infer<typeof DealingBrandHalts>;

/** GET /api/backoffice/dealing/halts. */
export const DealingBrandHaltsList = z.array(DealingBrandHalts);
export type DealingBrandHaltsList = z.infer<typeof DealingBrandHaltsList>;

/**
 * What the halts panel reads of the public instrument list (GET /api/market/instruments) to offer the symbols a
 * halt can name; the rest of each instrument is left out.
 */
export const DealingInstrumentChoice = z.object({
  symbol: z.string(),
  displayName: z.string(),
  category: z.string(),
});
export type DealingInstrumentChoice = z.infer<typeof DealingInstrumentChoice>;

export const DealingInstrumentChoiceList = z.array(DealingInstrumentChoice);
export type DealingInstrumentChoiceList = z.infer<typeof DealingInstrumentChoiceList>;

/** A halt, a resume or a replaced list (…/brands/:id/halted-symbols): the brand's halted symbols after it. */
export const DealingHaltedSymbols = z.object({ brandId: z.number().int(), halted: z.array(z.string()) });
export type DealingHaltedSymbols = z.infer<typeof DealingHaltedSymbols>;

/** POST /api/backoffice/clients/:id/positions/:positionId/close: the position as closed. */
export const DealerCloseAnswer = z.object({ position: PositionDto });
export type DealerCloseAnswer = z.infer<typeof DealerCloseAnswer>;

/**
 * The live desk over the `/backoffice` socket: a staff socket sends `subscribe` ({brandId?}, acknowledged), then
 * gets `desk` (a DeskSnapshot) at once and every second and `closed` (a DeskClose) for each close in its scope;
 * `unsubscribe` ends it.
 */
export const DEALING_EVENTS = {
  subscribe: 'dealing.subscribe',
  unsubscribe: 'dealing.unsubscribe',
  desk: 'dealing.desk',
  closed: 'dealing.closed',
} as const;

/** What `dealing.subscribe` sends: no brand for every brand in scope. */
export const DealingSubscribe = z.object({ brandId: z.number().int().positive().optional() });
export type DealingSubscribe = z.infer<typeof DealingSubscribe>;

/** The acknowledgement of `dealing.subscribe`: ok, or why not (BAD_REQUEST, FORBIDDEN, NOT_FOUND, INTERNAL). */
export const DealingSubscribeAck = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type DealingSubscribeAck = z.infer<typeof DealingSubscribeAck>;
