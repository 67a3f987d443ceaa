/**
 * Colour arithmetic for the brand theme: WCAG 2 contrast ratios, and the shades of a brand's
 * colours that reach them. Hex colours only ('#abc' or '#aabbcc'); sRGB mixing, as `color-mix(in srgb)`.
 */

export type Rgb = readonly [number, number, number];

/** WCAG 2 AA for normal-size text. */
export const AA_TEXT = 4.5;

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#0b5cab' → [11, 92, 171]; null for anything but a 3- or 6-digit hex colour. */
export function parseHex(hex: string): Rgb | null {
  if (!HEX.test(hex)) return null;
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  const value = Number.parseInt(digits, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** [11, 92, 171] → '#0b5cab' (channels rounded and clamped to 0-255). */
export function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * `color-mix(in srgb, a (1 - amount), b amount)`: amount 0 is `a`, 1 is `b`. Channels are rounded to whole
 * numbers, as a hex colour holds them, so a contrast measured on the result is the one the page shows.
 */
export function mix(a: Rgb, b: Rgb, amount: number): Rgb {
  const channel = (i: 0 | 1 | 2) => Math.round(a[i] + (b[i] - a[i]) * amount);
  return [channel(0), channel(1), channel(2)];
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function luminance(rgb: Rgb): number {
  const channel = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]);
}

/** WCAG 2 contrast ratio of two colours, 1 to 21, whichever is lighter. */
export function contrast(a: Rgb, b: Rgb): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/** The dark text the server's palettes put on light primaries. */
const INK: Rgb = [17, 19, 24];

const lowest = (colour: Rgb, backgrounds: readonly Rgb[]) =>
  Math.min(...backgrounds.map((background) => contrast(colour, background)));

/**
 * The colour nearest to `colour` (mixed with black on light backgrounds, with white on dark ones) that
 * has at least `ratio` contrast with every one of `backgrounds`: a brand colour as link or text colour.
 * The direction comes from the first background. Answers `colour` itself when it already has it.
 */
export function readableOn(colour: Rgb, backgrounds: readonly Rgb[], ratio = AA_TEXT): Rgb {
  if (backgrounds.length === 0) return colour;
  const towards = luminance(backgrounds[0] as Rgb) > 0.18 ? BLACK : WHITE;
  for (let step = 0; step <= 100; step += 1) {
    const candidate = mix(colour, towards, step / 100);
    if (lowest(candidate, backgrounds) >= ratio) return candidate;
  }
  return towards;
}

/**
 * A filled control (a primary button): its background and its text. The brand's own text colour is
 * kept when it can be: the fill is darkened (under light text) or lightened (under dark text) by at most
 * `maxShift` until the pair has `ratio`. Otherwise the fill stays and the text becomes white or near-black,
 * whichever reads better on it (black when even near-black falls short).
 */
export function readableFill(
  fill: Rgb,
  preferredText: Rgb | null,
  { ratio = AA_TEXT, maxShift = 0.35 }: { ratio?: number; maxShift?: number } = {},
): { fill: Rgb; text: Rgb } {
  const text = preferredText ?? (contrast(fill, WHITE) >= contrast(fill, INK) ? WHITE : INK);
  const towards = luminance(text) > 0.18 ? BLACK : WHITE;
  for (let step = 0; step <= maxShift * 100 + 1e-9; step += 1) {
    const candidate = mix(fill, towards, step / 100);
    if (contrast(candidate, text) >= ratio) return { fill: candidate, text };
  }
  const best = contrast(fill, WHITE) >= contrast(fill, INK) ? WHITE : INK;
  if (contrast(fill, best) >= ratio) return { fill, text: best };
  return { fill, text: contrast(fill, WHITE) >= contrast(fill, BLACK) ? WHITE : BLACK };
}
