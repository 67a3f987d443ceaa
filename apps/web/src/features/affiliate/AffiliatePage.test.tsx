import { lastDays, MESSAGES_EN } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AffiliateAccount, AffiliateSession } from '../../api/affiliate.js';
import { AUTH_STORAGE_KEY, authStore } from '../../shared/session/authStore.js';
import { renderApp, userFixture } from '../../test/renderApp.js';
import { AFFILIATE_STORAGE_KEY, affiliateStore } from './affiliateStore.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  affiliateStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ok = (data: unknown, extra: object = {}) => ({ status: 200, json: { status: true, data, ...extra } });
const session: AffiliateSession = {
  access_token: 'aff-token',
  affiliate: {
    id: 7,
    first_name: 'Alex',
    last_name: 'Partner',
    email: 'affiliate@example.com',
    code: 'DEMOAFF',
  },
};
const ACCOUNTS: AffiliateAccount[] = [
  {
    id: 42,
    first_name: 'Jane',
    last_name: 'Doe',
    email: 'jane@example.com',
    country: 'Germany',
    created_at: '2026-03-02T10:00:00.000Z',
    source_page: '/?ref=DEMOAFF',
    transaction: { amount: '250.00', currency: 'EUR', completed_at: '2026-03-02T10:05:00.000Z' },
  },
  {
    id: 41,
    first_name: '=cmd',
    last_name: 'Smith, Jr.',
    email: 'john@example.com',
    country: null,
    created_at: '2026-03-01T09:00:00.000Z',
    source_page: null,
    transaction: null,
  },
];
const FUNNEL = {
  days: [
    { day: '2026-03-01', clicks: 3, registrations: 1, demo_signups: 0, first_deposits: 0 },
    { day: '2026-03-02', clicks: 1, registrations: 1, demo_signups: 0, first_deposits: 1 },
  ],
  clicks: 4,
  registrations: 2,
  demo_signups: 3,
  first_deposits: 1,
  registration_rate: 0.5,
  deposit_rate: 0.5,
};
const panelApi = {
  '/api/affiliate/me': () => ok(session),
  '/api/affiliate/get': () => ok(ACCOUNTS),
  '/api/affiliate/funnel': () => ok(FUNNEL),
};

describe('affiliate login (spec §5: affiliate email, password required)', () => {
  it("checks the form before calling: 'invalid email address', 'Password is required'", async () => {
    const { calls } = renderApp('/affiliate');
    const form = await screen.findByTestId('affiliate-login-form');
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'partner' } });
    fireEvent.submit(form);
    expect(await within(form).findByText(MESSAGES_EN['email.invalid'])).toBeTruthy();
    expect(within(form).getByText('Password is required')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/affiliate/login')).toBe(false);
  });

  it("shows 'Invalid credentials.' when the server refuses", async () => {
    renderApp('/affiliate', {
      api: {
        '/api/affiliate/login': () => ({
          status: 401,
          json: { status: false, code: 'INVALID_CREDENTIALS', key: 'auth.invalidCredentials', message: 'x' },
        }),
      },
    });
    const form = await screen.findByTestId('affiliate-login-form');
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'affiliate@example.com' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.submit(form);
    expect(await screen.findByText('Invalid credentials.')).toBeTruthy();
  });

  it("stores the session under 'ob.affiliate', apart from a logged-in client's, and opens the panel", async () => {
    const client = { access_token: 'client-token', user: userFixture() };
    authStore.set(client);
    const { calls } = renderApp('/affiliate', {
      api: { '/api/affiliate/login': () => ok(session), ...panelApi },
    });
    const form = await screen.findByTestId('affiliate-login-form');
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'Affiliate@Example.com' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'Demo1234!' } });
    fireEvent.submit(form);
    expect(await screen.findByTestId('affiliate-panel')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/affiliate/login')?.body).toEqual({
      email: 'affiliate@example.com',
      password: 'Demo1234!',
    });
    expect(JSON.parse(window.localStorage.getItem(AFFILIATE_STORAGE_KEY) ?? '{}').access_token).toBe(
      'aff-token',
    );
    expect(JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}').access_token).toBe(
      'client-token',
    );
  });
});

