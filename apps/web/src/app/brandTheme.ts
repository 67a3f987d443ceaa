import type { Brand } from '../api/types.js';

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#0b5cab' → '11, 92, 171' (Bootstrap's `--bs-*-rgb` format); null for anything but a hex colour. */
export function hexToRgbTriplet(hex: string): string | null {
  if (!HEX_COLOUR.test(hex)) return null;
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  const value = Number.parseInt(digits, 16);
  return `${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}`;
}

/**
 * Brand theme tokens become CSS variables on <html>; styles.css maps them onto Bootstrap's. Every brand
 * goes through this one function: no per-brand code anywhere else.
 */
export function applyBrandTheme(theme: Brand['theme'], root: HTMLElement = document.documentElement): void {
  const rgb = hexToRgbTriplet(theme.primary);
  if (!rgb) return; // keep the stylesheet's default colour rather than apply a broken one
  root.style.setProperty('--ob-primary', theme.primary);
  root.style.setProperty('--ob-primary-rgb', rgb);
}
