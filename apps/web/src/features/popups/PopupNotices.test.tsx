// DOMPurify needs a complete DOM: happy-dom's lets scripts through (DOMPurify relies on its TreeWalker),
// so this file runs in jsdom, as the sanitiser would in a real browser.
// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sanitizePopupHtml } from '../../shared/content/sanitizePopupHtml.js';
import { authStore } from '../../shared/session/authStore.js';
import { renderApp, userFixture } from '../../test/renderApp.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const auth = { access_token: 'token-1', user: userFixture() };
const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });

describe('pop-up notices (spec §2, §4)', () => {
  it('cleans back-office HTML: no scripts, handlers or javascript links; links open in a new tab', () => {
    const html = sanitizePopupHtml(
      '<p onclick="steal()">Hi <b>there</b></p><script>steal()</script><img src="x" onerror="steal()">' +
        '<a href="javascript:steal()">bad</a><a href="https://example.com/terms">terms</a>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(html).toContain('<b>there</b>');
    expect(html).toContain('href="https://example.com/terms" target="_blank" rel="noopener noreferrer"');
  });

  it('shows unread notices one by one after login and marks each read on close', async () => {
    const { calls } = renderApp('/platform/BTCUSD', {
      auth,
      api: {
        '/api/accounts/get': () => ok(auth),
        '/api/accounts/popups': () =>
          ok([
            {
              id: 7,
              title: 'Welcome',
              content: '<p>Welcome to <strong>Test Broker</strong></p>',
              kind: null,
            },
            {
              id: 8,
              title: 'Maintenance',
              content: '<p>Saturday night</p><script>alert(1)</script>',
              kind: null,
            },
          ]),
      },
    });
    expect(await screen.findByText('Welcome')).toBeTruthy();
    expect(screen.getByText('Test Broker', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText('One more notice')).toBeTruthy();
    fireEvent.click(screen.getByTestId('popup-close'));
    expect(await screen.findByText('Maintenance')).toBeTruthy();
    expect(document.querySelector('.ob-popup-content script')).toBeNull();
    fireEvent.click(screen.getByTestId('popup-close'));
    await waitFor(() => expect(screen.queryByTestId('popup-modal')).toBeNull());
    const reads = calls.filter((call) => call.path === '/api/accounts/popup').map((call) => call.body);
    expect(reads).toEqual([
      { id: 7, token: 'token-1' },
      { id: 8, token: 'token-1' },
    ]);
    expect(calls.filter((call) => call.path === '/api/accounts/popups')).toHaveLength(1);
  });

  it('a closed notice stays closed while the client moves around (also through redirects)', async () => {
    const { router } = renderApp('/my-account/info', {
      auth,
      api: {
        '/api/accounts/get': () => ok(auth),
        '/api/accounts/popups': () => ok([{ id: 7, title: 'Welcome', content: '<p>Hello</p>', kind: null }]),
      },
    });
    fireEvent.click(await screen.findByTestId('popup-close'));
    await waitFor(() => expect(screen.queryByTestId('popup-close')).toBeNull());
    await act(() => router.navigate('/platform'));
    await screen.findByTestId('platform-screen');
    expect(router.state.location.pathname).toBe('/platform/BTCUSD');
    expect(screen.queryByTestId('popup-close')).toBeNull();
  });

  it('shows nothing when there are no unread notices', async () => {
    renderApp('/platform/BTCUSD', { auth, api: { '/api/accounts/get': () => ok(auth) } });
    await screen.findByTestId('platform-screen');
    expect(screen.queryByTestId('popup-modal')).toBeNull();
  });
});
