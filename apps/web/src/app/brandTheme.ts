import type { Brand, BrandPalette } from '../api/types.js';

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
/** Colours a brand may use: hex, or rgb()/hsl() functions of plain numbers. Anything else is ignored. */
const CSS_COLOUR = /^(?:#[0-9a-f]{3,8}|(?:rgb|rgba|hsl|hsla)\([\d\s.,%/-]+\))$/i;
/** Font stacks: names, quotes, commas and hyphens only (no url(), no braces). */
const FONT_STACK = /^[\w\s"',.-]+$/;

/** '#0b5cab' → '11, 92, 171' (Bootstrap's `--bs-*-rgb` format); null for anything but a hex colour. */
export function hexToRgbTriplet(hex: string): string | null {
  if (!HEX_COLOUR.test(hex)) return null;
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  const value = Number.parseInt(digits, 16);
  return `${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}`;
}

const colour = (value: unknown): string | null =>
  typeof value === 'string' && CSS_COLOUR.test(value.trim()) ? value.trim() : null;

/** Which CSS variable each palette token sets (styles.css builds every surface on these). */
const PALETTE_VARIABLES: Record<Exclude<keyof BrandPalette, 'primary'>, string[]> = {
  onPrimary: ['--ob-on-primary'],
  secondary: ['--ob-secondary'],
  accent: ['--ob-accent'],
  background: ['--ob-page-bg'],
  surface: ['--ob-surface'],
  text: ['--bs-body-color', '--bs-emphasis-color'],
  muted: ['--ob-text-muted'],
  border: ['--ob-border'],
  heroFrom: ['--ob-hero-from'],
  heroTo: ['--ob-hero-to'],
};

/** The CSS declarations of one palette. */
export function paletteDeclarations(palette: BrandPalette | undefined): string[] {
  if (!palette) return [];
  const declarations: string[] = [];
  const primary = colour(palette.primary);
  const rgb = primary ? hexToRgbTriplet(primary) : null;
  if (primary && rgb) declarations.push(`--ob-primary: ${primary}`, `--ob-primary-rgb: ${rgb}`);
  for (const [token, variables] of Object.entries(PALETTE_VARIABLES)) {
    const value = colour(palette[token as keyof BrandPalette]);
    if (value) for (const variable of variables) declarations.push(`${variable}: ${value}`);
  }
  const accentRgb = hexToRgbTriplet(colour(palette.accent) ?? '');
  if (accentRgb) declarations.push(`--ob-accent-rgb: ${accentRgb}`);
  const surface = colour(palette.surface);
  const text = colour(palette.text);
  if (surface && text) declarations.push(`--ob-surface-muted: color-mix(in srgb, ${surface} 96%, ${text})`);
  return declarations;
}

/**
 * The brand's theme as a stylesheet: the light palette on light surfaces, the dark one on dark surfaces
 * (also inside a light widget on a dark page), fonts and the corner radius. `html` in the selectors
 * outranks styles.css's own `[data-bs-theme]` defaults whatever the order of the style sheets.
 */
export function brandThemeCss(theme: Brand['theme']): string {
  const rules: string[] = [];
  const root: string[] = [];
  const fonts = theme.fonts ?? {};
  if (fonts.body && FONT_STACK.test(fonts.body)) root.push(`--bs-body-font-family: ${fonts.body}`);
  if (fonts.heading && FONT_STACK.test(fonts.heading)) root.push(`--ob-font-heading: ${fonts.heading}`);
  if (fonts.mono && FONT_STACK.test(fonts.mono)) root.push(`--bs-font-monospace: ${fonts.mono}`);
  if (typeof theme.radius === 'number' && theme.radius >= 0 && theme.radius <= 32) {
    root.push(`--ob-radius: ${theme.radius}px`, `--bs-border-radius: ${Math.min(theme.radius, 12)}px`);
  }
  if (root.length > 0) rules.push(`:root { ${root.join('; ')}; }`);
  for (const mode of ['light', 'dark'] as const) {
    const declarations = paletteDeclarations(theme[mode]);
    if (declarations.length > 0) {
      rules.push(
        `html[data-bs-theme="${mode}"], html [data-bs-theme="${mode}"] { ${declarations.join('; ')}; }`,
      );
    }
  }
  return rules.join('\n');
}

const STYLE_ID = 'ob-brand-theme';

/**
 * Brand theme tokens become CSS variables; styles.css maps them onto Bootstrap's. Every brand goes through
 * this one function: no per-brand code anywhere else. Also points the favicon at the brand's logo.
 */
export function applyBrandTheme(theme: Brand['theme'], root: HTMLElement = document.documentElement): void {
  const rgb = hexToRgbTriplet(theme.primary);
  if (rgb) {
    root.style.setProperty('--ob-primary', theme.primary);
    root.style.setProperty('--ob-primary-rgb', rgb);
  }
  const doc = root.ownerDocument;
  const css = brandThemeCss(theme);
  if (css) {
    // Palettes per colour mode: the inline colour on <html> would outrank the dark palette.
    root.style.removeProperty('--ob-primary');
    root.style.removeProperty('--ob-primary-rgb');
    let style = doc.getElementById(STYLE_ID);
    if (!style) {
      style = doc.createElement('style');
      style.id = STYLE_ID;
      doc.head.append(style);
    }
    style.textContent = css;
  }
  if (theme.faviconUrl?.startsWith('/')) {
    let icon = doc.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!icon) {
      icon = doc.createElement('link');
      icon.rel = 'icon';
      doc.head.append(icon);
    }
    icon.type = 'image/svg+xml';
    icon.href = theme.faviconUrl;
  }
}
