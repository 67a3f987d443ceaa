import { FALLBACK_LANGUAGE } from '@openbroker/domain';
import type { i18n as I18n } from 'i18next';

/**
 * how a text with values is rendered, for every `t(key, params)` of the app (the rule is installed on
 * the i18next instance, so screens need nothing of their own):
 *
 * 1. One language per message. The message is rendered in the active language when its template exists there
 *    and every value that is itself a catalogue text (a field title, 'Buy', an order type) exists there too;
 *    otherwise the whole message is English: English template, English titles, English numbers. So a partial
 *    language (it, es) never shows "Correo electrónico is required".
 * 2. Numbers for the message's language. Numeric values are formatted with Intl.NumberFormat of that language:
 *    numbers as they are, and the English-formatted strings the domain and the server put into messages
 *    (`formatMoney` '€ 9572.02', `formatPrice` '1.234560', `formatDepositLimit` '1,000,000', '150.0 %').
 *    Money keeps its currency symbol and its decimals ('9.572,02 €' in German). ISO dates become the
 *    language's dates.
 */

/** i18next's own options: never interpolation values. */
const OPTION_NAMES = new Set([
  'lng',
  'lngs',
  'fallbackLng',
  'ns',
  'defaultValue',
  'count',
  'context',
  'replace',
  'keyPrefix',
  'returnObjects',
  'returnDetails',
  'joinArrays',
  'postProcess',
  'interpolation',
  'skipInterpolation',
  'ordinal',
  'nsSeparator',
  'keySeparator',
  'appendNamespaceToMissingKey',
  'lngIfNotExists',
  'missingInterpolationHandler',
]);

/**
 * Values that are numbers but not quantities: identifiers, codes and counters read digit by digit
 * ('Position 12345', 'PIN 100234', 'version 3'). They keep their digits ungrouped.
 */
const IDENTIFIER = /^(id|\w*Id|pin|code|index|version|year|port|ticket|\w*Number|number)$/;
export const isIdentifierParam = (name: string): boolean => IDENTIFIER.test(name);

/** Currency symbols the money strings use, by ISO code (others keep their symbol in the locale's place). */
const SYMBOL_CURRENCY: Readonly<Record<string, string>> = {
  '€': 'EUR',
  $: 'USD',
  US$: 'USD',
  '£': 'GBP',
  '¥': 'JPY',
  '₣': 'CHF',
  Fr: 'CHF',
  zł: 'PLN',
  Kč: 'CZK',
  kr: 'SEK',
};

/** An English-formatted decimal: '1234.50', '-0.5', '1,000,000', '65,000.00' (grouping by threes only). */
const EN_DECIMAL = /^([+-]?)((?:[1-9]\d{0,2}(?:,\d{3})+)|\d+)(?:\.(\d+))?$/;
/** Money as the domain writes it, symbol first: '€ 9572.02', '€250', 'USD 10.00', '-€ 5.00', '€ -5.00'. */
const EN_MONEY = /^([+-]?)(\p{Sc}|[A-Z]{3}|[A-Za-z]{1,2}\$|Fr|zł|Kč|kr)\s?([+-]?[\d,]+(?:\.\d+)?)$/u;
/** A percentage: '150.0 %', '72.5%'. */
const EN_PERCENT = /^([+-]?[\d,]+(?:\.\d+)?)(\s?)%$/;
/** An ISO date or date-time: '2026-03-09', '2026-03-09T10:00:00.000Z'. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

interface Decimal {
  /** Plain decimal text for Intl (exact: no float rounding). */
  text: string;
  decimals: number;
}

/**
 * Reads an English-formatted decimal. Returns null when the text is not one, or when it could just as well be
 * a number already formatted for a language that groups with dots ('1.234' is 1234 in German): exactly three
 * decimals and no grouping is ambiguous and stays as written (the domain never writes three decimals: prices
 * have 6, 4 or 2, money 2, percentages 1).
 */
