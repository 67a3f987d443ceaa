import type { ContentPageDetail, ContentPageRow, StaffMe } from '@openbroker/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { SocketFactoryContext } from '../api/sockets.js';
import { BRAND_WAIT_SCREENS } from '../app/AppProviders.js';
import { STAFF_TOKEN_KEY } from '../features/backoffice/api.js';
import { ContentPagesPage } from '../features/backoffice/content/ContentPagesPage.js';
import { PageEditorPage } from '../features/backoffice/content/PageEditorPage.js';
import { addBackofficeResources } from '../features/backoffice/i18n.js';
import { StaffSessionProvider } from '../features/backoffice/shell/session.js';
import { BrandProvider } from '../lib/BrandProvider.js';
import { ToastProvider } from '../ui/ToastProvider.js';
import { type BoApi, type BoCall, BRANDS, ok, refuse, staffFixture } from './backofficeKit.js';
import { fakeSockets } from './fakeSockets.js';
import { createI18n } from './i18n.js';
import { brandFixture } from './renderApp.js';

export { ok, refuse };

/** A content editor with both content permissions. */
export const EDITOR = staffFixture({
  name: 'Carla Content',
  roles: ['content'],
  permissions: ['content.edit', 'content.publish'],
});

export function pageRow(overrides: Partial<ContentPageRow> = {}): ContentPageRow {
  return {
    id: 5,
    brandId: 1,
    brandSlug: 'alpha',
    slug: 'about',
    lang: 'en',
    title: 'About us',
    published: true,
    headVersion: 3,
    publishedVersion: 3,
    updatedAt: '2026-11-20T08:00:00.000Z',
    hasUnpublishedChanges: false,
    ...overrides,
  };
}

export function pageDetail(
  components: unknown[],
  overrides: Partial<ContentPageRow> = {},
): ContentPageDetail {
  const page = pageRow(overrides);
  return {
    page,
    draft: {
      version: page.headVersion,
      title: page.title,
      description: 'Who we are',
      slug: page.slug,
      components: components as ContentPageDetail['draft']['components'],
    },
  };
}

/**
 * Renders the content screens at `path` (/backoffice/content, /backoffice/content/:id) signed in as `staff`
 * with a fake server behind fetch (JSON bodies parsed, uploads kept as FormData); records every call.
 */
export function renderContent(
  path: string,
  { api = {}, staff = EDITOR }: { api?: BoApi; staff?: StaffMe } = {},
) {
  window.sessionStorage.setItem(STAFF_TOKEN_KEY, 'staff-token');
  const calls: (BoCall & { form?: FormData })[] = [];
  const defaults: BoApi = {
    '/api/backoffice/me': () => ok(staff),
    '/api/backoffice/brands': () => ok(BRANDS),
    '/api/brand': () => ok(brandFixture()),
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.toString();
    const [pathname = url, query = ''] = url.split('?');
    const method = init?.method ?? 'GET';
    const form = init?.body instanceof FormData ? init.body : undefined;
    const body =
      init?.body && !form
        ? (JSON.parse(String(init.body)) as Record<string, unknown>)
        : ({} as Record<string, unknown>);
    const call = {
      method,
      path: pathname,
      url,
      search: new URLSearchParams(query),
      body,
      ...(form ? { form } : {}),
    };
    calls.push(call);
    const handler =
      api[`${method} ${pathname}`] ?? (method === 'GET' ? (api[pathname] ?? defaults[pathname]) : undefined);
    const answer = handler ? handler(call) : refuse(404, 'NOT_FOUND', 'error.notFound');
    return new Response(JSON.stringify(answer.json), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const sockets = fakeSockets();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/backoffice/content', element: <ContentPagesPage /> },
      { path: '/backoffice/content/:id', element: <PageEditorPage /> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <I18nextProvider i18n={backofficeI18n()}>
      <QueryClientProvider client={queryClient}>
        <BrandProvider screens={BRAND_WAIT_SCREENS}>
          <ToastProvider>
            <SocketFactoryContext.Provider value={sockets.factory}>
              <StaffSessionProvider>
                <RouterProvider router={router} />
              </StaffSessionProvider>
            </SocketFactoryContext.Provider>
          </ToastProvider>
        </BrandProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  const sent = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
  return { ...view, calls, sent, router, queryClient };
}

/**
 * Where the preview renders: the iframe's body in a browser; jsdom loads no frames, so there the preview
 * falls back to rendering in place.
 */
export function previewBody(): HTMLElement {
  const host = document.querySelector<HTMLElement>('[data-testid="preview-frame"]');
  const body =
    host?.querySelector('iframe')?.contentDocument?.body ??
    host?.querySelector<HTMLElement>('[data-testid="preview-inline"]');
  if (!body) throw new Error('no preview');
  return body;
}

/** The app's translations plus the back office's (BackofficeApp adds them in the running app). */
function backofficeI18n() {
  const i18n = createI18n('en');
  addBackofficeResources(i18n);
  return i18n;
}
