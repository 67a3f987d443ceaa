/** The shape every domain validator and `zodIssuesToMessages` answers with, so the server can reply `{errors}` and the web can translate. */
import type { Message, MessageKey, MessageParams } from './messages.js';

/** A message attached to a form field; `path` is the field name (dot-joined when nested), `''` for the whole form. */
export interface FieldMessage extends Message {
  path: string;
}

/** Path used for form-level messages (account blocked, no price, ...). */
export const FORM_PATH = '';

/** Outcome of a domain validation: the parsed values, or the messages to show. */
export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: FieldMessage[] };

/** Builds a FieldMessage; `params` is omitted when empty. */
export function fieldMessage(path: string, key: MessageKey, params?: MessageParams): FieldMessage {
  return params && Object.keys(params).length > 0 ? { path, key, params } : { path, key };
}

/** First message per path, e.g. to feed a form's `setError`. */
export function messagesByPath(errors: readonly FieldMessage[]): Record<string, Message> {
  const byPath: Record<string, Message> = {};
  for (const { path, ...message } of errors) {
    if (!Object.hasOwn(byPath, path)) byPath[path] = message;
  }
  return byPath;
}

/** Turns a `{field: Message}` record (e.g. trigger errors) into a FieldMessage list. */
export function recordToFieldMessages(record: Readonly<Record<string, Message | undefined>>): FieldMessage[] {
  return Object.entries(record).flatMap(([path, message]) => (message ? [{ path, ...message }] : []));
}
