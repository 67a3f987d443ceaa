import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { classifySitePath, type SitePath } from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../http.js';
import { AppError, notFound } from '../../lib/errors.js';
import { publicTheme } from '../brands/brand-theme.js';
import type { Brand, BrandsService } from '../brands/brands.service.js';
import type { ContentService } from '../content/content.service.js';
import { withHead } from '../content/page-meta.js';
import { PER_BRAND_FILES } from '../content/site.routes.js';
import type { MarketService } from '../market/market.service.js';
import type { MediaService } from '../media/media.service.js';
import { iconVersion, installableAppRoutes, withAppLinks } from './installable-app.js';

/** The built single-page app, if there is one: its index.html and the hashes of its inline scripts. */
export interface WebBuild {
  dir: string;
  indexHtml: string;
  inlineScriptHashes: string[];
}

/** Reads the web build once at start-up; undefined when the web app has not been built. */
export function readWebBuild(dir: string): WebBuild | undefined {
  const indexPath = path.join(dir, 'index.html');
  if (!fs.existsSync(indexPath)) return undefined;
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  // The CSP allows exactly these inline scripts (the pre-paint theme script), nothing else inline.
  const inlineScriptHashes = [...indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? '')
    .filter((body) => body.trim() !== '')
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  return { dir, indexHtml, inlineScriptHashes };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type ShellEncoding = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts (Accept-Encoding with q-values): brotli, then gzip, else none. */
export function shellEncoding(acceptEncoding: string | string[] | undefined): ShellEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    weights.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  if (weightOf('br') > 0) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return 'identity';
}

/** Compressed copies of the per-brand shells (a few per brand and content page), kept small. */
const SHELL_CACHE_LIMIT = 200;
const shellCache = new Map<string, Buffer>();

async function compressedShell(html: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const key = `${encoding}\n${html}`;
  const cached = shellCache.get(key);
  if (cached) return cached;
  const body =
    encoding === 'br'
      ? await brotli(html, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
        })
      : await gzip(html, { level: zlib.constants.Z_BEST_COMPRESSION });
  if (shellCache.size >= SHELL_CACHE_LIMIT) shellCache.delete(shellCache.keys().next().value as string);
  shellCache.set(key, body);
  return body;
}

/** What a draft brand's hosts answer instead of the site (404): neutral, no brand name, no script. */
export const NOT_AVAILABLE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Not available</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#f6f7f9;color:#1f2933}main{text-align:center;padding:2rem}h1{font-size:1.5rem;font-weight:600;margin:0 0 .5rem}p{margin:0;color:#52606d}</style>
</head><body><main><h1>This site is not available.</h1><p>Please check the address.</p></main></body></html>
`;

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/socket.io');

/** What serving the web app uses. */
export interface WebRoutesDeps {
  brands: BrandsService;
  content: ContentService;
  market: Pick<MarketService, 'catalogue'>;
  /** The brand's uploaded logo or favicon, drawn as its app icons. */
  media: Pick<MediaService, 'get'>;
}

/**
 * Serves the built web app with an SPA fallback: any GET that is not an API call and not a file
 * gets index.html, so deep links such as /platform/EURUSD work on reload. API misses get the
 * JSON error envelope. where the app shows its 404 page (an unknown path or content slug,
 * /404, an unknown symbol, a screen the brand does not have), the same index.html is answered
 * with HTTP 404, so search engines and link checkers see a missing page as missing.
 */
export async function webRoutes(
  app: App,
  { brands, content, market, media }: WebRoutesDeps,
  build: WebBuild | undefined,
) {
  // the brand's web app manifest and icons: the site installs as an app on a phone
  await installableAppRoutes(app, { brands, media });

  /** Whether the app shows a page at this path for this brand (domain `classifySitePath`), else its 404 page. */
  const found = async (brand: Brand, path: SitePath, pageFound: boolean): Promise<boolean> => {
    switch (path.kind) {
      case 'screen':
        return true;
      case 'notFound':
        return false;
      case 'content':
        // a page published in another language than English is shown in it (the web asks in its language)
        return pageFound || (await content.isPublished(brand, path.slug));
      case 'platform':
        return market.catalogue.get(path.symbol) !== undefined;
      case 'economics':
        return brand.settings.features.economics;
      case 'referrals':
        return !brand.settings.features.restrictedMode;
    }
  };

  /**
   * index.html with the host brand's title, description, colours and favicon (per content page), and
   * whether the path shows a page or the 404 page.
   */
  const shellFor = async (
    request: FastifyRequest,
    indexHtml: string,
  ): Promise<{ html: string; found: boolean }> => {
    const brand = await brands.resolve(request.headers.host);
    const theme = publicTheme(brand.settings.theme);
    const path = classifySitePath(request.url.split('?')[0] ?? '/');
    const slug =
      path.kind === 'content'
        ? path.slug
        : request.url.split('?')[0] === '/'
          ? brand.settings.homeSlug
          : undefined;
    const page = slug ? await content.page(brand, slug, 'en') : undefined;
    const title = !page
      ? brand.name
      : slug === brand.settings.homeSlug
        ? page.title
        : `${page.title} · ${brand.name}`;
    const head = withHead(indexHtml, {
      title,
      description: page?.description || brand.settings.tagline || brand.name,
      themeColor: { light: theme.light.primary, dark: theme.dark.background },
      faviconUrl: theme.faviconUrl,
    });
    const html = withAppLinks(head, brand, iconVersion(brand));
    return { html, found: await found(brand, path, page !== undefined) };
  };

  if (build) {
    await app.register(fastifyStatic, {
      root: build.dir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz next to each text asset (apps/web/vite.config.ts): sent as they are
      // to clients that accept them, never compressed per request.
      preCompressed: true,
      // robots.txt, sitemap.xml and the icons are the host brand's (content/site.routes.ts).
      globIgnore: [...PER_BRAND_FILES],
      // Hashed asset names never change content: cache them for a year; index.html never.
      setHeaders(res, filePath) {
        // One URL, several encodings: caches must key on Accept-Encoding.
        res.setHeader('vary', 'accept-encoding');
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (isApiPath(url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const error = notFound();
      return reply.code(error.statusCode).send(error.toBody());
    }
    // a draft brand's host: a neutral page naming no brand, no app, nothing to sign in to
    const available = await brands.resolve(request.headers.host).then(
      () => true,
      (error: unknown) => {
        if (error instanceof AppError && error.code === 'BRAND_NOT_AVAILABLE') return false;
        throw error;
      },
    );
    if (!available)
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_AVAILABLE_PAGE);
    if (build) {
      const { html, found } = await shellFor(request, build.indexHtml);
      reply
        .code(found ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding');
      // The shell is rewritten per brand and page, so it is compressed here (cached), not at build time.
      const encoding = shellEncoding(request.headers['accept-encoding']);
      if (encoding === 'identity') return reply.send(html);
      return reply.header('content-encoding', encoding).send(await compressedShell(html, encoding));
    }
    return reply
      .code(503)
      .type('text/plain; charset=utf-8')
      .send('The web app is not built yet. Run `npm start` (it builds everything) or `npm run build`.');
  });
}
