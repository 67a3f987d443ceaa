import type {
  BrandAdminView,
  BrandListItem,
  BrandPaymentProviderView,
  BrandPublication,
  BrandTradingView,
  BrandUpdateInput,
  TradingProfile,
} from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BoCall, ok, renderBo, staffFixture } from '../../../test/backofficeKit.js';
import { BrandPage } from './BrandPage.js';
import { BrandsPage } from './BrandsPage.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

const admin = staffFixture({ id: 1, roles: ['admin'], name: 'Ann Admin', permissions: ['brands.manage'] });

const PALETTE = {
  primary: '#0b5cff',
  onPrimary: '#ffffff',
  secondary: '#3d4a63',
  accent: '#00b386',
  background: '#f7f9fc',
  surface: '#ffffff',
  text: '#141a26',
  muted: '#5f6673',
  border: '#dde3ee',
  heroFrom: '#0a3a9e',
  heroTo: '#0b5cff',
};

function brandFixture(overrides: Partial<BrandAdminView> = {}): BrandAdminView {
  return {
    id: 3,
    status: 'published',
    slug: 'aurora',
    name: 'Aurora Markets',
    hosts: ['aurora.example.com'],
    theme: {
      logoText: 'Aurora',
      light: { ...PALETTE },
      dark: { ...PALETTE, background: '#0b0f17', surface: '#121826', text: '#e8ecf4' },
      radius: 8,
      logoUrl: null,
      faviconUrl: null,
    },
    clientArea: {
      currency: 'EUR',
      minDeposit: 250,
      features: {
        registrationEnabled: true,
        restrictedMode: false,
        economics: true,
        homeRedirectsToPlatform: false,
      },
      widgets: ['market-quotes'],
      languages: ['en', 'de'],
      accountCurrencies: ['EUR', 'USD'],
      demoBalance: 10_000,
    },
    legal: {
      legalName: 'Aurora Markets Ltd.',
      copyright: '© Aurora Markets Ltd.',
      supportEmail: 'support@aurora.example.com',
      tagline: '',
      address: '',
      phone: '',
    },
    payments: [
      {
        key: 'card-1',
        type: 'sandbox-card',
        flow: 'redirect',
        merchantId: 'M-7',
        secretHints: { apiKey: '••••p7dc' },
      },
    ],
    backoffice: {
      verification: 'automatic',
      defaultPermissions: null,
      defaultLeverage: null,
      fourEyesAbove: 10000,
      bonusWithdrawable: false,
      withdrawalsNeedVerification: false,
    },
    riskWarning: { computedRetailLoss: false },
    categories: [
      { id: 1, name: 'Forex', leverages: [1, 10, 30] },
      { id: 2, name: 'Crypto', leverages: [1, 2] },
    ],
    ...overrides,
  };
}

/**
 * The brand as the server answers after a change: the sections sent replace the stored ones; a provider's
 * secrets come back only as hints (a new secret as set, one sent empty keeps the stored hint).
 */
function changed(stored: BrandAdminView, change: Partial<BrandUpdateInput>): BrandAdminView {
  const { payments, ...sections } = change;
  const next = { ...stored, ...sections } as BrandAdminView;
  if (!payments) return next;
  return {
    ...next,
    payments: payments.map(({ apiKey, webhookSecret, ...settings }): BrandPaymentProviderView => {
      const kept = stored.payments.find((p) => p.key === settings.key)?.secretHints ?? {};
      const hint = (sent: string | null | undefined, before: string | undefined) =>
        sent === null ? undefined : sent ? '••••' : before;
      const apiKeyHint = hint(apiKey, kept.apiKey);
      const webhookHint = hint(webhookSecret, kept.webhookSecret);
      return {
        ...settings,
        secretHints: {
          ...(apiKeyHint ? { apiKey: apiKeyHint } : {}),
          ...(webhookHint ? { webhookSecret: webhookHint } : {}),
        },
      };
    }),
  };
}

/** The brand page at /backoffice/brands/3?tab=…, answering GET and PATCH of the brand. */
function renderBrand(
  tab: string,
  extra: Record<string, (call: BoCall) => { status?: number; json: unknown }> = {},
) {
  let stored = brandFixture();
  return renderBo(
    <Routes>
      <Route path="/backoffice/brands/:id" element={<BrandPage />} />
    </Routes>,
    {
      staff: admin,
      path: `/backoffice/brands/3?tab=${tab}`,
      api: {
        '/api/backoffice/brands/3': () => ok(stored),
        'PATCH /api/backoffice/brands/3': (call) => {
          stored = changed(stored, call.body as Partial<BrandUpdateInput>);
          return ok(stored);
        },
        ...extra,
      },
    },
  );
}

