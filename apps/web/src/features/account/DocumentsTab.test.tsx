import { type DocumentStatus, MESSAGES_EN } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../api/types.js';
import { authStore } from '../../shared/session/authStore.js';
import { type RenderAppOptions, renderApp, userFixture } from '../../test/renderApp.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });
const doc = (status: DocumentStatus, note = '') => ({ status, note, updated: '2026-01-05T10:00:00.000Z' });

function renderDocuments(user: User, api: RenderAppOptions['api'] = {}) {
  const auth = { access_token: 'token-1', user };
  return renderApp('/my-account/documents', {
    auth,
    api: { '/api/accounts/get': () => ok(auth), ...api },
  });
}

const jpeg = (name = 'passport.jpg', size = 1024) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Uint8Array(size - 4)])], name, {
    type: 'image/jpeg',
  });

function choose(card: HTMLElement, file: File) {
  const input = card.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

describe('documents tab (spec §3, §4, §5)', () => {
  it('shows each status: upload form for Waiting and Rejected (with the note), none otherwise', async () => {
    renderDocuments(
      userFixture({
        doc_passport: doc('0'),
        doc_address: doc('3', 'The bill is older than 3 months'),
        doc_funding_front: doc('1'),
        doc_funding_back: doc('2'),
      }),
    );
    const passport = await screen.findByTestId('document-doc_passport');
    expect(within(passport).getByTestId('document-status').textContent).toBe('Waiting');
    expect(passport.querySelector('input[type="file"]')).not.toBeNull();

    const address = screen.getByTestId('document-doc_address');
    expect(within(address).getByTestId('document-status').textContent).toBe('Rejected');
    expect(within(address).getByTestId('document-note').textContent).toContain(
      'The bill is older than 3 months',
    );
    expect(address.querySelector('input[type="file"]')).not.toBeNull();
    expect(address.textContent).toContain(MESSAGES_EN['document.addressHint']);

    const front = screen.getByTestId('document-doc_funding_front');
    expect(within(front).getByTestId('document-status').textContent).toBe('Processing');
    expect(front.querySelector('input[type="file"]')).toBeNull();

    const back = screen.getByTestId('document-doc_funding_back');
    expect(within(back).getByTestId('document-status').textContent).toBe('Approved');
    expect(back.querySelector('input[type="file"]')).toBeNull();
    expect(screen.getByTestId('account-screen').textContent).toContain(MESSAGES_EN['document.formatHint']);
  });

  it('refuses a wrong type in the browser with File not supported, and a file over 2 MB as too large', async () => {
    const { calls } = renderDocuments(userFixture());
    const card = await screen.findByTestId('document-doc_passport');
    choose(card, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(within(card).getByRole('alert').textContent).toBe(MESSAGES_EN['document.notSupported']);
    // checked before the upload, with the size in the message
    choose(card, jpeg('huge.jpg', 2 * 1024 * 1024 + 1));
    expect(within(card).getByRole('alert').textContent).toBe('File is too large: at most 2 MB');
    fireEvent.submit(within(card).getByTestId('upload-doc_passport'));
    expect(within(card).getByRole('alert').textContent).toBe('File is too large: at most 2 MB');
    expect(calls.some((call) => call.path === '/api/accounts/upload')).toBe(false);
  });

  it("shows the server's size refusal", async () => {
    renderDocuments(userFixture(), {
      '/api/accounts/upload': () => ({
        status: 413,
        json: {
          status: false,
          code: 'FILE_TOO_LARGE',
          key: 'document.tooLarge',
          message: 'File is too large: at most 2 MB',
        },
      }),
    });
    const card = await screen.findByTestId('document-doc_address');
    choose(card, jpeg('bill.jpg'));
    fireEvent.submit(within(card).getByTestId('upload-doc_address'));
    expect((await within(card).findByRole('alert')).textContent).toBe('File is too large: at most 2 MB');
  });

  it('asks for a file when none is chosen', async () => {
    renderDocuments(userFixture());
    const card = await screen.findByTestId('document-doc_passport');
    fireEvent.submit(within(card).getByTestId('upload-doc_passport'));
    expect(within(card).getByRole('alert').textContent).toBe('File is required');
  });

  it('uploads as multipart with token and type, then shows Processing', async () => {
    const { calls } = renderDocuments(userFixture(), {
      '/api/accounts/upload': () => ok(userFixture({ doc_passport: doc('1') })),
    });
    const card = await screen.findByTestId('document-doc_passport');
    choose(card, jpeg());
    fireEvent.submit(within(card).getByTestId('upload-doc_passport'));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('document-doc_passport')).getByTestId('document-status').textContent,
      ).toBe('Processing'),
    );
    const body = calls.find((call) => call.path === '/api/accounts/upload')?.body;
    expect(body?.token).toBe('token-1');
    expect(body?.type).toBe('doc_passport');
    expect((body?.files as File | undefined)?.name).toBe('passport.jpg');
    expect(screen.getByTestId('document-doc_passport').querySelector('input[type="file"]')).toBeNull();
  });

  it("shows the server's refusal translated (content that is not really a JPEG)", async () => {
    renderDocuments(userFixture(), {
      '/api/accounts/upload': () => ({
        status: 400,
        json: {
          status: false,
          code: 'DOCUMENT_NOT_SUPPORTED',
          key: 'document.notSupported',
          message: 'File not supported',
        },
      }),
    });
    const card = await screen.findByTestId('document-doc_address');
    choose(card, jpeg('bill.jpg'));
    fireEvent.submit(within(card).getByTestId('upload-doc_address'));
    expect((await within(card).findByRole('alert')).textContent).toBe(MESSAGES_EN['document.notSupported']);
  });
});
