import type { ClientRow } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientRow, ok, renderBackoffice, staffFixture } from '../../../test/backofficeShellKit.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const support = staffFixture({
  roles: ['support'],
  permissions: ['clients.read', 'notes.write', 'passwordReset.send'],
});

/** A fake list of `total` clients answering pages of 50. */
const listApi = (total: number) => (call: { search: URLSearchParams }) => {
  const page = Number(call.search.get('page') ?? 1);
  const from = (page - 1) * 50;
  const items: ClientRow[] = Array.from({ length: Math.max(0, Math.min(50, total - from)) }, (_, i) =>
    clientRow({ id: from + i + 1, pin: String(100000 + from + i + 1), firstName: `Client${from + i + 1}` }),
  );
  return ok({ items, total, page, pageSize: 50 });
};

const lastListQuery = (calls: { path: string; search: URLSearchParams }[]) =>
  [...calls].reverse().find((call) => call.path === '/api/backoffice/clients')?.search;

describe('client list', () => {
  it("shows each balance in its brand's currency", async () => {
    renderBackoffice('/backoffice/clients', {
      staff: support,
      api: {
        '/api/backoffice/clients': () =>
          ok({
            items: [
              clientRow({ id: 1, brandSlug: 'demo', balance: '1000.00', currency: 'EUR' }),
              clientRow({ id: 2, brandSlug: 'vertex', balance: '-5000.5', currency: 'USD' }),
            ],
            total: 2,
            page: 1,
            pageSize: 50,
          }),
      },
    });
    expect((await screen.findByTestId('bo-client-row-1')).textContent).toContain('€1,000.00');
    expect(screen.getByTestId('bo-client-row-2').textContent).toContain('−$5,000.50');
  });

  it('turns the filters into the query string, page back to 1', async () => {
    const { calls } = renderBackoffice('/backoffice/clients?page=3', {
      staff: support,
      api: { '/api/backoffice/clients': listApi(500) },
    });
    await screen.findByTestId('bo-client-row-101');
    expect(lastListQuery(calls)?.get('page')).toBe('3');

    fireEvent.change(screen.getByTestId('bo-filter-verified'), { target: { value: 'true' } });
    fireEvent.change(screen.getByTestId('bo-filter-documents'), { target: { value: 'true' } });
    fireEvent.change(await screen.findByTestId('bo-filter-country'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('bo-filter-from'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByTestId('bo-filter-to'), { target: { value: '2026-06-30' } });
    fireEvent.change(screen.getByTestId('bo-filter-deposited'), { target: { value: 'false' } });
    fireEvent.change(screen.getByTestId('bo-brand-filter'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('bo-clients-search'), { target: { value: 'ada@' } });

    await waitFor(() => expect(lastListQuery(calls)?.get('q')).toBe('ada@'));
    expect(Object.fromEntries(lastListQuery(calls) ?? [])).toEqual({
      q: 'ada@',
      brandId: '2',
      verified: 'true',
      documentsWaiting: 'true',
      countryId: '2',
      registeredFrom: '2026-01-01',
      registeredTo: '2026-06-30',
      hasDeposited: 'false',
      sort: 'createdAt',
      order: 'desc',
      page: '1',
    });
  });

  it('sorts on the server: a header click sorts by it, a second click flips the order', async () => {
    const { calls } = renderBackoffice('/backoffice/clients', {
      staff: support,
      api: { '/api/backoffice/clients': listApi(3) },
    });
    await screen.findByTestId('bo-client-row-1');
    fireEvent.click(screen.getByTestId('bo-sort-balance'));
    await waitFor(() => expect(lastListQuery(calls)?.get('sort')).toBe('balance'));
    expect(lastListQuery(calls)?.get('order')).toBe('desc');
    fireEvent.click(screen.getByTestId('bo-sort-balance'));
    await waitFor(() => expect(lastListQuery(calls)?.get('order')).toBe('asc'));
    fireEvent.click(screen.getByTestId('bo-sort-name'));
    await waitFor(() => expect(lastListQuery(calls)?.get('sort')).toBe('name'));
    expect(lastListQuery(calls)?.get('order')).toBe('asc');
  });

  it('pages through 50 at a time and shows the range', async () => {
    const { calls } = renderBackoffice('/backoffice/clients', {
      staff: support,
      api: { '/api/backoffice/clients': listApi(120) },
    });
    await screen.findByTestId('bo-client-row-1');
    expect(within(screen.getByTestId('bo-clients-table')).getAllByRole('row')).toHaveLength(51);
    const pager = screen.getByTestId('bo-pager');
    expect(pager.textContent).toContain('1–50 of 120');
    fireEvent.click(within(pager).getByLabelText('Next page'));
    await screen.findByTestId('bo-client-row-51');
    expect(lastListQuery(calls)?.get('page')).toBe('2');
    expect(screen.getByTestId('bo-pager').textContent).toContain('51–100 of 120');
    fireEvent.click(within(screen.getByTestId('bo-pager')).getByLabelText('Next page'));
    await screen.findByTestId('bo-client-row-101');
    expect(screen.getByTestId('bo-pager').textContent).toContain('101–120 of 120');
    expect(
      (within(screen.getByTestId('bo-pager')).getByLabelText('Next page') as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('says when nothing matches', async () => {
    renderBackoffice('/backoffice/clients?q=nobody', {
      staff: support,
      api: { '/api/backoffice/clients': listApi(0) },
    });
    expect(await screen.findByText('No client matches these filters.')).toBeTruthy();
  });

  it('downloads the CSV export of the same filters with the bearer token', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const { calls } = renderBackoffice('/backoffice/clients?verified=true&sort=name&order=asc', {
      staff: support,
      api: {
        '/api/backoffice/clients': listApi(2),
        '/api/backoffice/clients/export.csv': () => ({
          blob: new Blob(['pin,email\n1,a@b'], { type: 'text/csv' }),
        }),
      },
    });
    await screen.findByTestId('bo-client-row-1');
    fireEvent.click(screen.getByTestId('bo-clients-export'));
    await waitFor(() => expect(created).toHaveLength(1));
    const exportCall = calls.find((call) => call.path === '/api/backoffice/clients/export.csv');
    expect(exportCall?.authorization).toBe('Bearer staff-token');
    expect(Object.fromEntries(exportCall?.search ?? [])).toEqual({
      verified: 'true',
      sort: 'name',
      order: 'asc',
    });
  });
});
