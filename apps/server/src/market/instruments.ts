/**
 * The instrument catalogue (spec §3 Asset): one data file, `instruments.json`, validated
 * with zod when it is loaded, so a bad edit fails at start-up with a message naming the instrument
 * and the field instead of producing odd prices later.
 */
import { z } from 'zod';
import catalogueData from './instruments.json' with { type: 'json' };
import { type TradingHours, tradingHoursProblems, WEEKDAYS } from './market-hours.js';

/** Asset categories (spec §3) with their fixed ids (the asset_categories rows of seed/seed.ts). */
export const CATEGORY_IDS = Object.freeze({
  forex: 1,
  stocks: 2,
  crypto: 3,
  commodities: 4,
  index: 5,
} as const);
export const CATEGORY_NAMES = ['forex', 'stocks', 'crypto', 'commodities', 'index'] as const;
export type CategoryName = (typeof CATEGORY_NAMES)[number];
export type CategoryId = (typeof CATEGORY_IDS)[CategoryName];

// The candle store keeps prices as 32-bit integers of points (price × 10^precision); a reference
// price needs this much headroom so a walk that multiplies it a hundredfold still fits.
const POINTS_HEADROOM = 100;
const MAX_POINTS = 2 ** 31 - 1;

export interface Instrument {
  /** Platform symbol, e.g. "BTCUSD", "EURUSD", "AAPL", "GOLD" (the /platform/{symbol} route). */
  readonly symbol: string;
  /** Exchange-prefixed name, e.g. "BINANCE:BTCUSDT", "FX:EURUSD", "NASDAQ:AAPL", "TVC:GOLD". */
  readonly exchangeName: string;
  /** Name shown to people, e.g. "Bitcoin / US Dollar". */
  readonly displayName: string;
  readonly category: CategoryName;
  readonly categoryId: CategoryId;
  /** ISO 4217 currency the price is quoted in. */
  readonly currency: string;
  /** Decimals of a quoted price. */
  readonly precision: number;
  /** Units of the instrument in one lot: 100,000 for a currency pair, 100 oz of GOLD, 1 share or coin. */
  readonly contractSize: number;
  /** The smallest price step, 10^−precision. */
  readonly pointSize: number;
  /** Typical spread (ask − bid), in price units. */
  readonly spread: number;
  /** A plausible mid price (late-2026 level), where the simulated market starts by default. */
  readonly referencePrice: number;
  /** Annualised volatility (0.5 = 50 %), measured over trading time, jumps included. */
  readonly volatility: number;
  /** Expected number of price jumps per trading year (the category's model). */
  readonly jumpsPerYear: number;
  /** Standard deviation of a jump's log size (0.03 ≈ 3 %). */
  readonly jumpSize: number;
  /** A quote older than this many ms makes the instrument unavailable (architecture §5). */
  readonly stalenessMs: number;
  /** Id of the trading-hours schedule in the data file, e.g. "us-equities". */
  readonly scheduleId: string;
  readonly hours: TradingHours;
}

export interface Catalogue {
  readonly instruments: readonly Instrument[];
  /** The instrument with this exact symbol. */
  get(symbol: string): Instrument | undefined;
  /** Like `get`, but throws for an unknown symbol. */
  require(symbol: string): Instrument;
  inCategory(category: CategoryName): readonly Instrument[];
  /**
   * The instrument a loose reference means: a symbol ("btcusd"), an exchange-prefixed name
   * ("NASDAQ:AAPL"), or the part after a colon with USDT read as USD ("BINANCE:ETHUSDT" → ETHUSD, spec §2).
   */
  resolve(query: string): Instrument | undefined;
}

