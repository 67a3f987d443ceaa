import { z } from 'zod';
import { Instant, StaffPage } from './common.js';

/**
 * Back-office contracts of the popups area: every answer a staff route of this area gives (see common.ts):
 * the brand pop-ups (/api/backoffice/popups…), who read one, and the audience picker's client search.
 */

/** Who a pop-up is meant for: every client of the brand, its verified or unverified ones, or one client. */
export const POPUP_AUDIENCES = ['all', 'verified', 'unverified', 'client'] as const;
export type PopupAudience = (typeof POPUP_AUDIENCES)[number];

/** Where a pop-up stands now: switched off by staff, not yet begun, shown, or over. */
export const POPUP_STATUSES = ['scheduled', 'live', 'ended', 'inactive'] as const;
export type PopupStatus = (typeof POPUP_STATUSES)[number];

/** The one client a pop-up with audience 'client' is meant for. */
export const BoPopupClient = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  pin: z.string(),
});
export type BoPopupClient = z.infer<typeof BoPopupClient>;

/** A brand pop-up as the back office shows it (list, create, change, deactivate). */
export const BoPopup = z.object({
  id: z.number(),
  brandId: z.number(),
  brandName: z.string(),
  title: z.string(),
  /** Sanitised HTML (as stored). */
  content: z.string(),
  audience: z.enum(POPUP_AUDIENCES),
  client: BoPopupClient.nullable(),
  startsAt: Instant.nullable(),
  endsAt: Instant.nullable(),
  active: z.boolean(),
  status: z.enum(POPUP_STATUSES),
  /** Clients who closed (read) it. */
  reads: z.number(),
  /** Clients it is meant for right now: the brand's clients, its verified or unverified ones, or 1. */
  audienceSize: z.number(),
  createdAt: Instant,
});
export type BoPopup = z.infer<typeof BoPopup>;

/** A client who read (closed) a pop-up, and when. */
export const BoPopupRead = z.object({
  userId: z.number(),
  name: z.string(),
  email: z.string(),
  pin: z.string(),
  readAt: Instant,
});
export type BoPopupRead = z.infer<typeof BoPopupRead>;

/** GET /api/backoffice/popups/:id/reads: newest first, 50 a page. */
export const BoPopupReadsPage = StaffPage(BoPopupRead);
export type BoPopupReadsPage = z.infer<typeof BoPopupReadsPage>;

/** A client the audience picker found (GET /api/backoffice/popups/clients). */
export const BoPopupClientHit = BoPopupClient.extend({ verified: z.boolean() });
export type BoPopupClientHit = z.infer<typeof BoPopupClientHit>;
