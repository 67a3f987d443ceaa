import { MESSAGES_EN } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../api/types.js';
import { authStore, REGISTER_FLAG_KEY, registerFlag } from '../../shared/session/authStore.js';
import { brandFixture, renderApp, userFixture } from '../../test/renderApp.js';
import { COUNTRIES_STORAGE_KEY } from './useCountries.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const complete: Partial<User> = {
  phone: '+4915112345678',
  birth_date: '1990-04-01',
  country_id: 1,
  state: 'Berlin',
  city: 'Berlin',
  street: 'Unter den Linden 1',
  zip_code: '10117',
};

const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });

function renderProfile(user: User, api: Parameters<typeof renderApp>[1] = {}) {
  const auth = { access_token: 'token-1', user };
  return renderApp('/my-account/info', {
    auth,
    ...api,
    api: { '/api/accounts/get': () => ok(auth), ...api.api },
  });
}

function fill(form: HTMLElement, label: string, value: string) {
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });
}

describe('profile tab (spec §5)', () => {
  it('warns while details are missing, and says which fields are required', async () => {
    const { calls } = renderProfile(userFixture({ phone: '' }));
    expect((await screen.findByTestId('profile-incomplete')).textContent).toContain(
      MESSAGES_EN['account.fillDetails'],
    );
    const form = screen.getByTestId('profile-form');
    fireEvent.submit(form);
    expect(await within(form).findByText('City is required')).toBeTruthy();
    expect(within(form).getByText('Date of birth is required')).toBeTruthy();
    expect(within(form).getByText('Country is required')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/accounts/update')).toBe(false);
  });

  it('fills the country select from /api/get/countries with the token and caches the list', async () => {
    const { calls } = renderProfile(userFixture(complete));
    const select = (await screen.findByTestId('country-select')) as HTMLSelectElement;
    expect(select.value).toBe('1');
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Choose…',
      'Germany',
      'United Kingdom',
      'United States',
    ]);
    expect(calls.find((call) => call.path === '/api/get/countries')?.url).toBe(
      '/api/get/countries?token=token-1',
    );
    expect(JSON.parse(window.localStorage.getItem(COUNTRIES_STORAGE_KEY) ?? '{}').countries).toHaveLength(3);
    expect(screen.getByTestId('account-location').textContent).toBe('Berlin, Germany');
  });

  it('saves the profile with the phone composed from country and number, and replaces the user', async () => {
    const saved = userFixture({ ...complete, city: 'Hamburg', phone: '+442071838750', country_id: 2 });
    const { calls } = renderProfile(userFixture(complete), {
      api: { '/api/accounts/update': () => ok(saved) },
    });
    const form = await screen.findByTestId('profile-form');
    await screen.findByTestId('country-select');
    fill(form, 'City', 'Hamburg');
    fireEvent.change(within(form).getByTestId('phone-country'), { target: { value: 'GB' } });
    fill(form, 'Phone', '020 7183 8750');
    fireEvent.change(screen.getByTestId('country-select'), { target: { value: '2' } });
    fireEvent.submit(form);
    expect(await screen.findByText(MESSAGES_EN['data.saved'])).toBeTruthy();
    const body = calls.find((call) => call.path === '/api/accounts/update')?.body;
    expect(body).toMatchObject({
      city: 'Hamburg',
      phone: '+442071838750',
      country_id: 2,
      birth_date: '1990-04-01',
      token: 'token-1',
    });
    expect(body).not.toHaveProperty('phone_country');
    expect(authStore.get()?.user.city).toBe('Hamburg');
  });

  it('shows the phone validity message for a number that is not valid', async () => {
    renderProfile(userFixture(complete));
    const form = await screen.findByTestId('profile-form');
    fill(form, 'Phone', '123');
    fireEvent.submit(form);
    expect(await within(form).findByText(MESSAGES_EN['phone.invalid'])).toBeTruthy();
  });

  it('after sign-up (register flag) a save goes on to the deposit page and clears the flag', async () => {
    registerFlag.set();
    const { router } = renderProfile(userFixture(complete), {
      api: { '/api/accounts/update': () => ok(userFixture(complete)) },
    });
    const form = await screen.findByTestId('profile-form');
    expect(((await screen.findByTestId('country-select')) as HTMLSelectElement).value).toBe('1');
    fireEvent.submit(form);
    await screen.findByTestId('deposit-screen');
    expect(router.state.location.pathname).toBe('/payment/deposit');
    expect(window.localStorage.getItem(REGISTER_FLAG_KEY)).toBeNull();
  });

  it('explains the birth date rule before sending: not in the future', async () => {
    const { calls } = renderProfile(userFixture(complete));
    const form = await screen.findByTestId('profile-form');
    await screen.findByTestId('country-select');
    fill(form, 'Date of birth', '2099-12-31');
    fireEvent.submit(form);
    expect(await within(form).findByText(MESSAGES_EN['birthDate.future'])).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/accounts/update')).toBe(false);
  });

  it("explains the brand's minimum age, in German too", async () => {
    const now = new Date();
    const twenty = new Date(Date.UTC(now.getUTCFullYear() - 20, now.getUTCMonth(), now.getUTCDate()));
    const { calls } = renderProfile(userFixture(complete), {
      language: 'de',
      brand: { ...brandFixture(), minAge: 21 },
    });
    const form = await screen.findByTestId('profile-form');
    await screen.findByTestId('country-select');
    fill(form, 'Geburtsdatum', twenty.toISOString().slice(0, 10));
    fireEvent.submit(form);
    expect(
      await within(form).findByText('Sie müssen mindestens 21 Jahre alt sein, um ein Konto zu eröffnen'),
    ).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/accounts/update')).toBe(false);
  });

  it('shows the translated server refusal, in German', async () => {
    renderProfile(userFixture(complete), {
      language: 'de',
      api: {
        '/api/accounts/update': () => ({
          status: 400,
          json: {
            status: false,
            code: 'VALIDATION_FAILED',
            key: 'error.validation',
            message: MESSAGES_EN['error.validation'],
            errors: [{ path: 'zip_code', key: 'field.maxChars', params: { title: 'Zip code', max: 20 } }],
          },
        }),
      },
    });
    const form = await screen.findByTestId('profile-form');
    expect(((await screen.findByTestId('country-select')) as HTMLSelectElement).value).toBe('1');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fireEvent.submit(form);
    expect(await screen.findByText('Postleitzahl darf höchstens 20 Zeichen haben')).toBeTruthy();
    expect(screen.getByText(/Einige Felder sind ungültig/)).toBeTruthy();
  });

  it('spec §8: when the countries cannot be loaded the client is logged out and returned home', async () => {
    const { router } = renderProfile(userFixture(complete), {
      api: {
        '/api/get/countries': () => ({
          status: 500,
          json: { status: false, code: 'INTERNAL', key: 'error.internal', message: 'x' },
        }),
      },
    });
    await waitFor(() => expect(authStore.get()).toBeNull(), { timeout: 4000 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
