import { z } from 'zod';

/**
 * Contracts of the public site's calls: the content service of spec §7 (pages, page lists, singletons, form
 * submissions), the platform contact page and the economic calendar (see common.ts).
 */

/** An image of a page card: a path served by our server or a URL. */
const PageImage = z.object({
  path: z.string(),
  alt: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});

/**
 * spec §3 Content page as POST /api/collections/get/page answers it (the first item of `data`). The component
 * tree is the content editor's (`ContentComponent` in content.ts); the page renderer reads it and skips what it
 * does not know, so the contract keeps each node as it is.
 */
export const PublishedPage = z.object({
  title: z.string(),
  title_slug: z.string(),
  description: z.string(),
  lang: z.string(),
  published: z.boolean(),
  components: z.array(z.unknown()),
  _modified: z.number(),
});
export type PublishedPage = z.infer<typeof PublishedPage>;

/** `data` of POST /api/collections/get/page: the page, or nothing for an unknown or unpublished slug. */
export const PublishedPageList = z.array(PublishedPage);
export type PublishedPageList = z.infer<typeof PublishedPageList>;

/** One entry of GET /api/collections/list/page (blog posts and subpages components). */
export const PageSummary = z.object({
  title: z.string(),
  title_slug: z.string(),
  description: z.string(),
  lang: z.string(),
  /** The first image of the page, if any (blog post cards). */
  image: PageImage.optional(),
  _modified: z.number(),
});
export type PageSummary = z.infer<typeof PageSummary>;

/** `data` of GET /api/collections/list/page, newest first. */
export const PageSummaryList = z.array(PageSummary);
export type PageSummaryList = z.infer<typeof PageSummaryList>;

/**
 * `data` of GET /api/singletons/get/{name}: a named settings document of the brand as stored (the site settings'
 * typed view is `SiteSettings` in content.ts; every field is optional in stored JSON).
 */
export const SingletonData = z.record(z.string(), z.unknown());
export type SingletonData = z.infer<typeof SingletonData>;

/** `data` of POST /api/forms/submit/{form} and POST /api/contact: the message was stored and mailed to the brand. */
export const MessageReceived = z.object({ received: z.literal(true) });
export type MessageReceived = z.infer<typeof MessageReceived>;

/** One event of GET /api/economics/events (spec §2 /economic-calendar). */
export const EconomicEvent = z.object({
  id: z.number(),
  /** ISO 8601 UTC. */
  at: z.string(),
  currency: z.string(),
  /** ISO 3166 alpha-2. */
  country: z.string(),
  title: z.string(),
  /** 1 low, 2 medium, 3 high. */
  impact: z.number(),
  actual: z.string().nullable(),
  forecast: z.string().nullable(),
  previous: z.string().nullable(),
});
export type EconomicEvent = z.infer<typeof EconomicEvent>;

/** `data` of GET /api/economics/events, oldest first. */
export const EconomicEventList = z.array(EconomicEvent);
export type EconomicEventList = z.infer<typeof EconomicEventList>;
