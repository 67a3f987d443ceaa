import { BRAND_LEGAL_SLUGS } from '@openbroker/domain';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, brands, contentPages, contentSingletons } from '../../db/schema.js';
import { registrationForm, uniqueEmail } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { staffCall, staffSession } from '../../test/staff-kit.js';

/** A new brand in the back office's create form; `template` picks what it starts from. */
const brandForm = (slug: string, template?: unknown) => ({
  slug,
  name: `${slug[0]?.toUpperCase()}${slug.slice(1)} Trading`,
  hosts: [`${slug}.example.com`],
  currency: 'EUR',
  legalName: `${slug[0]?.toUpperCase()}${slug.slice(1)} Trading Ltd`,
  supportEmail: `support@${slug}.example.com`,
  primary: '#1d4ed8',
  accent: '#f59e0b',
  ...(template === undefined ? {} : { template }),
});

describe(`brand drafts, templates and the publish checklist (${testDbKind})`, async () => {
  const server = await createTestServer();
  const { app, runtime } = server;
  const db = runtime.ctx.database.db;
  const admin = await staffSession(server, ['admin']);
  const [demo] = await db.select().from(brands).where(eq(brands.slug, 'demo'));
  const demoId = demo?.id as number;
  const onHost = (host: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: { host }, ...(payload ? { payload } : {}) });
  const create = async (form: object) => {
    const res = await staffCall(app, 'POST', '/api/backoffice/brands', admin.token, form);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      id: number;
      status: string;
      payments: { key: string; secretHints: object }[];
    };
  };
  const pagesOf = (brandId: number) =>
    db
      .select({ slug: contentPages.slug, lang: contentPages.lang, components: contentPages.components })
      .from(contentPages)
      .where(eq(contentPages.brandId, brandId));
  const siteOf = async (brandId: number) =>
    (
      await db
        .select()
        .from(contentSingletons)
        .where(and(eq(contentSingletons.brandId, brandId), eq(contentSingletons.name, 'settings')))
    )[0]?.data as Record<string, unknown>;
  const audits = (action: string, brandId: number) =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.brandId, brandId)))
      .orderBy(desc(auditLog.id));
  const publication = async (id: number) =>
    (await staffCall(app, 'GET', `/api/backoffice/brands/${id}/publication`, admin.token)).json().data as {
      status: string;
      ready: boolean;
      checklist: { key: string; ok: boolean; missing: string[] }[];
    };

  it('seeded brands are published and served', async () => {
    expect(demo?.status).toBe('published');
    const site = await onHost('localhost', 'GET', '/api/brand');
    expect(site.statusCode).toBe(200);
  });

  it('the built-in starter gives a new brand its home, about and legal pages in English and German, and its menus', async () => {
    const created = await create(brandForm('starter'));
    expect(created.status).toBe('draft');
    const pages = await pagesOf(created.id);
    for (const slug of ['index', 'about', ...BRAND_LEGAL_SLUGS])
      for (const lang of ['en', 'de'])
        expect(
          pages.some((p) => p.slug === slug && p.lang === lang),
          `${slug} in ${lang}`,
        ).toBe(true);
    expect(JSON.stringify(pages)).toContain('Starter Trading Ltd');
    const site = await siteOf(created.id);
    expect((site.footer_links as { url: string }[]).map((l) => l.url)).toEqual(
      expect.arrayContaining(BRAND_LEGAL_SLUGS.map((slug) => `/${slug}`)),
    );
    expect((site.menu as { url: string }[]).map((l) => l.url)).toContain('/about');
    expect(site.support_email).toBe('support@starter.example.com');
    const audit = (await audits('brand.create', created.id))[0];
    expect(audit?.details).toMatchObject({ template: 'starter' });
    expect(audit?.after).toMatchObject({ status: 'draft' });
  });

  it('a copy of a brand takes its settings, pages, menus and payment methods under its own name, never its secrets or clients', async () => {
    // the demo brand gets a stored secret first: the copy must not carry it
    const view = (await staffCall(app, 'GET', `/api/backoffice/brands/${demoId}`, admin.token)).json().data;
    const first = view.payments[0];
    const { secretHints: _hints, ...method } = first;
    const withSecret = await staffCall(app, 'PATCH', `/api/backoffice/brands/${demoId}`, admin.token, {
      payments: [
        { ...method, webhookSecret: 'whsec-demo-0123456789abcdef' },
        ...view.payments.slice(1).map(({ secretHints: _h, ...rest }: { secretHints: object }) => rest),
      ],
    });
    expect(withSecret.statusCode, withSecret.body).toBe(200);

    const copy = await create(brandForm('copied', { kind: 'brand', brandId: demoId }));
    expect(copy.status).toBe('draft');
    expect(copy.payments.map((p) => p.key)).toEqual(view.payments.map((p: { key: string }) => p.key));
    expect(copy.payments.every((p) => Object.keys(p.secretHints).length === 0)).toBe(true);
    const [row] = await db.select().from(brands).where(eq(brands.id, copy.id));
    expect(row?.settings.trading).toEqual(demo?.settings.trading);
    expect(row?.settings.contentToken).not.toBe(demo?.settings.contentToken);
    expect(row?.settings.legalName).toBe('Copied Trading Ltd');
    expect(JSON.stringify(row?.settings)).not.toContain('whsec-demo');

    const sourcePages = await pagesOf(demoId);
    const pages = await pagesOf(copy.id);
    expect(pages.map((p) => `${p.slug}/${p.lang}`).sort()).toEqual(
      sourcePages.map((p) => `${p.slug}/${p.lang}`).sort(),
    );
    // the source's legal name is replaced with the new brand's in the copied texts
    const legalName = demo?.settings.legalName as string;
    expect(JSON.stringify(pages)).not.toContain(legalName);
    expect(JSON.stringify(pages)).toContain('Copied Trading Ltd');
    const site = await siteOf(copy.id);
    expect(site.menu).toEqual((await siteOf(demoId)).menu);
    expect(site.legal_name).toBe('Copied Trading Ltd');

    // no clients come along
    const overview = (await staffCall(app, 'GET', '/api/backoffice/brands/overview', admin.token)).json()
      .data;
    expect(overview.find((b: { id: number }) => b.id === copy.id)).toMatchObject({
      clients: 0,
      status: 'draft',
    });
    expect((await audits('brand.create', copy.id))[0]?.details).toMatchObject({
      template: `brand:${demoId}`,
    });
  });

  it('a template brand outside the list is refused on its field and nothing is created', async () => {
    const res = await staffCall(
      app,
      'POST',
      '/api/backoffice/brands',
      admin.token,
      brandForm('ghost', { kind: 'brand', brandId: 99999 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'template.brandId', key: 'boBrands.templateUnknown' });
    expect(await db.select().from(brands).where(eq(brands.slug, 'ghost'))).toHaveLength(0);
  });

  it('a draft brand is not served: its site and API answer "not available", registration and client login are refused', async () => {
    await create(brandForm('hidden'));
    const host = 'hidden.example.com';
    const api = await onHost(host, 'GET', '/api/brand');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'BRAND_NOT_AVAILABLE', message: 'This site is not available.' });
    expect(api.body).not.toContain('Hidden');
    const page = await onHost(host, 'GET', '/terms-conditions');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('This site is not available.');
    expect(page.body).not.toContain('Hidden');
    const form = registrationForm({ email: uniqueEmail('draft') });
    const register = await onHost(host, 'POST', '/api/accounts/register', form);
    expect(register.statusCode).toBe(404);
    expect(register.json().code).toBe('BRAND_NOT_AVAILABLE');
    const login = await onHost(host, 'POST', '/api/accounts/login', {
      email: form.email,
      password: form.password,
    });
    expect(login.statusCode).toBe(404);
  });

  it('the checklist shows each item; publishing is refused until it is complete, then audited and the site is served', async () => {
    const created = await create(brandForm('checked'));
    const id = created.id;
    // take the brand apart: no payment method, no risk warning, one legal page unpublished
    expect(
      (await staffCall(app, 'PATCH', `/api/backoffice/brands/${id}`, admin.token, { payments: [] }))
        .statusCode,
    ).toBe(200);
    await db
      .update(contentSingletons)
      .set({ data: { ...(await siteOf(id)), risk_warning: '' } })
      .where(and(eq(contentSingletons.brandId, id), eq(contentSingletons.name, 'settings')));
    await db
      .update(contentPages)
      .set({ published: false })
      .where(and(eq(contentPages.brandId, id), eq(contentPages.slug, 'privacy-policy')));

    const open = await publication(id);
    expect(open.status).toBe('draft');
    expect(open.ready).toBe(false);
    expect(Object.fromEntries(open.checklist.map((i) => [i.key, i.ok]))).toEqual({
      legalPages: false,
      supportEmail: true,
      paymentMethod: false,
      riskWarning: false,
    });
    expect(open.checklist.find((i) => i.key === 'legalPages')?.missing).toEqual(['privacy-policy']);

    const refused = await staffCall(app, 'POST', `/api/backoffice/brands/${id}/publish`, admin.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('BRAND_CHECKLIST_INCOMPLETE');
    expect(await audits('brand.publish', id)).toHaveLength(0);
    expect((await onHost('checked.example.com', 'GET', '/api/brand')).statusCode).toBe(404);

    // fix every item, as the checklist's links lead staff to
    const sandbox = (await staffCall(app, 'GET', `/api/backoffice/brands/${demoId}`, admin.token)).json().data
      .payments[0];
    const { secretHints: _h, ...method } = sandbox;
    expect(
      (await staffCall(app, 'PATCH', `/api/backoffice/brands/${id}`, admin.token, { payments: [method] }))
        .statusCode,
    ).toBe(200);
    await db
      .update(contentSingletons)
      .set({ data: { ...(await siteOf(id)), risk_warning: 'CFDs are complex instruments.' } })
      .where(and(eq(contentSingletons.brandId, id), eq(contentSingletons.name, 'settings')));
    await db
      .update(contentPages)
      .set({ published: true })
      .where(and(eq(contentPages.brandId, id), eq(contentPages.slug, 'privacy-policy')));
    expect((await publication(id)).ready).toBe(true);

    const published = await staffCall(app, 'POST', `/api/backoffice/brands/${id}/publish`, admin.token);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ status: 'published', ready: true });
    const [audit] = await audits('brand.publish', id);
    expect(audit).toMatchObject({
      actor: `staff:${admin.id}`,
      before: { status: 'draft' },
      after: { status: 'published' },
    });
    const site = await onHost('checked.example.com', 'GET', '/api/brand');
    expect(site.statusCode).toBe(200);
    expect(site.json().data.slug).toBe('checked');
    const register = await onHost(
      'checked.example.com',
      'POST',
      '/api/accounts/register',
      registrationForm({ email: uniqueEmail('live') }),
    );
    expect(register.statusCode, register.body).toBe(200);

    // publishing again changes nothing and writes no second row
    await staffCall(app, 'POST', `/api/backoffice/brands/${id}/publish`, admin.token);
    expect(await audits('brand.publish', id)).toHaveLength(1);

    // unpublishing takes the site down again, audited
    const back = await staffCall(app, 'POST', `/api/backoffice/brands/${id}/unpublish`, admin.token);
    expect(back.statusCode).toBe(200);
    expect(back.json().data.status).toBe('draft');
    expect((await audits('brand.unpublish', id))[0]?.after).toEqual({ status: 'draft' });
    expect((await onHost('checked.example.com', 'GET', '/api/brand')).statusCode).toBe(404);
  });

  it('a scoped admin cannot publish a brand outside the scope', async () => {
    const created = await create(brandForm('outside'));
    const scoped = await staffSession(server, ['admin'], [demoId]);
    const res = await staffCall(app, 'POST', `/api/backoffice/brands/${created.id}/publish`, scoped.token);
    expect(res.statusCode).toBe(404);
    const [row] = await db.select().from(brands).where(eq(brands.id, created.id));
    expect(row?.status).toBe('draft');
  });
});
