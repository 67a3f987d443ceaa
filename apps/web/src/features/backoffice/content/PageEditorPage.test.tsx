import type { ContentPageVersion, ContentVersionRow } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BoApi } from '../../../test/backofficeKit.js';
import { ok, pageDetail, pageRow, previewBody, renderContent } from '../../../test/contentKit.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PAGE = '/api/backoffice/content/pages/5';

/** The save route's answer: the page and the new head version (as sent). */
const savedAs = (version: number) => (call: { body: Record<string, unknown> }) =>
  ok({
    page: pageRow({ headVersion: version, hasUnpublishedChanges: true }),
    draft: { version, ...call.body },
  });

const HOME = [
  { component: 'hero', settings: { title: 'Trade smarter', subtitle: 'All markets' } },
  {
    component: 'section',
    settings: { title: 'Why us' },
    children: [{ component: 'text', settings: { text: 'Regulated and fast.' } }],
  },
];

/** A version's answer: its row in the history with its description and tree. */
const versionOf = (row: ContentVersionRow, components: unknown[]): ContentPageVersion => ({
  ...row,
  description: 'Who we are',
  components: components as ContentPageVersion['components'],
});

async function openEditor(api: BoApi = {}, components: unknown[] = HOME) {
  const view = renderContent('/backoffice/content/5', {
    api: { [PAGE]: () => ok(pageDetail(components)), ...api },
  });
  await screen.findByTestId('page-editor');
  return view;
}

