/** The pop-up screens' query key and the schedule fields' conversions (the answers' shapes: domain contracts/popups.ts). */

export const POPUPS_KEY = ['bo', 'popups'] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value in the reader's time zone ('' for none). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (the reader's local time) as an ISO instant, or null when empty or unreadable. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
