import {
  type AffiliateAdminView,
  type AffiliateFunnel,
  type AffiliateWithPassword,
  lastDays,
} from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, refuse, renderBo, staffFixture } from '../../../test/backofficeKit.js';
import { AffiliatePage, AffiliatesPage } from './index.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

/** The screen under its real route, so the id comes from the path as in the app. */
const onAffiliateRoute = (
  <Routes>
    <Route path="backoffice/affiliates/:id" element={<AffiliatePage />} />
  </Routes>
);

const admin = staffFixture({
  id: 1,
  roles: ['admin'],
  permissions: ['affiliates.manage'],
  name: 'Ann Admin',
});

const affiliate = (overrides: Partial<AffiliateAdminView> = {}): AffiliateAdminView => ({
  id: 5,
  brandId: 1,
  brandName: 'Alpha Markets',
  email: 'pat@partner.example',
  firstName: 'Pat',
  lastName: 'Partner',
  code: 'AF12CD34',
  disabled: false,
  disabledAt: null,
  clients: 17,
  demoClients: 0,
  createdAt: '2026-10-01T08:00:00.000Z',
  ...overrides,
});

const FUNNEL: AffiliateFunnel = {
  days: [
    { day: '2026-03-01', clicks: 7, registrations: 2, demo_signups: 0, first_deposits: 0 },
    { day: '2026-03-02', clicks: 0, registrations: 0, demo_signups: 0, first_deposits: 1 },
    { day: '2026-03-03', clicks: 4, registrations: 1, demo_signups: 0, first_deposits: 1 },
  ],
  clicks: 11,
  registrations: 3,
  demo_signups: 0,
  first_deposits: 2,
  registration_rate: 3 / 11,
  deposit_rate: 2 / 3,
};

