import { MAX_STATEMENT_DAYS, parseDay, recentMonths } from '@openbroker/domain';

/** What the client picked: one of the recent months, or a range of days with its last day included. */
export type StatementSelection =
  | { mode: 'month'; month: string }
  | { mode: 'custom'; from: string; until: string };

const DAY_MS = 86_400_000;

/** The month picker's choices: the current month (UTC) and the eleven before it. */
export const monthChoices = (now: Date): string[] => recentMonths(now);

/**
 * The query string of GET /api/statements for a selection (without its format): `month=YYYY-MM`, or `from` and
 * `to` where `to` is the day after the last one the client included. The server checks the range; a day the
 * browser could not read is sent as given so its answer names the field.
 */
export function statementQuery(selection: StatementSelection): string {
  if (selection.mode === 'month') return new URLSearchParams({ month: selection.month }).toString();
  const until = parseDay(selection.until);
  const to = until ? new Date(until.getTime() + DAY_MS).toISOString().slice(0, 10) : selection.until;
  return new URLSearchParams({ from: selection.from, to }).toString();
}

/** The default custom range: the last 30 days up to today (UTC). */
export function defaultCustomRange(now: Date): { from: string; until: string } {
  const today = now.toISOString().slice(0, 10);
  return { from: new Date(now.getTime() - 29 * DAY_MS).toISOString().slice(0, 10), until: today };
}

export { MAX_STATEMENT_DAYS };