describe('affiliate panel', () => {
  it('loads the last 30 days by registration date with the affiliate token, never the client token', async () => {
    affiliateStore.set(session);
    authStore.set({ access_token: 'client-token', user: userFixture() });
    const { calls } = renderApp('/affiliate', { api: panelApi });
    await screen.findByTestId('affiliate-accounts-card');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/affiliate/funnel')).toBe(true));
    const get = calls.find((c) => c.path === '/api/affiliate/get');
    expect(get?.body).toEqual({ where: 'created_at', ...lastDays(new Date()), token: 'aff-token' });
    expect(get?.headers.Authorization).toBe('Bearer aff-token');
    for (const call of calls.filter((c) => c.path.startsWith('/api/affiliate/'))) {
      expect(JSON.stringify(call)).not.toContain('client-token');
    }
  });

  it('shows the funnel cards, the chart, the accounts with their first deposit and the tracking link', async () => {
    affiliateStore.set(session);
    renderApp('/affiliate', { api: panelApi });
    const cards = await screen.findByTestId('affiliate-cards');
    await waitFor(() =>
      expect(within(cards).getByTestId('affiliate-card-clicks').textContent).toContain('4'),
    );
    expect(within(cards).getByTestId('affiliate-card-registrations').textContent).toContain('2');
    // demo sign-ups (virtual money) beside registrations, never among them
    expect(within(cards).getByTestId('affiliate-card-demo-signups').textContent).toContain('Demo sign-ups3');
    expect(within(cards).getByTestId('affiliate-card-depositors').textContent).toContain('1');
    expect(within(cards).getByTestId('affiliate-card-registration-rate').textContent).toContain('50%');
    expect(within(cards).getByTestId('affiliate-card-deposit-rate').textContent).toContain('50%');

    const table = await screen.findByTestId('affiliate-accounts');
    await within(table).findByText('jane@example.com');
    expect(within(table).getByTestId('affiliate-deposit-42').textContent).toContain('€250.00');
    expect(within(table).getByText('No deposit yet')).toBeTruthy();
    expect(screen.getByTestId('affiliate-totals').textContent).toContain(
      'Accounts: 2 · first-time depositors: 1 (50%) · first deposits: €250.00',
    );

    const chart = screen.getByTestId('affiliate-chart');
    expect(chart.querySelectorAll('g[data-day]')).toHaveLength(2);
    expect(chart.querySelector('g[data-day="2026-03-02"] title')?.textContent).toContain(
      '1 registrations, 1 first deposits, 1 clicks',
    );
    expect((screen.getByTestId('affiliate-link') as HTMLInputElement).value).toBe(
      `${window.location.origin}/?ref=DEMOAFF`,
    );
  });

  it('refuses an until date before the from date without calling, and applies a valid filter', async () => {
    affiliateStore.set(session);
    const { calls } = renderApp('/affiliate', { api: panelApi });
    const form = await screen.findByTestId('affiliate-filter');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/affiliate/get')).toHaveLength(1));
    fireEvent.change(within(form).getByLabelText('Filter by'), { target: { value: 'transactions' } });
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2026-03-10' } });
    fireEvent.change(within(form).getByLabelText('Until'), { target: { value: '2026-03-01' } });
    fireEvent.submit(form);
    expect(await within(form).findByText(MESSAGES_EN['date.untilBeforeFrom'])).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Until'), { target: { value: '' } });
    fireEvent.submit(form);
    expect(await within(form).findByText('Until is required')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/affiliate/get')).toHaveLength(1);

    fireEvent.change(within(form).getByLabelText('Until'), { target: { value: '2026-03-31' } });
    fireEvent.submit(form);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/affiliate/get')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/api/affiliate/get').at(-1)?.body).toMatchObject({
      where: 'transactions',
      from: '2026-03-10',
      until: '2026-03-31',
    });
    expect(await screen.findByText('First deposit in the period')).toBeTruthy();
  });

  it('exports the listed accounts as a CSV file', async () => {
    affiliateStore.set(session);
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/affiliate', { api: panelApi });
    await within(await screen.findByTestId('affiliate-accounts')).findByText('jane@example.com');
    fireEvent.click(screen.getByTestId('affiliate-export'));
    expect(click).toHaveBeenCalledOnce();
    const text = await blobs[0]?.text();
    expect(text?.split('\r\n')).toEqual([
      '\uFEFFid,first_name,last_name,email,country,created_at,source_page,first_deposit_amount,first_deposit_currency,first_deposit_at',
      '42,Jane,Doe,jane@example.com,Germany,2026-03-02T10:00:00.000Z,/?ref=DEMOAFF,250.00,EUR,2026-03-02T10:05:00.000Z',
      `41,'=cmd,"Smith, Jr.",john@example.com,,2026-03-01T09:00:00.000Z,,,,`,
      '',
    ]);
  });

  it('goes back to the login form with a note when the session has ended (401), keeping the client session', async () => {
    affiliateStore.set(session);
    authStore.set({ access_token: 'client-token', user: userFixture() });
    const unauthorized = () => ({
      status: 401,
      json: { status: false, code: 'UNAUTHORIZED', key: 'error.unauthorized', message: 'x' },
    });
    renderApp('/affiliate', { api: { ...panelApi, '/api/affiliate/me': unauthorized } });
    expect(await screen.findByTestId('affiliate-session-ended')).toBeTruthy();
    expect(screen.getByTestId('affiliate-login-form')).toBeTruthy();
    expect(affiliateStore.get()).toBeNull();
    expect(authStore.get()?.access_token).toBe('client-token');
  });

  it('logs out: the server session ends and the stored affiliate session is gone', async () => {
    affiliateStore.set(session);
    const { calls } = renderApp('/affiliate', {
      api: { ...panelApi, '/api/affiliate/logout': () => ok({}) },
    });
    fireEvent.click(await screen.findByTestId('affiliate-logout'));
    expect(await screen.findByTestId('affiliate-login-form')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/affiliate/logout')).toBe(true));
    expect(calls.find((c) => c.path === '/api/affiliate/logout')?.body.token).toBe('aff-token');
    expect(window.localStorage.getItem(AFFILIATE_STORAGE_KEY)).toBeNull();
  });

  it('changes the password with the current one (spec §5 rules checked first)', async () => {
    affiliateStore.set(session);
    const { calls } = renderApp('/affiliate', {
      api: { ...panelApi, '/api/affiliate/updatePassword': () => ok({}) },
    });
    const form = await screen.findByTestId('affiliate-password-form');
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'Demo1234!' } });
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.change(within(form).getByLabelText('Confirm new password'), { target: { value: 'short' } });
    fireEvent.submit(form);
    expect(await within(form).findByText('New password has minimum 8 characters')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'new secret 1' } });
    fireEvent.change(within(form).getByLabelText('Confirm new password'), {
      target: { value: 'new secret 2' },
    });
    fireEvent.submit(form);
    expect(await within(form).findByText(MESSAGES_EN['password.mismatch'])).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Confirm new password'), {
      target: { value: 'new secret 1' },
    });
    fireEvent.submit(form);
    expect(await screen.findByText(/Your password has been changed/)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/affiliate/updatePassword')?.body).toEqual({
      password: 'Demo1234!',
      new_password: 'new secret 1',
      confirm_password: 'new secret 1',
      token: 'aff-token',
    });
  });

  it('speaks German', async () => {
    affiliateStore.set(session);
    renderApp('/affiliate', { api: panelApi, language: 'de' });
    expect(await screen.findByText('Ihr Tracking-Link')).toBeTruthy();
    expect(screen.getByText('CSV exportieren')).toBeTruthy();
  });
});
