import {
  type InboxPage as InboxAnswer,
  type InboxItem,
  type SiteSettingsDoc,
  STANDARD_RISK_WARNING,
} from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BoCall, ok, renderBo, staffFixture } from '../../../test/backofficeKit.js';
import { InboxPage } from './InboxPage.js';
import { SiteSettingsPage } from './SiteSettingsPage.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

const content = staffFixture({ id: 5, name: 'Cora Content', roles: ['content'] });
const SETTINGS = '/api/backoffice/content/singletons/settings';

const doc = (brandId: number, overrides: Record<string, unknown> = {}): SiteSettingsDoc => ({
  name: 'settings',
  brandId,
  updatedAt: null,
  data: {
    copyright: brandId === 1 ? '© Alpha Markets' : '© Beta Trade',
    legal_name: 'Alpha Markets Ltd',
    legal_text: 'Registered in Cyprus.',
    risk_warning: 'CFDs are complex instruments. {{retailLoss}}% lose money.',
    support_email: 'support@alpha.example',
    phone: '+357 22 000000',
    address: '1 Harbour Street, Limassol',
    mapTileUrl: '',
    menu: [
      { title: 'Home', url: '/' },
      { title: 'About', url: '/about' },
    ],
    footer_links: [{ title: 'Privacy policy', url: '/privacy-policy' }],
    platform_components: { referrals: true, account_levels: true, auto_trading: true },
    features: { registrationEnabled: true },
    widgets: ['market-quotes'],
    ...overrides,
  },
});

