import { AuthData, CountryList, DEFAULT_TRADING_PROFILE, PublicBrand, UserDto } from '@openbroker/domain';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { type SocketFactory, SocketFactoryContext } from '../api/sockets.js';
import type { Brand, User } from '../api/types.js';
import { AppProviders } from '../app/AppProviders.js';
import { ROUTES } from '../app/routes.js';
import { authStore } from '../shared/session/authStore.js';
import { fakeSockets } from './fakeSockets.js';
import { createI18n } from './i18n.js';
import { ASSETS_FIXTURE, EMPTY_BALANCE, INSTRUMENTS_FIXTURE } from './platformFixtures.js';
import { accountListFixture } from './tradingAccountFixtures.js';

const PALETTE = {
  primary: '#0b5cab',
  onPrimary: '#ffffff',
  secondary: '#1f2a44',
  accent: '#f59f00',
  background: '#ffffff',
  surface: '#f8f9fb',
  text: '#171c26',
  muted: '#606876',
  border: '#dee2e6',
  heroFrom: '#0b5cab',
  heroTo: '#083d73',
};

/**
 * Test data: a brand as GET /api/brand answers it, with the defaults a brand without settings gets (home widget
 * market quotes, no content tokens, the default trading terms). Parsed with the domain's contract.
 */
export function brandFixture(features: Partial<Brand['features']> = {}): Brand {
  return PublicBrand.parse({
    slug: 'test',
    name: 'Test Broker',
    currency: 'EUR',
    currencySymbol: '€',
    minDeposit: 250,
    minAge: 18,
    languages: ['en', 'de'],
    features: {
      registrationEnabled: false,
      restrictedMode: false,
      economics: true,
      homeRedirectsToPlatform: false,
      ...features,
    },
    theme: {
      primary: '#0b5cab',
      logoText: 'TestBroker',
      light: PALETTE,
      dark: { ...PALETTE, background: '#121417', surface: '#1b1e23', text: '#e9ecef', muted: '#adb5bd' },
      fonts: {
        heading: 'system-ui, sans-serif',
        body: 'system-ui, sans-serif',
        mono: 'ui-monospace, monospace',
      },
      radius: 6,
      logoSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"></svg>',
      logoUrl: '/logo.svg',
      faviconUrl: '/favicon.svg',
    },
    legalName: 'Test Broker Ltd.',
    copyright: '© Test Broker Ltd.',
    supportEmail: 'support@test.example',
    homeSlug: 'index',
    contentToken: '',
    formsToken: '',
    widgets: ['market-quotes'],
    mapTileUrl: '',
    tagline: '',
    address: '',
    phone: '',
    trading: { ...DEFAULT_TRADING_PROFILE, retailLossPercent: null },
  });
}

const WAITING = { status: '0', note: '', updated: null } as const;

/**
 * Test data: a verified client as the auth answer carries it (spec §3), with an incomplete profile
 * (spec §5) unless `overrides` fill it in. Parsed with the domain's contract: a fixture that drifts
 * from what the server sends throws here instead of passing against a shape the server never sends.
 */
export function userFixture(overrides: Partial<User> = {}): User {
  return UserDto.parse({
    token: 'token-1',
    first_name: 'Ada',
    last_name: 'Lovelace',
    full_name: 'Ada Lovelace',
    email: 'ada@test.example',
    phone: '',
    birth_date: null,
    country_id: null,
    state: '',
    city: '',
    street: '',
    zip_code: '',
    pin: '123456',
    level: 'Gold',
    verified_account: 1,
    auto_trading: 0,
    custom_leverage: {},
    assets_group_permission: [],
    uniqid: 'ada42',
    doc_passport: WAITING,
    doc_address: WAITING,
    doc_funding_front: WAITING,
    doc_funding_back: WAITING,
    created_at: '2026-01-05T10:00:00.000Z',
    new_password: '',
    confirm_password: '',
    ...overrides,
  });
}

