/** Zod issues → `{path, key, params}` for API answers (`{errors: [...]}`) and form messages. */
import type { z } from 'zod';
import { isMessageKey, MESSAGES_EN, type MessageKey, type MessageParams } from '../messages.js';
import { titleFor } from '../titles.js';
import type { FieldMessage, ValidationResult } from '../validation.js';

interface IssueLike {
  code?: string;
  path: readonly PropertyKey[];
  message: string;
  params?: Record<string, unknown>;
  minimum?: unknown;
  maximum?: unknown;
}

function placeholders(key: MessageKey): string[] {
  return [...MESSAGES_EN[key].matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '');
}

function fallbackKey(issue: IssueLike): MessageKey {
  if (issue.code === 'too_small') return 'field.min';
  if (issue.code === 'too_big') return 'field.max';
  return 'field.invalid';
}

function toFieldMessage(issue: IssueLike): FieldMessage {
  const key = isMessageKey(issue.message) ? issue.message : fallbackKey(issue);
  const path = issue.path.map(String).join('.');
  const field = [...issue.path].reverse().find((p): p is string => typeof p === 'string') ?? '';
  // defaults for placeholders the issue did not fill: the field's title, and zod's own bounds
  const defaults: Record<string, unknown> = {
    title: titleFor(field),
    min: issue.minimum,
    max: issue.maximum,
  };
  const params: MessageParams = {};
  for (const name of placeholders(key)) {
    const value = defaults[name];
    if (typeof value === 'string' || typeof value === 'number') params[name] = value;
  }
  for (const [name, value] of Object.entries(issue.params ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') params[name] = value;
    else if (typeof value === 'bigint') params[name] = value.toString();
  }
  return Object.keys(params).length > 0 ? { path, key, params } : { path, key };
}

/** Every issue as `{path ('a.b', '' for the form), key (a MessageKey), params}` in zod's order. */
export function zodIssuesToMessages(error: { issues: readonly z.core.$ZodIssue[] }): FieldMessage[] {
  return error.issues.map((issue) => toFieldMessage(issue as unknown as IssueLike));
}

/** Parses input with a schema: `{ok: true, value}` or `{ok: false, errors}` with translated-ready messages. */
export function validateInput<S extends z.ZodType>(schema: S, input: unknown): ValidationResult<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, errors: zodIssuesToMessages(result.error) };
}
