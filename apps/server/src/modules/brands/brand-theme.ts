import type { PublicBrandTheme, ThemeFonts, ThemePalette } from '@openbroker/domain';
import type { BrandSettings } from '../../db/schema.js';

/**
 * Theme tokens of a brand (architecture §7): system font stacks, light and dark palettes derived
 * from the brand's colours, and its square SVG logo mark. Stored brands carry their own tokens;
 * a brand without them gets tokens derived from its primary colour.
 */

// ------------------------------------------------------------------------------------------ fonts

/** System font stacks only: the product runs offline, so no web fonts are downloaded. */
export const FONT_STACKS = {
  system: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", Arial, sans-serif',
  neoGrotesque: 'Inter, Roboto, "Helvetica Neue", "Arial Nova", "Nimbus Sans", Arial, sans-serif',
  humanist: 'Seravek, "Gill Sans Nova", Ubuntu, Calibri, "DejaVu Sans", source-sans-pro, sans-serif',
  geometric: 'Avenir, Montserrat, Corbel, "URW Gothic", source-sans-pro, sans-serif',
  industrial:
    'Bahnschrift, "DIN Alternate", "Franklin Gothic Medium", "Nimbus Sans Narrow", sans-serif-condensed, sans-serif',
  rounded:
    'ui-rounded, "Hiragino Maru Gothic ProN", Quicksand, Comfortaa, Manjari, "Arial Rounded MT", Calibri, source-sans-pro, sans-serif',
  transitional: 'Charter, "Bitstream Charter", "Sitka Text", Cambria, serif',
  oldStyle: '"Iowan Old Style", "Palatino Linotype", "URW Palladio L", P052, serif',
  didone: 'Didot, "Bodoni MT", "Noto Serif Display", "URW Palladio L", P052, Sylfaen, serif',
  mono: 'ui-monospace, "Cascadia Code", "Source Code Pro", Menlo, Consolas, "DejaVu Sans Mono", monospace',
} as const;

// --------------------------------------------------------------------------------------- palettes

function hexToHsl(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  const r = ((n >> 16) & 255) / 255;
  const g = ((n >> 8) & 255) / 255;
  const b = (n & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l * 100];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s * 100, l * 100];
}