describe('page editor', () => {
  it('shows the tree and renders the preview with the public site renderer', async () => {
    await openEditor();
    const tree = screen.getByTestId('tree-panel');
    expect(within(tree).getByText('Trade smarter')).toBeTruthy();
    expect(within(tree).getByText('Regulated and fast.')).toBeTruthy();
    await waitFor(() =>
      expect(within(previewBody()).getByRole('heading', { level: 1, name: 'Trade smarter' })).toBeTruthy(),
    );
    expect(within(previewBody()).getByRole('heading', { name: 'Why us' })).toBeTruthy();
    expect(screen.getByTestId('live-version').textContent).toBe('Live: v3');
    // Phone width: the frame is 390 px wide.
    fireEvent.click(screen.getByTestId('device-phone'));
    await waitFor(() => expect(previewBody().style.width).toBe('390px'));
    await waitFor(() => expect(within(previewBody()).getByText('Trade smarter')).toBeTruthy());
  });

  it('adds and edits a component, then saves the whole tree with the base version', async () => {
    const view = await openEditor({ [`PUT ${PAGE}`]: savedAs(4) });
    expect(screen.queryByTestId('dirty-indicator')).toBeNull();
    // Select the section, add a heading into it from the palette.
    fireEvent.click(within(screen.getByTestId('tree-panel')).getByText('Why us'));
    fireEvent.click(screen.getByTestId('tree-add'));
    fireEvent.click(await screen.findByTestId('palette-heading'));
    const text = await screen.findByTestId('field-text');
    fireEvent.change(text, { target: { value: 'Our licence' } });
    fireEvent.change(screen.getByTestId('field-tag'), { target: { value: 'h3' } });
    expect(screen.getByTestId('dirty-indicator').textContent).toBe('Unsaved changes');
    await waitFor(() =>
      expect(within(previewBody()).getByRole('heading', { level: 3, name: 'Our licence' })).toBeTruthy(),
    );
    // Edit the page title too.
    fireEvent.click(screen.getByTestId('tab-page'));
    fireEvent.change(screen.getByTestId('page-title'), { target: { value: 'About OpenBroker' } });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(view.sent('PUT', PAGE)).toHaveLength(1));
    expect(view.sent('PUT', PAGE)[0]?.body).toEqual({
      title: 'About OpenBroker',
      description: 'Who we are',
      slug: 'about',
      baseVersion: 3,
      components: [
        HOME[0],
        {
          component: 'section',
          settings: { title: 'Why us' },
          children: [
            { component: 'text', settings: { text: 'Regulated and fast.' } },
            { component: 'heading', settings: { text: 'Our licence', tag: 'h3' } },
          ],
        },
      ],
    });
    await waitFor(() => expect(screen.queryByTestId('dirty-indicator')).toBeNull());
    expect(screen.getByText('Saved · v4')).toBeTruthy();
    // The next save builds on version 4.
    fireEvent.change(screen.getByTestId('page-description'), { target: { value: 'Who we are, in short' } });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(view.sent('PUT', PAGE)).toHaveLength(2));
    expect(view.sent('PUT', PAGE)[1]?.body.baseVersion).toBe(4);
  });

  it('moves, duplicates and deletes (after confirming) with the toolbar', async () => {
    const view = await openEditor({ [`PUT ${PAGE}`]: savedAs(4) });
    const tree = screen.getByTestId('tree-panel');
    fireEvent.click(within(tree).getByText('Regulated and fast.'));
    fireEvent.click(screen.getByTestId('tree-out'));
    fireEvent.click(screen.getByTestId('tree-up'));
    fireEvent.click(screen.getByTestId('tree-duplicate'));
    fireEvent.click(within(tree).getByText('Trade smarter'));
    fireEvent.click(screen.getByTestId('tree-delete'));
    const confirm = await screen.findByTestId('bo-confirm');
    expect(within(confirm).getByText(/Hero “Trade smarter”/)).toBeTruthy();
    fireEvent.click(within(confirm).getByTestId('bo-confirm-submit'));
    await waitFor(() => expect(within(tree).queryByText('Trade smarter')).toBeNull());
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(view.sent('PUT', PAGE)).toHaveLength(1));
    const components = view.sent('PUT', PAGE)[0]?.body.components as { component: string }[];
    expect(components.map((node) => node.component)).toEqual(['text', 'text', 'section']);
    // Undo brings the hero back.
    fireEvent.click(screen.getByTestId('undo'));
    expect(within(tree).getByText('Trade smarter')).toBeTruthy();
  });

  it('moves and deletes with the keyboard in the outline', async () => {
    const view = await openEditor({ [`PUT ${PAGE}`]: savedAs(4) });
    const tree = screen.getByTestId('tree-panel');
    const text = within(tree).getByText('Regulated and fast.').closest('button') as HTMLButtonElement;
    text.focus();
    fireEvent.keyDown(text, { key: 'ArrowLeft', altKey: true }); // selects
    fireEvent.keyDown(text, { key: 'ArrowLeft', altKey: true }); // out of the section
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Regulated and fast.'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toContain('Why us');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Delete' });
    fireEvent.click(within(await screen.findByTestId('bo-confirm')).getByTestId('bo-confirm-submit'));
    await waitFor(() => expect(within(tree).queryByText('Why us')).toBeNull());
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(view.sent('PUT', PAGE)).toHaveLength(1));
    const components = view.sent('PUT', PAGE)[0]?.body.components as { component: string }[];
    expect(components.map((node) => node.component)).toEqual(['hero', 'text']);
  });

  it('undoes typing in one field as one step, and redoes it', async () => {
    await openEditor();
    fireEvent.click(screen.getByTestId('tab-page'));
    const title = screen.getByTestId('page-title') as HTMLInputElement;
    for (const value of ['A', 'Ab', 'Abo']) fireEvent.change(title, { target: { value } });
    fireEvent.click(screen.getByTestId('undo'));
    expect((screen.getByTestId('page-title') as HTMLInputElement).value).toBe('About us');
    expect(screen.queryByTestId('dirty-indicator')).toBeNull();
    fireEvent.click(screen.getByLabelText('Redo'));
    expect((screen.getByTestId('page-title') as HTMLInputElement).value).toBe('Abo');
    expect(screen.getByTestId('dirty-indicator')).toBeTruthy();
  });

  it('explains a version conflict and reloads the latest version on request', async () => {
    let loads = 0;
    const view = await openEditor({
      [PAGE]: () => {
        loads += 1;
        return loads === 1
          ? ok(pageDetail(HOME))
          : ok(
              pageDetail([{ component: 'heading', settings: { text: 'Edited elsewhere' } }], {
                headVersion: 7,
              }),
            );
      },
      [`PUT ${PAGE}`]: () => ({
        status: 409,
        json: {
          status: false,
          code: 'VERSION_CONFLICT',
          key: 'boContent.versionConflict',
          message:
            'Someone saved this page meanwhile (now version 7). Reload it and apply your changes again.',
          errors: [{ path: 'baseVersion', key: 'boContent.versionConflict', params: { version: 7 } }],
        },
      }),
    });
    fireEvent.click(within(screen.getByTestId('tree-panel')).getByText('Trade smarter'));
    fireEvent.change(await screen.findByTestId('field-title'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByTestId('save'));
    const conflict = await screen.findByTestId('conflict');
    expect(conflict.textContent).toContain('Someone else saved this page in the meantime.');
    expect(conflict.textContent).toContain('based on version 3');
    expect(conflict.textContent).toContain('The latest version is now 7.');
    // Still unsaved: nothing was lost silently.
    expect(screen.getByTestId('dirty-indicator')).toBeTruthy();
    fireEvent.click(within(conflict).getByTestId('conflict-reload'));
    await waitFor(() =>
      expect(within(screen.getByTestId('tree-panel')).getByText('Edited elsewhere')).toBeTruthy(),
    );
    expect(screen.queryByTestId('conflict')).toBeNull();
    expect(screen.queryByTestId('dirty-indicator')).toBeNull();
    expect(screen.getByText('Saved · v7')).toBeTruthy();
    expect(view.sent('PUT', PAGE)[0]?.body.baseVersion).toBe(3);
  });

  it('publishes the saved version and shows which version is live', async () => {
    const view = await openEditor(
      {
        [PAGE]: () =>
          ok(pageDetail(HOME, { headVersion: 4, publishedVersion: 3, hasUnpublishedChanges: true })),
        [`POST ${PAGE}/publish`]: (call) =>
          ok(pageRow({ headVersion: 4, publishedVersion: Number(call.body.version), published: true })),
      },
      HOME,
    );
    expect(screen.getByTestId('live-version').textContent).toBe('Live: v3');
    const publish = screen.getByTestId('publish') as HTMLButtonElement;
    expect(publish.textContent).toContain('Publish v4');
    // Unsaved edits must be saved before publishing.
    fireEvent.click(screen.getByTestId('tab-page'));
    fireEvent.change(screen.getByTestId('page-title'), { target: { value: 'Changed' } });
    expect(publish.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('undo'));
    expect(publish.disabled).toBe(false);
    fireEvent.click(publish);
    await waitFor(() => expect(view.sent('POST', `${PAGE}/publish`)).toHaveLength(1));
    expect(view.sent('POST', `${PAGE}/publish`)[0]?.body).toEqual({ version: 4 });
    await waitFor(() => expect(screen.getByTestId('live-version').textContent).toBe('Live: v4'));
  });

  it('checks components like the server: a bad link is shown on its field and blocks saving', async () => {
    const view = await openEditor({ [`PUT ${PAGE}`]: savedAs(4) });
    fireEvent.click(within(screen.getByTestId('tree-panel')).getByText('Trade smarter'));
    fireEvent.change(await screen.findByTestId('field-button_url'), {
      target: { value: 'javascript:alert(1)' },
    });
    expect((await screen.findByTestId('field-button_url-error')).textContent).toContain(
      'Use an address of this site',
    );
    expect(screen.getByTestId('problems').textContent).toContain('1 problem(s)');
    expect((screen.getByTestId('save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('field-button_url'), { target: { value: '/register' } });
    await waitFor(() => expect(screen.queryByTestId('problems')).toBeNull());
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(view.sent('PUT', PAGE)).toHaveLength(1));
  });

  it('names the component of a refused field and a taken slug', async () => {
    let answer = 0;
    await openEditor({
      [`PUT ${PAGE}`]: () => {
        answer += 1;
        return answer === 1
          ? {
              status: 400,
              json: {
                status: false,
                code: 'VALIDATION_FAILED',
                message: 'Invalid',
                errors: [
                  { path: ['components', 1, 'children', 0, 'settings', 'text'], key: 'field.maxChars' },
                ],
              },
            }
          : {
              status: 409,
              json: { status: false, code: 'PAGE_SLUG_TAKEN', key: 'boContent.slugTaken', message: 'x' },
            };
      },
    });
    fireEvent.click(screen.getByTestId('tab-page'));
    fireEvent.change(screen.getByTestId('page-slug'), { target: { value: 'company' } });
    fireEvent.click(screen.getByTestId('save'));
    const error = await screen.findByTestId('save-error');
    expect(error.textContent).toMatch(/^The page was not saved\.Text · text: /);
    expect(screen.queryByTestId('conflict')).toBeNull();
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() =>
      expect(screen.getByTestId('save-error').textContent).toContain('already has a page with this slug'),
    );
    expect(screen.queryByTestId('conflict')).toBeNull();
  });

  it('opens a page never saved here as its original content, publishable after the first save', async () => {
    await openEditor({
      [PAGE]: () => ok(pageDetail(HOME, { headVersion: 0, publishedVersion: null, published: true })),
      [`PUT ${PAGE}`]: savedAs(1),
    });
    expect(screen.getByTestId('seed-draft').textContent).toBe('Original content');
    expect(screen.getByTestId('seed-draft').title).toContain('The first save makes version 1.');
    expect((screen.getByTestId('publish') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('tab-page'));
    fireEvent.change(screen.getByTestId('page-description'), { target: { value: 'Now edited' } });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(screen.getByText('Saved · v1')).toBeTruthy());
    expect((screen.getByTestId('publish') as HTMLButtonElement).disabled).toBe(false);
  });

  it('hides publishing from staff without content.publish', async () => {
    renderContent('/backoffice/content/5', {
      api: { [PAGE]: () => ok(pageDetail(HOME)) },
      staff: { ...(await import('../../../test/contentKit.js')).EDITOR, permissions: ['content.edit'] },
    });
    await screen.findByTestId('page-editor');
    expect(screen.queryByTestId('publish')).toBeNull();
  });

  it('compares two versions per component and restores one', async () => {
    const versions: ContentVersionRow[] = [
      {
        version: 3,
        title: 'About us',
        createdAt: '2026-11-20T09:00:00.000Z',
        createdBy: 'Carla',
        published: true,
      },
      {
        version: 2,
        title: 'About',
        createdAt: '2026-11-19T09:00:00.000Z',
        createdBy: 'Carla',
        published: false,
      },
    ];
    const view = await openEditor({
      [`${PAGE}/versions`]: () => ok(versions),
      [`${PAGE}/versions/2`]: () =>
        ok(
          versionOf(versions[1] as ContentVersionRow, [
            { component: 'hero', settings: { title: 'Trade' } },
            { component: 'button', settings: { text: 'Open an account', url: '/register' } },
          ]),
        ),
      [`${PAGE}/versions/3`]: () => ok(versionOf(versions[0] as ContentVersionRow, HOME)),
      [`POST ${PAGE}/versions/2/restore`]: () => ok(pageDetail([], { headVersion: 4 })),
    });
    fireEvent.click(screen.getByTestId('open-versions'));
    const drawer = await screen.findByTestId('versions-drawer');
    await within(drawer).findByTestId('version-2');
    expect(within(within(drawer).getByTestId('version-3')).getByText('Live')).toBeTruthy();
    await waitFor(() =>
      expect((within(drawer).getByTestId('compare-from') as HTMLSelectElement).value).toBe('2'),
    );
    fireEvent.click(within(drawer).getByTestId('compare-run'));
    const result = await within(drawer).findByTestId('compare-result');
    const items = within(result)
      .getAllByTestId('compare-item')
      .map((item) => item.textContent);
    expect(within(result).getByText('About')).toBeTruthy();
    expect(within(result).getByText('About us')).toBeTruthy();
    // The text inside the added section comes with it (one entry for the section).
    expect(items).toHaveLength(3);
    expect(items[0]).toContain('Changed');
    expect(items[0]).toContain('Hero');
    expect(items[0]).toContain('title');
    expect(items[0]).toContain('Trade smarter');
    expect(items.some((text) => text?.includes('Removed') && text.includes('Button'))).toBe(true);
    expect(items.some((text) => text?.includes('Added') && text.includes('Section'))).toBe(true);

    fireEvent.click(within(drawer).getByTestId('restore-2'));
    fireEvent.click(within(await screen.findByTestId('restore-confirm')).getByTestId('restore-submit'));
    await waitFor(() => expect(view.sent('POST', `${PAGE}/versions/2/restore`)).toHaveLength(1));
    // The editor reloads the page after a restore.
    await waitFor(() =>
      expect(view.calls.filter((c) => c.method === 'GET' && c.path === PAGE).length).toBe(2),
    );
  });

  it('uploads an image through the media endpoint and keeps its alt text', async () => {
    const view = await openEditor({
      'POST /api/backoffice/content/media': () =>
        ok({ id: 9, url: '/media/9/team.png', contentType: 'image/png', size: 1234 }),
    });
    fireEvent.click(within(screen.getByTestId('tree-panel')).getByText('Trade smarter'));
    const input = await screen.findByTestId('field-image-file');
    // More than 2 MB is refused before anything is sent.
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect((await screen.findByRole('alert')).textContent).toContain('larger than 2 MB');
    expect(view.sent('POST', '/api/backoffice/content/media')).toHaveLength(0);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'team.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() =>
      expect((screen.getByTestId('field-image-path') as HTMLInputElement).value).toBe('/media/9/team.png'),
    );
    const upload = view.sent('POST', '/api/backoffice/content/media')[0];
    expect(upload?.search.get('brandId')).toBe('1');
    expect((upload?.form?.get('file') as File | null)?.name).toBe('team.png');
    fireEvent.change(screen.getByTestId('field-image-alt'), { target: { value: 'Our team' } });
    await waitFor(() =>
      expect(within(previewBody()).getByAltText('Our team').getAttribute('src')).toBe('/media/9/team.png'),
    );
  });

  it('guards leaving with unsaved changes', async () => {
    const view = await openEditor();
    fireEvent.click(screen.getByTestId('tab-page'));
    fireEvent.change(screen.getByTestId('page-title'), { target: { value: 'Changed' } });
    fireEvent.click(screen.getByLabelText('Back to the pages'));
    const guard = await screen.findByTestId('leave-guard');
    expect(view.router.state.location.pathname).toBe('/backoffice/content/5');
    fireEvent.click(within(guard).getByTestId('leave-confirm'));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/backoffice/content'));
  });
});

