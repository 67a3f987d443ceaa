import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { App } from '../../http.js';
import { publicTheme } from '../brands/brand-theme.js';
import type { Brand, BrandsService } from '../brands/brands.service.js';
import { escapeHtml } from '../mail/mail.templates.js';
import type { MediaService } from '../media/media.service.js';

/**
 * What makes the client site installable on a phone (docs/decisions/0026-installable-app.md): a web app
 * manifest per brand and its icons, rendered to PNG from the brand's uploaded favicon or logo, else from
 * its logo mark.
 */

/** The terminal: spec §1 `/platform` redirects to the default symbol. */
export const START_URL = '/platform';

/** The brand's colours may change in the editor: installed apps and caches pick them up within minutes. */
export const MANIFEST_CACHE_CONTROL = 'public, max-age=600';
export const ICON_CACHE_CONTROL = 'public, max-age=3600';

/** The icons a brand's manifest and the shell's head name, by file name under /icons/. */
export const APP_ICONS = {
  'icon-192.png': { size: 192, maskable: false },
  'icon-512.png': { size: 512, maskable: false },
  'maskable-512.png': { size: 512, maskable: true },
  // iOS draws a transparent icon on black: the touch icon is full-bleed like the maskable one.
  'apple-touch-icon.png': { size: 180, maskable: true },
} as const;
export type AppIconName = keyof typeof APP_ICONS;

const isAppIcon = (name: string): name is AppIconName => Object.hasOwn(APP_ICONS, name);

/** Where an icon's artwork comes from: an uploaded file of the brand, or its SVG mark. */
interface IconSource {
  data: Buffer;
  /** Drawn behind a full-bleed icon (maskable, touch icon). */
  background: string;
  /** The artwork's own full-bleed form, when it has one: the mark without its rounded corners. */
  fullBleed?: Buffer;
}

/** The brand's name on the home screen: its logo text when set (short), else its name. */
const shortName = (brand: Brand) => brand.settings.theme.logoText?.trim() || brand.name;

/** The manifest of a brand: its names and colours, the terminal as start page, its icons. */
export function webManifest(brand: Brand, iconVersion: string) {
  const theme = publicTheme(brand.settings.theme);
  const icon = (name: AppIconName, purpose: 'any' | 'maskable') => ({
    src: `/icons/${name}?v=${iconVersion}`,
    sizes: `${APP_ICONS[name].size}x${APP_ICONS[name].size}`,
    type: 'image/png',
    purpose,
  });
  return {
    id: '/',
    name: brand.name,
    short_name: shortName(brand),
    description: brand.settings.tagline || brand.name,
    start_url: START_URL,
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: theme.light.primary,
    background_color: theme.light.background,
    icons: [icon('icon-192.png', 'any'), icon('icon-512.png', 'any'), icon('maskable-512.png', 'maskable')],
  };
}

/**
 * The head tags of an installable app, added to the brand's shell: the manifest, the touch icon and the
 * home-screen title (the theme colours are already there, content/page-meta.ts). Values escaped, no script.
 */
export function withAppLinks(html: string, brand: Brand, iconVersion: string): string {
  const tags = [
    '<link rel="manifest" href="/manifest.webmanifest" />',
    `<link rel="apple-touch-icon" sizes="180x180" href="/icons/apple-touch-icon.png?v=${escapeHtml(iconVersion)}" />`,
    '<meta name="mobile-web-app-capable" content="yes" />',
    `<meta name="apple-mobile-web-app-title" content="${escapeHtml(shortName(brand))}" />`,
  ].join('\n    ');
  return html.includes('</head>') ? html.replace('</head>', `  ${tags}\n  </head>`) : `${tags}\n${html}`;
}

/** What the manifest and the icons use. */
export interface InstallableAppDeps {
  brands: BrandsService;
  media: Pick<MediaService, 'get'>;
}

/**
 * The largest upload an icon is drawn from (4096 × 4096): a small file that decodes to a huge image (a
 * decompression bomb) is refused by sharp and the brand's mark is drawn instead.
 */
const MAX_SOURCE_PIXELS = 4096 * 4096;

/** sharp is loaded the first time an icon is drawn, not with the server. */
type Sharp = typeof import('sharp').default;
let sharpModule: Promise<Sharp> | undefined;
const loadSharp = () => {
  sharpModule ??= import('sharp').then((module) => module.default);
  return sharpModule;
};

/**
 * Draws one icon: the artwork contained in the square (transparent around it), or, full-bleed, on the
 * brand's background with the artwork inside the maskable safe zone (the middle 80% circle).
 */
