import { describe, expect, it } from 'vitest';
import { applyBrandTheme, brandThemeCss } from './brandTheme.js';
import { contrast, mix, parseHex, type Rgb } from './colour.js';

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

/** The variables the rule of one colour mode sets, by name. */
function modeVariables(css: string, mode: 'light' | 'dark'): Record<string, string> {
  const rule = css.split('\n').find((line) => line.startsWith(`html[data-bs-theme="${mode}"]`)) ?? '';
  const body = rule.slice(rule.indexOf('{') + 1, rule.lastIndexOf('}'));
  return Object.fromEntries(
    body
      .split(';')
      .map((declaration) => declaration.trim())
      .filter(Boolean)
      .map((declaration) => [
        declaration.slice(0, declaration.indexOf(':')),
        declaration.slice(declaration.indexOf(':') + 1).trim(),
      ]),
  );
}

const rgb = (value: string | undefined) => parseHex(value ?? '') as Rgb;

/** The seed's palettes (apps/server brand-theme.ts `palettes`) of four demo brands, as /api/brand sends them. */
const SEEDED = {
  // the demo brand: white on its dark-mode primary was 3.64:1
  openbroker: {
    light: {
      primary: '#0b5cff',
      onPrimary: '#ffffff',
      background: '#f8f9fb',
      surface: '#ffffff',
      text: '#171c26',
      muted: '#606876',
    },
    dark: {
      primary: '#4c82f0',
      onPrimary: '#ffffff',
      background: '#0d121c',
      surface: '#151c28',
      text: '#e8eaee',
      muted: '#a0a5b1',
    },
  },
  aurora: {
    light: {
      primary: '#0f766e',
      onPrimary: '#ffffff',
      background: '#f8fbfb',
      surface: '#ffffff',
      text: '#172625',
      muted: '#607674',
    },
    dark: {
      primary: '#53e9dd',
      onPrimary: '#111318',
      background: '#0d1c1a',
      surface: '#152826',
      text: '#e8eeed',
      muted: '#a0b1b0',
    },
  },
  helix: {
    light: {
      primary: '#6d28d9',
      onPrimary: '#ffffff',
      background: '#faf8fb',
      surface: '#ffffff',
      text: '#1d1726',
      muted: '#696076',
    },
    dark: {
      primary: '#8f5ae2',
      onPrimary: '#ffffff',
      background: '#130d1c',
      surface: '#1d1528',
      text: '#eae8ee',
      muted: '#a6a0b1',
    },
  },
  solstice: {
    light: {
      primary: '#e0533d',
      onPrimary: '#ffffff',
      background: '#fbf9f8',
      surface: '#ffffff',
      text: '#261917',
      muted: '#766360',
    },
    dark: {
      primary: '#e46b58',
      onPrimary: '#ffffff',
      background: '#1c0f0d',
      surface: '#281815',
      text: '#eee8e8',
      muted: '#b1a2a0',
    },
  },
} as const;

