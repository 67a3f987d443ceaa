import type { StaffMember } from '@openbroker/domain';
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
const MEMBERS: StaffMember[] = [
  {
    id: 1,
    email: 'admin@test.example',
    name: 'Ann Admin',
    roles: ['admin'],
    brandScope: { all: true },
    twoFactorEnabled: true,
    disabled: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    lastLoginAt: null,
    lastLoginIp: null,
    ipAllowList: null,
    passwordChangeRequired: false,
    secondFactorLockedUntil: null,
  },
  {
    id: 2,
    email: 'fin@test.example',
    name: 'Finn Finance',
    roles: ['finance'],
    brandScope: { all: false, brandIds: [2] },
    twoFactorEnabled: false,
    disabled: false,
    createdAt: '2026-11-02T10:00:00.000Z',
    lastLoginAt: null,
    lastLoginIp: null,
    ipAllowList: null,
    passwordChangeRequired: false,
    secondFactorLockedUntil: null,
  },
];

describe('staff management', () => {
  it('lists staff with roles, brand scope and two-factor state', async () => {
    renderBo(<StaffPage />, { staff: admin, api: { '/api/backoffice/staff': () => ok(MEMBERS) } });
    const rows = await screen.findAllByTestId('bo-staff-row');
    const finn = within(rows[1] as HTMLElement);
    expect(finn.getByText('Finance')).toBeTruthy();
    expect(await finn.findByText('Beta Trade')).toBeTruthy();
    expect(finn.getByText('Not set up')).toBeTruthy();
    // nobody disables themselves
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(finn.getByRole('button', { name: 'Disable' })).toBeTruthy();
  });

  it('creates a member and shows the initial password once', async () => {
    let list = MEMBERS;
    const { posts } = renderBo(<StaffPage />, {
      staff: admin,
      api: {
        '/api/backoffice/staff': () => ok(list),
        'POST /api/backoffice/staff': (call) => {
          const created: StaffMember = {
            ...(MEMBERS[1] as StaffMember),
            id: 3,
            email: String(call.body.email),
            name: String(call.body.name),
          };
          list = [...MEMBERS, created];
          return ok({
            staff: created,
            password: 'Init-9f2K-x7Qa',
            enrolUrl: 'http://localhost/backoffice/enrol',
          });
        },
      },
    });
    await screen.findAllByTestId('bo-staff-row');
    fireEvent.click(screen.getByTestId('bo-staff-create'));
    const dialog = await screen.findByTestId('bo-staff-create-dialog');
    fireEvent.click(within(dialog).getByTestId('bo-staff-create-submit'));
    expect(await within(dialog).findByText('Choose at least one role.')).toBeTruthy();
    expect(posts('/api/backoffice/staff')).toHaveLength(0);

    fireEvent.change(within(dialog).getByTestId('bo-staff-name'), { target: { value: 'Dora Dealer' } });
    fireEvent.change(within(dialog).getByTestId('bo-staff-email'), {
      target: { value: 'dora@test.example' },
    });
    fireEvent.click(within(dialog).getByTestId('bom-role-dealer'));
    fireEvent.click(within(dialog).getByTestId('bo-staff-all-brands'));
    fireEvent.click(await within(dialog).findByLabelText('Alpha Markets'));
    fireEvent.click(within(dialog).getByTestId('bo-staff-create-submit'));

    await waitFor(() => expect(posts('/api/backoffice/staff')).toHaveLength(1));
    expect(posts('/api/backoffice/staff')[0]?.body).toEqual({
      email: 'dora@test.example',
      name: 'Dora Dealer',
      roles: ['dealer'],
      brandIds: [1],
    });
    const password = await screen.findByTestId('bo-staff-password');
    expect((password as HTMLInputElement).value).toBe('Init-9f2K-x7Qa');
    expect(screen.getByText(/This password is shown only now/)).toBeTruthy();

    fireEvent.click(screen.getByTestId('bo-staff-created-done'));
    await waitFor(() => expect(screen.queryByTestId('bo-staff-password')).toBeNull());
    expect(await screen.findByText('Dora Dealer')).toBeTruthy();
    expect(screen.queryByDisplayValue('Init-9f2K-x7Qa')).toBeNull();
    expect(document.body.textContent).not.toContain('Init-9f2K-x7Qa');
  });

  it('changes roles and brand scope, resets two-factor and disables', async () => {
    const { posts } = renderBo(<StaffPage />, {
      staff: admin,
      api: {
        '/api/backoffice/staff': () => ok(MEMBERS),
        'POST /api/backoffice/staff/1': () => ok(MEMBERS[0]),
        'POST /api/backoffice/staff/2': () => ok(MEMBERS[1]),
        'POST /api/backoffice/staff/1/reset-2fa': () => ok(MEMBERS[0]),
      },
    });
    const rows = await screen.findAllByTestId('bo-staff-row');
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByTestId('bo-staff-edit-dialog');
    fireEvent.click(within(edit).getByTestId('bom-role-support'));
    fireEvent.click(within(edit).getByTestId('bo-staff-all-brands'));
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts('/api/backoffice/staff/2')).toHaveLength(1));
    expect(posts('/api/backoffice/staff/2')[0]?.body).toEqual({
      roles: ['finance', 'support'],
      brandIds: null,
      ipAllowList: [],
    });

    // disabling asks for a reason first; nothing is sent without one
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Disable' }));
    const confirm = await screen.findByTestId('bo-staff-confirm');
    fireEvent.click(within(confirm).getByTestId('bo-dialog-confirm'));
    expect(posts('/api/backoffice/staff/2')).toHaveLength(1);
    fireEvent.change(within(confirm).getByTestId('bo-reason-input'), {
      target: { value: 'Left the company' },
    });
    fireEvent.click(within(confirm).getByTestId('bo-dialog-confirm'));
    await waitFor(() => expect(posts('/api/backoffice/staff/2')).toHaveLength(2));
    expect(posts('/api/backoffice/staff/2')[1]?.body).toEqual({ disabled: true, reason: 'Left the company' });

    await waitFor(() => expect(screen.queryByTestId('bo-staff-confirm')).toBeNull());
    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Reset 2FA' }));
    fireEvent.click(within(await screen.findByTestId('bo-staff-confirm')).getByTestId('bo-dialog-confirm'));
    await waitFor(() => expect(posts('/api/backoffice/staff/1/reset-2fa')).toHaveLength(1));
  });

  it('is for administrators only', async () => {
    renderBo(<StaffPage />, { staff: staffFixture({ roles: ['finance'] }) });
    expect(await screen.findByText('Your roles do not include this screen.')).toBeTruthy();
    expect(screen.queryByTestId('bo-staff-create')).toBeNull();
  });
});
