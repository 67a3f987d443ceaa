/** Back-office contracts of the affiliates area: every answer a staff route of this area gives (see common.ts). */
import { z } from 'zod';
import { Instant } from './common.js';

/** An affiliate as the back office shows it (never its password hash). */
export const AffiliateAdminView = z.object({
  id: z.number(),
  brandId: z.number(),
  brandName: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The tracking code of its `/?ref=<code>` links. */
  code: z.string(),
  disabled: z.boolean(),
  disabledAt: Instant.nullable(),
  /** Clients its tracking code brought (first touch) who hold a live account. */
  clients: z.number(),
  /** Those with demo accounts only (virtual money), counted apart. */
  demoClients: z.number(),
  createdAt: Instant,
});
export type AffiliateAdminView = z.infer<typeof AffiliateAdminView>;

/** The answer of creating an affiliate and of resetting its password: the password is in this answer only. */
export const AffiliateWithPassword = z.object({ affiliate: AffiliateAdminView, password: z.string() });
export type AffiliateWithPassword = z.infer<typeof AffiliateWithPassword>;

/** One UTC day of the funnel. */
export const AffiliateFunnelDay = z.object({
  /** 'YYYY-MM-DD' */
  day: z.string(),
  clicks: z.number(),
  registrations: z.number(),
  /** Demo sign-ups ("Try a demo", virtual money): counted apart, never a registration or a conversion. */
  demo_signups: z.number(),
  first_deposits: z.number(),
});
export type AffiliateFunnelDay = z.infer<typeof AffiliateFunnelDay>;

/**
 * The clicks → registrations → first-time deposits funnel of a period: its days and their sums with the two
 * conversion rates. The back office's affiliate page and the affiliate's own panel read the same figures.
 */
export const AffiliateFunnel = z.object({
  days: z.array(AffiliateFunnelDay),
  clicks: z.number(),
  registrations: z.number(),
  demo_signups: z.number(),
  first_deposits: z.number(),
  /** registrations ÷ clicks, null without clicks. */
  registration_rate: z.number().nullable(),
  /** first-time deposits ÷ registrations, null without registrations. */
  deposit_rate: z.number().nullable(),
});
export type AffiliateFunnel = z.infer<typeof AffiliateFunnel>;
