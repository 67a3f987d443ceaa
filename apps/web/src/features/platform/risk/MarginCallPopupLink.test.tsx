import type { NoticePayload } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../shared/session/authStore.js';
import { fakeSockets } from '../../../test/fakeSockets.js';
import { BTC, withAccount, withPrices } from '../../../test/platformKit.js';
import { renderApp, userFixture } from '../../../test/renderApp.js';

// A margin call warns in the terminal (socket notice) and with the stored pop-up that stays until read.
// The pop-up is fetched at once, not after a reload; the terminal's notice stands for it while it shows (no modal
// over the screen where the client acts), and the client dismisses the warning once, not twice.

// rendering the whole app takes seconds on a loaded 2-core machine (CI runs the server suites alongside).
// The screens' modules are imported once here rather than inside the first test's wait for the terminal (measured
// up to 6.7 s with two CPU hogs on two cores; the first render then took up to 13.6 s), and the terminal's first
// render gets a wait of its own: up to 4.3 s measured under that load, against the 5 s of every other wait.
beforeAll(async () => {
  await Promise.all([
    import('../../../app/ProtectedLayout.js'),
    import('../PlatformPage.js'),
    import('../../popups/PopupNotices.js'),
    import('../../../app/IdleLogout.js'),
  ]);
}, 60_000);

/** The terminal on screen, then its prices and the account pushed. */
async function terminal(sockets: ReturnType<typeof fakeSockets>) {
  await screen.findByTestId('market-row-BTCUSD', {}, { timeout: 15_000 });
  await withPrices(sockets, { BTCUSD: BTC });
  await withAccount(sockets);
}

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });
const CALL: NoticePayload = {
  id: 'margin-call:1:1764000000000',
  kind: 'marginCall',
  at: '2026-11-28T15:00:00.000Z',
  marginLevel: 92.4,
  equity: 8_316,
  usedMargin: 9_000,
  level: 100,
};
const POPUP = {
  id: 51,
  title: 'Margin call',
  content: '<p>Your margin level fell to 92.40 %.</p>',
  kind: 'margin_call',
};

/**
 * The platform whose stored pop-ups hold the margin call once the server has stored it; with `gate`, the
 * pop-ups asked for after the notice are answered only once the gate opens.
 */
async function platform(gate?: Promise<void>) {
  const sockets = fakeSockets();
  const auth = { access_token: 'token-1', user: userFixture({ assets_group_permission: [1, 2, 3, 4, 5] }) };
  const server = { stored: false };
  const popups = vi.fn(() => ok(server.stored ? [POPUP] : []));
  const view = renderApp('/platform/BTCUSD', {
    auth,
    socketFactory: sockets.factory,
    api: { '/api/accounts/get': () => ok(auth), '/api/accounts/popups': popups },
  });
  await terminal(sockets);
  await waitFor(() => expect(popups).toHaveBeenCalledTimes(1));
  expect(screen.queryByTestId('popup-modal')).toBeNull();
  if (gate) {
    const answer = view.fetchMock.getMockImplementation();
    view.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).startsWith('/api/accounts/popups')) await gate;
      return (answer as typeof fetch)(input, init);
    });
  }
  // the server stores the pop-up, then pushes the notice
  server.stored = true;
  sockets.trading().push('notice', CALL);
  await screen.findByTestId(`notice-${CALL.id}`);
  return { ...view, popups };
}

/** Whether an element matching `selector` has been in the document at any moment since this call. */
function watchFor(selector: string): () => boolean {
  let seen = document.querySelector(selector) !== null;
  const look = (records: MutationRecord[]) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node instanceof Element && (node.matches(selector) || node.querySelector(selector))) seen = true;
  };
  const observer = new MutationObserver(look);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    look(observer.takeRecords());
    observer.disconnect();
    return seen;
  };
}

const reads = (calls: { path: string; body: unknown }[]) =>
  calls.filter((call) => call.path === '/api/accounts/popup').map((call) => call.body);

describe('margin call: the stored pop-up and the terminal notice', () => {
  it('fetches the stored pop-up as soon as the notice arrives, and keeps its modal off the terminal while the notice shows', async () => {
    const { popups } = await platform();
    await waitFor(() => expect(popups).toHaveBeenCalledTimes(2));
    expect(screen.getByTestId(`notice-${CALL.id}`)).toBeTruthy();
    expect(screen.queryByTestId('popup-modal')).toBeNull();
  });

  it('shows an unread margin-call pop-up on the terminal when no notice of this session stands for it; closing it reads it', async () => {
    const sockets = fakeSockets();
    const auth = { access_token: 'token-1', user: userFixture({ assets_group_permission: [1, 2, 3, 4, 5] }) };
    const { calls } = renderApp('/platform/BTCUSD', {
      auth,
      socketFactory: sockets.factory,
      api: { '/api/accounts/get': () => ok(auth), '/api/accounts/popups': () => ok([POPUP]) },
    });
    await terminal(sockets);
    const modal = await screen.findByTestId('popup-modal');
    expect(within(modal).getByText('Margin call')).toBeTruthy();
    expect(modal.textContent).toContain('Your margin level fell to 92.40 %.');
    fireEvent.click(screen.getByTestId('popup-close'));
    await waitFor(() => expect(reads(calls)).toEqual([{ id: 51, token: 'token-1' }]));
  });

  it('dismissing the terminal notice reads the stored pop-up too, so it never shows after', async () => {
    const { calls, popups } = await platform();
    await waitFor(() => expect(popups).toHaveBeenCalledTimes(2));
    fireEvent.click(screen.getByTestId(`notice-dismiss-${CALL.id}`));
    await waitFor(() => expect(reads(calls)).toEqual([{ id: 51, token: 'token-1' }]));
    expect(screen.queryByTestId(`notice-${CALL.id}`)).toBeNull();
    expect(screen.queryByTestId('popup-modal')).toBeNull();
  });

  it('a pop-up that arrives after the client dismissed the notice is read at once, not shown', async () => {
    let open = () => {};
    const { calls, popups } = await platform(new Promise<void>((resolve) => (open = resolve)));
    fireEvent.click(screen.getByTestId(`notice-dismiss-${CALL.id}`));
    // "not shown" means never, not "gone by the time we look": a modal mounted for a moment and fading out
    // would be caught by the last look below only when the look happened to fall inside the fade
    const modalEverShown = watchFor('[data-testid="popup-modal"]');
    open();
    await waitFor(() => expect(reads(calls)).toEqual([{ id: 51, token: 'token-1' }]));
    expect(popups).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('popup-modal')).toBeNull();
    expect(modalEverShown()).toBe(false);
  });
});