function hsl(h: number, s: number, l: number): string {
  const sat = Math.max(0, Math.min(100, s)) / 100;
  const lig = Math.max(0, Math.min(100, l)) / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(lig, 1 - lig);
  const f = (n: number) => lig - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x: number) =>
    Math.round(x * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

/** Relative luminance (WCAG) of a hex colour, 0 (black) to 1 (white). */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

const textOn = (hex: string) => (luminance(hex) > 0.45 ? '#111318' : '#ffffff');

/**
 * Light and dark palettes from a brand's primary and accent colours: neutrals tinted with the
 * primary's hue, a lighter primary in dark mode so it keeps its contrast on dark surfaces.
 */
export function palettes(primary: string, accent: string): { light: ThemePalette; dark: ThemePalette } {
  const [h, s] = hexToHsl(primary);
  const [ah, as, al] = hexToHsl(accent);
  const tint = Math.min(s, 30);
  const darkPrimary = hsl(h, Math.min(s, 85), Math.max(hexToHsl(primary)[2], 62));
  return {
    light: {
      primary,
      onPrimary: textOn(primary),
      secondary: hsl(h, tint, 38),
      accent,
      background: hsl(h, tint, 98),
      surface: '#ffffff',
      text: hsl(h, 25, 12),
      muted: hsl(h, 10, 42),
      border: hsl(h, tint, 88),
      heroFrom: hsl(h, Math.min(s, 70), 22),
      heroTo: primary,
    },
    dark: {
      primary: darkPrimary,
      onPrimary: textOn(darkPrimary),
      secondary: hsl(h, tint, 70),
      accent: hsl(ah, as, Math.max(al, 60)),
      background: hsl(h, Math.min(s, 35), 8),
      surface: hsl(h, Math.min(s, 30), 12),
      text: hsl(h, 15, 92),
      muted: hsl(h, 10, 66),
      border: hsl(h, Math.min(s, 25), 22),
      heroFrom: hsl(h, Math.min(s, 60), 10),
      heroTo: hsl(h, Math.min(s, 75), 30),
    },
  };
}

// ------------------------------------------------------------------------------------------ logos

/** White glyphs drawn on the brand's square mark (64×64 viewBox). */
const GLYPHS = {
  chart:
    '<path d="M14 44l11-12 8 7 17-19" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>',
  peak: '<path d="M12 46l14-22 8 12 6-8 12 18z" fill="#fff"/>',
  diamond:
    '<path d="M32 12l18 20-18 20-18-20z" fill="none" stroke="#fff" stroke-width="5" stroke-linejoin="round"/>',
  rings:
    '<circle cx="26" cy="32" r="12" fill="none" stroke="#fff" stroke-width="5"/><circle cx="38" cy="32" r="12" fill="none" stroke="#fff" stroke-width="5" opacity=".7"/>',
  bars: '<path d="M16 46V34M27 46V24M38 46V30M49 46V16" stroke="#fff" stroke-width="6" stroke-linecap="round"/>',
  star: '<path d="M32 12l5.9 13.2 14.1 1.3-10.7 9.5 3.2 14-12.5-7.4-12.5 7.4 3.2-14L12 26.5l14.1-1.3z" fill="#fff"/>',
  wave: '<path d="M10 38c6-10 10-10 16 0s10 10 16 0 8-10 12-6" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round"/><path d="M10 26c6-10 10-10 16 0s10 10 16 0 8-10 12-6" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".6"/>',
  hexagon:
    '<path d="M32 12l17 10v20L32 52 15 42V22z" fill="none" stroke="#fff" stroke-width="5" stroke-linejoin="round"/><circle cx="32" cy="32" r="5" fill="#fff"/>',
  compass:
    '<circle cx="32" cy="32" r="18" fill="none" stroke="#fff" stroke-width="4"/><path d="M32 16l6 16-6 16-6-16z" fill="#fff"/>',
  leaf: '<path d="M16 48C16 26 30 14 50 14c0 22-12 34-34 34z" fill="#fff"/><path d="M18 46l20-20" stroke-width="3" stroke="currentColor"/>',
  sun: '<circle cx="32" cy="32" r="10" fill="#fff"/><path d="M32 10v7M32 47v7M10 32h7M47 32h7M16.4 16.4l5 5M42.6 42.6l5 5M16.4 47.6l5-5M42.6 21.4l5-5" stroke="#fff" stroke-width="4" stroke-linecap="round"/>',
  anchor:
    '<circle cx="32" cy="17" r="5" fill="none" stroke="#fff" stroke-width="4"/><path d="M32 22v28M22 30h20M14 36c2 9 9 14 18 14s16-5 18-14" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/>',
  bolt: '<path d="M36 10L18 36h12l-4 18 20-28H34z" fill="#fff"/>',
  crown:
    '<path d="M14 44l-2-22 11 9 9-15 9 15 11-9-2 22z" fill="#fff"/><rect x="14" y="46" width="36" height="5" rx="2" fill="#fff"/>',
  globe:
    '<circle cx="32" cy="32" r="18" fill="none" stroke="#fff" stroke-width="4"/><path d="M14 32h36M32 14c-7 8-7 28 0 36M32 14c7 8 7 28 0 36" fill="none" stroke="#fff" stroke-width="3"/>',
  arrow:
    '<path d="M16 44L44 16M26 16h18v18" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>',
} as const;

export type LogoGlyph = keyof typeof GLYPHS;

/** A brand's square logo mark: a rounded square in its colours with a white glyph. */
export function logoMark(glyph: LogoGlyph, from: string, to: string, radius: number): string {
  const id = `g-${glyph}`;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">' +
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="64" height="64" rx="${radius}" fill="url(#${id})"/>` +
    GLYPHS[glyph].replace('stroke="currentColor"', `stroke="${from}"`) +
    '</svg>'
  );
}

/**
 * The complete public theme of a brand: its stored tokens, or tokens derived from its primary
 * colour for brands stored before theme tokens existed.
 */
export function publicTheme(
  theme: BrandSettings['theme'] & { logoUrl?: string; faviconUrl?: string },
): PublicBrandTheme {
  const derived = palettes(theme.primary, theme.primary);
  const fallbackFonts: ThemeFonts = {
    heading: FONT_STACKS.system,
    body: FONT_STACKS.system,
    mono: FONT_STACKS.mono,
  };
  return {
    primary: theme.primary,
    logoText: theme.logoText,
    light: theme.light ?? derived.light,
    dark: theme.dark ?? derived.dark,
    fonts: theme.fonts ?? fallbackFonts,
    radius: theme.radius ?? 8,
    logoSvg: theme.logoSvg ?? logoMark('chart', derived.light.heroFrom, theme.primary, 14),
    // an uploaded logo or favicon (/media/<id>/<name>), else the brand's SVG mark
    logoUrl: theme.logoUrl ?? '/logo.svg',
    faviconUrl: theme.faviconUrl ?? theme.logoUrl ?? '/favicon.svg',
  };
}
