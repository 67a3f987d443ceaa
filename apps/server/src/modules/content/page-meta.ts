import { escapeHtml } from '../mail/mail.templates.js';

/** What the served index.html says about the page before the app starts (title, description, colours, icon). */
export interface HeadMeta {
  title: string;
  description: string;
  /** Browser UI colours in light and dark mode. */
  themeColor: { light: string; dark: string };
  faviconUrl: string;
}

/** Icon types by file extension: an uploaded favicon may be any of the media module's image types. */
const ICON_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  gif: 'image/gif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** ` type="…"` of the favicon link from its address's extension, or nothing (the browser finds out). */
function iconType(url: string): string {
  const ext = /\.([a-z]{2,4})(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase();
  const type = ext ? ICON_TYPES[ext] : undefined;
  return type ? ` type="${type}"` : '';
}

/**
 * index.html with the brand's head: its title, meta description, theme colours and favicon
 * replace the build's. Only non-script tags are added and every value is escaped, so the CSP's
 * inline-script hashes stay valid.
 */
export function withHead(indexHtml: string, meta: HeadMeta): string {
  const head = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<meta name="theme-color" media="(prefers-color-scheme: light)" content="${escapeHtml(meta.themeColor.light)}" />`,
    `<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${escapeHtml(meta.themeColor.dark)}" />`,
    `<link rel="icon"${iconType(meta.faviconUrl)} href="${escapeHtml(meta.faviconUrl)}" />`,
  ].join('\n    ');
  const stripped = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/gi, '')
    .replace(/<meta\b[^>]*\bname=["'](?:description|theme-color)["'][^>]*>\s*/gi, '')
    .replace(/<link\b[^>]*\brel=["'](?:icon|shortcut icon)["'][^>]*>\s*/gi, '');
  return stripped.includes('</head>')
    ? stripped.replace('</head>', `    ${head}\n  </head>`)
    : `${head}\n${stripped}`;
}
