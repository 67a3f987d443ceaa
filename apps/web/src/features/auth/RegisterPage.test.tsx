import { MESSAGES_EN } from '@openbroker/domain';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore, captureReferralCode, REGISTER_FLAG_KEY } from '../../shared/session/authStore.js';
import { brandFixture, renderApp, userFixture } from '../../test/renderApp.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const auth = { access_token: 'token-new', user: userFixture({ phone: '+4915112345678' }) };
const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });
const brand = brandFixture({ registrationEnabled: true });

function fill(form: HTMLElement, label: string, value: string) {
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });
}

function fillForm(form: HTMLElement) {
  fill(form, 'First name', 'Nina');
  fill(form, 'Last name', 'Neu');
  fill(form, 'Email', 'Nina@Example.com');
  fireEvent.change(within(form).getByTestId('phone-country'), { target: { value: 'DE' } });
  fill(form, 'Phone', '0151 12345678');
  fill(form, 'Password', 'a long secret');
}

describe('registration (spec §2, §4, §5)', () => {
  it('needs the terms to be accepted', async () => {
    const { calls } = renderApp('/register', { brand });
    const form = await screen.findByTestId('register-form');
    fillForm(form);
    fireEvent.submit(form);
    expect(await within(form).findByText(MESSAGES_EN['register.agreeRequired'])).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/accounts/register')).toBe(false);
  });

  it('offers every country with its calling code in front of the phone number', async () => {
    renderApp('/register', { brand, language: 'de' });
    const select = (await screen.findByTestId('phone-country')) as HTMLSelectElement;
    const labels = [...select.options].map((option) => option.textContent);
    expect(labels.length).toBeGreaterThan(200);
    expect(labels).toContain('Deutschland (+49)');
    expect(select.getAttribute('aria-label')).toBe('Ländervorwahl');
  });

  it('signs up with the composed phone, the first referral code and its landing page', async () => {
    captureReferralCode('?ref=TESTREF', '/promo');
    captureReferralCode('?ref=LATER', '/other');
    const { calls, router } = renderApp('/register', {
      brand,
      api: {
        '/api/accounts/register': () => ok(auth),
        '/api/accounts/get': () => ok(auth),
      },
    });
    const form = await screen.findByTestId('register-form');
    fillForm(form);
    fireEvent.click(within(form).getByRole('checkbox'));
    fireEvent.submit(form);
    await screen.findByTestId('account-screen');
    expect(router.state.location.pathname).toBe('/my-account/info');
    expect(window.localStorage.getItem(REGISTER_FLAG_KEY)).toBe('1');
    expect(authStore.get()?.access_token).toBe('token-new');
    const body = calls.find((call) => call.path === '/api/accounts/register')?.body;
    expect(body).toMatchObject({
      first_name: 'Nina',
      last_name: 'Neu',
      email: 'nina@example.com',
      phone: '+4915112345678',
      password: 'a long secret',
      agree: true,
      country: 'DE',
      ref: 'TESTREF',
      source_page: '/promo',
    });
    expect(body).not.toHaveProperty('phone_country');
  });

  // the full phone metadata knows a German mobile number has more than six digits after 0151
  it('refuses a German mobile number that is too short, before any call', async () => {
    const { calls } = renderApp('/register', { brand });
    const form = await screen.findByTestId('register-form');
    fillForm(form);
    fill(form, 'Phone', '0151 123456');
    fireEvent.click(within(form).getByRole('checkbox'));
    fireEvent.submit(form);
    expect(await within(form).findByText(MESSAGES_EN['phone.invalid'])).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/accounts/register')).toBe(false);
  });

  it('shows the translated refusal for a taken email', async () => {
    renderApp('/register', {
      brand,
      language: 'de',
      api: {
        '/api/accounts/register': () => ({
          status: 409,
          json: {
            status: false,
            code: 'EMAIL_TAKEN',
            key: 'auth.emailTaken',
            message: 'This email already exist',
          },
        }),
      },
    });
    const form = await screen.findByTestId('register-form');
    fill(form, 'Vorname', 'Nina');
    fill(form, 'Nachname', 'Neu');
    fill(form, 'E-Mail', 'nina@example.com');
    fireEvent.change(within(form).getByTestId('phone-country'), { target: { value: 'DE' } });
    fill(form, 'Telefon', '0151 12345678');
    fill(form, 'Passwort', 'a long secret');
    fireEvent.click(within(form).getByRole('checkbox'));
    fireEvent.submit(form);
    expect(await screen.findByText('Diese E-Mail-Adresse ist bereits registriert')).toBeTruthy();
  });
});
