import type {
  ApprovalContext,
  BackofficeBrand,
  MoneyRequest,
  StaffMe,
  StaffTransaction,
} from '@openbroker/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { SocketFactoryContext } from '../api/sockets.js';
import { STAFF_TOKEN_KEY } from '../features/backoffice/api.js';
import { addBackofficeResources } from '../features/backoffice/i18n.js';
import { StaffSessionProvider } from '../features/backoffice/shell/session.js';
import { ToastProvider } from '../ui/ToastProvider.js';
import { fakeSockets } from './fakeSockets.js';
import { createI18n } from './i18n.js';

/** A request the screen sent, as the fake server saw it. */
export interface BoCall {
  method: string;
  path: string;
  url: string;
  search: URLSearchParams;
  body: Record<string, unknown>;
}

type Answer = { status?: number; json: unknown };
/** Answers per "METHOD /path" (or just "/path" for GET). */
export type BoApi = Record<string, (call: BoCall) => Answer>;

export const ok = (data: unknown): Answer => ({ json: { status: true, data } });
export const refuse = (status: number, code: string, message = code): Answer => ({
  status,
  json: { status: false, code, message },
});

export function staffFixture(overrides: Partial<StaffMe> = {}): StaffMe {
  return {
    id: 7,
    email: 'finance@test.example',
    name: 'Fiona Finance',
    roles: ['finance'],
    brandScope: { all: true },
    permissions: [],
    twoFactorEnabled: true,
    passwordChangeRequired: false,
    sessionIdleMinutes: 15,
    ...overrides,
  };
}

export const BRANDS: BackofficeBrand[] = [
  {
    id: 1,
    slug: 'alpha',
    name: 'Alpha Markets',
    currency: 'EUR',
    currencySymbol: '€',
    backoffice: {
      verification: 'automatic',
      fourEyesAbove: 10000,
      bonusWithdrawable: false,
      defaultPermissions: null,
      defaultLeverage: null,
    },
  },
  {
    id: 2,
    slug: 'beta',
    name: 'Beta Trade',
    currency: 'USD',
    currencySymbol: '$',
    backoffice: {
      verification: 'manual',
      fourEyesAbove: 5000,
      bonusWithdrawable: false,
      defaultPermissions: null,
      defaultLeverage: null,
    },
  },
];

export function transactionFixture(overrides: Partial<StaffTransaction> = {}): StaffTransaction {
  return {
    id: 1,
    reference: 'TX-1',
    brandId: 1,
    brandSlug: 'alpha',
    userId: 41,
    accountId: 41,
    clientName: 'Ada Lovelace',
    email: 'ada@test.example',
    pin: '100041',
    typeId: 2,
    typeName: 'Wire Transfer Deposit',
    statusId: 1,
    statusName: 'Pending',
    method: 2,
    provider: '',
    amount: '1500.00',
    currency: 'EUR',
    comments: '',
    note: '',
    decidedBy: null,
    createdAt: '2026-11-20T08:00:00.000Z',
    approvals: [],
    needsSecondApproval: false,
    ...overrides,
  };
}

/** A staff money request as the server lists it (a pending bonus by another finance member). */
export function moneyRequestFixture(overrides: Partial<MoneyRequest> = {}): MoneyRequest {
  return {
    reference: 'MR-1',
    brandId: 1,
    brandSlug: 'alpha',
    userId: 41,
    clientName: 'Ada Lovelace',
    email: 'ada@test.example',
    pin: '100041',
    accountId: 41,
    accountNumber: 'L-100041-1',
    kind: 'bonus',
    amount: '120.00',
    currency: 'EUR',
    reason: 'Welcome bonus',
    status: 'pending',
    requestedBy: { staffId: 9, name: 'Frank Finance' },
    requestedAt: '2026-11-20T08:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    decisionReason: '',
    transactionReference: null,
    ...overrides,
  };
}

/** What an approver is shown about a client: verified, documents, balance, nothing suspicious. */
export function approvalContextFixture(overrides: Partial<ApprovalContext> = {}): ApprovalContext {
  return {
    client: {
      userId: 41,
      name: 'Ada Lovelace',
      email: 'ada@test.example',
      verified: true,
      documents: [
        { type: 'passport', status: 'Approved' },
        { type: 'address', status: 'Processing' },
      ],
      balance: '1000.00',
      currency: 'EUR',
    },
    account: {
      id: 41,
      number: 'L-100041-1',
      currency: 'EUR',
      balance: '1000.00',
      equity: '1000.00',
      openPositions: 0,
    },
    decision: null,
    recent: [],
    lookalikes: [],
    ...overrides,
  };
}

/**
 * Renders a back-office screen signed in as `staff`, with a fake server (`api`) behind fetch and
 * fake sockets; records every call.
 */
export function renderBo(
  ui: ReactNode,
  {
    api = {},
    staff = staffFixture(),
    path = '/backoffice/x',
  }: { api?: BoApi; staff?: StaffMe; path?: string } = {},
) {
  window.sessionStorage.setItem(STAFF_TOKEN_KEY, 'staff-token');
  const calls: BoCall[] = [];
  const defaults: BoApi = {
    '/api/backoffice/me': () => ok(staff),
    '/api/backoffice/brands': () => ok(BRANDS),
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.toString();
    const [pathname = url, query = ''] = url.split('?');
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const call: BoCall = { method, path: pathname, url, search: new URLSearchParams(query), body };
    calls.push(call);
    const handler =
      api[`${method} ${pathname}`] ?? (method === 'GET' ? (api[pathname] ?? defaults[pathname]) : undefined);
    const answer = handler ? handler(call) : refuse(404, 'NOT_FOUND', 'error.notFound');
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
  const router = createMemoryRouter(
    [
      { path: '/backoffice/clients/:id', element: <div data-testid="client-page" /> },
      { path: '*', element: ui },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <I18nextProvider i18n={backofficeI18n()}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <SocketFactoryContext.Provider value={sockets.factory}>
            <StaffSessionProvider>
              <RouterProvider router={router} />
            </StaffSessionProvider>
          </SocketFactoryContext.Provider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  const posts = (path: string) => calls.filter((c) => c.method !== 'GET' && c.path === path);
  return { ...view, calls, posts, sockets, queryClient, router };
}

/** The app's translations plus the back office's (BackofficeApp adds them in the running app). */
function backofficeI18n() {
  const i18n = createI18n('en');
  addBackofficeResources(i18n);
  return i18n;
}
