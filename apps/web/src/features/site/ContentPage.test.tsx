import { MESSAGES_EN } from '@openbroker/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { brandFixture, renderApp } from '../../test/renderApp.js';
import { withHomeWidgets } from './HomePage.js';
import { PAGE_PATH, pageAnswer, pageFixture } from './siteTestKit.js';
import { pageCacheKey } from './useContentPage.js';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  document.title = '';
});

const heading = (text: string) => ({ component: 'heading', settings: { text } });

describe('content pages by slug (spec §2 /{slug}, §4 page cache)', () => {
  it('asks for the published page by slug in the chosen language, with the content token', async () => {
    const { calls } = renderApp('/about', {
      language: 'de',
      brand: { ...brandFixture(), contentToken: 'ct-123' },
      api: { [PAGE_PATH]: pageAnswer(pageFixture([heading('Über uns')], { title: 'Über uns' })) },
    });
    expect(await screen.findByText('Über uns', { selector: 'h2' })).toBeTruthy();
    const call = calls.find((c) => c.path === PAGE_PATH);
    expect(call?.url).toBe('/api/collections/get/page?token=ct-123');
    expect(call?.body).toEqual({
      filter: { published: true, title_slug: 'about' },
      populate: 1,
      simple: 1,
      lang: 'de',
    });
    await waitFor(() => expect(document.title).toBe('Über uns · Test Broker'));
  });

  it('shows the cached copy first, then the fresh one replaces it and is cached', async () => {
    const key = pageCacheKey('test', 'en', 'about');
    window.localStorage.setItem(key, JSON.stringify(pageFixture([heading('Cached copy')])));
    let answer: (() => void) | undefined;
    const fresh = pageFixture([heading('Fresh copy')]);
    renderApp('/about', {
      api: {
        [PAGE_PATH]: () => ({ status: 200, json: { data: [fresh] } }),
      },
    });
    // The cached copy is on screen before the lookup has answered.
    expect(await screen.findByText('Cached copy')).toBeTruthy();
    expect(await screen.findByText('Fresh copy')).toBeTruthy();
    expect(screen.queryByText('Cached copy')).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(key) ?? '{}').components[0].settings.text).toBe(
      'Fresh copy',
    );
    expect(answer).toBeUndefined();
  });

  it('shows the 404 text for an unknown slug and forgets a cached copy', async () => {
    const key = pageCacheKey('test', 'en', 'old-page');
    window.localStorage.setItem(
      key,
      JSON.stringify(pageFixture([heading('Stale')], { title_slug: 'old-page' })),
    );
    renderApp('/old-page', { api: { [PAGE_PATH]: pageAnswer(null) } });
    expect((await screen.findByTestId('not-found')).textContent).toBe(MESSAGES_EN['page.notFound']);
    expect(screen.queryByText('Stale')).toBeNull();
    expect(window.localStorage.getItem(key)).toBeNull();
  });

  it.each([
    ['an error answer', () => ({ status: 500, json: { status: false, code: 'ERROR', message: 'x' } })],
    ['an unreadable answer', () => ({ status: 200, json: { nothing: true } })],
  ])('treats %s as not found', async (_, handler) => {
    renderApp('/about', { api: { [PAGE_PATH]: handler } });
    expect((await screen.findByTestId('not-found')).textContent).toBe(MESSAGES_EN['page.notFound']);
  });

  it('shows the 404 page when the server cannot be reached', async () => {
    const view = renderApp('/about');
    view.fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith(PAGE_PATH)) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ status: true, data: brandFixture() }), { status: 200 });
    });
    expect((await screen.findByTestId('not-found')).textContent).toBe(MESSAGES_EN['page.notFound']);
  });
});

describe('home page (spec §2 /)', () => {
  it("shows the brand's home page with its widgets", async () => {
    const { calls } = renderApp('/', {
      brand: { ...brandFixture(), homeSlug: 'start', widgets: ['ticker-tape', 'market-quotes'] },
      api: { [PAGE_PATH]: pageAnswer(pageFixture([heading('Welcome home')], { title_slug: 'start' })) },
    });
    expect(await screen.findByText('Welcome home')).toBeTruthy();
    expect(calls.find((c) => c.path === PAGE_PATH)?.body.filter).toEqual({
      published: true,
      title_slug: 'start',
    });
    expect(await screen.findByTestId('widget-market-quotes')).toBeTruthy();
    expect(await screen.findByTestId('widget-ticker-tape')).toBeTruthy();
  });

  it('uses the index page when the brand names none', async () => {
    const { calls } = renderApp('/', { api: { [PAGE_PATH]: pageAnswer(pageFixture([heading('Index')])) } });
    expect(await screen.findByText('Index')).toBeTruthy();
    expect(calls.find((c) => c.path === PAGE_PATH)?.body.filter).toEqual({
      published: true,
      title_slug: 'index',
    });
  });

  it('goes to the platform when the brand flag says so', async () => {
    const { router } = renderApp('/', { brand: brandFixture({ homeRedirectsToPlatform: true }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('adds only the widgets the page does not place itself: the ticker tape on top, the rest below', () => {
    const placed = { component: 'widget' as const, settings: { type: 'market-quotes' as const } };
    const result = withHomeWidgets([placed], ['ticker-tape', 'market-quotes', 'cross-rates']);
    expect(result.map((node) => (node.settings as { type: string }).type)).toEqual([
      'ticker-tape',
      'market-quotes',
      'cross-rates',
    ]);
  });
});
