import type { StaffMember, StaffRoleIdleLimit } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderBo, staffFixture } from '../../../test/backofficeKit.js';
import { StaffPage } from './StaffPage.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

const admin = staffFixture({ id: 1, roles: ['admin'], name: 'Ann Admin', email: 'admin@test.example' });
const base = {
  brandScope: { all: true as const },
  twoFactorEnabled: true,
  disabled: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  passwordChangeRequired: false,
  ipAllowList: null,
  secondFactorLockedUntil: null,
  lastLoginAt: null,
  lastLoginIp: null,
};
const MEMBERS: StaffMember[] = [
  { ...base, id: 1, email: 'admin@test.example', name: 'Ann Admin', roles: ['admin'] },
  {
    ...base,
    id: 2,
    email: 'dora@test.example',
    name: 'Dora Dealer',
    roles: ['dealer'],
    lastLoginAt: '2026-11-03T08:15:00.000Z',
    lastLoginIp: '203.0.113.9',
    ipAllowList: ['203.0.113.0/24'],
    secondFactorLockedUntil: '2099-01-01T10:00:00.000Z',
  },
];
const LIMITS: StaffRoleIdleLimit[] = [
  { role: 'admin', minutes: 20, defaultMinutes: 15, custom: true },
  { role: 'dealer', minutes: 30, defaultMinutes: 30, custom: false },
];

describe('staff credentials in staff management', () => {
  it('shows the last sign-in, the allow-list and a locked second factor, which an admin unlocks', async () => {
    const { posts } = renderBo(<StaffPage />, {
      staff: admin,
      api: {
        '/api/backoffice/staff': () => ok(MEMBERS),
        '/api/backoffice/staff-settings/idle': () => ok(LIMITS),
        'POST /api/backoffice/staff/2/unlock-2fa': () => ok({ ...MEMBERS[1], secondFactorLockedUntil: null }),
      },
    });
    const rows = await screen.findAllByTestId('bo-staff-row');
    const dora = within(rows[1] as HTMLElement);
    expect(dora.getByText('203.0.113.9')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Never')).toBeTruthy();
    expect(dora.getByText('Allowed addresses: 1')).toBeTruthy();
    expect(dora.getByTestId('bo-staff-locked').textContent).toContain('Second factor locked until');
    expect(within(rows[0] as HTMLElement).queryByTestId('bo-staff-unlock')).toBeNull();

    fireEvent.click(dora.getByTestId('bo-staff-unlock'));
    fireEvent.click(within(await screen.findByTestId('bo-staff-confirm')).getByTestId('bo-dialog-confirm'));
    await waitFor(() => expect(posts('/api/backoffice/staff/2/unlock-2fa')).toHaveLength(1));
  });

  it('resets a password after a confirmation and shows the temporary password once', async () => {
    const { posts } = renderBo(<StaffPage />, {
      staff: admin,
      api: {
        '/api/backoffice/staff': () => ok(MEMBERS),
        '/api/backoffice/staff-settings/idle': () => ok(LIMITS),
        'POST /api/backoffice/staff/2/reset-password': () =>
          ok({ staff: { ...MEMBERS[1], passwordChangeRequired: true }, password: 'Temp-4kQ9-zzP2' }),
      },
    });
    const rows = await screen.findAllByTestId('bo-staff-row');
    fireEvent.click(within(rows[1] as HTMLElement).getByTestId('bo-staff-reset-password'));
    const dialog = await screen.findByTestId('bo-staff-reset-dialog');
    expect(posts('/api/backoffice/staff/2/reset-password')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('bo-staff-reset-confirm'));
    const password = await screen.findByTestId('bo-staff-temporary-password');
    expect((password as HTMLInputElement).value).toBe('Temp-4kQ9-zzP2');
    fireEvent.click(screen.getByTestId('bo-staff-reset-done'));
    await waitFor(() => expect(screen.queryByTestId('bo-staff-reset-dialog')).toBeNull());
    expect(document.body.textContent).not.toContain('Temp-4kQ9-zzP2');
  });

  it('sets an idle limit per role; back to the default sends null', async () => {
    const { posts } = renderBo(<StaffPage />, {
      staff: admin,
      api: {
        '/api/backoffice/staff': () => ok(MEMBERS),
        '/api/backoffice/staff-settings/idle': () => ok(LIMITS),
        'POST /api/backoffice/staff-settings/idle': () => ok(LIMITS),
      },
    });
    const dealer = await screen.findByTestId('bo-idle-dealer');
    fireEvent.change(dealer, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('bo-idle-save'));
    expect(posts('/api/backoffice/staff-settings/idle')).toHaveLength(0);
    fireEvent.change(dealer, { target: { value: '60' } });
    fireEvent.change(screen.getByTestId('bo-idle-admin'), { target: { value: '15' } });
    fireEvent.click(screen.getByTestId('bo-idle-save'));
    await waitFor(() => expect(posts('/api/backoffice/staff-settings/idle')).toHaveLength(1));
    expect(posts('/api/backoffice/staff-settings/idle')[0]?.body).toEqual({
      limits: { dealer: 60, admin: null },
    });
  });
});
