// The preview is cleaned by DOMPurify, which needs a complete DOM (happy-dom lets scripts through, see
// features/popups/PopupNotices.test.tsx): this file runs in jsdom, as the sanitiser would in a real browser.
// @vitest-environment jsdom
import type { BoPopup, BoPopupClientHit, BoPopupRead, BoPopupReadsPage } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, refuse, renderBo, staffFixture } from '../../../test/backofficeKit.js';
import { PopupsPage } from './index.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

const content = staffFixture({
  id: 3,
  roles: ['content'],
  permissions: ['popups.manage'],
  name: 'Cora Content',
});

const popup = (overrides: Partial<BoPopup> = {}): BoPopup => ({
  id: 1,
  brandId: 1,
  brandName: 'Alpha Markets',
  title: 'Weekend maintenance',
  content: '<p>Sunday 02:00 UTC</p>',
  audience: 'all',
  client: null,
  startsAt: null,
  endsAt: null,
  active: true,
  status: 'live',
  reads: 12,
  audienceSize: 340,
  createdAt: '2026-11-20T08:00:00.000Z',
  ...overrides,
});

const POPUPS: BoPopup[] = [
  popup(),
  popup({
    id: 2,
    title: 'For Ada only',
    audience: 'client',
    client: { id: 41, name: 'Ada Lovelace', email: 'ada@test.example', pin: '100041' },
    status: 'scheduled',
    startsAt: '2026-12-01T09:00:00.000Z',
    reads: 0,
    audienceSize: 1,
  }),
  popup({ id: 3, title: 'Old news', status: 'inactive', active: false, reads: 5, audienceSize: 20 }),
];

