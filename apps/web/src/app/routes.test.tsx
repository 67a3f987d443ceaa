import { classifySitePath } from '@openbroker/domain';
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_PATH, pageFixture } from '../features/site/siteTestKit.js';
import { authStore } from '../shared/session/authStore.js';
import { completeUser, ok } from '../test/paymentFixtures.js';
import { renderApp } from '../test/renderApp.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

/** The content service of these tests: these slugs are published, every other one is unknown. */
const PUBLISHED = new Set(['about', 'blog/weekly-outlook']);
const contentService = (body: Record<string, unknown>) => {
  const slug = (body.filter as { title_slug?: string } | undefined)?.title_slug ?? '';
  return {
    status: 200,
    json: { data: PUBLISHED.has(slug) ? [pageFixture([], { title: `Page ${slug}`, title_slug: slug })] : [] },
  };
};

const NOT_FOUND = '[data-testid="not-found"]';

/**
 * Renders the app at `path` and waits until it shows its 404 page or the screen's own `page` element. (The
 * trading screen's 404 box for an unknown symbol has its own test in PlatformPage.test.tsx.)
 */
async function shownAt(path: string, signedIn: boolean, page: string): Promise<'page' | 'notFound'> {
  const auth = { access_token: 'token-1', user: completeUser() };
  renderApp(path, {
    auth: signedIn ? auth : null,
    api: { [PAGE_PATH]: contentService, '/api/accounts/get': () => ok(auth) },
  });
  let shown: 'page' | 'notFound' | undefined;
  await waitFor(() => {
    if (document.querySelector(NOT_FOUND)) shown = 'notFound';
    else if (document.querySelector(page)) shown = 'page';
    expect(shown).toBeDefined();
  });
  return shown as 'page' | 'notFound';
}

/** What the server's status says the app shows (found or its 404 page), for these tests' brand and content. */
function statusSays(path: string): 'page' | 'notFound' {
  const kind = classifySitePath(path);
  switch (kind.kind) {
    case 'notFound':
      return 'notFound';
    case 'content':
      return PUBLISHED.has(kind.slug) ? 'page' : 'notFound';
    default:
      return 'page';
  }
}

// the server answers a page load with 404 exactly where the app shows its 404 page.
describe('the route table and the page-load status agree', () => {
  const content = '[data-testid="content-page"]';
  it.each([
    ['/about', false, content],
    ['/blog/weekly-outlook', false, content],
    ['/no-such-page', false, content],
    ['/blog/no-such-post', false, content],
    ['/About', false, content],
    ['/autoLogin', false, content],
    ['/404', false, content],
    ['/login', false, '[data-testid="login-form"]'],
    ['/demo', false, '[data-testid="demo-form"]'],
    ['/password/request', false, 'main form'],
    ['/transactions/withdrawals', true, '[data-testid="transactions-screen"]'],
  ])('%s', async (path, signedIn, page) => {
    expect(await shownAt(path, signedIn, page)).toBe(statusSays(path));
  });
});
