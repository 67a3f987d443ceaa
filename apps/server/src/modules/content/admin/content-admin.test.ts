import { type ContentComponent, checkComponentTree } from '@openbroker/domain';
import { and, asc, desc, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, brands, contentPages, contentPageVersions, formSubmissions } from '../../../db/schema.js';
import type { App } from '../../../http.js';
import { multipart, registerClient } from '../../../test/factories.js';
import { createTestServer, type TestServer } from '../../../test/harness.js';
import { type StaffSession, staffCall, staffSession } from '../../../test/staff-kit.js';
import { verifyAuditChain } from '../../audit/audit.repo.js';

let server: TestServer;
let app: App;
let admin: StaffSession;
/** Role content, limited to brand A. */
let editor: StaffSession;
/** Role support, limited to brand A: the inbox, nothing else here. */
let support: StaffSession;
let brandA: { id: number; slug: string; host: string; contentToken: string; formsToken: string };
let brandB: { id: number; slug: string; host: string };

const db = () => server.runtime.ctx.database.db;
const PAGES = '/api/backoffice/content/pages';

const auditOf = (subject: string) =>
  db().select().from(auditLog).where(eq(auditLog.subject, subject)).orderBy(desc(auditLog.id));

/** The public content call of a brand's site (spec §7). */
const publicPage = (slug: string, lang = 'en') =>
  app.inject({
    method: 'POST',
    url: `/api/collections/get/page?token=${encodeURIComponent(brandA.contentToken)}`,
    headers: { host: brandA.host },
    payload: { filter: { published: true, title_slug: slug }, lang },
  });

const createPage = (token: string, body: Record<string, unknown>) =>
  staffCall(app, 'POST', PAGES, token, { brandId: brandA.id, lang: 'en', title: 'Promo', ...body });

const savePage = (token: string, id: number, body: Record<string, unknown>) =>
  staffCall(app, 'PUT', `${PAGES}/${id}`, token, { title: 'Promo', description: '', slug: 'promo', ...body });

const hero = (title: string): ContentComponent => ({ component: 'hero', settings: { title } });

beforeAll(async () => {
  server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  app = server.app;
  const rows = await db().select().from(brands).orderBy(asc(brands.id));
  const [a, b] = rows as [(typeof rows)[number], (typeof rows)[number]];
  const brandInfo = async (row: typeof a) => {
    const host = row.hosts[0] ?? 'localhost';
    const data = (await app.inject({ method: 'GET', url: '/api/brand', headers: { host } })).json().data;
    return { id: row.id, slug: row.slug, host, contentToken: data.contentToken, formsToken: data.formsToken };
  };
  brandA = await brandInfo(a);
  brandB = await brandInfo(b);
  admin = await staffSession(server, ['admin']);
  editor = await staffSession(server, ['content'], [brandA.id]);
  support = await staffSession(server, ['support'], [brandA.id]);
});