export async function renderIcon(source: IconSource, name: AppIconName) {
  const sharp = await loadSharp();
  const { size, maskable } = APP_ICONS[name];
  const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
  if (maskable && source.fullBleed)
    return sharp(source.fullBleed, { density: 300, limitInputPixels: MAX_SOURCE_PIXELS })
      .resize(size, size, { fit: 'cover' })
      .flatten({ background: source.background })
      .png({ compressionLevel: 9 })
      .toBuffer();
  const inner = maskable ? Math.round(size * 0.6) : size;
  const artwork = await sharp(source.data, { density: 300, limitInputPixels: MAX_SOURCE_PIXELS })
    .resize(inner, inner, { fit: 'contain', background: transparent })
    .png()
    .toBuffer();
  if (!maskable) return sharp(artwork).png({ compressionLevel: 9 }).toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: source.background } })
    .composite([{ input: artwork, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

const UPLOADED = /^\/media\/(\d{1,10})\/([A-Za-z0-9._-]{1,120})$/;
const sha = (...parts: (string | Buffer)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 16);
};

/**
 * The version of a brand's icons, from what they are drawn from: an upload gets a new address, so a new
 * logo, favicon, mark or colour gives new icon URLs (no stale icon in a cache) without reading the file.
 */
export function iconVersion(brand: Brand): string {
  const stored = brand.settings.theme;
  const theme = publicTheme(stored);
  return sha(
    stored.faviconUrl ?? '',
    stored.logoUrl ?? '',
    theme.logoSvg,
    theme.light.primary,
    theme.light.background,
  );
}

/**
 * A mark drawn by `logoMark` (brand-theme.ts), square and with a margin around its glyph: its colours fill a
 * maskable icon to the edge and the glyph stays inside the safe zone a launcher may cut to. Another SVG has
 * no full-bleed form; it is drawn on the brand's colour instead.
 */
function fullBleedMark(svg: string): { fullBleed?: Buffer } {
  const frame = /viewBox="0 0 64 64"/;
  const tile = /<rect width="64" height="64" rx="[\d.]+"/;
  if (!frame.test(svg) || !tile.test(svg)) return {};
  const square = svg
    .replace(frame, 'viewBox="-8 -8 80 80"')
    .replace(tile, '<rect x="-8" y="-8" width="80" height="80"');
  return { fullBleed: Buffer.from(square) };
}

/** The brand's manifest at /manifest.webmanifest and its icons at /icons/<name>.png. */
export async function installableAppRoutes(app: App, { brands, media }: InstallableAppDeps) {
  /** The artwork of a brand's icons: its uploaded favicon (square by design), else its uploaded logo, else its mark. */
  const iconSource = async (brand: Brand): Promise<IconSource> => {
    const stored = brand.settings.theme;
    const theme = publicTheme(stored);
    for (const url of [stored.faviconUrl, stored.logoUrl]) {
      const match = url ? UPLOADED.exec(url) : null;
      if (!match) continue;
      const file = await media.get(Number(match[1]), match[2] ?? '');
      // an ICO favicon cannot be drawn larger: the logo, else the mark, is used instead
      if (!file || file.brandId !== brand.id || file.contentType === 'image/x-icon') continue;
      return { data: file.data, background: theme.light.background };
    }
    return markSource(brand);
  };
  const markSource = (brand: Brand): IconSource => {
    const theme = publicTheme(brand.settings.theme);
    return {
      data: Buffer.from(theme.logoSvg),
      background: theme.light.primary,
      ...fullBleedMark(theme.logoSvg),
    };
  };

  // drawings in progress are shared: many first requests for one icon draw it once
  const rendered = new LRUCache<string, Promise<Buffer>>({ max: 200 });

  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) => {
    const brand = await brands.resolve(request.headers.host);
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', MANIFEST_CACHE_CONTROL)
      .send(JSON.stringify(webManifest(brand, iconVersion(brand))));
  });

  const icon = async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
    const { name } = request.params;
    if (!isAppIcon(name)) return reply.code(404).type('text/plain').send('Not found');
    const brand = await brands.resolve(request.headers.host);
    const key = `${brand.id}:${iconVersion(brand)}:${name}`;
    let drawing = rendered.get(key);
    if (!drawing) {
      drawing = iconSource(brand)
        .then((source) => renderIcon(source, name))
        .catch((err: unknown) => {
          // an uploaded file sharp cannot read (or too large once decoded): the brand's mark instead
          request.log.warn({ err, brand: brand.slug }, 'could not draw the app icon from the uploaded file');
          return renderIcon(markSource(brand), name);
        });
      rendered.set(key, drawing);
      // a failure of the mark itself is not kept: the next request tries again
      drawing.catch(() => rendered.delete(key));
    }
    const png = await drawing;
    return reply.type('image/png').header('cache-control', ICON_CACHE_CONTROL).send(png);
  };
  app.get<{ Params: { name: string } }>('/icons/:name', { schema: { hide: true } }, icon);
}
