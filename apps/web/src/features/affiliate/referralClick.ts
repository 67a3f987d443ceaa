import { utcDay } from '@openbroker/domain';
import { sendReferralClick } from '../../api/referralClick.js';
import { browserStorage, type KeyValueStorage, readJson, writeJson } from '../../lib/storage.js';

/** localStorage key of the tracking codes this browser has counted, with the UTC day it counted each. */
export const REFERRAL_CLICKS_KEY = 'ob.ref.clicks';

/**
 * Counts a visit through a tracking link `?ref=<code>` (any page) for the affiliate funnel, at most
 * once per browser, code and UTC day: reloads, and visits through the same link later that day, are
 * not counted again. Every visit counts, not only the first touch: the stored referral code (which
 * decides attribution) is a separate matter, see authStore's `captureReferralCode`. A failed call is
 * not retried; a click is a statistic, not a booking.
 */
export function countReferralClick(
  search: string,
  now = new Date(),
  send: (code: string) => Promise<unknown> = sendReferralClick,
  storage: KeyValueStorage | undefined = browserStorage(),
): boolean {
  const code = new URLSearchParams(search).get('ref')?.trim().slice(0, 64);
  if (!code || !/^[A-Za-z0-9_-]+$/.test(code)) return false;
  const key = code.toUpperCase();
  const today = utcDay(now);
  const stored = readJson<unknown>(REFERRAL_CLICKS_KEY, storage);
  const counted = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  if (counted[key] === today) return false;
  // Only today's entries are kept, so the record never grows past the codes of one day.
  const kept = Object.fromEntries(Object.entries(counted).filter(([, day]) => day === today));
  writeJson(REFERRAL_CLICKS_KEY, { ...kept, [key]: today }, storage);
  send(code).catch(() => {});
  return true;
}
