import type { AuditLogRow } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { type BoCall, ok, renderBo, staffFixture } from '../../../test/backofficeKit.js';
import { AuditPage } from './AuditPage.js';
import { auditDiff, showValue } from './diff.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

const ROW: AuditLogRow = {
  id: 9,
  createdAt: '2026-11-21T10:00:00.000Z',
  actor: 'staff:3',
  staffName: 'Clara Compliance',
  role: 'compliance',
  brandId: 1,
  brandSlug: 'alpha',
  userId: 41,
  clientName: null,
  clientEmail: null,
  action: 'client.verification',
  subject: 'user:41',
  before: { verified: false, level: 'Basic' },
  after: { verified: true, level: 'Basic' },
  reason: 'Documents checked',
  ip: '10.0.0.1',
  details: {},
};

const compliance = staffFixture({ id: 3, roles: ['compliance'], name: 'Clara Compliance' });
const auditCalls = (calls: BoCall[]) => calls.filter((c) => c.path === '/api/backoffice/audit');

describe('audit trail', () => {
  it('turns the filters into the query string of the list and of the CSV export', async () => {
    const { calls } = renderBo(<AuditPage />, {
      staff: compliance,
      api: { '/api/backoffice/audit': () => ok({ items: [ROW], total: 1, page: 1, pageSize: 50 }) },
    });
    await screen.findAllByTestId('bo-audit-row');
    expect([...(auditCalls(calls)[0]?.search.keys() ?? [])]).toEqual(['page']);

    fireEvent.change(screen.getByTestId('bo-audit-staff'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('bo-audit-client'), { target: { value: ' wilma@example.com ' } });
    fireEvent.change(screen.getByTestId('bo-audit-action'), { target: { value: ' client.verification ' } });
    fireEvent.change(screen.getByTestId('bo-audit-from'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByTestId('bo-audit-to'), { target: { value: '2026-11-30' } });
    await waitFor(() =>
      expect(screen.getByTestId('bo-brand-filter').querySelectorAll('option')).toHaveLength(3),
    );
    fireEvent.change(screen.getByTestId('bo-brand-filter'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('bo-audit-apply'));

    await waitFor(() => expect(auditCalls(calls).length).toBeGreaterThan(1));
    const search = auditCalls(calls).at(-1)?.search as URLSearchParams;
    expect(search.get('staffId')).toBe('3');
    expect(search.get('client')).toBe('wilma@example.com');
    expect(search.get('action')).toBe('client.verification');
    expect(search.get('brandId')).toBe('2');
    expect(search.get('page')).toBe('1');
    // whole days of the reader: from the start of the first to the end of the last
    expect(new Date(search.get('from') ?? '').getTime()).toBe(new Date('2026-11-01T00:00:00').getTime());
    expect(new Date(search.get('to') ?? '').getTime()).toBe(new Date('2026-12-01T00:00:00').getTime() - 1);
  });

  it('exports the filtered rows as CSV with the staff token', async () => {
    const createObjectURL = vi.fn(() => 'blob:audit');
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    const { calls } = renderBo(<AuditPage />, {
      staff: compliance,
      path: '/backoffice/audit?client=Wilma&action=client.verification',
      api: {
        '/api/backoffice/audit': () => ok({ items: [ROW], total: 1, page: 1, pageSize: 50 }),
        '/api/backoffice/audit/export.csv': () => ok('csv'),
      },
    });
    await screen.findAllByTestId('bo-audit-row');
    expect(auditCalls(calls)[0]?.search.get('client')).toBe('Wilma');
    fireEvent.click(screen.getByTestId('bo-audit-export'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exported = calls.find((c) => c.path === '/api/backoffice/audit/export.csv');
    expect(exported?.search.get('client')).toBe('Wilma');
    expect(exported?.search.get('action')).toBe('client.verification');
    expect(exported?.search.has('page')).toBe(false);
  });

  it('opens a row to show its before and after values with the reason', async () => {
    renderBo(<AuditPage />, {
      staff: compliance,
      api: { '/api/backoffice/audit': () => ok({ items: [ROW], total: 1, page: 1, pageSize: 50 }) },
    });
    const [row] = await screen.findAllByTestId('bo-audit-row');
    expect(within(row as HTMLElement).getByText('Documents checked')).toBeTruthy();
    fireEvent.click(
      within(row as HTMLElement).getByRole('button', { name: 'Show the before and after values' }),
    );
    const diff = await screen.findByTestId('bo-audit-diff');
    const changed = diff.querySelector('.bom-diff-changed');
    expect(changed?.textContent).toBe('verifiedfalsetrue');
  });

  it('names the client by name and e-mail, and shows before and after as words, not codes or JSON', async () => {
    const entry = {
      ...ROW,
      clientName: 'Wilma Auditova',
      clientEmail: 'wilma@example.com',
      before: { statusId: 1, doc_passport: { status: '1', note: '' } },
      after: { statusId: 3, doc_passport: { status: '3', note: 'Blurred' } },
    };
    renderBo(<AuditPage />, {
      staff: compliance,
      api: { '/api/backoffice/audit': () => ok({ items: [entry], total: 1, page: 1, pageSize: 50 }) },
    });
    const [row] = await screen.findAllByTestId('bo-audit-row');
    const link = within(row as HTMLElement).getByRole('link', { name: 'Wilma Auditova' });
    expect(link.getAttribute('href')).toBe('/backoffice/clients/41');
    expect(within(row as HTMLElement).getByText('wilma@example.com')).toBeTruthy();
    fireEvent.click(
      within(row as HTMLElement).getByRole('button', { name: 'Show the before and after values' }),
    );
    const diff = await screen.findByTestId('bo-audit-diff');
    const cells = [...diff.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.children].map((cell) => cell.textContent),
    );
    expect(cells).toEqual([
      ['statusId', 'Pending', 'Declined'],
      ['doc_passport', 'status: Processing; note: —', 'status: Rejected; note: Blurred'],
    ]);
    expect(diff.textContent).not.toContain('{');
  });

  it('shows lists as their items and nested values as field: value pairs', () => {
    expect(showValue(['admin', 'finance'], 'roles')).toBe('admin, finance');
    expect(showValue({ limits: { maxPositions: 3 }, active: true })).toBe(
      'limits: maxPositions: 3; active: true',
    );
    expect(showValue(null)).toBe('—');
  });

  it('lists changed fields first', () => {
    expect(auditDiff({ a: 1, b: 2 }, { a: 1, b: 3, c: 4 }).map((d) => [d.field, d.changed])).toEqual([
      ['b', true],
      ['c', true],
      ['a', false],
    ]);
    expect(auditDiff(null, null)).toEqual([]);
    expect(auditDiff('1', '2')).toEqual([{ field: 'value', before: '1', after: '2', changed: true }]);
  });
});
