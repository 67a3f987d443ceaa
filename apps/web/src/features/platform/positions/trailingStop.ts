import { type Message, type TrailingUnit, validateTrailingDistance } from '@openbroker/domain';

export type { TrailingUnit };

/**
 * A trailing stop's distance as typed, by the domain rule (at least one pip, at most half the price): the
 * number to send with its unit, or the first message to show.
 */
export function checkTrailingDistance(
  raw: string,
  unit: TrailingUnit,
  instrument: { pipSize: number; price: number } | null,
): { ok: true; value: number } | { ok: false; error: Message } {
  // without a price only the form is checked; the server checks again
  const result = validateTrailingDistance(
    { distance: raw, unit },
    instrument ?? { pipSize: 0, price: Number.POSITIVE_INFINITY },
  );
  if (result.ok) return { ok: true, value: Number(raw) };
  const [first] = result.errors;
  return { ok: false, error: first ? { key: first.key, params: first.params } : { key: 'error.validation' } };
}
