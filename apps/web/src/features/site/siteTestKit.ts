import type { ContentComponent, ContentPage } from '@openbroker/domain';

/** Test data: a content page as `POST /api/collections/get/page` returns it. */
export function pageFixture(
  components: ContentComponent[] | unknown[],
  overrides: Partial<ContentPage> = {},
) {
  return {
    title: 'About us',
    title_slug: 'about',
    description: 'Who we are',
    lang: 'en',
    published: true,
    components: components as ContentComponent[],
    _modified: 1_763_700_000,
    ...overrides,
  } satisfies ContentPage;
}

/** An API handler answering the page lookup with `page` (or `{data: []}` for an unknown slug). */
export const pageAnswer = (page: ContentPage | null) => () => ({
  status: 200,
  json: { data: page ? [page] : [] },
});

export const PAGE_PATH = '/api/collections/get/page';
