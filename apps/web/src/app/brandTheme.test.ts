import { describe, expect, it } from 'vitest';
import { applyBrandTheme, brandThemeCss } from './brandTheme.js';

const theme = {
  primary: '#0f766e',
  logoText: 'Aurora',
  light: {
    primary: '#0f766e',
    accent: '#f59e0b',
    background: '#f6fbfa',
    surface: '#ffffff',
    text: '#10201e',
  },
  dark: { primary: '#3fc6b8', background: '#0a1514', surface: '#101f1d', text: '#e6f0ef' },
  fonts: { heading: 'Avenir, Montserrat, sans-serif', body: 'system-ui, sans-serif' },
  radius: 12,
  faviconUrl: '/favicon.svg',
};

describe('brand theme tokens become CSS variables (architecture §7)', () => {
  it('writes one rule per colour mode, plus fonts and radius', () => {
    const css = brandThemeCss(theme);
    expect(css).toContain(
      'html[data-bs-theme="light"], html [data-bs-theme="light"] { --ob-primary: #0f766e; --ob-primary-rgb: 15, 118, 110',
    );
    expect(css).toContain('--ob-accent: #f59e0b');
    expect(css).toContain('html[data-bs-theme="dark"], html [data-bs-theme="dark"] { --ob-primary: #3fc6b8');
    expect(css).toContain('--ob-page-bg: #0a1514');
    expect(css).toContain('--bs-body-font-family: system-ui, sans-serif');
    expect(css).toContain('--ob-font-heading: Avenir, Montserrat, sans-serif');
    expect(css).toContain('--ob-radius: 12px');
  });

  it('ignores values that are not colours or font names', () => {
    const css = brandThemeCss({
      primary: '#000000',
      logoText: 'X',
      light: { primary: 'red; } body { display: none', accent: 'url(x)' },
      fonts: { body: 'x; } * { color: red' },
    });
    expect(css).toBe('');
  });

  it('applies the stylesheet once and points the favicon at the brand logo', () => {
    applyBrandTheme(theme);
    applyBrandTheme(theme);
    expect(document.querySelectorAll('#ob-brand-theme')).toHaveLength(1);
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/favicon.svg');
    expect(document.documentElement.style.getPropertyValue('--ob-primary')).toBe('');
  });
});