type Handler = (body: Record<string, unknown>) => { status: number; json: unknown };

/** Test data: a few countries as GET /api/get/countries answers them. */
export const COUNTRIES_FIXTURE = CountryList.parse([
  { id: 1, name: 'Germany', alpha2: 'DE', phone_code: '49' },
  { id: 2, name: 'United Kingdom', alpha2: 'GB', phone_code: '44' },
  { id: 3, name: 'United States', alpha2: 'US', phone_code: '1' },
]);

/**
 * Answers every call in `RenderAppOptions.api` does not: brand, countries, no popups, the platform's
 * reference data, an empty account and its one live trading account, else 404.
 */
const DEFAULT_API: Record<string, Handler> = {
  '/api/get/countries': () => ({ status: 200, json: { status: true, data: COUNTRIES_FIXTURE } }),
  '/api/accounts/popups': () => ({ status: 200, json: { status: true, data: [] } }),
  '/api/accounts/popup': () => ({ status: 200, json: { status: true, data: {} } }),
  '/api/accounts/logout': () => ({ status: 200, json: { status: true, data: {} } }),
  '/api/market/instruments': () => ({ status: 200, json: { status: true, data: INSTRUMENTS_FIXTURE } }),
  '/api/get/assets': () => ({ status: 200, json: { status: true, data: ASSETS_FIXTURE } }),
  '/api/accounts/getBalance': () => ({ status: 200, json: { status: true, data: EMPTY_BALANCE } }),
  '/api/market/candles': () => ({ status: 200, json: { status: true, data: [] } }),
  // the client's trading accounts: one live account in the brand's currency
  '/api/accounts': () => ({ status: 200, json: { status: true, data: accountListFixture() } }),
};

function readBody(body: RequestInit['body']): Record<string, unknown> {
  if (!body) return {};
  if (body instanceof FormData) return Object.fromEntries(body.entries());
  return JSON.parse(String(body)) as Record<string, unknown>;
}

export interface ApiCall {
  /** The path without the query. */
  path: string;
  url: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

export interface RenderAppOptions {
  brand?: Brand | null;
  auth?: AuthData | null;
  language?: 'en' | 'de' | 'it' | 'es';
  /**
   * Answers per API path (without the query); `/api/brand` is answered from `brand`, and countries,
   * popups and logout have harmless defaults, unless given here.
   */
  api?: Record<string, Handler>;
  /** Sockets for the screens that use them (`fakeSockets()`); by default silent fakes, never real ones. */
  socketFactory?: SocketFactory;
}

/** Renders the whole route table at `path` with a stubbed fetch, like the browser would. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const { brand = brandFixture(), auth = null, language = 'en', api = {}, socketFactory } = options;
  // The stored session is checked against the contract like every fixture (a drifted one throws).
  if (auth) authStore.set(AuthData.parse(auth));
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.toString();
    const path = url.split('?')[0] ?? url;
    const body = readBody(init?.body);
    calls.push({ path, url, body, headers: (init?.headers ?? {}) as Record<string, string> });
    const handler =
      api[path] ??
      DEFAULT_API[path] ??
      (path === '/api/brand'
        ? () =>
            brand
              ? { status: 200, json: { status: true, data: brand } }
              : { status: 503, json: { status: false, code: 'UNAVAILABLE', message: 'down' } }
        : () => ({ status: 404, json: { status: false, code: 'NOT_FOUND', message: 'error.notFound' } }));
    const { status, json } = handler(body);
    return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);

  const i18n = createI18n(language);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(ROUTES, { initialEntries: [path] });
  const view = render(
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <SocketFactoryContext.Provider value={socketFactory ?? fakeSockets().factory}>
        <RouterProvider router={router} />
      </SocketFactoryContext.Provider>
    </AppProviders>,
  );
  return { ...view, router, i18n, calls, fetchMock };
}