const PUBLICATION: BrandPublication = {
  id: 3,
  status: 'draft',
  publishedAt: null,
  ready: false,
  checklist: [
    { key: 'legalPages', ok: false, missing: ['privacy-policy'] },
    { key: 'supportEmail', ok: true, missing: [] },
    { key: 'paymentMethod', ok: true, missing: [] },
    { key: 'riskWarning', ok: true, missing: [] },
  ],
};

describe('brand publishing', () => {
  it('shows a draft’s checklist green and red with links to fix each item; publishing waits for every item, then asks first', async () => {
    let publication = { ...PUBLICATION };
    const { posts } = renderBrand('general', {
      '/api/backoffice/brands/3/publication': () => ok(publication),
      'POST /api/backoffice/brands/3/publish': () => {
        publication = { ...publication, status: 'published', publishedAt: '2026-01-04T10:00:00.000Z' };
        return ok(publication);
      },
    });
    const list = await screen.findByTestId('bob-checklist');
    const legal = within(list).getByTestId('bob-check-legalPages');
    expect(legal.getAttribute('data-ok')).toBe('false');
    expect(legal.textContent).toContain('/privacy-policy');
    expect(within(legal).getByRole('link', { name: 'Fix' }).getAttribute('href')).toBe(
      '/backoffice/content?brand=3&lang=en',
    );
    expect(
      within(within(list).getByTestId('bob-check-riskWarning')).getByRole('link').getAttribute('href'),
    ).toBe('/backoffice/site?brand=3');
    expect(screen.getByTestId('bob-status').textContent).toBe('Draft');
    expect((screen.getByTestId('bob-publish') as HTMLButtonElement).disabled).toBe(true);

    cleanup();
    publication = {
      ...PUBLICATION,
      ready: true,
      checklist: PUBLICATION.checklist.map((i) => ({ ...i, ok: true, missing: [] })),
    };
    const second = renderBrand('general', {
      '/api/backoffice/brands/3/publication': () => ok(publication),
      'POST /api/backoffice/brands/3/publish': () => {
        publication = { ...publication, status: 'published', publishedAt: '2026-01-04T10:00:00.000Z' };
        return ok(publication);
      },
    });
    const publish = await screen.findByTestId('bob-publish');
    await waitFor(() => expect((publish as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(publish);
    const dialog = await screen.findByTestId('bo-confirm');
    expect(within(dialog).getByText('Publish Aurora Markets?')).toBeTruthy();
    expect(second.posts('/api/backoffice/brands/3/publish')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(second.posts('/api/backoffice/brands/3/publish')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('bob-status').textContent).toBe('Published'));
    expect(posts('/api/backoffice/brands/3/publish')).toHaveLength(0);
  });
});

describe('brand editor', () => {
  it('lists the brands in scope and creates a new one (the form refuses a bad colour first)', async () => {
    const list: BrandListItem[] = [
      {
        id: 1,
        slug: 'demo',
        name: 'OpenBroker Demo',
        hosts: ['localhost', '127.0.0.1'],
        currency: 'EUR',
        clients: 12,
        status: 'published',
      },
    ];
    const { posts, router } = renderBo(<BrandsPage />, {
      staff: admin,
      path: '/backoffice/brands',
      api: {
        '/api/backoffice/brands/overview': () => ok(list),
        'POST /api/backoffice/brands': (call) => ok(brandFixture({ id: 17, slug: String(call.body.slug) })),
      },
    });
    const rows = await screen.findAllByTestId('bob-row');
    expect(within(rows[0] as HTMLElement).getByText('OpenBroker Demo')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('localhost')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('12')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Published')).toBeTruthy();

    fireEvent.click(screen.getByTestId('bob-new'));
    const dialog = await screen.findByTestId('bob-create');
    const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
    fireEvent.change(field('Brand name'), { target: { value: 'Nova Markets' } });
    fireEvent.change(field('Slug'), { target: { value: 'nova' } });
    fireEvent.change(field('Host name'), { target: { value: 'Nova.Example.com' } });
    fireEvent.change(field('Legal entity'), { target: { value: 'Nova Markets Ltd.' } });
    fireEvent.change(field('Support e-mail'), { target: { value: 'help@nova.example.com' } });
    const colours = within(dialog)
      .getAllByRole('textbox')
      .filter((i) => (i as HTMLInputElement).value.startsWith('#'));
    fireEvent.change(colours[0] as HTMLElement, { target: { value: 'purple' } });
    fireEvent.click(screen.getByTestId('bob-create-submit'));
    expect(await within(dialog).findByText('Colour must be a colour written like #0b5cff')).toBeTruthy();
    expect(posts('/api/backoffice/brands')).toHaveLength(0);

    fireEvent.change(colours[0] as HTMLElement, { target: { value: '#7A1FD6' } });
    // start from a copy of the demo brand instead of the starter pages
    fireEvent.change(field('Start from'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('bob-create-submit'));
    await waitFor(() => expect(posts('/api/backoffice/brands')).toHaveLength(1));
    expect(posts('/api/backoffice/brands')[0]?.body).toEqual({
      slug: 'nova',
      name: 'Nova Markets',
      hosts: ['nova.example.com'],
      currency: 'EUR',
      legalName: 'Nova Markets Ltd.',
      supportEmail: 'help@nova.example.com',
      primary: '#7a1fd6',
      accent: '#00b386',
      template: { kind: 'brand', brandId: 1 },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/backoffice/brands/17'));
  });

  it('a scoped admin cannot start creating a brand', async () => {
    renderBo(<BrandsPage />, {
      staff: { ...admin, brandScope: { all: false, brandIds: [3] } },
      api: { '/api/backoffice/brands/overview': () => ok([]) },
    });
    expect(await screen.findByText('No brands in your scope.')).toBeTruthy();
    expect((screen.getByTestId('bob-new') as HTMLButtonElement).disabled).toBe(true);
  });

  it('theme: a colour edited by hand updates the live preview and is saved in the theme section', async () => {
    const { posts } = renderBrand('theme');
    const field = await screen.findByLabelText('Primary (Light theme)');
    fireEvent.change(field, { target: { value: '#123456' } });
    await waitFor(() =>
      expect(
        (screen.getByTestId('bob-preview-light') as HTMLElement).style.getPropertyValue('--pv-primary'),
      ).toBe('#123456'),
    );
    // the dark preview keeps its own palette
    expect((screen.getByTestId('bob-preview-dark') as HTMLElement).style.getPropertyValue('--pv-bg')).toBe(
      '#0b0f17',
    );
    fireEvent.click(screen.getByTestId('bob-theme-save'));
    await waitFor(() => expect(posts('/api/backoffice/brands/3')).toHaveLength(1));
    const body = posts('/api/backoffice/brands/3')[0]?.body as { theme: { light: { primary: string } } };
    expect(Object.keys(body)).toEqual(['theme']);
    expect(body.theme.light.primary).toBe('#123456');
    expect(await screen.findByText('Saved. The sites show the change within seconds.')).toBeTruthy();
  });

  it("hosts: the server's refusal of another brand's host shows on that host, and stays unsaved", async () => {
    const { posts } = renderBrand('hosts', {
      'PATCH /api/backoffice/brands/3': () => ({
        status: 400,
        json: {
          status: false,
          code: 'VALIDATION_FAILED',
          key: 'error.validation',
          message: 'Some fields are not valid. Please check them and try again.',
          errors: [
            {
              path: 'hosts.1',
              key: 'boBrands.hostTaken',
              params: { host: 'localhost' },
              message: 'The host name localhost is already used by another brand.',
            },
          ],
        },
      }),
    });
    fireEvent.click(await screen.findByTestId('bob-host-add'));
    const inputs = screen.getAllByPlaceholderText('broker.example.com');
    fireEvent.change(inputs[1] as HTMLElement, { target: { value: 'localhost' } });
    fireEvent.click(screen.getByTestId('bob-hosts-save'));
    expect(await screen.findByText('The host name localhost is already used by another brand.')).toBeTruthy();
    expect(posts('/api/backoffice/brands/3')[0]?.body).toEqual({
      hosts: ['aurora.example.com', 'localhost'],
    });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('payments: stored secrets show only as hints; an empty secret is sent empty (kept), a new one in full', async () => {
    const { posts } = renderBrand('payments');
    const apiKey = (await screen.findByLabelText('API key')) as HTMLInputElement;
    expect(apiKey.value).toBe('');
    expect(apiKey.type).toBe('password');
    expect(apiKey.placeholder).toBe('••••p7dc');
    expect(screen.getByText('Stored (••••p7dc). Leave empty to keep it.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Webhook secret'), { target: { value: 'whsec_new_value_123' } });
    fireEvent.click(screen.getByTestId('bob-payments-save'));
    await waitFor(() => expect(posts('/api/backoffice/brands/3')).toHaveLength(1));
    expect(posts('/api/backoffice/brands/3')[0]?.body).toEqual({
      payments: [
        {
          key: 'card-1',
          type: 'sandbox-card',
          flow: 'redirect',
          merchantId: 'M-7',
          apiKey: '',
          webhookSecret: 'whsec_new_value_123',
        },
      ],
    });
  });

  it('verification & defaults: limiting categories and leverages is saved as ids and leverage indexes', async () => {
    const { posts } = renderBrand('verification');
    fireEvent.click(await screen.findByLabelText('Every instrument category'));
    fireEvent.click(screen.getByLabelText('Crypto'));
    fireEvent.click(screen.getByLabelText('1:30'));
    fireEvent.change(screen.getByLabelText('Second approval for withdrawals above'), {
      target: { value: '2500' },
    });
    fireEvent.change(screen.getByLabelText('Verification rule'), { target: { value: 'manual' } });
    fireEvent.click(screen.getByTestId('bob-verification-save'));
    await waitFor(() => expect(posts('/api/backoffice/brands/3')).toHaveLength(1));
    expect(posts('/api/backoffice/brands/3')[0]?.body).toEqual({
      backoffice: {
        verification: 'manual',
        defaultPermissions: [1],
        defaultLeverage: { Forex: [0, 1] },
        fourEyesAbove: 2500,
        bonusWithdrawable: false,
        withdrawalsNeedVerification: false,
      },
    });
  });

  it('trading: levels in percent are saved as fractions; the computed retail-loss checkbox is saved on the brand', async () => {
    const groups = Object.fromEntries(
      ['forex', 'stocks', 'crypto', 'commodities', 'index'].map((g) => [
        g,
        {
          markup: { unit: 'percent', value: 0.05 },
          commission: { unit: 'perLot', value: 0 },
          swap: { long: -5, short: -2, tripleDay: 3, weekends: false },
        },
      ]),
    ) as TradingProfile['groups'];
    const profile: TradingProfile = {
      preset: 'esma',
      marginCallLevel: 1,
      stopOutLevel: 0.5,
      groups,
      leverageCaps: {
        forexMajor: 30,
        forexMinor: 20,
        goldMajorIndex: 20,
        commodityMinorIndex: 10,
        share: 5,
        crypto: 2,
      },
    };
    const { calls, posts } = renderBrand('trading', {
      '/api/backoffice/brands/3/trading': () =>
        ok({ settings: { preset: 'esma', retailLossPercent: 74 }, profile } satisfies BrandTradingView),
      'PUT /api/backoffice/brands/3/trading': (call) =>
        ok({ settings: call.body, profile } satisfies BrandTradingView),
    });
    const stopOut = (await screen.findByLabelText('Stop-out level')) as HTMLInputElement;
    expect(stopOut.value).toBe('50');
    fireEvent.change(stopOut, { target: { value: '60' } });
    fireEvent.change(screen.getByLabelText('Forex Spread markup'), { target: { value: '0.4' } });
    fireEvent.change(screen.getAllByLabelText('Forex Unit')[0] as HTMLElement, { target: { value: 'pips' } });
    fireEvent.click(screen.getByLabelText('Show the computed retail-loss figure'));
    fireEvent.click(screen.getByTestId('bob-trading-save'));
    await waitFor(() => expect(posts('/api/backoffice/brands/3')).toHaveLength(1));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      preset: 'esma',
      stopOutLevel: 0.6,
      marginCallLevel: 1,
      retailLossPercent: 74,
      leverageCaps: { forexMajor: 30, crypto: 2 },
    });
    const groupsSent = put?.body.groups as Record<string, { markup: unknown }> | undefined;
    expect(groupsSent?.forex?.markup).toEqual({
      unit: 'pips',
      value: 0.4,
    });
    expect(posts('/api/backoffice/brands/3')[0]?.body).toEqual({ riskWarning: { computedRetailLoss: true } });
  });
});
