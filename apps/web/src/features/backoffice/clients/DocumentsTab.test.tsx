import type { ClientDetail } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientDetail, ok, renderBackoffice, staffFixture } from '../../../test/backofficeShellKit.js';

const urls: Blob[] = [];
beforeEach(() => {
  urls.length = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    urls.push(blob as Blob);
    return `blob:doc-${urls.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const compliance = staffFixture({
  roles: ['compliance'],
  permissions: ['clients.read', 'clients.edit', 'documents.review', 'verification.edit', 'permissions.edit'],
});

function documentsApi(client: ClientDetail, onReview?: (body: Record<string, unknown>) => ClientDetail) {
  return {
    '/api/backoffice/clients/41': () => ok(client),
    '/api/backoffice/clients/41/documents/501/file': () => ({
      blob: new Blob(['jpeg'], { type: 'image/jpeg' }),
    }),
    '/api/backoffice/clients/41/documents/502/file': () => ({
      blob: new Blob(['%PDF'], { type: 'application/pdf' }),
    }),
    'POST /api/backoffice/clients/41/documents/doc_passport/review': (call: {
      body: Record<string, unknown>;
    }) => ok(onReview ? onReview(call.body) : client),
  };
}

describe('document review', () => {
  it('shows the first file inline, fetched with the bearer token into a blob URL; a PDF in a frame', async () => {
    const { calls } = renderBackoffice('/backoffice/clients/41?tab=documents', {
      staff: compliance,
      api: documentsApi(clientDetail()),
    });
    const viewer = await screen.findByTestId('bo-doc-viewer');
    const image = await within(viewer).findByRole('img');
    expect(image.getAttribute('src')).toBe('blob:doc-1');
    const fileCall = calls.find((call) => call.path === '/api/backoffice/clients/41/documents/501/file');
    expect(fileCall?.authorization).toBe('Bearer staff-token');

    fireEvent.click(screen.getByTestId('bo-doc-view-doc_address'));
    await waitFor(() =>
      expect(screen.getByTestId('bo-doc-viewer').querySelector('object')?.getAttribute('data')).toBe(
        'blob:doc-2',
      ),
    );
  });

  it('approves with a confirmation and shows the new status', async () => {
    const approved = clientDetail();
    approved.documents.doc_passport = { ...approved.documents.doc_passport, status: '2' };
    const { sent } = renderBackoffice('/backoffice/clients/41?tab=documents', {
      staff: compliance,
      api: documentsApi(clientDetail(), () => approved),
    });
    fireEvent.click(await screen.findByTestId('bo-doc-approve-doc_passport'));
    const dialog = await screen.findByTestId('bo-confirm');
    fireEvent.click(within(dialog).getByTestId('bo-confirm-submit'));
    await waitFor(() =>
      expect(within(screen.getByTestId('bo-doc-doc_passport')).getByText('Approved')).toBeTruthy(),
    );
    expect(sent('POST', '/api/backoffice/clients/41/documents/doc_passport/review')[0]?.body).toEqual({
      decision: 'approve',
      note: '',
    });
  });

  it('a rejection needs a note for the client, and sends it', async () => {
    const rejected = clientDetail();
    rejected.documents.doc_passport = {
      ...rejected.documents.doc_passport,
      status: '3',
      note: 'Blurred photo',
    };
    const { sent } = renderBackoffice('/backoffice/clients/41?tab=documents', {
      staff: compliance,
      api: documentsApi(clientDetail(), () => rejected),
    });
    fireEvent.click(await screen.findByTestId('bo-doc-reject-doc_passport'));
    const dialog = await screen.findByTestId('bo-confirm');
    fireEvent.click(within(dialog).getByTestId('bo-confirm-submit'));
    expect(await within(dialog).findByText(/Say why the document is rejected/)).toBeTruthy();
    expect(sent('POST', '/api/backoffice/clients/41/documents/doc_passport/review')).toHaveLength(0);

    fireEvent.change(within(dialog).getByTestId('bo-confirm-reason'), { target: { value: 'Blurred photo' } });
    fireEvent.click(within(dialog).getByTestId('bo-confirm-submit'));
    await waitFor(() =>
      expect(within(screen.getByTestId('bo-doc-doc_passport')).getByText('Rejected')).toBeTruthy(),
    );
    expect(sent('POST', '/api/backoffice/clients/41/documents/doc_passport/review')[0]?.body).toEqual({
      decision: 'reject',
      note: 'Blurred photo',
    });
    expect(within(screen.getByTestId('bo-doc-doc_passport')).getByText('Note: Blurred photo')).toBeTruthy();
  });
});