/** The data file is invalid; `issues` lists every problem found. */
export class CatalogueError extends Error {
  constructor(
    readonly source: string,
    readonly issues: readonly string[],
  ) {
    super(`Instrument catalogue ${source} is invalid:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'CatalogueError';
  }
}

const clockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'expected a time HH:MM from 00:00 to 24:00');

const SessionSchema = z.strictObject({
  days: z.array(z.enum(WEEKDAYS)).min(1),
  open: clockTime,
  close: clockTime,
});

const HoursSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('always'), description: z.string().optional() }),
  z.strictObject({
    kind: z.literal('weekly'),
    timeZone: z.string().min(1),
    sessions: z.array(SessionSchema).min(1),
    description: z.string().optional(),
  }),
]);

const CategoryModelSchema = z.strictObject({
  stalenessMs: z.number().int().min(100).max(3_600_000),
  jumpsPerYear: z.number().min(0).max(250),
  jumpSize: z.number().min(0).max(0.5),
});

const InstrumentSchema = z.strictObject({
  symbol: z.string().regex(/^[A-Z0-9]{1,12}$/, 'expected 1–12 capital letters or digits'),
  exchangeName: z.string().regex(/^[A-Z0-9_]+:[A-Z0-9._!]+$/, 'expected EXCHANGE:TICKER'),
  displayName: z.string().min(1).max(80),
  category: z.enum(CATEGORY_NAMES),
  currency: z.string().regex(/^[A-Z]{3}$/, 'expected an ISO 4217 code'),
  precision: z.number().int().min(0).max(8),
  contractSize: z.number().int().positive().max(10_000_000),
  spread: z.number().positive(),
  referencePrice: z.number().positive(),
  volatility: z.number().positive().max(3),
  stalenessMs: z.number().int().min(100).max(3_600_000),
  hours: z.string().min(1),
});

const FileSchema = z.strictObject({
  $comment: z.string().optional(),
  version: z.literal(1),
  categories: z.strictObject({
    forex: CategoryModelSchema,
    stocks: CategoryModelSchema,
    crypto: CategoryModelSchema,
    commodities: CategoryModelSchema,
    index: CategoryModelSchema,
  }),
  schedules: z.record(z.string().regex(/^[a-z0-9-]+$/, 'expected a kebab-case id'), HoursSchema),
  instruments: z.array(InstrumentSchema).min(1),
});

type CatalogueFile = z.infer<typeof FileSchema>;

/** Validates catalogue data (the parsed JSON) and builds the typed catalogue; throws `CatalogueError`. */
export function parseCatalogue(data: unknown, source = 'instruments.json'): Catalogue {
  const parsed = FileSchema.safeParse(data);
  if (!parsed.success) {
    throw new CatalogueError(
      source,
      parsed.error.issues.map((issue) => `${describePath(data, issue.path)}: ${issue.message}`),
    );
  }
  const file = parsed.data;
  const issues = crossCheck(file);
  if (issues.length > 0) throw new CatalogueError(source, issues);

  const schedules = new Map<string, TradingHours>(Object.entries(file.schedules));
  const instruments = file.instruments.map((raw): Instrument => {
    const model = file.categories[raw.category];
    return Object.freeze({
      symbol: raw.symbol,
      exchangeName: raw.exchangeName,
      displayName: raw.displayName,
      category: raw.category,
      categoryId: CATEGORY_IDS[raw.category],
      currency: raw.currency,
      precision: raw.precision,
      contractSize: raw.contractSize,
      pointSize: 10 ** -raw.precision,
      spread: raw.spread,
      referencePrice: raw.referencePrice,
      volatility: raw.volatility,
      jumpsPerYear: model.jumpsPerYear,
      jumpSize: model.jumpSize,
      stalenessMs: raw.stalenessMs,
      scheduleId: raw.hours,
      hours: schedules.get(raw.hours) as TradingHours,
    });
  });
  return buildCatalogue(instruments);
}

let bundled: Catalogue | undefined;

/** The catalogue shipped in `instruments.json`, validated once. */
export function loadCatalogue(): Catalogue {
  bundled ??= parseCatalogue(catalogueData);
  return bundled;
}

function buildCatalogue(list: Instrument[]): Catalogue {
  const instruments = Object.freeze(list);
  const bySymbol = new Map(instruments.map((i) => [i.symbol, i]));
  const byExchangeName = new Map(instruments.map((i) => [i.exchangeName, i]));
  const byCategory = new Map(
    CATEGORY_NAMES.map((c) => [c, Object.freeze(instruments.filter((i) => i.category === c))]),
  );
  return {
    instruments,
    get: (symbol) => bySymbol.get(symbol),
    require(symbol) {
      const instrument = bySymbol.get(symbol);
      if (!instrument) throw new Error(`Unknown instrument "${symbol}"`);
      return instrument;
    },
    inCategory: (category) => byCategory.get(category) ?? [],
    resolve(query) {
      const text = query.trim().toUpperCase();
      const direct = bySymbol.get(text) ?? byExchangeName.get(text);
      if (direct) return direct;
      const colon = text.lastIndexOf(':');
      if (colon < 0) return undefined;
      // spec §2: the symbol after the colon, with USDT replaced by USD
      return bySymbol.get(text.slice(colon + 1).replace(/USDT$/, 'USD'));
    },
  };
}

/** Rules across fields and records that a per-field schema cannot express. */
function crossCheck(file: CatalogueFile): string[] {
  const issues: string[] = [];
  for (const [id, hours] of Object.entries(file.schedules)) {
    for (const problem of tradingHoursProblems(hours)) issues.push(`schedules.${id}: ${problem}`);
  }
  for (const [category, model] of Object.entries(file.categories)) {
    if (model.jumpSize > 0 && model.jumpsPerYear === 0) {
      issues.push(`categories.${category}: jumpSize is set but jumpsPerYear is 0`);
    }
  }
  const symbols = new Set<string>();
  const exchangeNames = new Set<string>();
  file.instruments.forEach((i, index) => {
    const at = `instruments[${index}] (${i.symbol})`;
    if (symbols.has(i.symbol)) issues.push(`${at}: symbol ${i.symbol} is listed twice`);
    symbols.add(i.symbol);
    if (exchangeNames.has(i.exchangeName))
      issues.push(`${at}: exchangeName ${i.exchangeName} is listed twice`);
    exchangeNames.add(i.exchangeName);
    if (!(i.hours in file.schedules)) {
      issues.push(`${at}.hours: no schedule "${i.hours}" (known: ${Object.keys(file.schedules).join(', ')})`);
    }
    const point = 10 ** -i.precision;
    if (i.spread < point * (1 - 1e-9)) {
      issues.push(`${at}.spread: ${i.spread} is smaller than one price point (${point})`);
    }
    if (i.spread > i.referencePrice * 0.05) {
      issues.push(`${at}.spread: ${i.spread} is more than 5 % of the reference price ${i.referencePrice}`);
    }
    if (Math.abs(Math.round(i.referencePrice / point) * point - i.referencePrice) > point * 1e-6) {
      issues.push(
        `${at}.referencePrice: ${i.referencePrice} has more decimals than precision ${i.precision}`,
      );
    }
    if (i.referencePrice / point > MAX_POINTS / POINTS_HEADROOM) {
      issues.push(
        `${at}.precision: ${i.precision} decimals on a price of ${i.referencePrice} leave too little room`,
      );
    }
    const model = file.categories[i.category];
    // Volatility includes the jumps; the diffusion gets the rest, which must stay the larger share.
    if (model.jumpsPerYear * model.jumpSize ** 2 > 0.5 * i.volatility ** 2) {
      issues.push(
        `${at}.volatility: ${i.volatility} is too low for the ${i.category} jump model ` +
          `(jumps alone give ${Math.sqrt(model.jumpsPerYear * model.jumpSize ** 2).toFixed(3)})`,
      );
    }
  });
  return issues;
}

/** "instruments[3] (EURUSD).precision" for a zod issue path. */
function describePath(data: unknown, path: ReadonlyArray<PropertyKey>): string {
  if (path.length === 0) return '(file)';
  let text = '';
  let node: unknown = data;
  for (const key of path) {
    text += typeof key === 'number' ? `[${key}]` : `${text ? '.' : ''}${String(key)}`;
    node =
      node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined;
    if (typeof key === 'number' && node !== null && typeof node === 'object' && 'symbol' in node) {
      text += ` (${String((node as { symbol: unknown }).symbol)})`;
    }
  }
  return text;
}
