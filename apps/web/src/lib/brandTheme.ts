import type { Brand, BrandPalette } from '../api/types.js';

/**
 * A theme as this module reads it: the brand's (GET /api/brand sends every token) or a back-office draft that
 * leaves some out; a token left out keeps the stylesheet's neutral default.
 */
export type ThemeTokens = Pick<Brand['theme'], 'primary'> &
  Partial<Omit<Brand['theme'], 'primary' | 'light' | 'dark' | 'fonts'>> & {
    light?: Partial<BrandPalette>;
    dark?: Partial<BrandPalette>;
    fonts?: Partial<Brand['theme']['fonts']>;
  };

import { AA_TEXT, luminance, mix, parseHex, type Rgb, readableFill, readableOn, toHex } from './colour.js';

/** Colours a brand may use: hex, or rgb()/hsl() functions of plain numbers. Anything else is ignored. */
const CSS_COLOUR = /^(?:#[0-9a-f]{3,8}|(?:rgb|rgba|hsl|hsla)\([\d\s.,%/-]+\))$/i;
/** Font stacks: names, quotes, commas and hyphens only (no url(), no braces). */
const FONT_STACK = /^[\w\s"',.-]+$/;

/** '#0b5cab' → '11, 92, 171' (Bootstrap's `--bs-*-rgb` format); null for anything but a hex colour. */
export function hexToRgbTriplet(hex: string): string | null {
  const rgb = parseHex(hex);
  return rgb ? rgb.join(', ') : null;
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

type ColourMode = 'light' | 'dark';

/** styles.css's own surfaces and text per colour mode: what a palette that leaves a token out sits on. */
const MODE_DEFAULTS: Record<ColourMode, Required<Pick<BrandPalette, 'background' | 'surface' | 'text'>>> = {
  light: { background: '#f3f5f8', surface: '#ffffff', text: '#1a2230' },
  dark: { background: '#0e1217', surface: '#161c24', text: '#e4e8ee' },
};

/**
 * styles.css's rising and falling text colours per mode and the alpha of their flash tints (--ob-up-bg,
 * --ob-down-bg): a moved price is this colour on its own tint over a brand surface.
 */
const TREND_DEFAULTS: Record<ColourMode, { up: string; down: string; upTint: number; downTint: number }> = {
  light: { up: '#097744', down: '#c12d2c', upTint: 0.14, downTint: 0.13 },
  dark: { up: '#2ebd85', down: '#f27680', upTint: 0.18, downTint: 0.18 },
};

/** A little above AA (4.5:1), so the browser's rounding of mixed colours never tips a pair under it. */
const TARGET = AA_TEXT + 0.1;
/** How far a primary button's fill may move from the brand colour to keep the brand's text colour on it. */
const MAX_FILL_SHIFT = 0.2;

/**
 * What text of one palette sits on: the page, cards, muted panels (`--ob-surface-muted`) and, with a margin,
 * panels tinted a little further towards the text colour (table heads, the auth card's footer).
 */
function textBackgrounds(palette: Partial<BrandPalette>, mode: ColourMode): Rgb[] {
  const defaults = MODE_DEFAULTS[mode];
  const background = parseHex(colour(palette.background) ?? '') ?? parseHex(defaults.background);
  const surface = parseHex(colour(palette.surface) ?? '') ?? parseHex(defaults.surface);
  const text = parseHex(colour(palette.text) ?? '') ?? parseHex(defaults.text);
  if (!background || !surface || !text) return [];
  return [background, surface, mix(surface, text, 0.04), mix(surface, text, 0.1)];
}

/**
 * the shades of a palette's colours that read at WCAG AA, whatever colours a brand picks.
 * - `--ob-primary-fill` / `--ob-on-primary`: a primary button. The brand's text colour stays when the fill
 *   needs to move only a little (a lighter primary in dark mode gets a slightly deeper fill under white
 *   text); otherwise the fill stays and the text becomes white or near-black, whichever reads.
 * - `--ob-primary-shade`: what hover and pressed states mix in (away from the text colour).
 * - `--ob-primary-text` (and `-rgb`): the brand colour as link and text colour on every surface, also on
 *   the primary tints of active tabs and menu items.
 * - `--ob-text-muted` (and `-rgb`): the palette's muted text, darkened (or lightened) until it reads there.
 */
export function accessibleDeclarations(palette: Partial<BrandPalette>, mode: ColourMode): string[] {
  const declarations: string[] = [];
  const backgrounds = textBackgrounds(palette, mode);
  const primary = parseHex(colour(palette.primary) ?? '');
  if (primary) {
    const { fill, text } = readableFill(primary, parseHex(colour(palette.onPrimary) ?? ''), {
      ratio: TARGET,
      maxShift: MAX_FILL_SHIFT,
    });
    declarations.push(
      `--ob-primary-fill: ${toHex(fill)}`,
      `--ob-on-primary: ${toHex(text)}`,
      `--ob-primary-shade: ${luminance(text) > 0.18 ? 'black' : 'white'}`,
    );
    const surface = backgrounds[1];
    const tints = surface ? [mix(surface, primary, 0.12)] : [];
    const linkText = readableOn(primary, [...backgrounds, ...tints], TARGET);
    declarations.push(
      `--ob-primary-text: ${toHex(linkText)}`,
      `--ob-primary-text-rgb: ${linkText.join(', ')}`,
    );
  }
  declarations.push(...trendDeclarations(backgrounds, mode));
  const muted = parseHex(colour(palette.muted) ?? '');
  if (muted) {
    const readable = readableOn(muted, backgrounds, TARGET);
    declarations.push(`--ob-text-muted: ${toHex(readable)}`, `--ob-text-muted-rgb: ${readable.join(', ')}`);
  }
  return declarations;
}

/**
 * `--ob-up` / `--ob-down`: the rising and falling figures' green and red, darkened (or lightened) until they
 * read on the brand's surfaces and on their own flash tint there (a ticker price that just fell is red on a red
 * tint over the brand's surface, not over styles.css's).
 */
function trendDeclarations(backgrounds: Rgb[], mode: ColourMode): string[] {
  const surface = backgrounds[1];
  if (!surface) return [];
  const defaults = TREND_DEFAULTS[mode];
  const declarations: string[] = [];
  for (const [variable, hex, tint] of [
    ['--ob-up', defaults.up, defaults.upTint],
    ['--ob-down', defaults.down, defaults.downTint],
  ] as const) {
    const base = parseHex(hex);
    if (!base) continue;
    const readable = readableOn(base, [...backgrounds, mix(surface, base, tint)], TARGET);
    if (toHex(readable) !== hex) declarations.push(`${variable}: ${toHex(readable)}`);
  }
  return declarations;
}

/** The CSS declarations of one palette (in `mode`: light unless told, for the surfaces it leaves out). */
export function paletteDeclarations(
  palette: Partial<BrandPalette> | undefined,
  mode: ColourMode = 'light',
): string[] {
  if (!palette) return [];
  const declarations: string[] = [];
  const primary = colour(palette.primary);
  const rgb = primary ? hexToRgbTriplet(primary) : null;
  if (primary && rgb) declarations.push(`--ob-primary: ${primary}`, `--ob-primary-rgb: ${rgb}`);
  const accessible = accessibleDeclarations(palette, mode);
  /** Tokens the accessible shades replace (a hex primary sets the text on it; a hex muted is adjusted). */
  const replaced = new Set(accessible.map((declaration) => declaration.slice(0, declaration.indexOf(':'))));
  for (const [token, variables] of Object.entries(PALETTE_VARIABLES)) {
    const value = colour(palette[token as keyof BrandPalette]);
    if (value) {
      for (const variable of variables)
        if (!replaced.has(variable)) declarations.push(`${variable}: ${value}`);
    }
  }
  const accentRgb = hexToRgbTriplet(colour(palette.accent) ?? '');
  if (accentRgb) declarations.push(`--ob-accent-rgb: ${accentRgb}`);
  const surface = colour(palette.surface);
  const text = colour(palette.text);
  if (surface && text) declarations.push(`--ob-surface-muted: color-mix(in srgb, ${surface} 96%, ${text})`);
  declarations.push(...accessible);
  return declarations;
}

/**
 * The brand's theme as a stylesheet: the light palette on light surfaces, the dark one on dark surfaces
 * (also inside a light widget on a dark page), fonts and the corner radius. `html` in the selectors
 * outranks styles.css's own `[data-bs-theme]` defaults whatever the order of the style sheets.
 */
export function brandThemeCss(theme: ThemeTokens): string {
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
  // A brand without palettes (stored before theme tokens) still gets readable shades of its one colour.
  const legacy =
    !theme.light && !theme.dark && parseHex(theme.primary) ? { primary: theme.primary } : undefined;
  for (const mode of ['light', 'dark'] as const) {
    const declarations = paletteDeclarations(theme[mode] ?? legacy, mode);
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
export function applyBrandTheme(theme: ThemeTokens, root: HTMLElement = document.documentElement): void {
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
