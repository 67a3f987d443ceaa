import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, refuse, renderBackoffice, staffFixture } from '../../../test/backofficeShellKit.js';
import { STAFF_TOKEN_KEY } from '../api.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

const compliance = staffFixture({
  name: 'Carla Compliance',
  email: 'compliance@example.com',
  roles: ['compliance'],
  permissions: ['clients.read', 'clients.edit', 'documents.review'],
});

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('back-office sign-in', () => {
  it('sends e-mail, password and the TOTP code, keeps the token in sessionStorage and opens the back office', async () => {
    const { sent, router } = renderBackoffice('/backoffice/login', {
      api: {
        'POST /api/backoffice/auth/login': () =>
          ok({ token: 'full-token', enrolmentOnly: false, staff: compliance }),
      },
    });
    fill('E-mail', 'compliance@example.com');
    fill('Password', 'Staff1234!');
    fill('Authentication code', '123 456');
    fireEvent.click(screen.getByTestId('bo-login-submit'));
    expect(await screen.findByTestId('bo-dashboard')).toBeTruthy();
    expect(sent('POST', '/api/backoffice/auth/login')[0]?.body).toEqual({
      email: 'compliance@example.com',
      password: 'Staff1234!',
      code: '123456',
    });
    expect(window.sessionStorage.getItem(STAFF_TOKEN_KEY)).toBe('full-token');
    expect(router.state.location.pathname).toBe('/backoffice');
    expect(within(screen.getByTestId('bo-user')).getByText('Carla Compliance')).toBeTruthy();
  });

  it('says the credentials or code are wrong on 401, and clears the code', async () => {
    renderBackoffice('/backoffice/login', {
      api: {
        'POST /api/backoffice/auth/login': () =>
          refuse(401, 'INVALID_CREDENTIALS', 'auth.invalidCredentials'),
      },
    });
    fill('E-mail', 'compliance@example.com');
    fill('Password', 'wrong');
    fill('Authentication code', '000000');
    fireEvent.click(screen.getByTestId('bo-login-submit'));
    expect((await screen.findByTestId('bo-login-error')).textContent).toContain(
      'The e-mail, password or code is not correct.',
    );
    expect((screen.getByTestId('bo-login-code') as HTMLInputElement).value).toBe('');
    expect(window.sessionStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
  });

  it('checks the code format before asking the server', async () => {
    const { sent } = renderBackoffice('/backoffice/login');
    fill('E-mail', 'compliance@example.com');
    fill('Password', 'Staff1234!');
    fill('Authentication code', '12ab');
    fireEvent.click(screen.getByTestId('bo-login-submit'));
    expect(await screen.findByText('Enter the 6 digits the app shows.')).toBeTruthy();
    expect(sent('POST', '/api/backoffice/auth/login')).toHaveLength(0);
  });

  it('accepts a recovery code instead of the app code', async () => {
    const { sent } = renderBackoffice('/backoffice/login', {
      api: {
        'POST /api/backoffice/auth/login': () =>
          ok({ token: 'full-token', enrolmentOnly: false, staff: compliance }),
      },
    });
    fireEvent.click(screen.getByTestId('bo-login-recovery-toggle'));
    fill('E-mail', 'compliance@example.com');
    fill('Password', 'Staff1234!');
    fill('Recovery code', 'ABCD-EFGH');
    fireEvent.click(screen.getByTestId('bo-login-submit'));
    await screen.findByTestId('bo-dashboard');
    expect(sent('POST', '/api/backoffice/auth/login')[0]?.body.code).toBe('ABCD-EFGH');
  });

  it('sends staff without two-factor sign-in to enrolment', async () => {
    const newcomer = staffFixture({ twoFactorEnabled: false });
    const { router } = renderBackoffice('/backoffice/login', {
      api: {
        'POST /api/backoffice/auth/login': () =>
          ok({ token: 'enrol-token', enrolmentOnly: true, staff: newcomer }),
        'POST /api/backoffice/auth/enrol/start': () =>
          ok({
            secret: 'ABCDEFGHIJKLMNOP',
            otpauthUri: 'otpauth://totp/x',
            qrCode: 'data:image/png;base64,AAAA',
          }),
      },
    });
    fill('E-mail', 'new@example.com');
    fill('Password', 'Staff1234!');
    fireEvent.click(screen.getByTestId('bo-login-submit'));
    expect(await screen.findByTestId('bo-enrol-qr')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/backoffice/enrol');
  });

  it('a screen behind the session sends a signed-out visitor to sign-in, and back after it', async () => {
    const { router } = renderBackoffice('/backoffice/clients?verified=false', {
      api: {
        'POST /api/backoffice/auth/login': () =>
          ok({ token: 'full-token', enrolmentOnly: false, staff: compliance }),
        '/api/backoffice/clients': () => ok({ items: [], total: 0, page: 1, pageSize: 50 }),
      },
    });
    await screen.findByTestId('bo-login-form');
    expect(router.state.location.pathname).toBe('/backoffice/login');
    fill('E-mail', 'compliance@example.com');
    fill('Password', 'Staff1234!');
    fill('Authentication code', '123456');
    fireEvent.click(screen.getByTestId('bo-login-submit'));
    await screen.findByTestId('bo-clients');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/backoffice/clients?verified=false',
    );
  });

  it('a 401 on any call ends the session and returns to sign-in with a notice', async () => {
    renderBackoffice('/backoffice/clients', {
      staff: compliance,
      api: { '/api/backoffice/clients': () => refuse(401, 'UNAUTHORIZED', 'error.unauthorized') },
    });
    expect((await screen.findByTestId('bo-login-notice')).textContent).toContain('Your session has ended');
    await waitFor(() => expect(window.sessionStorage.getItem(STAFF_TOKEN_KEY)).toBeNull());
  });
});