describe('site settings', () => {
  it('loads the first brand, switches brands, and saves the edited form as the API expects', async () => {
    const { calls } = renderBo(<SiteSettingsPage />, {
      staff: content,
      api: {
        [SETTINGS]: (call) => ok(doc(Number(call.search.get('brandId')))),
        [`PUT ${SETTINGS}`]: (call) =>
          ok({ ...doc(1, call.body), updatedAt: '2026-11-24T10:00:00.000Z' } satisfies SiteSettingsDoc),
      },
    });
    const copyright = (await screen.findByLabelText('Copyright line')) as HTMLInputElement;
    expect(copyright.value).toBe('© Alpha Markets');
    expect(calls.find((c) => c.path === SETTINGS)?.search.get('brandId')).toBe('1');
    // nothing changed yet: nothing to save
    expect((screen.getByTestId('bos-settings-save') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByTestId('bos-site-brand'), { target: { value: '2' } });
    await waitFor(() =>
      expect((screen.getByLabelText('Copyright line') as HTMLInputElement).value).toBe('© Beta Trade'),
    );
    fireEvent.change(screen.getByTestId('bos-site-brand'), { target: { value: '1' } });
    await waitFor(() =>
      expect((screen.getByLabelText('Copyright line') as HTMLInputElement).value).toBe('© Alpha Markets'),
    );

    fireEvent.change(screen.getByLabelText('Copyright line'), {
      target: { value: '© 2026 Alpha Markets Ltd' },
    });
    // move "About" above "Home", add a link, switch auto trading off
    const menu = screen.getByTestId('bos-menu');
    fireEvent.click(within(menu).getAllByRole('button', { name: 'Move up' })[1] as HTMLElement);
    fireEvent.click(within(menu).getByRole('button', { name: 'Add link' }));
    const rows = within(menu).getAllByTestId('bos-menu-row');
    expect(rows).toHaveLength(3);
    fireEvent.change(within(rows[2] as HTMLElement).getByLabelText('Label 3'), {
      target: { value: 'Offers' },
    });
    fireEvent.change(within(rows[2] as HTMLElement).getByLabelText('Address 3'), {
      target: { value: '/promo' },
    });
    fireEvent.click(screen.getByTestId('bos-pc-auto_trading'));
    fireEvent.click(screen.getByTestId('bos-settings-save'));

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT') as BoCall;
    expect(put.search.get('brandId')).toBe('1');
    expect(put.body).toEqual({
      copyright: '© 2026 Alpha Markets Ltd',
      legal_name: 'Alpha Markets Ltd',
      legal_text: 'Registered in Cyprus.',
      risk_warning: 'CFDs are complex instruments. {{retailLoss}}% lose money.',
      support_email: 'support@alpha.example',
      phone: '+357 22 000000',
      address: '1 Harbour Street, Limassol',
      mapTileUrl: '',
      menu: [
        { title: 'About', url: '/about' },
        { title: 'Home', url: '/' },
        { title: 'Offers', url: '/promo' },
      ],
      footer_links: [{ title: 'Privacy policy', url: '/privacy-policy' }],
      // the economic calendar is the brand's switch (Brands → Client area), not one of these
      platform_components: { referrals: true, account_levels: true, auto_trading: false },
    });
    expect(await screen.findByText(/Site settings saved/)).toBeTruthy();
  });

  it('explains the retail-loss placeholder and fills in the standard risk warning in English or German', async () => {
    const { calls } = renderBo(<SiteSettingsPage />, {
      staff: content,
      api: {
        [SETTINGS]: () => ok(doc(1, { risk_warning: '' })),
        [`PUT ${SETTINGS}`]: (call) =>
          ok({ ...doc(1, call.body), updatedAt: '2026-11-24T10:00:00.000Z' } satisfies SiteSettingsDoc),
      },
    });
    const warning = (await screen.findByLabelText('Risk warning')) as HTMLTextAreaElement;
    expect(screen.getByText(/Write \{\{retailLoss\}\} where the share of retail accounts/)).toBeTruthy();
    expect(screen.queryByTestId('bos-pc-economics')).toBeNull();
    expect(screen.getByTestId('bos-pc-economics-note').textContent).toContain('Brands → Client area');

    fireEvent.click(screen.getByTestId('bos-risk-standard-de'));
    expect(warning.value).toBe(STANDARD_RISK_WARNING.de);
    fireEvent.click(screen.getByTestId('bos-risk-standard-en'));
    expect(warning.value).toBe(STANDARD_RISK_WARNING.en);
    fireEvent.click(screen.getByTestId('bos-settings-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect((calls.find((c) => c.method === 'PUT') as BoCall).body.risk_warning).toBe(
      STANDARD_RISK_WARNING.en,
    );
  });

  it('shows the field messages of the schema and of the server, and sends nothing invalid', async () => {
    const { calls } = renderBo(<SiteSettingsPage />, {
      staff: content,
      api: {
        [SETTINGS]: () => ok(doc(1)),
        [`PUT ${SETTINGS}`]: () => ({
          status: 400,
          json: {
            status: false,
            code: 'VALIDATION_FAILED',
            key: 'error.validation',
            message: 'invalid',
            errors: [
              {
                path: 'copyright',
                key: 'field.forbiddenCharacters',
                message: 'x',
                params: { title: 'Copyright' },
              },
            ],
          },
        }),
      },
    });
    await screen.findByLabelText('Copyright line');
    const menu = screen.getByTestId('bos-menu');
    fireEvent.change(within(menu).getByLabelText('Address 1'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByTestId('bos-settings-save'));
    expect(await within(menu).findByText(/Use an address of this site/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(screen.getByTestId('bos-settings-error').textContent).toContain('Some fields need your attention');

    fireEvent.change(within(menu).getByLabelText('Address 1'), { target: { value: '/' } });
    fireEvent.click(screen.getByTestId('bos-settings-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(await screen.findByText('Copyright line contains characters that are not allowed')).toBeTruthy();
  });
});

const item = (overrides: Partial<InboxItem> = {}): InboxItem => ({
  id: 11,
  brandId: 1,
  brandSlug: 'alpha',
  form: 'contact',
  values: { name: 'Vera Visitor', email: 'vera@example.org', message: 'Do you offer gold CFDs?' },
  createdAt: '2026-11-24T09:00:00.000Z',
  handled: false,
  handledAt: null,
  handledBy: null,
  ...overrides,
});

describe('contact inbox', () => {
  it('lists open messages, filters by status and brand, opens one and marks it handled', async () => {
    let handled = false;
    const platform = item({
      id: 12,
      form: 'platform-contact',
      values: {
        first_name: 'Carl',
        last_name: 'Client',
        email: 'carl@example.org',
        phone: '+4915112345678',
        message: 'Where is my withdrawal?',
        client_pin: '100042',
      },
    });
    const { calls } = renderBo(<InboxPage />, {
      staff: staffFixture({ roles: ['support'], name: 'Sam Support' }),
      api: {
        '/api/backoffice/inbox': (call) => {
          const status = call.search.get('status');
          const list = [
            item({
              handled,
              handledBy: handled ? 'Sam Support' : null,
              handledAt: handled ? '2026-11-24T10:00:00.000Z' : null,
            }),
            platform,
          ];
          const items = list.filter((i) =>
            status === 'open' ? !i.handled : status === 'handled' ? i.handled : true,
          );
          return ok({
            items,
            total: items.length,
            page: 1,
            pageSize: 50,
            open: list.filter((i) => !i.handled).length,
          } satisfies InboxAnswer);
        },
        'POST /api/backoffice/inbox/11/handled': (call) => {
          handled = call.body.handled === true;
          return ok(item({ handled, handledBy: 'Sam Support', handledAt: '2026-11-24T10:00:00.000Z' }));
        },
      },
    });
    const table = await screen.findByTestId('bos-inbox-table');
    await within(table).findByText('Vera Visitor');
    expect(within(table).getByText('Carl Client')).toBeTruthy();
    expect(within(table).getByText('Client area')).toBeTruthy();
    expect(screen.getByTestId('bos-inbox-open-count').textContent).toContain('2 open');
    const inboxCalls = () => calls.filter((c) => c.path === '/api/backoffice/inbox');
    expect(inboxCalls()[0]?.search.get('status')).toBe('open');

    fireEvent.click(within(table).getAllByTestId('bos-inbox-open')[0] as HTMLElement);
    const body = await screen.findByTestId('bos-inbox-message');
    expect(within(body).getByText('Do you offer gold CFDs?')).toBeTruthy();
    expect(within(body).getByText('vera@example.org')).toBeTruthy();
    fireEvent.click(screen.getByTestId('bos-inbox-toggle'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/backoffice/inbox/11/handled')).toBe(true));
    expect(calls.find((c) => c.path === '/api/backoffice/inbox/11/handled')?.body).toEqual({ handled: true });
    expect(await screen.findByText('Marked handled.')).toBeTruthy();
    // the open list no longer holds it
    await waitFor(() => expect(screen.getByTestId('bos-inbox-open-count').textContent).toContain('1 open'));

    fireEvent.click(screen.getByTestId('bos-inbox-status-handled'));
    await waitFor(() => expect(inboxCalls().at(-1)?.search.get('status')).toBe('handled'));
    await waitFor(() =>
      expect(within(screen.getByTestId('bos-inbox-table')).getByText('Vera Visitor')).toBeTruthy(),
    );
    expect(within(screen.getByTestId('bos-inbox-table')).queryByText('Carl Client')).toBeNull();

    await waitFor(() =>
      expect(screen.getByTestId('bo-brand-filter').querySelectorAll('option')).toHaveLength(3),
    );
    fireEvent.change(screen.getByTestId('bo-brand-filter'), { target: { value: '2' } });
    await waitFor(() => expect(inboxCalls().at(-1)?.search.get('brandId')).toBe('2'));
    expect(inboxCalls().at(-1)?.search.get('status')).toBe('handled');
  });

  it('shows the empty state of a clean inbox', async () => {
    renderBo(<InboxPage />, {
      staff: content,
      api: {
        '/api/backoffice/inbox': () =>
          ok({ items: [], total: 0, page: 1, pageSize: 50, open: 0 } satisfies InboxAnswer),
      },
    });
    expect(await screen.findByText('Nothing waiting: every message is handled.')).toBeTruthy();
    expect(screen.getByTestId('bos-inbox-open-count').textContent).toContain('0 open');
  });
});
