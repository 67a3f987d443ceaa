/**
 * What an uploaded brand file really is: the type comes from the bytes (file-type's magic
 * numbers), never from the name or the browser's claim. Raster images (PNG, JPEG, WebP, GIF, ICO) must
 * hold no HTML or script (a polyglot a sniffing browser would run: the KYC upload's check); SVG, which is
 * text, is recognised by its root element and sanitised with DOMPurify's SVG profile (scripts, event
 * handlers, foreign objects, styles and links out removed); what is left must still be an SVG.
 */
import type { MessageKey } from '@openbroker/domain';
import type { DOMPurify } from 'dompurify';
import { fileTypeFromBuffer } from 'file-type';
import { containsMarkup } from '../../lib/upload-content.js';

export const MEDIA_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/x-icon': 'ico',
  'image/svg+xml': 'svg',
} as const;
export type MediaType = keyof typeof MEDIA_TYPES;

export type MediaVerdict =
  | { ok: true; contentType: MediaType; content: Buffer }
  | { ok: false; key: MessageKey };

let purifier: Promise<DOMPurify> | undefined;

async function loadPurifier(): Promise<DOMPurify> {
  const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
  const purify = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
  // no references out of the file: only same-document fragments (#gradient) survive in href
  purify.addHook('afterSanitizeAttributes', (node) => {
    for (const name of ['href', 'xlink:href']) {
      const value = node.getAttribute(name);
      if (value !== null && !value.startsWith('#')) node.removeAttribute(name);
    }
  });
  return purify;
}

/** The SVG without anything that could run or load: scripts, handlers, foreign HTML, styles, outside links. */
export async function sanitizeSvg(svg: string): Promise<string> {
  purifier ??= loadPurifier();
  const purify = await purifier;
  return purify
    .sanitize(svg, {
      USE_PROFILES: { svg: true, svgFilters: true },
      FORBID_TAGS: ['style', 'foreignObject', 'script', 'a', 'use', 'image', 'animate', 'set'],
      FORBID_ATTR: ['style'],
      ALLOW_DATA_ATTR: false,
    })
    .trim();
}

/** Text whose first element (after an XML declaration, comments and a doctype) is `<svg`. */
function looksLikeSvg(content: Buffer): string | undefined {
  if (content.includes(0)) return undefined;
  const text = content.toString('utf8');
  if (text.includes('\uFFFD')) return undefined;
  const start = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '')
    .replace(/^\s*<!doctype svg[^>]*>/i, '')
    .trimStart();
  return /^<svg[\s>]/i.test(start) ? text : undefined;
}

/** Judges an upload by its content; answers the bytes to store (an SVG sanitised) and their real type. */
export async function inspectMedia(content: Buffer): Promise<MediaVerdict> {
  const found = await fileTypeFromBuffer(content);
  // an SVG with an XML declaration is detected as XML: judged as text below
  const detected = found && !/xml/.test(found.mime) ? found : undefined;
  if (detected) {
    if (!(detected.mime in MEDIA_TYPES) || detected.mime === 'image/svg+xml')
      return { ok: false, key: 'boBrands.fileType' };
    if (containsMarkup(content)) return { ok: false, key: 'boBrands.fileUnsafe' };
    return { ok: true, contentType: detected.mime as MediaType, content };
  }
  const svg = looksLikeSvg(content);
  if (!svg) return { ok: false, key: 'boBrands.fileType' };
  const clean = await sanitizeSvg(svg);
  if (!/^<svg[\s>]/i.test(clean)) return { ok: false, key: 'boBrands.fileUnsafe' };
  return { ok: true, contentType: 'image/svg+xml', content: Buffer.from(clean, 'utf8') };
}

/** A safe stored name: the original's base (letters, digits, dot, dash, underscore) with the real type's extension. */
export function mediaName(original: string, contentType: MediaType): string {
  const base =
    original
      .replace(/\.[^.]*$/, '')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'file';
  return `${base}.${MEDIA_TYPES[contentType]}`;
}
