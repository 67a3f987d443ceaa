import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { App } from '../../http.js';
import { publicTheme } from '../brands/brand-theme.js';
import { type Brand, type BrandsService, brandPublicUrl } from '../brands/brands.service.js';
import type { ContentService } from './content.service.js';

/** Files the site routes answer per host; the web build's own copies of them are not served. */
export const PER_BRAND_FILES = ['robots.txt', 'sitemap.xml', 'favicon.svg', 'logo.svg'] as const;

/**
 * The folder of the seeded pages' images (`apps/server/assets/content`), found from this module
 * both in the sources (src/modules/content) and in the bundle (dist/).
 */
export function contentAssetsDir(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'assets', 'content');
    if (fs.existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

/** Client-area and API paths search engines should leave alone. */
const PRIVATE_PATHS = [
  '/api/',
  '/platform',
  '/my-account',
  '/transactions',
  '/payment',
  '/referrals',
  '/affiliate',
  '/autoLogin',
  '/login',
  '/register',
  '/password',
];

const xml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** What the public site's per-brand files use. */
export interface SiteRoutesDeps {
  config: Pick<Config, 'publicUrl' | 'defaultBrand'>;
  brands: BrandsService;
  content: ContentService;
}

/** Per-brand files of the public site: robots.txt, sitemap.xml, the logo and favicon, and the content images. */
export async function siteRoutes(app: App, { config, brands, content }: SiteRoutesDeps) {
  const brandOf = (request: FastifyRequest) => brands.resolve(request.headers.host);
  // Absolute URLs in robots.txt and sitemap.xml come from configuration (the brand's public URL,
  // else PUBLIC_URL with one of the brand's own host names), never from the Host a request claims:
  // these answers are cached publicly, so a forged Host would poison them for every visitor.
  const siteOrigin = (request: FastifyRequest, brand: Brand) =>
    brandPublicUrl(brand, config, request.headers.host);

  const assets = contentAssetsDir();
  if (assets) {
    await app.register(fastifyStatic, {
      root: assets,
      prefix: '/content/',
      decorateReply: false,
      index: false,
      maxAge: 86_400_000,
    });
  }

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const brand = await brandOf(request);
    const origin = siteOrigin(request, brand);
    const lines = [
      `# ${brand.name}`,
      'User-agent: *',
      'Allow: /',
      ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const brand = await brandOf(request);
    const origin = siteOrigin(request, brand);
    const pages = await content.publishedSlugs(brand);
    const urls = pages.map(({ slug, updatedAt }) => {
      const loc =
        slug === brand.settings.homeSlug
          ? `${origin}/`
          : `${origin}/${slug.split('/').map(encodeURIComponent).join('/')}`;
      const lastmod = updatedAt ? `<lastmod>${new Date(updatedAt).toISOString().slice(0, 10)}</lastmod>` : '';
      return `  <url><loc>${xml(loc)}</loc>${lastmod}</url>`;
    });
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(body);
  });

  const logo = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
    const brand = await brandOf(request);
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=3600')
      .send(publicTheme(brand.settings.theme).logoSvg);
  };
  app.get('/favicon.svg', { schema: { hide: true } }, logo);
  app.get('/logo.svg', { schema: { hide: true } }, logo);
}
