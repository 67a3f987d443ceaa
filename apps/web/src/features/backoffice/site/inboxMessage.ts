import type { InboxItem } from '@openbroker/domain';

/** Fields shown first, in this order; any other field of a form follows. */
const FIELD_ORDER = [
  'name',
  'first_name',
  'last_name',
  'email',
  'phone',
  'client_pin',
  'client_email',
  'message',
];
export const FIELD_LABELS = new Set(FIELD_ORDER);

/** A field's value as text (nothing for a missing one). */
export const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Who wrote a message: the name (or first and last name) and the e-mail. */
export function senderOf(item: InboxItem): { name: string; email: string } {
  const v = item.values;
  const name = text(v.name) || [text(v.first_name), text(v.last_name)].filter(Boolean).join(' ');
  return { name, email: text(v.email) };
}

/** A message's fields in reading order, the message last. */
export function orderedFields(values: Record<string, unknown>): [string, string][] {
  const keys = Object.keys(values);
  const known = FIELD_ORDER.filter((k) => keys.includes(k) && k !== 'message');
  const rest = keys.filter((k) => !FIELD_ORDER.includes(k)).sort();
  return [...known, ...rest].map((k) => [k, text(values[k])]);
}

/** A safe mailto: link for a reply (only a plain address). */
export const mailto = (email: string) =>
  /^[^\s@<>()[\]\\,;:"?&#%]+@[^\s@<>()[\]\\,;:"?&#%]+$/.test(email) ? `mailto:${email}` : null;
