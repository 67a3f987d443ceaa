import {
  type ContentPage,
  EconomicEventList,
  MessageReceived,
  type PageQuery,
  type PageSummary,
  PageSummaryList,
  type PlatformContactInput,
  type PublicContactInput,
  PublishedPageList,
  SingletonData,
} from '@openbroker/domain';
import { apiRequest } from './client.js';

/**
 * The public site's calls: the content service of spec §7 (`/api/collections/get/page`,
 * `/api/singletons/get/{name}`, `/api/forms/submit/{form}`, token in the query), the platform contact
 * page and the economic calendar.
 *
 * The content calls keep the content-service shapes, which are not the `{status, data}` envelope of the
 * client area: a page lookup answers `{data: [page]}` (an unknown slug `{data: []}`), a singleton answers
 * its data, a form submission only has its HTTP status read. What they answer is parsed with the domain's
 * contracts (contracts/site.ts) all the same.
 */

/** Thrown when a page lookup finds nothing or fails in any way: the page shows the 404 page (spec §8). */
export class PageNotFoundError extends Error {
  constructor(slug: string, cause?: unknown) {
    super(`No content page '${slug}'`, cause === undefined ? undefined : { cause });
    this.name = 'PageNotFoundError';
  }
}

/** Site settings singleton (spec §3 Site settings); every field is optional in stored JSON. */
export interface SiteSettings {
  copyright?: string;
  /** Leaflet tile URL template, e.g. 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'. */
  mapTileUrl?: string;
  mapAttribution?: string;
  [key: string]: unknown;
}

/** The list and calendar rows are the domain's contract types (one definition for server and web). */
export type { EconomicEvent, PageSummary } from '@openbroker/domain';

const withToken = (path: string, token: string | undefined) =>
  `${path}?token=${encodeURIComponent(token ?? '')}`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

export const siteApi = {
  /**
   * spec §7: POST /api/collections/get/page?token= with {filter {published true, title_slug}, populate 1,
   * simple 1, lang}; the first item of `data` is the page. No item, an error answer or no answer at all
   * rejects with PageNotFoundError.
   */
  async getPage(slug: string, lang: string, token: string | undefined, signal?: AbortSignal) {
    const body: PageQuery = { filter: { published: true, title_slug: slug }, populate: 1, simple: 1, lang };
    let payload: unknown;
    try {
      const response = await fetch(withToken('/api/collections/get/page', token), {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: signal ?? null,
      });
      payload = response.ok ? await readJson(response) : undefined;
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new PageNotFoundError(slug, cause);
    }
    const pages = PublishedPageList.safeParse(isObject(payload) ? payload.data : undefined);
    const first = pages.success ? pages.data[0] : undefined;
    if (!first) throw new PageNotFoundError(slug);
    // The component tree is the content editor's; the renderer skips any node it does not know.
    return first as ContentPage;
  },

  /**
   * GET /api/collections/list/page?token=&prefix=&lang=&limit=: the published pages whose slug starts
   * with `prefix`, newest first (blog posts, subpages).
   */
  async listPages(
    query: { prefix: string; lang: string; limit?: number },
    token: string | undefined,
    signal?: AbortSignal,
  ): Promise<PageSummary[]> {
    const params = new URLSearchParams({ token: token ?? '', prefix: query.prefix, lang: query.lang });
    if (query.limit) params.set('limit', String(query.limit));
    const response = await fetch(`/api/collections/list/page?${params}`, {
      headers: { Accept: 'application/json' },
      signal: signal ?? null,
    });
    const payload = response.ok ? await readJson(response) : undefined;
    const pages = PageSummaryList.safeParse(isObject(payload) ? payload.data : undefined);
    if (!pages.success) throw new Error(`Page list '${query.prefix}' answered ${response.status}`);
    return pages.data;
  },

  /**
   * spec §7: GET /api/singletons/get/{name}?token= answers the singleton's data (bare or as `data`). With `lang`
   * the site settings' menu, footer links and legal texts come in that language where translated.
   */
  async getSingleton<T extends Record<string, unknown>>(
    name: string,
    token: string | undefined,
    signal?: AbortSignal,
    lang?: string,
  ): Promise<T> {
    const path = withToken(`/api/singletons/get/${encodeURIComponent(name)}`, token);
    const response = await fetch(lang ? `${path}&lang=${encodeURIComponent(lang)}` : path, {
      headers: { Accept: 'application/json' },
      signal: signal ?? null,
    });
    const payload = response.ok ? await readJson(response) : undefined;
    const data = SingletonData.safeParse(
      isObject(payload) && isObject(payload.data) ? payload.data : payload,
    );
    if (!data.success) throw new Error(`Singleton '${name}' answered ${response.status}`);
    // A stored settings document: every field is optional, the caller reads it as its own view.
    return data.data as T;
  },

  /**
   * spec §7: POST /api/forms/submit/{form}?token= with {form: values}; only the status is read (spec §4:
   * 200 is success, anything else failure). Resolves with whether it succeeded; never rejects.
   */
  async submitForm(form: string, values: PublicContactInput, token: string | undefined): Promise<boolean> {
    try {
      const response = await fetch(withToken(`/api/forms/submit/${encodeURIComponent(form)}`, token), {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ form: values }),
      });
      if (response.status !== 200) {
        // spec §4: a failed post is logged and treated as failure.
        console.error(`Contact form '${form}' was not accepted: HTTP ${response.status}`);
        return false;
      }
      return true;
    } catch (error) {
      console.error(`Contact form '${form}' could not be sent`, error);
      return false;
    }
  },

  /**
   * The platform contact page (spec §7 'POST contact endpoint'; its path is not in the spec). The path
   * must match the server's contact route.
   */
  sendContact: (input: PlatformContactInput, token?: string | null) =>
    apiRequest('/api/contact', { body: input, token: token ?? null, schema: MessageReceived }),

  /** GET /api/economics/events: the economic calendar (spec §2 /economic-calendar). */
  economicEvents: (signal?: AbortSignal) =>
    apiRequest('/api/economics/events', { schema: EconomicEventList, ...(signal ? { signal } : {}) }),
};