describe('affiliates list', () => {
  it('lists affiliates with code, brand, clients and status, each linking to its page', async () => {
    renderBo(<AffiliatesPage />, {
      staff: admin,
      api: {
        '/api/backoffice/affiliates': () =>
          ok([
            affiliate(),
            affiliate({ id: 6, firstName: 'Dee', disabled: true, code: 'AFZZ0000', clients: 0 }),
          ]),
      },
    });
    const links = await screen.findAllByTestId('boe-aff-row');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/backoffice/affiliates/5',
      '/backoffice/affiliates/6',
    ]);
    const table = screen.getByTestId('boe-affiliates-table');
    expect(within(table).getByText('AF12CD34')).toBeTruthy();
    expect(within(table).getByText('17')).toBeTruthy();
    expect(within(table).getByText('Active')).toBeTruthy();
    expect(within(table).getByText('Disabled')).toBeTruthy();
  });

  it('creates an affiliate and shows its password once with a copy button', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { posts } = renderBo(<AffiliatesPage />, {
      staff: admin,
      api: {
        '/api/backoffice/affiliates': () => ok([]),
        'POST /api/backoffice/affiliates': (call) =>
          ok({
            affiliate: affiliate({ email: String(call.body.email), brandId: Number(call.body.brandId) }),
            password: 'x7Qa-9f2K-One-Time',
          } satisfies AffiliateWithPassword),
      },
    });
    expect(await screen.findByText('No affiliates yet.')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByTestId('boe-aff-new') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('boe-aff-new'));
    const dialog = await screen.findByTestId('boe-aff-create-dialog');
    fireEvent.change(within(dialog).getByTestId('boe-aff-email'), { target: { value: 'not-an-email' } });
    fireEvent.click(within(dialog).getByTestId('boe-aff-create'));
    expect(await within(dialog).findByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(posts('/api/backoffice/affiliates')).toHaveLength(0);

    fireEvent.change(within(dialog).getByTestId('boe-aff-brand'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByTestId('boe-aff-first'), { target: { value: ' Pat ' } });
    fireEvent.change(within(dialog).getByTestId('boe-aff-last'), { target: { value: 'Partner' } });
    fireEvent.change(within(dialog).getByTestId('boe-aff-email'), {
      target: { value: 'pat@partner.example' },
    });
    fireEvent.click(within(dialog).getByTestId('boe-aff-create'));
    await waitFor(() => expect(posts('/api/backoffice/affiliates')).toHaveLength(1));
    expect(posts('/api/backoffice/affiliates')[0]?.body).toEqual({
      brandId: 2,
      email: 'pat@partner.example',
      firstName: 'Pat',
      lastName: 'Partner',
    });
    const password = (await within(dialog).findByTestId('boe-aff-password')) as HTMLInputElement;
    expect(password.value).toBe('x7Qa-9f2K-One-Time');
    expect(within(dialog).getByTestId('boe-aff-code').textContent).toBe('AF12CD34');
    fireEvent.click(within(dialog).getByTestId('boe-aff-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('x7Qa-9f2K-One-Time'));
    expect(await within(dialog).findByText('Copied')).toBeTruthy();
  });

  it("shows the server's refusal of a taken e-mail", async () => {
    renderBo(<AffiliatesPage />, {
      staff: admin,
      api: {
        '/api/backoffice/affiliates': () => ok([]),
        'POST /api/backoffice/affiliates': () => ({
          status: 409,
          json: {
            status: false,
            code: 'AFFILIATE_EMAIL_TAKEN',
            key: 'affiliates.emailTaken',
            message: 'taken',
          },
        }),
      },
    });
    await screen.findByText('No affiliates yet.');
    // the button waits for the brands in scope
    await waitFor(() =>
      expect((screen.getByTestId('boe-aff-new') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('boe-aff-new'));
    const dialog = await screen.findByTestId('boe-aff-create-dialog');
    fireEvent.change(within(dialog).getByTestId('boe-aff-first'), { target: { value: 'Pat' } });
    fireEvent.change(within(dialog).getByTestId('boe-aff-last'), { target: { value: 'Partner' } });
    fireEvent.change(within(dialog).getByTestId('boe-aff-email'), {
      target: { value: 'pat@partner.example' },
    });
    fireEvent.click(within(dialog).getByTestId('boe-aff-create'));
    expect(
      await within(dialog).findByText('This brand already has an affiliate with this e-mail address.'),
    ).toBeTruthy();
    expect(within(dialog).queryByTestId('boe-aff-password')).toBeNull();
  });
});

describe('one affiliate', () => {
  it('shows details and the funnel with totals and a per-day table, for the chosen range', async () => {
    const { calls } = renderBo(onAffiliateRoute, {
      staff: admin,
      path: '/backoffice/affiliates/5',
      api: {
        '/api/backoffice/affiliates/5': () => ok(affiliate()),
        '/api/backoffice/affiliates/5/funnel': () => ok(FUNNEL),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Pat Partner' })).toBeTruthy();
    const details = await screen.findByTestId('boe-aff-details');
    expect(within(details).getByText('pat@partner.example')).toBeTruthy();
    expect(within(details).getByText('AF12CD34')).toBeTruthy();
    await screen.findByTestId('boe-aff-kpis');
    expect(screen.getByTestId('boe-aff-kpi-clicks').textContent).toContain('11');
    expect(screen.getByTestId('boe-aff-kpi-registrations').textContent).toContain('3');
    // demo sign-ups are their own figure (here none), beside registrations
    expect(screen.getByTestId('boe-aff-kpi-demo-signups').textContent).toContain('0');
    expect(screen.getByTestId('boe-aff-kpi-ftds').textContent).toContain('2');
    expect(screen.getByTestId('boe-aff-kpi-registration-rate').textContent).toContain('27.3%');
    expect(screen.getByTestId('boe-aff-kpi-deposit-rate').textContent).toContain('66.7%');
    const rows = within(screen.getByTestId('boe-aff-days')).getAllByRole('row');
    expect(rows).toHaveLength(5); // head, three days, total
    // clicks, registrations, demo sign-ups, first-time deposits
    expect(screen.getByTestId('boe-aff-total').textContent).toBe('Total11302');
    const first = calls.find((c) => c.path === '/api/backoffice/affiliates/5/funnel');
    expect(Object.fromEntries(first?.search ?? [])).toEqual(lastDays(new Date()));

    fireEvent.change(screen.getByTestId('boe-aff-from'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByTestId('boe-aff-until'), { target: { value: '2026-03-05' } });
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.path === '/api/backoffice/affiliates/5/funnel' &&
            c.search.get('from') === '2026-03-01' &&
            c.search.get('until') === '2026-03-05',
        ),
      ).toBe(true),
    );
  });

  it('disables after a confirmation and resets the password, showing the new one once', async () => {
    let current = affiliate();
    const { posts } = renderBo(onAffiliateRoute, {
      staff: admin,
      path: '/backoffice/affiliates/5',
      api: {
        '/api/backoffice/affiliates/5': () => ok(current),
        '/api/backoffice/affiliates/5/funnel': () => ok({ ...FUNNEL, days: [] } satisfies AffiliateFunnel),
        'POST /api/backoffice/affiliates/5/disable': () => {
          current = affiliate({ disabled: true, disabledAt: '2026-11-24T10:00:00Z' });
          return ok(current);
        },
        'POST /api/backoffice/affiliates/5/reset-password': () =>
          ok({ affiliate: current, password: 'N3w-Pa55-Once' } satisfies AffiliateWithPassword),
      },
    });
    fireEvent.click(await screen.findByTestId('boe-aff-toggle'));
    const confirm = await screen.findByTestId('boe-aff-confirm');
    expect(within(confirm).getByText(/keep counting/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(posts('/api/backoffice/affiliates/5/disable')).toHaveLength(1));
    expect(await screen.findByText('Affiliate disabled.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('boe-aff-toggle').textContent).toContain('Enable'));

    fireEvent.click(screen.getByTestId('boe-aff-reset'));
    const reset = await screen.findByTestId('boe-aff-confirm');
    fireEvent.click(within(reset).getByRole('button', { name: 'Reset password' }));
    const shown = await screen.findByTestId('boe-aff-password-dialog');
    expect((within(shown).getByTestId('boe-aff-password') as HTMLInputElement).value).toBe('N3w-Pa55-Once');
    fireEvent.click(within(shown).getByTestId('boe-aff-done'));
    await waitFor(() => expect(screen.queryByTestId('boe-aff-password-dialog')).toBeNull());
  });

  it('says the affiliate is not there for an id outside the scope', async () => {
    renderBo(onAffiliateRoute, {
      staff: admin,
      path: '/backoffice/affiliates/99',
      api: { '/api/backoffice/affiliates/99': () => refuse(404, 'NOT_FOUND', 'error.notFound') },
    });
    expect(await screen.findByText('This affiliate does not exist or is not in your brands.')).toBeTruthy();
  });
});
