import {
  type AutoTradingOverview,
  type AutoTradingSettings,
  DEFAULT_STRATEGY_OFFERS,
  defaultParams,
  type FieldMessage,
  type Message,
  STRATEGY_IDS,
  STRATEGY_PARAM_NAMES,
  type StrategyId,
  type StrategyOffer,
  type StrategyParams,
  type StrategyTimeframe,
  validateAutoTradingSettings,
} from '@openbroker/domain';

/**
 * The settings form's model: what the inputs hold (numbers as typed, so a half-typed "0," is not lost),
 * how it becomes the API's `AutoTradingSettings`, and how field messages (the domain's instant check and the
 * server's refusal) find their field.
 */
export interface SettingsForm {
  strategy: StrategyId;
  timeframe: StrategyTimeframe;
  /** By parameter name, as typed. */
  params: Record<string, string>;
  symbols: string[];
  amountMode: 'fixed' | 'percent';
  amountValue: string;
  maxPositions: string;
  maxLeverage: string;
  dailyLossLimit: string;
  drawdownLimit: string;
  closeOnLimit: boolean;
}

/** The numeric parameters of each strategy, in the order the form shows them (the domain's list). */
export const PARAM_NAMES: Readonly<Record<StrategyId, readonly string[]>> = STRATEGY_PARAM_NAMES;

type Offers = AutoTradingOverview['offers'];

/** The brand's offers as the domain's validator reads them: the listed ones offered, the rest not. */
export function offersById(offers: Offers): Record<StrategyId, StrategyOffer> {
  const out = {} as Record<StrategyId, StrategyOffer>;
  for (const id of STRATEGY_IDS) {
    const own = offers.find((offer) => offer.id === id);
    out[id] = own
      ? { offered: true, timeframes: own.timeframes, ranges: own.ranges }
      : { ...DEFAULT_STRATEGY_OFFERS[id], offered: false };
  }
  return out;
}

const text = (value: number): string => (Number.isFinite(value) ? String(value) : '');

function paramsForm(params: StrategyParams): Record<string, string> {
  const values = params as unknown as Record<string, number>;
  return Object.fromEntries(
    PARAM_NAMES[params.strategy].map((name) => [name, text(values[name] ?? Number.NaN)]),
  );
}

/** A fresh choice of `strategy` within the brand's offer (its defaults, keeping the timeframe when offered). */
export function withStrategy(form: SettingsForm, strategy: StrategyId, offers: Offers): SettingsForm {
  const offer = offersById(offers)[strategy];
  const params = defaultParams(strategy, offer);
  const timeframe = offer.timeframes.includes(form.timeframe) ? form.timeframe : params.timeframe;
  return { ...form, strategy, timeframe, params: paramsForm(params) };
}

/** The leverages the client may give the strategy: those allowed on the instruments, up to the brand's cap. */
export function leverageChoices(overview: AutoTradingOverview, symbols: readonly string[]): number[] {
  const chosen = overview.instruments.filter((i) => symbols.length === 0 || symbols.includes(i.symbol));
  const all = new Set<number>();
  for (const instrument of chosen.length > 0 ? chosen : overview.instruments)
    for (const leverage of instrument.leverages)
      if (overview.maxLeverage == null || leverage <= overview.maxLeverage) all.add(leverage);
  return [...all].sort((a, b) => a - b);
}

/** The form for the saved settings, or a careful start within the brand's offer when none are saved. */
export function formFromOverview(overview: AutoTradingOverview): SettingsForm {
  const saved = overview.settings;
  if (saved) {
    const { params, limits } = saved;
    return {
      strategy: params.strategy,
      timeframe: params.timeframe,
      params: paramsForm(params),
      symbols: [...limits.symbols],
      amountMode: limits.amount.mode,
      amountValue: text(limits.amount.value),
      maxPositions: text(limits.maxPositions),
      maxLeverage: text(limits.maxLeverage),
      dailyLossLimit: text(limits.dailyLossLimit),
      drawdownLimit: text(limits.drawdownLimit),
      closeOnLimit: limits.closeOnLimit,
    };
  }
  const strategy = overview.offers[0]?.id ?? 'trend';
  const leverages = leverageChoices(overview, []);
  // a modest start: the client raises what they want; 1:10 or the highest allowed below it
  const leverage = leverages.filter((l) => l <= 10).at(-1) ?? leverages[0] ?? 1;
  const start: SettingsForm = {
    strategy,
    timeframe: '1h',
    params: {},
    symbols: [],
    amountMode: 'fixed',
    amountValue: '100',
    maxPositions: '3',
    maxLeverage: String(leverage),
    dailyLossLimit: '100',
    drawdownLimit: '300',
    closeOnLimit: false,
  };
  return withStrategy(start, strategy, overview.offers);
}

