import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientDetail, ok, renderBackoffice, staffFixture } from '../../../test/backofficeShellKit.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const support = staffFixture({
  name: 'Sam Support',
  roles: ['support'],
  permissions: ['clients.read', 'notes.write', 'passwordReset.send'],
});
const compliance = staffFixture({
  roles: ['compliance'],
  permissions: [
    'clients.read',
    'clients.edit',
    'documents.review',
    'verification.edit',
    'permissions.edit',
    'notes.write',
    'audit.read',
  ],
});
const clientApi = {
  '/api/backoffice/clients/41': () => ok(clientDetail()),
  '/api/backoffice/clients/41/documents/501/file': () => ({ blob: new Blob(['x'], { type: 'image/jpeg' }) }),
};

const menu = () =>
  within(screen.getByTestId('bo-nav'))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('what a staff member sees follows their permissions', () => {
  it('support sees clients only; no money, dealing, audit or staff in the menu', async () => {
    renderBackoffice('/backoffice', { staff: support });
    await screen.findByTestId('bo-nav');
    expect(menu()).toEqual(['Dashboard', 'Clients']);
  });

  it('admin sees every screen', async () => {
    renderBackoffice('/backoffice', { staff: staffFixture({ roles: ['admin'], permissions: [] }) });
    await screen.findByTestId('bo-nav');
    expect(menu()).toEqual([
      'Dashboard',
      'Clients',
      'Compliance tasks',
      'Screening',
      'Deposits',
      'Withdrawals',
      'Money requests',
      'Money limits',
      'Dealing',
      'Brands',
      'Pages',
      'Site settings',
      'Inbox',
      'Pop-ups',
      'Affiliates',
      'Auto-trading',
      'Reports',
      'Audit trail',
      'Staff',
    ]);
  });

  it('the content role sees pages, site settings, the inbox and pop-ups only; finance also sees reports', async () => {
    renderBackoffice('/backoffice', { staff: staffFixture({ roles: ['content'], permissions: [] }) });
    await screen.findByTestId('bo-nav');
    expect(menu()).toEqual(['Dashboard', 'Pages', 'Site settings', 'Inbox', 'Pop-ups']);
    cleanup();
    renderBackoffice('/backoffice', { staff: staffFixture({ roles: ['finance'], permissions: [] }) });
    await screen.findByTestId('bo-nav');
    expect(menu()).toEqual(['Dashboard', 'Clients', 'Deposits', 'Withdrawals', 'Money requests', 'Reports']);
  });

  it('the dealer role sees auto-trading (strategies offered and the kill switch) next to the dealing desk', async () => {
    renderBackoffice('/backoffice', { staff: staffFixture({ roles: ['dealer'], permissions: [] }) });
    await screen.findByTestId('bo-nav');
    expect(menu()).toEqual(['Dashboard', 'Clients', 'Dealing', 'Auto-trading']);
  });

  it('a screen outside the roles says so instead of loading', async () => {
    const { calls } = renderBackoffice('/backoffice/staff', { staff: support });
    expect(await screen.findByText('Your roles do not give access to this screen.')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/backoffice/staff')).toBe(false);
  });

  it('support reads a client: no approve/reject, read-only profile, but may send a password reset', async () => {
    renderBackoffice('/backoffice/clients/41?tab=documents', { staff: support, api: clientApi });
    await screen.findByTestId('bo-doc-doc_passport');
    expect(screen.queryByTestId('bo-doc-approve-doc_passport')).toBeNull();
    expect(screen.queryByTestId('bo-doc-reject-doc_passport')).toBeNull();
    expect(screen.getByTestId('bo-password-reset')).toBeTruthy();
    screen.getByTestId('bo-tab-profile').click();
    expect(await screen.findByTestId('bo-profile-readonly')).toBeTruthy();
    screen.getByTestId('bo-tab-trading').click();
    expect(((await screen.findByTestId('bo-verified-switch')) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('bo-trading-apply')).toBeNull();
  });

  it('compliance reviews documents and edits, but sends no password reset', async () => {
    renderBackoffice('/backoffice/clients/41?tab=documents', { staff: compliance, api: clientApi });
    expect(await screen.findByTestId('bo-doc-approve-doc_passport')).toBeTruthy();
    expect(screen.queryByTestId('bo-password-reset')).toBeNull();
  });
});