describe('content pages in the back office', () => {
  it('creates a page as version 1 with an empty tree, not published; slugs unique per brand and language', async () => {
    const res = await createPage(editor.token, { slug: 'promo', description: 'Spring offer' });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({
      brandId: brandA.id,
      brandSlug: brandA.slug,
      slug: 'promo',
      lang: 'en',
      title: 'Promo',
      published: false,
      headVersion: 1,
      publishedVersion: null,
      hasUnpublishedChanges: true,
    });
    const [version] = await db()
      .select()
      .from(contentPageVersions)
      .where(eq(contentPageVersions.pageId, page.id));
    expect(version).toMatchObject({
      version: 1,
      components: [],
      createdBy: editor.id,
      description: 'Spring offer',
    });
    expect((await publicPage('promo')).json().data).toEqual([]);
    const [row] = await auditOf(`page:${page.id}`);
    expect(row).toMatchObject({
      action: 'content.page.create',
      actor: `staff:${editor.id}`,
      brandId: brandA.id,
    });

    const again = await createPage(editor.token, { slug: 'promo' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PAGE_SLUG_TAKEN', key: 'boContent.slugTaken' });
    // the same slug in another language is another page
    expect((await createPage(editor.token, { slug: 'promo', lang: 'de' })).statusCode).toBe(200);

    const bad = await createPage(editor.token, { slug: 'Promo Page', lang: 'fr', title: '' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['lang', 'slug', 'title']);
  });

  it('saves versions, refuses a stale base with VERSION_CONFLICT, lists, shows and restores them', async () => {
    const id = (await createPage(editor.token, { slug: 'versions' })).json().data.id;
    const v2 = await savePage(editor.token, id, {
      slug: 'versions',
      title: 'Second',
      components: [hero('Two')],
      baseVersion: 1,
    });
    expect(v2.statusCode, v2.body).toBe(200);
    expect(v2.json().data.draft).toEqual({
      version: 2,
      title: 'Second',
      description: '',
      slug: 'versions',
      components: [hero('Two')],
    });
    const v3 = await savePage(editor.token, id, {
      slug: 'versions',
      title: 'Third',
      components: [hero('Three')],
      baseVersion: 2,
    });
    expect(v3.json().data.page.headVersion).toBe(3);

    // the address of another page of the brand in this language is taken, and nothing is saved
    const taken = await savePage(editor.token, id, { slug: 'promo', components: [], baseVersion: 3 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'PAGE_SLUG_TAKEN' });

    // someone else still editing version 2
    const stale = await savePage(admin.token, id, { slug: 'versions', components: [], baseVersion: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'VERSION_CONFLICT',
      errors: [{ path: 'baseVersion', key: 'boContent.versionConflict', params: { version: 3 } }],
    });

    const list = (await staffCall(app, 'GET', `${PAGES}/${id}/versions`, editor.token)).json().data;
    expect(list.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(list[0]).toMatchObject({ title: 'Third', createdBy: 'Test content', published: false });
    const two = (await staffCall(app, 'GET', `${PAGES}/${id}/versions/2`, editor.token)).json().data;
    expect(two).toMatchObject({ version: 2, title: 'Second', components: [hero('Two')] });
    expect((await staffCall(app, 'GET', `${PAGES}/${id}/versions/9`, editor.token)).statusCode).toBe(404);

    const restored = await staffCall(app, 'POST', `${PAGES}/${id}/versions/2/restore`, editor.token);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data.draft).toMatchObject({
      version: 4,
      title: 'Second',
      components: [hero('Two')],
    });
    const actions = (await auditOf(`page:${id}`)).map((r) => r.action);
    expect(actions).toEqual([
      'content.page.restore',
      'content.page.save',
      'content.page.save',
      'content.page.create',
    ]);
    const [restoreRow] = await auditOf(`page:${id}`);
    expect(restoreRow?.details).toMatchObject({ version: 4, restoredFrom: 2 });
  });

  it('refuses a bad tree with the field paths and keeps the head', async () => {
    const id = (await createPage(editor.token, { slug: 'bad-tree' })).json().data.id;
    const res = await savePage(editor.token, id, {
      slug: 'bad-tree',
      components: [
        { component: 'grid', settings: {}, columns: [] },
        { component: 'button', settings: { text: 'x', url: 'javascript:alert(1)' } },
      ],
      baseVersion: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string; key: string }) => [e.path, e.key])).toEqual([
      ['components.0.columns', 'boContent.gridColumns'],
      ['components.1.settings.url', 'boContent.urlInvalid'],
    ]);
    const page = (await staffCall(app, 'GET', `${PAGES}/${id}`, editor.token)).json().data.page;
    expect(page.headVersion).toBe(1);
  });

  it('strips scripts on save, publishes a version to the public site and unpublishes it, audited', async () => {
    const id = (await createPage(editor.token, { slug: 'launch' })).json().data.id;
    const saved = await savePage(editor.token, id, {
      slug: 'launch',
      title: 'Launch',
      components: [
        {
          component: 'html',
          settings: { html: '<p>Welcome</p><script>alert(1)</script><img src=x onerror=alert(2)>' },
        },
        {
          component: 'grid',
          settings: {},
          columns: [{ children: [{ component: 'text', settings: { text: '<p onclick="steal()">Hi</p>' } }] }],
        },
      ],
      baseVersion: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [stored] = await db()
      .select()
      .from(contentPageVersions)
      .where(and(eq(contentPageVersions.pageId, id), eq(contentPageVersions.version, 2)));
    const storedJson = JSON.stringify(stored?.components);
    expect(storedJson).toContain('Welcome');
    expect(storedJson).not.toMatch(/script|onerror|onclick/);

    const published = await staffCall(app, 'POST', `${PAGES}/${id}/publish`, editor.token, { version: 2 });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({
      published: true,
      publishedVersion: 2,
      headVersion: 2,
      hasUnpublishedChanges: false,
    });
    const live = (await publicPage('launch')).json().data;
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ title: 'Launch', title_slug: 'launch' });
    expect(live[0].components[0].settings.html).toContain('<p>Welcome</p>');
    const [publishRow] = await auditOf(`page:${id}`);
    expect(publishRow).toMatchObject({
      action: 'content.page.publish',
      before: { published: false, publishedVersion: null },
      after: { published: true, publishedVersion: 2 },
    });
    const versions = (await staffCall(app, 'GET', `${PAGES}/${id}/versions`, editor.token)).json().data;
    expect(versions.find((v: { version: number }) => v.version === 2).published).toBe(true);

    // a later save is a draft: the public page stays on version 2 until published
    await savePage(editor.token, id, { slug: 'launch', title: 'Launch v3', components: [], baseVersion: 2 });
    expect((await publicPage('launch')).json().data[0].title).toBe('Launch');
    const listed = (await staffCall(app, 'GET', `${PAGES}?brandId=${brandA.id}&lang=en`, editor.token)).json()
      .data;
    expect(listed.find((p: { id: number }) => p.id === id)).toMatchObject({
      headVersion: 3,
      publishedVersion: 2,
      hasUnpublishedChanges: true,
    });

    const off = await staffCall(app, 'POST', `${PAGES}/${id}/unpublish`, editor.token);
    expect(off.json().data.published).toBe(false);
    expect((await publicPage('launch')).json().data).toEqual([]);
    expect((await auditOf(`page:${id}`))[0]?.action).toBe('content.page.unpublish');
    expect(publishRow?.id).toBeGreaterThan(0);
    expect((await verifyAuditChain(db())).ok).toBe(true);
  });

  it('never answers a script on the public site, even one written straight into the database', async () => {
    const evil = [
      { component: 'html', settings: { html: '<h2>Offer</h2><script>document.cookie</script>' } },
      {
        component: 'section',
        settings: {},
        children: [
          {
            component: 'text',
            settings: { text: '<p>Read<iframe src="https://evil.example"></iframe></p>' },
          },
        ],
      },
    ];
    await db().insert(contentPages).values({
      brandId: brandA.id,
      slug: 'raw-insert',
      lang: 'en',
      title: 'Raw',
      published: true,
      components: evil,
    });
    const res = await publicPage('raw-insert');
    expect(res.statusCode).toBe(200);
    const [page] = res.json().data;
    expect(page.components[0].settings.html).toBe('<h2>Offer</h2>');
    expect(page.components[1].children[0].settings.text).toBe('<p>Read</p>');
    expect(res.body).not.toMatch(/<script|<iframe/);
    // the editor's draft of such a page is clean too
    const [row] = await db().select().from(contentPages).where(eq(contentPages.slug, 'raw-insert'));
    const draft = (await staffCall(app, 'GET', `${PAGES}/${row?.id}`, editor.token)).json().data.draft;
    expect(draft.version).toBe(0);
    expect(JSON.stringify(draft.components)).not.toMatch(/<script|<iframe/);
  });

  it('opens a seeded page as version 0 with its live tree, which the editor schemas accept unchanged', async () => {
    const seeded = await db()
      .select()
      .from(contentPages)
      .where(and(eq(contentPages.brandId, brandA.id), like(contentPages.slug, '%')));
    expect(seeded.length).toBeGreaterThan(10);
    for (const page of seeded.filter((p) => p.headVersion === 0 && p.slug !== 'raw-insert')) {
      const { tree, issues } = checkComponentTree(page.components);
      expect(issues, page.slug).toEqual([]);
      expect(tree, page.slug).toEqual(page.components);
    }
    const about = seeded.find((p) => p.slug === 'about' && p.lang === 'en');
    const res = (await staffCall(app, 'GET', `${PAGES}/${about?.id}`, editor.token)).json().data;
    expect(res.page).toMatchObject({
      slug: 'about',
      headVersion: 0,
      publishedVersion: null,
      published: true,
    });
    expect(res.draft).toMatchObject({ version: 0, title: about?.title, components: about?.components });
    // and saving it unchanged makes version 1 without touching the live page
    const saved = await savePage(editor.token, about?.id as number, {
      title: res.draft.title,
      description: res.draft.description,
      slug: 'about',
      components: res.draft.components,
      baseVersion: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.page).toMatchObject({
      headVersion: 1,
      hasUnpublishedChanges: true,
      published: true,
    });
  });

  it('limits staff to their brands (404), needs the content role, and refuses a client token', async () => {
    const other = await staffCall(app, 'POST', PAGES, admin.token, {
      brandId: brandB.id,
      slug: 'b-only',
      lang: 'en',
      title: 'B',
    });
    expect(other.statusCode, other.body).toBe(200);
    const bId = other.json().data.id;
    for (const [method, url, body] of [
      ['GET', `${PAGES}/${bId}`, undefined],
      ['PUT', `${PAGES}/${bId}`, { title: 'x', slug: 'b-only', components: [], baseVersion: 1 }],
      ['GET', `${PAGES}/${bId}/versions`, undefined],
      ['GET', `${PAGES}/${bId}/versions/1`, undefined],
      ['POST', `${PAGES}/${bId}/versions/1/restore`, undefined],
      ['POST', `${PAGES}/${bId}/publish`, { version: 1 }],
      ['POST', `${PAGES}/${bId}/unpublish`, undefined],
      // refused for the record, not for the body: nothing about another brand's page can be probed
      ['PUT', `${PAGES}/${bId}`, {}],
      ['POST', `${PAGES}/${bId}/publish`, {}],
      ['POST', PAGES, { brandId: brandB.id, slug: 'sneaky', lang: 'en', title: 'x' }],
      ['GET', `${PAGES}?brandId=${brandB.id}`, undefined],
      ['GET', `/api/backoffice/content/singletons/settings?brandId=${brandB.id}`, undefined],
    ] as const) {
      const res = await staffCall(app, method, url, editor.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const mine = (await staffCall(app, 'GET', PAGES, editor.token)).json().data as { brandId: number }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((p) => p.brandId === brandA.id)).toBe(true);
    const all = (await staffCall(app, 'GET', PAGES, admin.token)).json().data as { brandId: number }[];
    expect(all.some((p) => p.brandId === brandB.id)).toBe(true);

    expect((await staffCall(app, 'GET', PAGES, support.token)).statusCode).toBe(403);
    const client = await registerClient(app);
    const asClient = await app.inject({
      method: 'GET',
      url: PAGES,
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(asClient.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: PAGES })).statusCode).toBe(401);
  });

  it('uploads an image for a brand through the media module, checked by content', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><script>alert(1)</script><rect width="4" height="4"/></svg>',
    );
    const form = multipart([
      { field: 'file', filename: 'banner.svg', contentType: 'image/svg+xml', content: svg },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: `/api/backoffice/content/media?brandId=${brandA.id}`,
      headers: { ...form.headers, authorization: `Bearer ${editor.token}` },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json().data;
    expect(file).toMatchObject({ contentType: 'image/svg+xml' });
    expect(file.url).toMatch(/^\/media\/\d+\/[\w.-]+\.svg$/);
    const served = await app.inject({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.body).not.toContain('script');
    expect((await auditOf(`media:${file.id}`))[0]).toMatchObject({
      action: 'content.media.upload',
      brandId: brandA.id,
    });

    const lie = multipart([
      { field: 'file', filename: 'photo.png', contentType: 'image/png', content: Buffer.from('just text') },
    ]);
    const refused = await app.inject({
      method: 'POST',
      url: `/api/backoffice/content/media?brandId=${brandA.id}`,
      headers: { ...lie.headers, authorization: `Bearer ${editor.token}` },
      payload: lie.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe('file');
    const otherBrand = await app.inject({
      method: 'POST',
      url: `/api/backoffice/content/media?brandId=${brandB.id}`,
      headers: { ...form.headers, authorization: `Bearer ${editor.token}` },
      payload: form.payload,
    });
    expect(otherBrand.statusCode).toBe(404);
  });
});

describe('site settings singleton', () => {
  const url = () => `/api/backoffice/content/singletons/settings?brandId=${brandA.id}`;
  const publicSettings = async () =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/singletons/get/settings?token=${encodeURIComponent(brandA.contentToken)}`,
        headers: { host: brandA.host },
      })
    ).json().data;

  it('reads and replaces the editable fields, keeps the brand-mirrored ones, validates and audits', async () => {
    const current = (await staffCall(app, 'GET', url(), editor.token)).json().data;
    expect(current).toMatchObject({ name: 'settings', brandId: brandA.id });
    expect(current.data.copyright).toEqual(expect.any(String));
    const body = {
      copyright: '© 2026 Brand A Ltd',
      legal_name: current.data.legal_name,
      legal_text: current.data.legal_text,
      risk_warning: current.data.risk_warning,
      support_email: 'help@brand-a.example',
      phone: current.data.phone,
      address: current.data.address,
      mapTileUrl: '',
      menu: [
        { title: 'Home', url: '/' },
        { title: 'Offers', url: '/promo' },
      ],
      footer_links: current.data.footer_links,
      platform_components: { ...current.data.platform_components, auto_trading: false },
    };
    const res = await staffCall(app, 'PUT', url(), editor.token, body);
    expect(res.statusCode, res.body).toBe(200);
    const live = await publicSettings();
    expect(live).toMatchObject({
      copyright: '© 2026 Brand A Ltd',
      menu: body.menu,
      support_email: 'help@brand-a.example',
    });
    expect(live.features).toEqual(current.data.features);
    expect(live.widgets).toEqual(current.data.widgets);
    const [row] = await auditOf('singleton:settings');
    expect(row).toMatchObject({
      action: 'content.singleton.save',
      brandId: brandA.id,
      after: { copyright: '© 2026 Brand A Ltd', support_email: 'help@brand-a.example' },
    });

    const bad = await staffCall(app, 'PUT', url(), editor.token, {
      ...body,
      copyright: 'x'.repeat(301),
      menu: [{ title: 'Evil', url: 'javascript:alert(1)' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['copyright', 'menu.0.url']);
    expect((await publicSettings()).copyright).toBe('© 2026 Brand A Ltd');

    const unknown = await staffCall(
      app,
      'GET',
      `/api/backoffice/content/singletons/secrets?brandId=${brandA.id}`,
      editor.token,
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('contact inbox', () => {
  const INBOX = '/api/backoffice/inbox';

  it('lists messages of the public and the client-area contact forms, toggles handled, audited without personal data', async () => {
    const visitor = await app.inject({
      method: 'POST',
      url: `/api/forms/submit/contact?token=${encodeURIComponent(brandA.formsToken)}`,
      headers: { host: brandA.host },
      payload: { form: { name: 'Vera Visitor', email: 'vera@example.org', message: 'Do you offer gold?' } },
    });
    expect(visitor.statusCode, visitor.body).toBe(200);
    const platform = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { host: brandA.host },
      payload: {
        first_name: 'Carl',
        last_name: 'Client',
        email: 'carl@example.org',
        phone: '+4915112345678',
        message: 'My withdrawal?',
      },
    });
    expect(platform.statusCode, platform.body).toBe(200);

    const open = await staffCall(app, 'GET', `${INBOX}?brandId=${brandA.id}&status=open`, support.token);
    expect(open.statusCode, open.body).toBe(200);
    const data = open.json().data;
    expect(data).toMatchObject({ page: 1, pageSize: 50 });
    const forms = data.items.map((i: { form: string }) => i.form);
    expect(forms).toEqual(expect.arrayContaining(['contact', 'platform-contact']));
    const message = data.items.find((i: { form: string }) => i.form === 'contact');
    expect(message).toMatchObject({
      brandId: brandA.id,
      values: { name: 'Vera Visitor', message: 'Do you offer gold?' },
      handled: false,
      handledBy: null,
    });
    const openBefore = data.open as number;

    const done = await staffCall(app, 'POST', `${INBOX}/${message.id}/handled`, support.token, {
      handled: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ handled: true, handledBy: 'Test support' });
    const [row] = await db().select().from(formSubmissions).where(eq(formSubmissions.id, message.id));
    expect(row?.handledBy).toBe(support.id);
    const handledList = (await staffCall(app, 'GET', `${INBOX}?status=handled`, support.token)).json().data;
    expect(handledList.items.map((i: { id: number }) => i.id)).toContain(message.id);
    expect(handledList.open).toBe(openBefore - 1);
    const [audit] = await auditOf(`form:${message.id}`);
    expect(audit).toMatchObject({
      action: 'inbox.handled',
      before: { handled: false },
      after: { handled: true },
    });
    expect(JSON.stringify(audit)).not.toMatch(/Vera|vera@|gold/);

    const reopened = await staffCall(app, 'POST', `${INBOX}/${message.id}/handled`, support.token, {
      handled: false,
    });
    expect(reopened.json().data).toMatchObject({ handled: false, handledAt: null, handledBy: null });
    expect((await auditOf(`form:${message.id}`)).length).toBe(2);
  });

  it('keeps other brands out and needs inbox.read', async () => {
    const [other] = await db()
      .insert(formSubmissions)
      .values({
        brandId: brandB.id,
        form: 'contact',
        values: { name: 'B', email: 'b@example.org', message: 'Hi' },
      })
      .returning();
    const res = await staffCall(app, 'POST', `${INBOX}/${other?.id}/handled`, support.token, {
      handled: true,
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await staffCall(app, 'POST', `${INBOX}/${other?.id}/handled`, support.token, {})).statusCode,
    ).toBe(404);
    expect((await staffCall(app, 'GET', `${INBOX}?brandId=${brandB.id}`, support.token)).statusCode).toBe(
      404,
    );
    const mine = (await staffCall(app, 'GET', INBOX, support.token)).json().data.items as {
      brandId: number;
    }[];
    expect(mine.every((i) => i.brandId === brandA.id)).toBe(true);
    const adminView = (await staffCall(app, 'GET', `${INBOX}?brandId=${brandB.id}`, admin.token)).json().data;
    expect(adminView.items.map((i: { id: number }) => i.id)).toContain(other?.id);
    const dealer = await staffSession(server, ['dealer']);
    expect((await staffCall(app, 'GET', INBOX, dealer.token)).statusCode).toBe(403);
    expect((await staffCall(app, 'GET', `${INBOX}?status=closed`, admin.token)).statusCode).toBe(400);
  });
});
