/**
 * Field builders shared by the schemas. Every issue's `message` is a MessageKey and its values are in the
 * issue's `params`, so `zodIssuesToMessages` can hand `{path, key, params}` to the server and the web.
 */
import { z } from 'zod';
import {
  AMOUNT_MAX,
  checkPriceBounds,
  hasForbiddenCharacters,
  LEVERAGE_MAX,
  PRICE_MAX_DECIMALS,
} from '../bounds.js';
import { AMOUNT_STEP } from '../constants.js';
import type { Message, MessageKey, MessageParams } from '../messages.js';
import { isWholeCents, parseNumberInput } from '../money.js';
import { titleFor } from '../titles.js';

/** Standard email pattern (zod's), used by every email field (spec §5). */
export const EMAIL_PATTERN: RegExp = z.regexes.email;

/** Longest accepted values, in characters: huge strings are refused with '{title} has maximum N characters'. */
export const MAX_LENGTH = Object.freeze({
  name: 100,
  email: 254,
  password: 128,
  message: 5000,
  comments: 1000,
  phone: 32,
  address: 200,
  zip: 20,
  token: 512,
  ref: 64,
  info: 4096,
} as const);

const missing = (input: unknown): boolean => input === undefined || input === null;

/** Issue text for a wrong JSON type: the required key when the value is missing, else 'field.invalid'. */
const typeError =
  (requiredKey: MessageKey) =>
  (issue: { input?: unknown }): MessageKey =>
    missing(issue.input) ? requiredKey : 'field.invalid';

function requiredParams(key: MessageKey, field: string): MessageParams | undefined {
  return key === 'field.required' ? { title: titleFor(field) } : undefined;
}

export interface TextOptions {
  /** Maximum length after trimming. */
  max: number;
  /** Minimum length after trimming, if any. */
  min?: number;
  /** Message when empty; defaults to '{title} is required'. */
  requiredKey?: MessageKey;
  /** A message body: tab and line breaks are allowed (other control characters never are). */
  multiline?: boolean;
}

/** The issue of a text holding control characters (see `hasForbiddenCharacters`), for the field's title. */
const forbiddenCharacters = (title: string) => ({
  message: 'field.forbiddenCharacters',
  params: { title },
  abort: true,
});

/** A required, trimmed string (spec §5: text inputs are trimmed), with min/max lengths. */
export function requiredText(
  field: string,
  { max, min, requiredKey = 'field.required', multiline = false }: TextOptions,
) {
  const title = titleFor(field);
  return z
    .string({ error: typeError(requiredKey) })
    .trim()
    .refine((v) => v !== '', {
      message: requiredKey,
      params: requiredParams(requiredKey, field),
      abort: true,
    })
    .refine((v) => !hasForbiddenCharacters(v, { multiline }), forbiddenCharacters(title))
    .refine((v) => min === undefined || v.length >= min, {
      message: 'field.minChars',
      params: { title, min },
      abort: true,
    })
    .refine((v) => v.length <= max, { message: 'field.maxChars', params: { title, max } });
}

/** An optional trimmed string; '' becomes undefined. */
export function optionalText(
  field: string,
  max: number,
  { multiline = false }: { multiline?: boolean } = {},
) {
  const title = titleFor(field);
  return z
    .string({ error: 'field.invalid' })
    .trim()
    .refine((v) => !hasForbiddenCharacters(v, { multiline }), forbiddenCharacters(title))
    .refine((v) => v.length <= max, { message: 'field.maxChars', params: { title, max } })
    .optional()
    .transform((v) => (v === '' ? undefined : v));
}

export interface EmailOptions {
  /** 'email.invalid' on the platform, 'contact.emailInvalid' on the public contact form. */
  invalidKey?: MessageKey;
  requiredKey?: MessageKey;
  /** Lower-case the address (accounts are looked up case-insensitively). */
  lowerCase?: boolean;
}

/** A required, trimmed email address that must match EMAIL_PATTERN (spec §5). */
export function emailField(
  field = 'email',
  { invalidKey = 'email.invalid', requiredKey = 'field.required', lowerCase = false }: EmailOptions = {},
) {
  const title = titleFor(field);
  const base = z.string({ error: typeError(requiredKey) }).trim();
  return (lowerCase ? base.toLowerCase() : base)
    .refine((v) => v !== '', {
      message: requiredKey,
      params: requiredParams(requiredKey, field),
      abort: true,
    })
    .refine((v) => v.length <= MAX_LENGTH.email, {
      message: 'field.maxChars',
      params: { title, max: MAX_LENGTH.email },
      abort: true,
    })
    .refine((v) => !hasForbiddenCharacters(v), forbiddenCharacters(title))
    .refine((v) => EMAIL_PATTERN.test(v), { message: invalidKey });
}

/**
 * A password: required (blank is empty), not trimmed (spaces are part of it), optional minimum length
 * ('{title} has minimum 8 characters'), at most 128 characters.
 */
