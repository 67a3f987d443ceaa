import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../shared/session/authStore.js';
import { brandFixture, renderApp, userFixture } from '../../test/renderApp.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const auth = { access_token: 'token-1', user: userFixture({ uniqid: 'ADA42CODE0' }) };
const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });

describe('spec §2 /referrals', () => {
  it("shows the client's referral link and the masked referrals from the server", async () => {
    const { calls } = renderApp('/referrals', {
      auth,
      api: {
        '/api/accounts/get': () => ok(auth),
        '/api/accounts/referrals': () =>
          ok([
            { full_name: 'Jo*** Sm***', email: 'jo***@ex***.com', created_at: '2026-03-02T10:00:00.000Z' },
          ]),
      },
    });
    const table = await screen.findByTestId('referrals-table');
    expect(await within(table).findByText('Jo*** Sm***')).toBeTruthy();
    expect(within(table).getByText('jo***@ex***.com')).toBeTruthy();
    expect(within(table).getByText('Mar 2, 2026')).toBeTruthy();
    expect((screen.getByTestId('referral-link') as HTMLInputElement).value).toBe(
      `${window.location.origin}/?ref=ADA42CODE0`,
    );
    expect(calls.find((c) => c.path === '/api/accounts/referrals')?.body).toEqual({ token: 'token-1' });
  });

  it("says 'no data to show' when nobody registered through the link", async () => {
    renderApp('/referrals', {
      auth,
      api: { '/api/accounts/get': () => ok(auth), '/api/accounts/referrals': () => ok([]) },
    });
    const table = await screen.findByTestId('referrals-table');
    await waitFor(() => expect(within(table).getByText('no data to show')).toBeTruthy());
  });

  it('is not found in the restricted mode', async () => {
    const { calls } = renderApp('/referrals', {
      auth,
      brand: brandFixture({ restrictedMode: true }),
      api: { '/api/accounts/get': () => ok(auth) },
    });
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/accounts/referrals')).toBe(false);
  });
});