/** A number as typed, with a decimal comma read as a point ("0,5" is 0.5 in German). */
const typed = (value: string): string => value.trim().replace(',', '.');

/** A number as typed; NaN when empty or unreadable. */
export function parseNumber(value: string): number {
  const text = typed(value);
  return text === '' ? Number.NaN : Number(text);
}

/** The API's settings from the form (numbers parsed; the validator says what is wrong with them). */
export function settingsFromForm(form: SettingsForm): AutoTradingSettings {
  const params = Object.fromEntries(
    PARAM_NAMES[form.strategy].map((name) => [name, parseNumber(form.params[name] ?? '')]),
  );
  return {
    params: { strategy: form.strategy, timeframe: form.timeframe, ...params } as StrategyParams,
    limits: {
      symbols: [...form.symbols],
      amount: { mode: form.amountMode, value: parseNumber(form.amountValue) },
      maxPositions: parseNumber(form.maxPositions),
      maxLeverage: parseNumber(form.maxLeverage),
      dailyLossLimit: parseNumber(form.dailyLossLimit),
      drawdownLimit: parseNumber(form.drawdownLimit),
      closeOnLimit: form.closeOnLimit,
    },
  };
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/** A key that is equal for equal settings, whatever order their fields or instruments come in. */
export function settingsKey(settings: AutoTradingSettings): string {
  return JSON.stringify(
    canonical({ ...settings, limits: { ...settings.limits, symbols: [...settings.limits.symbols].sort() } }),
  );
}

/** Every field a message can be shown at. */
export function fieldPaths(strategy: StrategyId): string[] {
  return [
    'params.strategy',
    'params.timeframe',
    ...PARAM_NAMES[strategy].map((name) => `params.${name}`),
    'limits.symbols',
    'limits.amount.value',
    'limits.maxPositions',
    'limits.maxLeverage',
    'limits.dailyLossLimit',
    'limits.drawdownLimit',
    'limits.closeOnLimit',
  ];
}

/**
 * The field a message belongs to: the server may name the body's `settings.` prefix, an instrument by its index
 * (`limits.symbols.2`) or the amount as a whole; anything else is the form's own message ('').
 */
export function fieldOf(path: string | readonly (string | number)[], strategy: StrategyId): string {
  let name = (Array.isArray(path) ? path.join('.') : String(path)).replace(/^settings\.?/, '');
  if (name === 'params') name = 'params.strategy';
  if (name.startsWith('limits.amount')) name = 'limits.amount.value';
  const known = fieldPaths(strategy);
  return known.find((field) => name === field || name.startsWith(`${field}.`)) ?? '';
}

/** Field messages by field (the first one per field, as every form of the app shows one at a time). */
export type FieldErrors = Record<string, Message>;

export function errorsByField(
  messages: readonly {
    path: string | readonly (string | number)[];
    key: Message['key'];
    params?: Message['params'];
  }[],
  strategy: StrategyId,
): FieldErrors {
  const out: FieldErrors = {};
  for (const { path, key, params } of messages) {
    const field = fieldOf(path, strategy);
    if (out[field]) continue;
    out[field] = params ? { key, params } : { key };
  }
  return out;
}

/** The domain's check of the form against the brand's offer, the leverage cap and the instruments (instant). */
export function validateForm(
  form: SettingsForm,
  overview: AutoTradingOverview,
): { settings: AutoTradingSettings | null; errors: FieldErrors } {
  // the inputs as typed: the domain tells an empty field ("Enter a value") from an unreadable one
  const candidate = {
    params: {
      strategy: form.strategy,
      timeframe: form.timeframe,
      ...Object.fromEntries(PARAM_NAMES[form.strategy].map((name) => [name, typed(form.params[name] ?? '')])),
    },
    limits: {
      symbols: form.symbols,
      amount: { mode: form.amountMode, value: typed(form.amountValue) },
      maxPositions: typed(form.maxPositions),
      maxLeverage: typed(form.maxLeverage),
      dailyLossLimit: typed(form.dailyLossLimit),
      drawdownLimit: typed(form.drawdownLimit),
      closeOnLimit: form.closeOnLimit,
    },
  };
  const result = validateAutoTradingSettings(candidate, {
    offers: offersById(overview.offers),
    maxLeverage: overview.maxLeverage,
    symbols: overview.instruments.map((instrument) => instrument.symbol),
  });
  if (result.ok) return { settings: result.value, errors: {} };
  return { settings: null, errors: errorsByField(result.errors as FieldMessage[], form.strategy) };
}
