import { MESSAGES_EN } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../shared/session/authStore.js';
import { type RenderAppOptions, renderApp, userFixture } from '../../test/renderApp.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const auth = { access_token: 'token-1', user: userFixture() };
const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });

function renderPassword(api: RenderAppOptions['api'] = {}) {
  return renderApp('/my-account/password', {
    auth,
    api: { '/api/accounts/get': () => ok(auth), ...api },
  });
}

function fill(form: HTMLElement, newPassword: string, confirm: string, current = 'my old secret') {
  fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: current } });
  fireEvent.change(within(form).getByLabelText('New password'), { target: { value: newPassword } });
  fireEvent.change(within(form).getByLabelText('Confirm password'), { target: { value: confirm } });
}

describe('password tab (spec §5 new password)', () => {
  it('needs at least 8 characters and a matching confirmation, before any call', async () => {
    const { calls } = renderPassword();
    const form = await screen.findByTestId('password-form');
    fill(form, 'short', 'short');
    fireEvent.submit(form);
    expect(await within(form).findByText('New password has minimum 8 characters')).toBeTruthy();
    fill(form, 'long enough 1', 'long enough 2');
    fireEvent.submit(form);
    expect(await within(form).findByText(MESSAGES_EN['password.mismatch'])).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/accounts/updatePassword')).toBe(false);
  });
  it('refuses the current password as the new one, in the reader’s language, before any call', async () => {
    const { calls } = renderApp('/my-account/password', {
      auth,
      language: 'de',
      api: { '/api/accounts/get': () => ok(auth) },
    });
    const form = await screen.findByTestId('password-form');
    fireEvent.change(within(form).getByLabelText('Aktuelles Passwort'), {
      target: { value: 'my old secret' },
    });
    fireEvent.change(within(form).getByLabelText('Neues Passwort'), { target: { value: 'my old secret' } });
    fireEvent.change(within(form).getByLabelText('Passwort bestätigen'), {
      target: { value: 'my old secret' },
    });
    fireEvent.submit(form);
    expect(
      await within(form).findByText('Das neue Passwort muss sich von Ihrem aktuellen Passwort unterscheiden'),
    ).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/accounts/updatePassword')).toBe(false);
  });

  it('changes the password with the token, says so and empties the form', async () => {
    const { calls } = renderPassword({ '/api/accounts/updatePassword': () => ok(userFixture()) });
    const form = await screen.findByTestId('password-form');
    fill(form, 'a new secret 9', 'a new secret 9');
    fireEvent.submit(form);
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/accounts/updatePassword')?.body).toEqual({
      current_password: 'my old secret',
      new_password: 'a new secret 9',
      confirm_password: 'a new secret 9',
      token: 'token-1',
    });
    await waitFor(() =>
      expect((within(form).getByLabelText('New password') as HTMLInputElement).value).toBe(''),
    );
    expect((within(form).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  // a session alone must not be enough to change the password.
  it('asks for the current password before any call', async () => {
    const { calls } = renderPassword();
    const form = await screen.findByTestId('password-form');
    fill(form, 'a new secret 9', 'a new secret 9', '');
    fireEvent.submit(form);
    expect(await within(form).findByText('Current password is required')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/accounts/updatePassword')).toBe(false);
  });

  it('shows the server refusing a wrong current password at that field, and keeps what was typed', async () => {
    renderPassword({
      '/api/accounts/updatePassword': () => ({
        status: 400,
        json: {
          status: false,
          code: 'VALIDATION_FAILED',
          key: 'error.validation',
          message: MESSAGES_EN['error.validation'],
          errors: [
            {
              path: 'current_password',
              key: 'password.currentWrong',
              message: MESSAGES_EN['password.currentWrong'],
            },
          ],
        },
      }),
    });
    const form = await screen.findByTestId('password-form');
    fill(form, 'a new secret 9', 'a new secret 9', 'not my password');
    fireEvent.submit(form);
    expect(await within(form).findByText('The current password is not correct')).toBeTruthy();
    expect(screen.queryByText('Your password has been changed.')).toBeNull();
    expect((within(form).getByLabelText('New password') as HTMLInputElement).value).toBe('a new secret 9');
  });
});
