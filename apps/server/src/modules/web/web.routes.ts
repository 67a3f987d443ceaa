import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { App } from '../../http.js';
import { notFound } from '../../lib/errors.js';
import { publicTheme } from '../brands/brand-theme.js';
import { contentSlugOf, withHead } from '../content/page-meta.js';
import { PER_BRAND_FILES } from '../content/site.routes.js';

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

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/socket.io');

/**
 * Serves the built web app with an SPA fallback: any GET that is not an API call and not a file
 * gets index.html, so deep links such as /platform/EURUSD work on reload. API misses get the
 * JSON error envelope.
 */
export async function webRoutes(app: App, ctx: AppContext, build: WebBuild | undefined) {
  /** index.html with the host brand's title, description, colours and favicon (per content page). */
  const shellFor = async (request: FastifyRequest, indexHtml: string): Promise<string> => {
    const brand = await ctx.brands.resolve(request.headers.host);
    const theme = publicTheme(brand.settings.theme);
    const slug = contentSlugOf(request.url.split('?')[0] ?? '/', brand.settings.homeSlug);
    const page = slug ? await ctx.content.page(brand, slug, 'en') : undefined;
    const title = !page
      ? brand.name
      : slug === brand.settings.homeSlug
        ? page.title
        : `${page.title} · ${brand.name}`;
    return withHead(indexHtml, {
      title,
      description: page?.description || brand.settings.tagline || brand.name,
      themeColor: { light: theme.light.primary, dark: theme.dark.background },
      faviconUrl: theme.faviconUrl,
    });
  };

  if (build) {
    await app.register(fastifyStatic, {
      root: build.dir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // robots.txt, sitemap.xml and the icons are the host brand's (content/site.routes.ts).
      globIgnore: [...PER_BRAND_FILES],
      // Hashed asset names never change content: cache them for a year; index.html never.
      setHeaders(res, filePath) {
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
    if (build) {
      const html = await shellFor(request, build.indexHtml);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    }
    return reply
      .code(503)
      .type('text/plain; charset=utf-8')
      .send('The web app is not built yet. Run `npm start` (it builds everything) or `npm run build`.');
  });
}