function readEnDecimal(raw: string): Decimal | null {
  const match = EN_DECIMAL.exec(raw);
  if (!match) return null;
  const [, sign = '', whole = '', fraction] = match;
  const grouped = whole.includes(',');
  if (fraction !== undefined && fraction.length === 3 && !grouped) return null;
  if (fraction === undefined && !grouped) return null; // a bare integer string: may be an id, leave it
  const text = `${sign === '-' ? '-' : ''}${whole.replaceAll(',', '')}${fraction === undefined ? '' : `.${fraction}`}`;
  return { text, decimals: fraction?.length ?? 0 };
}

const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${language}|${JSON.stringify(options)}`;
  let formatter = formatters.get(id);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language, options);
    formatters.set(id, formatter);
  }
  return formatter;
}

/** Intl formats a decimal string exactly (Intl.NumberFormat v3); the types only know numbers. */
const formatExact = (formatter: Intl.NumberFormat, text: string): string =>
  formatter.format(text as unknown as number);
const partsExact = (formatter: Intl.NumberFormat, text: string): Intl.NumberFormatPart[] =>
  formatter.formatToParts(text as unknown as number);

/** A number in the language: grouped, its decimals kept (up to 10; float noise beyond is dropped). */
export function formatNumber(value: number, language: string): string {
  if (!Number.isFinite(value)) return String(value);
  return numberFormat(language, { maximumFractionDigits: 10 }).format(value);
}

/** An amount of money in the language, with the given symbol where the language puts it: '9.572,02 €'. */
export function formatMoneyText(amount: Decimal, symbol: string, language: string): string {
  const currency = SYMBOL_CURRENCY[symbol] ?? (/^[A-Z]{3}$/.test(symbol) ? symbol : 'EUR');
  let formatter: Intl.NumberFormat;
  try {
    formatter = numberFormat(language, {
      style: 'currency',
      currency,
      currencyDisplay: symbol === currency ? 'code' : 'narrowSymbol',
      minimumFractionDigits: amount.decimals,
      maximumFractionDigits: amount.decimals,
    });
  } catch {
    return `${symbol} ${formatExact(numberFormat(language, { minimumFractionDigits: amount.decimals }), amount.text)}`;
  }
  return partsExact(formatter, amount.text)
    .map((part) => (part.type === 'currency' ? symbol : part.value))
    .join('');
}

const decimalText = (amount: Decimal, language: string): string =>
  formatExact(
    numberFormat(language, {
      minimumFractionDigits: amount.decimals,
      maximumFractionDigits: amount.decimals,
    }),
    amount.text,
  );

/**
 * An English-formatted numeric or money text in `language`, or an ISO date as the language writes dates; null
 * when the text is none of these. In English only dates change (the figures are English already).
 */
export function formatNumericText(raw: string, language: string): string | null {
  const text = raw.trim();
  if (text === '') return null;
  if (ISO_DATE.test(text)) {
    const date = new Date(text);
    if (Number.isNaN(date.getTime())) return null;
    const withTime = text.includes('T');
    return new Intl.DateTimeFormat(language, {
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: 'short' } : { timeZone: 'UTC' }),
    }).format(date);
  }
  if (language === FALLBACK_LANGUAGE) return null;
  const money = EN_MONEY.exec(text);
  if (money) {
    const [, outerSign = '', symbol = '', number = ''] = money;
    const digits = number.replace(/^[+-]/, '');
    const amount = readEnDecimal(digits) ?? readBareInteger(digits);
    if (!amount) return null;
    const negative = outerSign === '-' || number.startsWith('-');
    return formatMoneyText(negative ? { ...amount, text: `-${amount.text}` } : amount, symbol, language);
  }
  const percent = EN_PERCENT.exec(text);
  if (percent) {
    const amount = readEnDecimal(percent[1] ?? '') ?? readBareInteger(percent[1] ?? '');
    // the languages other than English write a (narrow) space before % ('150,0 %')
    return amount ? `${decimalText(amount, language)}\u00a0%` : null;
  }
  const amount = readEnDecimal(text);
  return amount ? decimalText(amount, language) : null;
}

/** A bare integer inside money or a percentage ('€ 250', '50 %'): a quantity there, not an id. */
function readBareInteger(raw: string): Decimal | null {
  return /^-?\d+$/.test(raw) ? { text: raw, decimals: 0 } : null;
}

type Bundle = Record<string, unknown>;
type Values = Record<string, unknown>;
type TFunctionLike = (key: unknown, options?: unknown, ...rest: unknown[]) => unknown;

/**
 * Installs the rules on an i18next instance: its `t` (and so every `useTranslation().t`, which calls it) renders
 * texts with values by the rules above. Texts without values are left to i18next as they are.
 */
export function installMessageRules(i18n: I18n): void {
  /** Catalogue texts per language: text → the keys holding it; rebuilt when resources are added (back office). */
  let indexes = new Map<string, Map<string, string[]>>();
  i18n.store.on('added', () => {
    indexes = new Map();
  });
  const bundleOf = (language: string) => i18n.store.data[language]?.translation as Bundle | undefined;
  const keysOfText = (language: string, text: string): readonly string[] => {
    let byText = indexes.get(language);
    if (!byText) {
      byText = new Map();
      for (const [key, value] of Object.entries(bundleOf(language) ?? {})) {
        // templates with values are messages, not titles
        if (typeof value !== 'string' || value.includes('{{')) continue;
        const keys = byText.get(value);
        if (keys) keys.push(key);
        else byText.set(value, [key]);
      }
      indexes.set(language, byText);
    }
    return byText.get(text) ?? [];
  };

  /**
   * A value that is a catalogue text (of any language) in `language`: its translation; null when `language`
   * has none; undefined when the value is no catalogue text.
   */
  const textIn = (value: string, language: string): string | null | undefined => {
    if (value.trim() === '') return undefined;
    const target = bundleOf(language);
    let known = false;
    for (const from of Object.keys(i18n.store.data)) {
      for (const key of keysOfText(from, value)) {
        known = true;
        const text = target?.[key];
        if (typeof text === 'string') return from === language ? value : text;
      }
    }
    return known ? null : undefined;
  };

  /**
   * The values of a message in `language`: catalogue texts in that language, numbers and English-formatted
   * figures formatted for it. Null when a catalogue text among them has no translation into `language`.
   */
  const valuesFor = (values: Values, language: string): Values | null => {
    const out: Values = {};
    for (const [name, value] of Object.entries(values)) {
      if (typeof value === 'number') {
        out[name] = IDENTIFIER.test(name) ? String(value) : formatNumber(value, language);
      } else if (typeof value === 'string') {
        const text = textIn(value, language);
        if (text === null) return null;
        out[name] = text ?? formatNumericText(value, language) ?? value;
      } else {
        out[name] = value;
      }
    }
    return out;
  };

  const base = i18n.t.bind(i18n) as unknown as TFunctionLike;
  const t: TFunctionLike = (key, options, ...rest) => {
    if (typeof key !== 'string' || !options || typeof options !== 'object' || Array.isArray(options)) {
      return base(key, options, ...rest);
    }
    const opts = options as Values;
    const source = (opts.replace && typeof opts.replace === 'object' ? opts.replace : opts) as Values;
    const values: Values = {};
    let any = false;
    for (const [name, value] of Object.entries(source)) {
      if (source === opts && OPTION_NAMES.has(name) && name !== 'count') continue;
      values[name] = value;
      any = true;
    }
    if (!any) return base(key, options, ...rest);
    const active = (typeof opts.lng === 'string' && opts.lng) || i18n.resolvedLanguage || i18n.language;
    const own =
      active !== FALLBACK_LANGUAGE && i18n.exists(key, { ...opts, lng: active, fallbackLng: false });
    const inActive = own ? valuesFor(values, active) : null;
    const language = inActive ? active : FALLBACK_LANGUAGE;
    const rendered = inActive ?? valuesFor(values, FALLBACK_LANGUAGE) ?? values;
    return base(key, { ...opts, lng: language, replace: rendered }, ...rest);
  };
  i18n.t = t as unknown as I18n['t'];
}
