import { type Message, validatePartialClose } from '@openbroker/domain';

/**
 * The amount of a partial close as typed, by the domain rule (at least 1, step 0.01, at least 1 stays open —
 * closing everything is 'Close'): the amount, or the first message to show.
 */
export function checkPartialClose(
  positionAmount: number,
  raw: string,
): { ok: true; value: number } | { ok: false; error: Message } {
  const result = validatePartialClose(positionAmount, raw);
  if (result.ok) return { ok: true, value: result.value };
  const [first] = result.errors;
  return { ok: false, error: first ? { key: first.key, params: first.params } : { key: 'error.validation' } };
}
