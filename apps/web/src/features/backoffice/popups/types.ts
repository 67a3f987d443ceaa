/** The back-office pop-up API's shapes (GET/POST/PATCH /api/backoffice/popups…). */

export const POPUP_AUDIENCES = ['all', 'verified', 'unverified', 'client'] as const;
export type PopupAudience = (typeof POPUP_AUDIENCES)[number];
export type PopupStatus = 'scheduled' | 'live' | 'ended' | 'inactive';

export interface PopupClient {
  id: number;
  name: string;
  email: string;
  pin: string;
}

export interface BoPopup {
  id: number;
  brandId: number;
  brandName: string;
  title: string;
  /** Sanitised HTML as stored. */
  content: string;
  audience: PopupAudience;
  client: PopupClient | null;
  startsAt: string | null;
  endsAt: string | null;
  active: boolean;
  status: PopupStatus;
  reads: number;
  audienceSize: number;
  createdAt: string;
}

export interface PopupRead {
  userId: number;
  name: string;
  email: string;
  pin: string;
  readAt: string;
}

export interface ClientHit extends PopupClient {
  verified: boolean;
}

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
