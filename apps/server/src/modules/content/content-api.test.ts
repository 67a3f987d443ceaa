import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contentPages } from '../../db/schema.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

describe(`content calls (spec §7) per brand (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer();
  const { db } = runtime.ctx.database;
  const brandOn = async (host: string) =>
    (await app.inject({ method: 'GET', url: '/api/brand', headers: { host } })).json().data;
  const demo = await brandOn('localhost:3000');
  const aurora = await brandOn('aurora.localhost:3000');
  const getPage = (host: string, token: string, slug: string, lang?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/collections/get/page?token=${encodeURIComponent(token)}`,
      headers: { host },
      payload: {
        filter: { published: true, title_slug: slug },
        populate: 1,
        simple: 1,
        ...(lang ? { lang } : {}),
      },
    });

  it('answers the published page of the host brand as the first item of data', async () => {
    const res = await getPage('aurora.localhost:3000', aurora.contentToken, 'about', 'en');
    expect(res.statusCode).toBe(200);
    const [page] = res.json().data;
    expect(page).toMatchObject({
      title: 'About Aurora Markets',
      title_slug: 'about',
      lang: 'en',
      published: true,
    });
    expect(page.components[0].component).toBe('pagebanner');
    expect(page._modified).toBeGreaterThan(1_700_000_000);
  });

  it('answers the page in the requested language when it exists', async () => {
    const [page] = (await getPage('localhost', demo.contentToken, 'privacy-policy', 'de')).json().data;
    expect(page).toMatchObject({ lang: 'de', title: 'Datenschutzerklärung' });
  });

  it("falls back to English when the page has no row in the visitor's language", async () => {
    const [page] = (await getPage('localhost', demo.contentToken, 'privacy-policy', 'it')).json().data;
    expect(page).toMatchObject({ lang: 'en', title: 'Privacy policy' });
    const [unknownLang] = (await getPage('localhost', demo.contentToken, 'about', 'xx')).json().data;
    expect(unknownLang.lang).toBe('en');
  });

  it('answers an empty list for an unknown slug, so the web shows its 404 page', async () => {
    const res = await getPage('localhost', demo.contentToken, 'no-such-page', 'en');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it('never answers an unpublished page, in any language', async () => {
    await db
      .update(contentPages)
      .set({ published: false })
      .where(and(eq(contentPages.slug, 'kyc-policy'), eq(contentPages.brandId, await brandId('aurora'))));
    const res = await getPage('aurora.localhost', aurora.contentToken, 'kyc-policy', 'de');
    expect(res.json().data).toEqual([]);
    const other = await getPage('localhost', demo.contentToken, 'kyc-policy', 'de');
    expect(other.json().data).toHaveLength(1);
  });

  it("refuses another brand's content token on this brand's host with 401", async () => {
    const res = await getPage('aurora.localhost', demo.contentToken, 'about');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: false, code: 'CONTENT_TOKEN_INVALID' });
    const missing = await app.inject({
      method: 'POST',
      url: '/api/collections/get/page',
      headers: { host: 'aurora.localhost' },
      payload: { filter: { published: true, title_slug: 'about' } },
    });
    expect(missing.statusCode).toBe(401);
  });

  it("never serves one brand's page on another brand's host", async () => {
    await runtime.ctx.content.savePage(await brandId('aurora'), {
      slug: 'aurora-only',
      lang: 'en',
      title: 'Aurora only',
      components: [{ component: 'heading', settings: { text: 'Only for Aurora' } }],
    });
    expect((await getPage('aurora.localhost', aurora.contentToken, 'aurora-only')).json().data).toHaveLength(
      1,
    );
    expect((await getPage('localhost', demo.contentToken, 'aurora-only')).json().data).toEqual([]);
  });

  it('sanitises html and rich text on save, at any depth of the tree', async () => {
    const saved = await runtime.ctx.content.savePage(await brandId('demo'), {
      slug: 'unsafe',
      lang: 'en',
      title: 'Unsafe',
      components: [
        { component: 'html', settings: { html: '<p onclick="steal()">Hi<script>alert(1)</script></p>' } },
        {
          component: 'grid',
          settings: {},
          columns: [
            {
              children: [
                {
                  component: 'text',
                  settings: { text: '<a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>' },
                },
              ],
            },
          ],
        },
      ],
    });
    const [page] = (await getPage('localhost', demo.contentToken, 'unsafe')).json().data;
    expect(page).toEqual(saved);
    expect(page.components[0].settings.html).toBe('<p>Hi</p>');
    const nested = page.components[1].columns[0].children[0].settings.text as string;
    expect(nested).not.toMatch(/javascript:|onerror|<script/i);
  });

  it('refuses a page query without a slug with a field message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/collections/get/page?token=${demo.contentToken}`,
      payload: { filter: { published: true } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('filter.title_slug');
  });

  it('lists the blog posts of the brand, newest first, with their first image', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/collections/list/page?token=${aurora.contentToken}&prefix=blog/&lang=de&limit=5`,
      headers: { host: 'aurora.localhost' },
    });
    const posts = res.json().data;
    expect(posts).toHaveLength(3);
    for (const post of posts) {
      expect(post.title_slug).toMatch(/^blog\//);
      expect(post.lang).toBe('de');
      expect(post.image.path).toMatch(/^\/content\//);
      expect(post).not.toHaveProperty('components');
    }
  });

  it("answers the brand's site settings singleton, and 404 for an unknown one", async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/singletons/get/settings?token=${aurora.contentToken}`,
      headers: { host: 'aurora.localhost' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      legal_name: 'Aurora Markets Ltd.',
      copyright: expect.stringContaining('Aurora Markets Ltd.'),
      platform_components: { economics: true },
      widgets: ['ticker-tape', 'market-quotes'],
    });
    const unknown = await app.inject({
      method: 'GET',
      url: `/api/singletons/get/nothing?token=${aurora.contentToken}`,
      headers: { host: 'aurora.localhost' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  async function brandId(slug: string): Promise<number> {
    const brand = await runtime.ctx.brands.findBySlug(slug);
    if (!brand) throw new Error(`no brand ${slug}`);
    return brand.id;
  }
});