describe('content pages list', () => {
  it('lists a brand’s pages per language with published and unpublished-changes badges', async () => {
    const view = renderContent('/backoffice/content', {
      api: {
        '/api/backoffice/content/pages': (call) =>
          ok(
            call.search.get('lang') === 'de'
              ? [
                  pageRow({
                    id: 8,
                    slug: 'ueber-uns',
                    title: 'Über uns',
                    lang: 'de',
                    published: false,
                    publishedVersion: null,
                  }),
                ]
              : [pageRow({ hasUnpublishedChanges: true, headVersion: 4 })],
          ),
      },
    });
    const table = await screen.findByTestId('pages-table');
    await within(table).findByText('About us');
    expect(within(table).getByText('/about')).toBeTruthy();
    expect(within(table).getByText('Published · v3')).toBeTruthy();
    expect(within(table).getByText('Unpublished changes')).toBeTruthy();
    expect(view.calls.find((c) => c.path === '/api/backoffice/content/pages')?.search.get('brandId')).toBe(
      '1',
    );
    fireEvent.click(screen.getByTestId('lang-de'));
    await within(table).findByText('Über uns');
    expect(within(table).getByText('Not published')).toBeTruthy();
    fireEvent.change(screen.getByTestId('content-brand'), { target: { value: '2' } });
    await waitFor(() =>
      expect(
        view.calls.some(
          (c) =>
            c.path === '/api/backoffice/content/pages' &&
            c.search.get('brandId') === '2' &&
            c.search.get('lang') === 'de',
        ),
      ).toBe(true),
    );
  });

  it('creates a page with a slug suggested from the title and opens the editor', async () => {
    const view = renderContent('/backoffice/content', {
      api: {
        '/api/backoffice/content/pages': () => ok([]),
        'POST /api/backoffice/content/pages': (call) => ok(pageRow({ id: 12, ...(call.body as object) })),
        '/api/backoffice/content/pages/12': () =>
          ok(pageDetail([], { id: 12, slug: 'fees-and-costs', title: 'Fees & costs' })),
      },
    });
    await screen.findByText(/has no pages in English yet/);
    fireEvent.click(screen.getByTestId('new-page-open'));
    const dialog = await screen.findByTestId('new-page');
    fireEvent.change(within(dialog).getByTestId('new-title'), { target: { value: 'Fees & costs' } });
    expect((within(dialog).getByTestId('new-slug') as HTMLInputElement).value).toBe('fees-costs');
    fireEvent.change(within(dialog).getByTestId('new-slug'), { target: { value: 'fees-and-costs' } });
    fireEvent.click(within(dialog).getByTestId('new-submit'));
    await waitFor(() => expect(view.sent('POST', '/api/backoffice/content/pages')).toHaveLength(1));
    expect(view.sent('POST', '/api/backoffice/content/pages')[0]?.body).toEqual({
      brandId: 1,
      lang: 'en',
      title: 'Fees & costs',
      slug: 'fees-and-costs',
    });
    await screen.findByTestId('page-editor');
    expect(view.router.state.location.pathname).toBe('/backoffice/content/12');
  });

  it('refuses an invalid slug before sending', async () => {
    const view = renderContent('/backoffice/content', {
      api: { '/api/backoffice/content/pages': () => ok([]) },
    });
    await screen.findByText(/has no pages in English yet/);
    fireEvent.click(screen.getByTestId('new-page-open'));
    const dialog = await screen.findByTestId('new-page');
    fireEvent.change(within(dialog).getByTestId('new-title'), { target: { value: 'X' } });
    fireEvent.change(within(dialog).getByTestId('new-slug'), { target: { value: '../etc' } });
    fireEvent.click(within(dialog).getByTestId('new-submit'));
    expect(await within(dialog).findByText(/Use lower-case letters/)).toBeTruthy();
    expect(view.sent('POST', '/api/backoffice/content/pages')).toHaveLength(0);
  });
});