describe('every brand colour reads at WCAG AA in both modes', () => {
  for (const [slug, palettes] of Object.entries(SEEDED)) {
    for (const mode of ['light', 'dark'] as const) {
      it(`${slug}, ${mode}: button text, links and muted text reach 4.5:1`, () => {
        const palette = palettes[mode];
        const vars = modeVariables(
          brandThemeCss({ primary: palettes.light.primary, logoText: slug, ...palettes }),
          mode,
        );
        // the brand colour itself stays the brand's (borders, focus rings, checkboxes)
        expect(vars['--ob-primary']).toBe(palette.primary);
        const surfaces = [palette.background, palette.surface].map(rgb);
        const tint = mix(rgb(palette.surface), rgb(palette.primary), 0.12);
        expect(contrast(rgb(vars['--ob-primary-fill']), rgb(vars['--ob-on-primary']))).toBeGreaterThanOrEqual(
          4.5,
        );
        for (const background of [...surfaces, tint]) {
          expect(contrast(rgb(vars['--ob-primary-text']), background)).toBeGreaterThanOrEqual(4.5);
          expect(contrast(rgb(vars['--ob-text-muted']), background)).toBeGreaterThanOrEqual(4.5);
        }
        expect(vars['--ob-primary-text-rgb']).toBe(rgb(vars['--ob-primary-text']).join(', '));
        expect(vars['--ob-text-muted-rgb']).toBe(rgb(vars['--ob-text-muted']).join(', '));
        // the fill stays close to the brand colour
        expect(contrast(rgb(vars['--ob-primary-fill']), rgb(palette.primary))).toBeLessThan(1.6);
      });

      it(`${slug}, ${mode}: a rising or falling price reads at 4.5:1, also on its flash tint`, () => {
        const palette = palettes[mode];
        const vars = modeVariables(
          brandThemeCss({ primary: palettes.light.primary, logoText: slug, ...palettes }),
          mode,
        );
        // styles.css's own green and red where the brand's surfaces leave them readable
        const stylesheet = {
          light: ['#097744', '#c12d2c', 0.14],
          dark: ['#2ebd85', '#f27680', 0.18],
        } as const;
        const [up, down, tint] = stylesheet[mode];
        for (const [variable, base] of [
          ['--ob-up', up],
          ['--ob-down', down],
        ] as const) {
          const shown = rgb(vars[variable] ?? base);
          const flash = mix(rgb(palette.surface), rgb(base), tint);
          for (const background of [rgb(palette.background), rgb(palette.surface), flash])
            expect(contrast(shown, background)).toBeGreaterThanOrEqual(4.5);
        }
      });
    }
  }

  it('keeps the brand’s white text on the demo brand’s dark-mode button, on a slightly deeper blue', () => {
    const vars = modeVariables(
      brandThemeCss({ primary: '#0b5cff', logoText: 'OpenBroker', ...SEEDED.openbroker }),
      'dark',
    );
    expect(vars['--ob-on-primary']).toBe('#ffffff');
    expect(vars['--ob-primary-shade']).toBe('black');
    expect(vars['--ob-primary-fill']).not.toBe('#4c82f0');
    // colours that already read are left alone, or nearly (muted text keeps a margin on tinted panels)
    const light = modeVariables(
      brandThemeCss({ primary: '#0b5cff', logoText: 'OpenBroker', ...SEEDED.openbroker }),
      'light',
    );
    expect(light['--ob-primary-fill']).toBe('#0b5cff');
    expect(light['--ob-on-primary']).toBe('#ffffff');
    expect(contrast(rgb(light['--ob-text-muted']), rgb('#606876'))).toBeLessThan(1.05);
  });

  it('puts dark text on a light primary, with hover states mixing in white', () => {
    const vars = modeVariables(
      brandThemeCss({
        primary: '#facc15',
        logoText: 'Y',
        light: { primary: '#facc15', onPrimary: '#ffffff' },
      }),
      'light',
    );
    expect(vars['--ob-primary-fill']).toBe('#facc15');
    expect(vars['--ob-on-primary']).toBe('#111318');
    expect(vars['--ob-primary-shade']).toBe('white');
    // as link colour it is darkened until it reads on styles.css's own light surfaces
    expect(contrast(rgb(vars['--ob-primary-text']), rgb('#f3f5f8'))).toBeGreaterThanOrEqual(4.5);
  });

  it('gives a brand without palettes readable shades of its one colour in both modes', () => {
    const css = brandThemeCss({ primary: '#e0533d', logoText: 'Legacy' });
    for (const mode of ['light', 'dark'] as const) {
      const vars = modeVariables(css, mode);
      expect(vars['--ob-primary']).toBe('#e0533d');
      expect(contrast(rgb(vars['--ob-primary-fill']), rgb(vars['--ob-on-primary']))).toBeGreaterThanOrEqual(
        4.5,
      );
    }
    expect(
      contrast(rgb(modeVariables(css, 'dark')['--ob-primary-text']), rgb('#161c24')),
    ).toBeGreaterThanOrEqual(4.5);
  });
});