describe('pop-ups screen', () => {
  it('lists pop-ups with status, audience and reads out of the audience', async () => {
    renderBo(<PopupsPage />, { staff: content, api: { '/api/backoffice/popups': () => ok(POPUPS) } });
    const rows = await screen.findAllByTestId('boe-popup-row');
    expect(rows).toHaveLength(3);
    const table = screen.getByTestId('boe-popups-table');
    expect(within(table).getByText('Live')).toBeTruthy();
    expect(within(table).getByText('Scheduled')).toBeTruthy();
    expect(within(table).getByText('Inactive')).toBeTruthy();
    expect(within(table).getByText('One client')).toBeTruthy();
    expect(within(table).getByText(/Ada Lovelace/)).toBeTruthy();
    const reads = screen.getAllByTestId('boe-popup-reads').map((cell) => cell.textContent);
    expect(reads).toEqual(['12 / 340', '0 / 1', '5 / 20']);
  });

  it('shows an empty state when there are none, and filters by brand', async () => {
    const { calls } = renderBo(<PopupsPage />, {
      staff: content,
      api: { '/api/backoffice/popups': () => ok([]) },
    });
    expect(await screen.findByText('No pop-ups yet.')).toBeTruthy();
    fireEvent.change(await screen.findByTestId('bo-brand-filter'), { target: { value: '2' } });
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/backoffice/popups' && c.search.get('brandId') === '2')).toBe(
        true,
      ),
    );
  });

  it('creates a pop-up for one client: search, sanitised preview, schedule as instants', async () => {
    let list: BoPopup[] = [];
    const { posts, calls } = renderBo(<PopupsPage />, {
      staff: content,
      api: {
        '/api/backoffice/popups': () => ok(list),
        '/api/backoffice/popups/clients': () =>
          ok([
            { id: 41, name: 'Ada Lovelace', email: 'ada@test.example', pin: '100041', verified: true },
          ] satisfies BoPopupClientHit[]),
        'POST /api/backoffice/popups': (call) => {
          list = [popup({ id: 9, title: String(call.body.title) })];
          return ok(list[0]);
        },
      },
    });
    await screen.findByText('No pop-ups yet.');
    await waitFor(() =>
      expect((screen.getByTestId('boe-popup-new') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('boe-popup-new'));
    const dialog = await screen.findByTestId('boe-popup-dialog');
    // nothing is sent while the form is incomplete
    fireEvent.click(within(dialog).getByTestId('boe-audience-client'));
    fireEvent.click(within(dialog).getByTestId('boe-popup-save'));
    expect(await within(dialog).findByText('Enter a title.')).toBeTruthy();
    expect(within(dialog).getByText('Choose the client.')).toBeTruthy();
    expect(posts('/api/backoffice/popups')).toHaveLength(0);

    fireEvent.change(within(dialog).getByTestId('boe-popup-title'), { target: { value: 'Your bonus' } });
    fireEvent.change(within(dialog).getByTestId('boe-popup-content'), {
      target: { value: '<p>Hello <b>Ada</b><script>alert(1)</script><img src=x onerror="alert(1)"></p>' },
    });
    const preview = within(dialog).getByTestId('boe-popup-preview');
    expect(preview.textContent).toContain('Hello Ada');
    expect(preview.innerHTML).not.toMatch(/script|onerror/);

    fireEvent.change(within(dialog).getByTestId('boe-popup-client-search'), { target: { value: 'ada' } });
    const hits = await within(dialog).findByTestId('boe-popup-client-hits');
    expect(calls.find((c) => c.path === '/api/backoffice/popups/clients')?.search.get('brandId')).toBe('1');
    fireEvent.click(within(hits).getByText('Ada Lovelace'));
    expect(within(dialog).getByTestId('boe-popup-client').textContent).toContain('ada@test.example');

    fireEvent.change(within(dialog).getByTestId('boe-popup-from'), { target: { value: '2026-12-01T09:00' } });
    fireEvent.change(within(dialog).getByTestId('boe-popup-until'), {
      target: { value: '2026-12-01T08:00' },
    });
    fireEvent.click(within(dialog).getByTestId('boe-popup-save'));
    expect(await within(dialog).findByText('The end must be after the start.')).toBeTruthy();
    expect(posts('/api/backoffice/popups')).toHaveLength(0);

    fireEvent.change(within(dialog).getByTestId('boe-popup-until'), {
      target: { value: '2026-12-08T09:00' },
    });
    fireEvent.click(within(dialog).getByTestId('boe-popup-save'));
    await waitFor(() => expect(posts('/api/backoffice/popups')).toHaveLength(1));
    expect(posts('/api/backoffice/popups')[0]?.body).toEqual({
      brandId: 1,
      title: 'Your bonus',
      content: '<p>Hello <b>Ada</b><script>alert(1)</script><img src=x onerror="alert(1)"></p>',
      audience: 'client',
      clientId: 41,
      startsAt: new Date('2026-12-01T09:00').toISOString(),
      endsAt: new Date('2026-12-08T09:00').toISOString(),
    });
    expect(await screen.findByText('Pop-up created.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('boe-popup-dialog')).toBeNull());
  });

  it("shows the server's field message when it refuses a save", async () => {
    renderBo(<PopupsPage />, {
      staff: content,
      api: {
        '/api/backoffice/popups': () => ok([popup()]),
        'PATCH /api/backoffice/popups/1': () => ({
          status: 400,
          json: {
            status: false,
            code: 'VALIDATION_FAILED',
            key: 'error.validation',
            message: 'Validation failed',
            errors: [{ path: 'content', key: 'popups.contentEmpty', message: 'empty' }],
          },
        }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByTestId('boe-popup-dialog');
    expect((within(dialog).getByTestId('boe-popup-title') as HTMLInputElement).value).toBe(
      'Weekend maintenance',
    );
    fireEvent.change(within(dialog).getByTestId('boe-popup-content'), {
      target: { value: '<script>alert(1)</script>' },
    });
    fireEvent.click(within(dialog).getByTestId('boe-popup-save'));
    expect(await within(dialog).findByText('The content is empty once unsafe HTML is removed.')).toBeTruthy();
  });

  it('deactivates after a confirmation and lists who read a pop-up', async () => {
    const reads: BoPopupRead[] = [
      {
        userId: 41,
        name: 'Ada Lovelace',
        email: 'ada@test.example',
        pin: '100041',
        readAt: '2026-11-21T10:00:00Z',
      },
    ];
    const { posts } = renderBo(<PopupsPage />, {
      staff: content,
      api: {
        '/api/backoffice/popups': () => ok([popup()]),
        '/api/backoffice/popups/1/reads': () =>
          ok({ items: reads, total: 1, page: 1, pageSize: 50 } satisfies BoPopupReadsPage),
        'POST /api/backoffice/popups/1/deactivate': () => ok(popup({ active: false, status: 'inactive' })),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Who read it' }));
    const panel = await screen.findByTestId('boe-reads-dialog');
    expect(await within(panel).findByText('Ada Lovelace')).toBeTruthy();
    expect(within(panel).getByText('100041')).toBeTruthy();
    expect(within(panel).getByText('12 of 340 clients in the audience have read it')).toBeTruthy();
    fireEvent.click(within(panel).getByText('Close'));

    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByTestId('boe-popup-confirm');
    expect(posts('/api/backoffice/popups/1/deactivate')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(posts('/api/backoffice/popups/1/deactivate')).toHaveLength(1));
    expect(await screen.findByText('Pop-up deactivated.')).toBeTruthy();
  });

  it('says so when the list cannot be loaded', async () => {
    renderBo(<PopupsPage />, {
      staff: content,
      api: { '/api/backoffice/popups': () => refuse(500, 'INTERNAL', 'error.internal') },
    });
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
