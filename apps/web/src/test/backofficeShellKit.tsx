import type { BackofficeReference, ClientDetail, ClientRow, StaffMe } from '@openbroker/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { SocketFactoryContext } from '../api/sockets.js';
import { STAFF_TOKEN_KEY } from '../features/backoffice/api.js';
import { BackofficeApp } from '../features/backoffice/BackofficeApp.js';
import { ToastProvider } from '../ui/ToastProvider.js';
import { BRANDS, ok, refuse, staffFixture } from './backofficeKit.js';
import { fakeSockets } from './fakeSockets.js';
import { createI18n } from './i18n.js';

export { ok, refuse, staffFixture };

/** A request the screen sent, as the fake server saw it. */
export interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: Record<string, unknown>;
  authorization: string | null;
}

type Answer = { status?: number; json?: unknown; blob?: Blob };
export type Api = Record<string, (call: Call) => Answer>;

export const REFERENCE: BackofficeReference = {
  assetCategories: [
    { id: 1, name: 'Forex', leverages: [1, 10, 50, 100] },
    { id: 2, name: 'Crypto', leverages: [1, 2, 5] },
  ],
  countries: [
    { id: 1, name: 'Germany', alpha2: 'DE' },
    { id: 2, name: 'Austria', alpha2: 'AT' },
  ],
  levels: ['Basic', 'Silver', 'Gold', 'Platinum'],
};

export function clientRow(overrides: Partial<ClientRow> = {}): ClientRow {
  return {
    id: 41,
    brandId: 1,
    brandSlug: 'alpha',
    pin: '100041',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@test.example',
    phone: '+4915112345678',
    countryId: 1,
    countryName: 'Germany',
    verified: false,
    level: 'Basic',
    balance: '1250.50',
    currency: 'EUR',
    accountNumber: 'L-100041-1',
    demoOnly: false,
    documentsWaiting: 2,
    hasDeposited: true,
    tradingEnabled: true,
    createdAt: '2026-11-01T09:30:00.000Z',
    ...overrides,
  };
}

const emptyDoc = {
  status: '0' as const,
  note: '',
  updated: null,
  documentId: null,
  mime: null,
  originalName: null,
  size: null,
  documentNumber: null,
  issuingCountry: null,
  expiresOn: null,
  expiry: 'none' as const,
};

export function clientDetail(overrides: Partial<ClientDetail> = {}): ClientDetail {
  return {
    ...clientRow(),
    birthDate: '1990-04-01',
    state: 'Berlin',
    city: 'Berlin',
    street: 'Unter den Linden 1',
    zipCode: '10117',
    restrictedMode: false,
    autoTrading: false,
    assetsGroupPermission: [1],
    customLeverage: {},
    documents: {
      doc_passport: {
        status: '1',
        note: '',
        updated: '2026-11-02T10:00:00.000Z',
        documentId: 501,
        mime: 'image/jpeg',
        originalName: 'passport.jpg',
        size: 120_000,
        documentNumber: null,
        issuingCountry: null,
        expiresOn: null,
        expiry: 'none',
      },
      doc_address: {
        status: '1',
        note: '',
        updated: '2026-11-02T10:05:00.000Z',
        documentId: 502,
        mime: 'application/pdf',
        originalName: 'bill.pdf',
        size: 340_000,
        documentNumber: null,
        issuingCountry: null,
        expiresOn: null,
        expiry: 'none',
      },
      doc_funding_front: emptyDoc,
      doc_funding_back: emptyDoc,
    },
    currency: 'EUR',
    currencySymbol: '€',
    ...overrides,
  };
}

/**
 * Renders the back office at `path` with a fake server behind fetch. With `staff` the tab is signed
 * in (token in sessionStorage, `me` answers the member); without, it starts signed out.
 */
export function renderBackoffice(path: string, { api = {}, staff }: { api?: Api; staff?: StaffMe } = {}) {
  window.sessionStorage.clear();
  if (staff) window.sessionStorage.setItem(STAFF_TOKEN_KEY, 'staff-token');
  const calls: Call[] = [];
  const defaults: Api = {
    '/api/backoffice/me': () => (staff ? ok(staff) : refuse(401, 'UNAUTHORIZED')),
    '/api/backoffice/brands': () => ok(BRANDS),
    '/api/backoffice/reference': () => ok(REFERENCE),
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.toString();
    const [pathname = url, query = ''] = url.split('?');
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: Call = {
      method,
      path: pathname,
      search: new URLSearchParams(query),
      body,
      authorization: headers.Authorization ?? null,
    };
    calls.push(call);
    const handler =
      api[`${method} ${pathname}`] ?? (method === 'GET' ? (api[pathname] ?? defaults[pathname]) : undefined);
    const answer: Answer = handler ? handler(call) : refuse(404, 'NOT_FOUND', 'error.notFound');
    if (answer.blob) return new Response(answer.blob, { status: answer.status ?? 200 });
    return new Response(JSON.stringify(answer.json), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const sockets = fakeSockets();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '/backoffice/*', element: <BackofficeApp /> }], {
    initialEntries: [path],
  });
  const view = render(
    <I18nextProvider i18n={createI18n('en')}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <SocketFactoryContext.Provider value={sockets.factory}>
            <RouterProvider router={router} />
          </SocketFactoryContext.Provider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  const sent = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
  return { ...view, calls, sent, router, queryClient };
}
