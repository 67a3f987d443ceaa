import { isInternalUrl, safeUrl } from '../shared/content/links.js';

export interface MenuLink {
  title: string;
  url: string;
}

/**
 * How many of the brand's menu links sit in the public header itself; the rest go into its "More" menu, so
 * a long menu never pushes the header past 1366 px (each inline link is also cut at 9rem, styles.css).
 */
export const HEADER_MENU_INLINE = 3;

/** A site path as the header compares them: no query, hash or trailing slash, lower case. */
const pathKey = (url: string): string => {
  const path = url.split(/[?#]/)[0] ?? '';
  return (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();
};

/**
 * The links of the site settings menu the public header shows: well-formed entries with a
 * followable address, none that repeats a link the header already has (`shown`, e.g. '/economic-calendar'
 * or '/register') or an earlier entry, split into the inline ones and those of the "More" menu.
 */
export function headerMenu(
  menu: unknown,
  shown: readonly string[],
): { inline: MenuLink[]; more: MenuLink[] } {
  const seen = new Set(shown.map(pathKey));
  const links: MenuLink[] = [];
  for (const entry of Array.isArray(menu) ? menu : []) {
    if (!entry || typeof entry !== 'object') continue;
    const { title, url } = entry as { title?: unknown; url?: unknown };
    const safe = safeUrl(url);
    if (typeof title !== 'string' || title.trim() === '' || !safe) continue;
    const key = isInternalUrl(safe) ? pathKey(safe) : safe;
    if (seen.has(key)) continue;
    seen.add(key);
    links.push({ title: title.trim(), url: safe });
  }
  return { inline: links.slice(0, HEADER_MENU_INLINE), more: links.slice(HEADER_MENU_INLINE) };
}
