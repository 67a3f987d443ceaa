import { MESSAGES_EN } from '@openbroker/domain';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../shared/session/authStore.js';
import { renderApp, userFixture } from '../test/renderApp.js';
import { showsProfileBanner } from './ProfileBanner.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const complete = userFixture({
  phone: '+4915112345678',
  birth_date: '1990-04-01',
  country_id: 1,
  state: 'Berlin',
  city: 'Berlin',
  street: 'Unter den Linden 1',
  zip_code: '10117',
});

describe('incomplete-profile banner (spec §5)', () => {
  it('shows on client screens while the profile is incomplete', () => {
    const incomplete = userFixture();
    expect(showsProfileBanner('/platform/BTCUSD', incomplete)).toBe(true);
    expect(showsProfileBanner('/transactions/deposits', incomplete)).toBe(true);
    expect(showsProfileBanner('/payment/withdraw', incomplete)).toBe(true);
    // the profile form and the deposit screens say it their own way
    expect(showsProfileBanner('/my-account/info', incomplete)).toBe(false);
    expect(showsProfileBanner('/payment/deposit', incomplete)).toBe(false);
    expect(showsProfileBanner('/platform/BTCUSD', complete)).toBe(false);
  });

  it('links to the profile form', async () => {
    const auth = { access_token: 't', user: userFixture() };
    renderApp('/referrals', {
      auth,
      api: { '/api/accounts/get': () => ({ status: 200, json: { status: true, data: auth } }) },
    });
    const banner = await screen.findByTestId('profile-incomplete-banner');
    expect(banner.textContent).toContain(MESSAGES_EN['account.fillDetails']);
    expect(banner.querySelector('a')?.getAttribute('href')).toBe('/my-account/info');
  });
});
