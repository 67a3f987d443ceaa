import { z } from 'zod';
import type { ContentComponent } from '../content.js';
import { Instant, StaffPage } from './common.js';

/**
 * Back-office contracts of the content area: every answer a staff route of this area gives (see common.ts):
 * the page editor (/api/backoffice/content/pages…), its image uploads, the site settings document and the
 * contact inbox. Inputs and the rules of a page tree stay in content-admin.ts.
 */

/**
 * A node of a page tree as stored: checked per type when it was saved (content-admin.ts checkComponentTree),
 * so the answer carries it as it is (version 0 is the live tree, whatever its age).
 */
const StoredComponent = z.custom<ContentComponent>();

/** A page as the editor's list shows it (GET/POST /api/backoffice/content/pages, publish, unpublish). */
export const ContentPageRow = z.object({
  id: z.number(),
  brandId: z.number(),
  brandSlug: z.string(),
  slug: z.string(),
  lang: z.string(),
  title: z.string(),
  published: z.boolean(),
  /** The newest saved version; 0 while the page was never saved in the editor. */
  headVersion: z.number(),
  publishedVersion: z.number().nullable(),
  updatedAt: Instant,
  hasUnpublishedChanges: z.boolean(),
});
export type ContentPageRow = z.infer<typeof ContentPageRow>;

/** What the editor loads and saves: the head version (version 0: the live tree, never saved here). */
export const ContentPageDraft = z.object({
  version: z.number(),
  title: z.string(),
  description: z.string(),
  slug: z.string(),
  components: z.array(StoredComponent),
});
export type ContentPageDraft = z.infer<typeof ContentPageDraft>;

/** GET/PUT /api/backoffice/content/pages/:id and a restore: the page and its draft. */
export const ContentPageDetail = z.object({ page: ContentPageRow, draft: ContentPageDraft });
export type ContentPageDetail = z.infer<typeof ContentPageDetail>;

/** One saved version in a page's history (GET …/pages/:id/versions, newest first). */
export const ContentVersionRow = z.object({
  version: z.number(),
  title: z.string(),
  createdAt: Instant,
  /** The staff member who saved it (null for versions from before the editor). */
  createdBy: z.string().nullable(),
  published: z.boolean(),
});
export type ContentVersionRow = z.infer<typeof ContentVersionRow>;

/** One version with its tree (GET …/pages/:id/versions/:version). */
export const ContentPageVersion = ContentVersionRow.extend({
  description: z.string(),
  components: z.array(StoredComponent),
});
export type ContentPageVersion = z.infer<typeof ContentPageVersion>;

/** An uploaded image of a brand's pages (POST /api/backoffice/content/media). */
export const ContentMediaUpload = z.object({
  id: z.number(),
  url: z.string(),
  contentType: z.string(),
  size: z.number(),
});
export type ContentMediaUpload = z.infer<typeof ContentMediaUpload>;

/**
 * A brand's settings document (GET/PUT /api/backoffice/content/singletons/settings?brandId): the stored
 * document as it is (an old one may lack fields; `features` and `widgets` mirror the brand), so a screen
 * reads each field defensively. `updatedAt` is null while it was never saved.
 */
export const SiteSettingsDoc = z.object({
  name: z.string(),
  brandId: z.number(),
  data: z.record(z.string(), z.unknown()),
  updatedAt: Instant.nullable(),
});
export type SiteSettingsDoc = z.infer<typeof SiteSettingsDoc>;

/** One message of the contact inbox (public and client-area contact forms). */
export const InboxItem = z.object({
  id: z.number(),
  brandId: z.number(),
  brandSlug: z.string(),
  /** The form it came from. */
  form: z.string(),
  /** The form's fields as sent. */
  values: z.record(z.string(), z.unknown()),
  createdAt: Instant,
  handled: z.boolean(),
  handledAt: Instant.nullable(),
  /** The staff member who marked it handled. */
  handledBy: z.string().nullable(),
});
export type InboxItem = z.infer<typeof InboxItem>;

/** GET /api/backoffice/inbox: a page of messages, newest first, and how many of the brands' messages are open. */
export const InboxPage = StaffPage(InboxItem).extend({ open: z.number().int() });
export type InboxPage = z.infer<typeof InboxPage>;