export function passwordField(field: string, min?: number) {
  const title = titleFor(field);
  return z
    .string({ error: typeError('field.required') })
    .refine((v) => v.trim() !== '', { message: 'field.required', params: { title }, abort: true })
    .refine((v) => min === undefined || v.length >= min, {
      message: 'field.minChars',
      params: { title, min },
      abort: true,
    })
    .refine((v) => v.length <= MAX_LENGTH.password, {
      message: 'field.maxChars',
      params: { title, max: MAX_LENGTH.password },
    });
}

/** A number as a form (string) or the API (number) sends it. */
const numberish = z.union([z.number(), z.string(), z.null()], { error: 'field.invalid' }).optional();

type NumberCheck = (value: number, title: string) => Message | null;

function addMessage(ctx: z.RefinementCtx, message: Message): typeof z.NEVER {
  ctx.addIssue({
    code: 'custom',
    message: message.key,
    ...(message.params ? { params: message.params } : {}),
  });
  return z.NEVER;
}

/** A required number (number or decimal string), checked by `check`; output is a number. */
export function requiredNumber(field: string, check: NumberCheck = () => null) {
  const title = titleFor(field);
  return numberish.transform((raw, ctx) => {
    const n = parseNumberInput(raw);
    if (n === null) return addMessage(ctx, { key: 'field.required', params: { title } });
    // a digit string too long for a double parses to Infinity: not a number anyone can mean
    if (!Number.isFinite(n)) return addMessage(ctx, { key: 'field.invalid', params: { title } });
    const problem = check(n, title);
    return problem ? addMessage(ctx, problem) : n;
  });
}

/**
 * An optional price level, e.g. a stop loss ('' , null, undefined and 0 mean "none" → null): when set,
 * above 0, at most PRICE_MAX and with at most PRICE_MAX_DECIMALS decimals, so what is stored is what was sent.
 */
export function optionalPositiveNumber(field: string) {
  const title = titleFor(field);
  return numberish.transform((raw, ctx) => {
    const n = parseNumberInput(raw);
    if (n === null || n === 0) return null;
    const problem = checkPriceBounds(n, title, { maxDecimals: PRICE_MAX_DECIMALS });
    return problem ? addMessage(ctx, problem) : n;
  });
}

/**
 * A required price as a client saw it: finite, above 0, at most PRICE_MAX. Not limited in decimals:
 * it is compared with the server's price (architecture §5), never stored.
 */
export function priceField(field: string) {
  return requiredNumber(field, (n, title) => checkPriceBounds(n, title));
}

/** A leverage as sent: a whole number from 1 to LEVERAGE_MAX (which ones are offered is the category's list). */
export function leverageField(field = 'leverage') {
  return requiredNumber(field, (n, title): Message | null => {
    if (!Number.isInteger(n) || n < 1) return { key: 'field.invalid', params: { title } };
    return n > LEVERAGE_MAX ? { key: 'field.max', params: { title, max: LEVERAGE_MAX } } : null;
  });
}

/** A money amount: required, ≥ min, ≤ max (default AMOUNT_MAX, what the columns hold), whole cents (step 0.01). */
export function amountField(field: string, min: number, max: number = AMOUNT_MAX) {
  return requiredNumber(field, (n, title): Message | null => {
    if (n < min) return { key: 'field.min', params: { title, min } };
    if (n > max) return { key: 'field.max', params: { title, max } };
    if (!isWholeCents(n)) return { key: 'field.step', params: { title, step: AMOUNT_STEP } };
    return null;
  });
}

/** A positive integer id (number or digit string). */
export function idField(field = 'id') {
  return requiredNumber(field, (n, title) =>
    Number.isSafeInteger(n) && n > 0 ? null : { key: 'field.invalid', params: { title } },
  );
}

/** Whether a 'YYYY-MM-DD' string is a real calendar date from 1900 on. */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A required calendar date 'YYYY-MM-DD'. */
export function dateField(field: string) {
  const title = titleFor(field);
  return z
    .string({ error: typeError('field.required') })
    .trim()
    .refine((v) => v !== '', { message: 'field.required', params: { title }, abort: true })
    .refine(isIsoDate, { message: 'field.invalid', params: { title } });
}

/** One of a fixed set of string values; empty is '{title} is required'. */
export function choiceField<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  const title = titleFor(field);
  return z
    .string({ error: typeError('field.required') })
    .trim()
    .refine((v) => v !== '', { message: 'field.required', params: { title }, abort: true })
    .refine((v): v is T[number] => (values as readonly string[]).includes(v), {
      message: 'field.invalid',
      params: { title },
    })
    .transform((v) => v as T[number]);
}

/** A client command id: 1 to 64 letters, digits, '_' or '-'. */
export const COMMAND_ID_PATTERN: RegExp = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The optional id a client gives a trading command, unique per account: a command re-sent with an id
 * already executed is answered with what it did, not executed again. Anything else is '{title} is not valid' (the
 * title from the field's name: 'Command id').
 */
export function commandIdField() {
  return z
    .string({ error: 'field.invalid' })
    .regex(COMMAND_ID_PATTERN, { message: 'field.invalid' })
    .optional();
}

/** z.object whose own type error (a body that is not an object) is 'error.validation', like every other issue a key. */
export function formObject<const T extends z.core.$ZodLooseShape>(shape: T) {
  return z.object(shape, { error: 'error.validation' });
}
