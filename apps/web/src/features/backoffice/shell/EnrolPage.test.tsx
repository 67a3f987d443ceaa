import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, refuse, renderBackoffice, staffFixture } from '../../../test/backofficeShellKit.js';
import { STAFF_TOKEN_KEY } from '../api.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

const newcomer = staffFixture({ name: 'Nina New', email: 'nina@example.com', twoFactorEnabled: false });
const CODES = Array.from({ length: 10 }, (_, i) => `AAAA-${String(i).padStart(4, '0')}`);
const start = () =>
  ok({ secret: 'HVNFDQIVZEQ7EUMG', otpauthUri: 'otpauth://totp/x', qrCode: 'data:image/png;base64,AAAA' });

describe('two-factor enrolment', () => {
  it('shows the QR code and key, then the ten recovery codes once, then opens the back office', async () => {
    const enrolled = { ...newcomer, twoFactorEnabled: true };
    const { sent } = renderBackoffice('/backoffice/enrol', {
      staff: newcomer,
      api: {
        'POST /api/backoffice/auth/enrol/start': start,
        'POST /api/backoffice/auth/enrol/confirm': () =>
          ok({ token: 'full-token', recoveryCodes: CODES, staff: enrolled }),
      },
    });
    expect(((await screen.findByTestId('bo-enrol-qr')) as HTMLImageElement).src).toContain('data:image/png');
    expect(screen.getByTestId('bo-enrol-secret').textContent).toBe('HVNF DQIV ZEQ7 EUMG');
    fireEvent.change(screen.getByTestId('bo-enrol-code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('bo-enrol-submit'));

    const list = await screen.findByTestId('bo-recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(sent('POST', '/api/backoffice/auth/enrol/confirm')[0]?.body).toEqual({ code: '654321' });
    expect(sent('POST', '/api/backoffice/auth/enrol/confirm')[0]?.authorization).toBe('Bearer staff-token');

    const go = screen.getByTestId('bo-enrol-continue') as HTMLButtonElement;
    expect(go.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('I have saved my recovery codes'));
    fireEvent.click(go);
    expect(await screen.findByTestId('bo-dashboard')).toBeTruthy();
    expect(window.sessionStorage.getItem(STAFF_TOKEN_KEY)).toBe('full-token');
  });

  it('explains a wrong code and stays on the set-up', async () => {
    renderBackoffice('/backoffice/enrol', {
      staff: newcomer,
      api: {
        'POST /api/backoffice/auth/enrol/start': start,
        'POST /api/backoffice/auth/enrol/confirm': () => refuse(400, 'CODE_INVALID', 'staff.codeInvalid'),
      },
    });
    fireEvent.change(await screen.findByTestId('bo-enrol-code'), { target: { value: '111111' } });
    fireEvent.click(screen.getByTestId('bo-enrol-submit'));
    expect(await screen.findByText(/This code is not correct/)).toBeTruthy();
    expect(screen.queryByTestId('bo-recovery-codes')).toBeNull();
  });

  it('a staff member without two-factor sign-in can open nothing else', async () => {
    const { router } = renderBackoffice('/backoffice/clients', {
      staff: newcomer,
      api: { 'POST /api/backoffice/auth/enrol/start': start },
    });
    await screen.findByTestId('bo-enrol-qr');
    expect(router.state.location.pathname).toBe('/backoffice/enrol');
  });
});
