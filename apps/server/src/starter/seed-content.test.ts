import fs from 'node:fs';
import path from 'node:path';
import { COMPONENT_TYPES, type ContentComponent } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../lib/html.js';
import { htmlStrings } from '../modules/content/content.sanitize.js';
import { contentAssetsDir } from '../modules/content/site.routes.js';
import { DEMO_BRAND_SETTINGS } from '../seed/seed.js';
import { defaultBrandExtras, defaultBrandFacts, VARIANT_SLUGS, variantBrands } from '../seed/seed-brands.js';
import { brandPages } from './index.js';

const REQUIRED = [
  'index',
  'about',
  'account-levels',
  'terms-conditions',
  'cookies-policy',
  'aml-policy',
  'kyc-policy',
  'privacy-policy',
  'contact-us',
];

const walk = (nodes: readonly ContentComponent[]): ContentComponent[] =>
  nodes.flatMap((n) => [n, ...walk(n.children ?? []), ...walk((n.columns ?? []).flatMap((c) => c.children))]);

describe('seeded brands and pages', () => {
  const variants = variantBrands();
  const defaultSettings = { ...DEMO_BRAND_SETTINGS, ...defaultBrandExtras() };
  const all = [
    { facts: defaultBrandFacts('demo', 'OpenBroker Demo', defaultSettings), settings: defaultSettings },
    ...variants,
  ];

  it('ships sixteen brands with their own slug, host, tokens and logo', () => {
    expect(all).toHaveLength(16);
    expect(new Set(VARIANT_SLUGS).size).toBe(15);
    for (const v of variants) expect(v.hosts).toEqual([`${v.slug}.localhost`]);
    const tokens = all.flatMap(({ settings }) => [settings.contentToken, settings.formsToken]);
    expect(new Set(tokens).size).toBe(32);
    expect(new Set(all.map(({ settings }) => settings.theme.logoSvg)).size).toBe(16);
    for (const { settings } of all) expect(settings.payments?.length).toBeGreaterThan(0);
  });

  it('varies the home widgets and flags between brands', () => {
    const widgets = variants.map((v) => v.settings.widgets ?? []);
    expect(widgets.filter((w) => w.includes('market-quotes')).length).toBeGreaterThan(8);
    expect(widgets.some((w) => w.includes('cross-rates'))).toBe(true);
    expect(widgets.some((w) => w.includes('ticker-tape'))).toBe(true);
    for (const flag of [
      'registrationEnabled',
      'economics',
      'restrictedMode',
      'homeRedirectsToPlatform',
    ] as const) {
      expect(new Set(variants.map((v) => v.settings.features[flag])).size).toBe(2);
    }
  });

  it('gives every brand every page in en and de, and the calendar only with economics', () => {
    for (const { facts, settings } of all) {
      const pages = brandPages(facts, settings);
      for (const lang of ['en', 'de']) {
        const slugs = pages.filter((p) => p.lang === lang).map((p) => p.slug);
        expect(slugs).toEqual(expect.arrayContaining(REQUIRED));
        expect(slugs.includes('economic-calendar')).toBe(settings.features.economics);
      }
      expect(new Set(pages.map((p) => `${p.slug}:${p.lang}`)).size).toBe(pages.length);
    }
  });

  it('uses every component type across a brand, and several on each page', () => {
    const pages = brandPages(
      all[0]?.facts ?? defaultBrandFacts('demo', 'x', defaultSettings),
      defaultSettings,
    );
    const used = new Set(pages.flatMap((p) => walk(p.components).map((n) => n.component)));
    expect([...used].sort()).toEqual([...COMPONENT_TYPES].sort());
    for (const page of pages) {
      const types = new Set(walk(page.components).map((n) => n.component));
      expect(types.size, `${page.slug}:${page.lang}`).toBeGreaterThanOrEqual(4);
    }
    for (const grid of pages.flatMap((p) => walk(p.components)).filter((n) => n.component === 'grid')) {
      expect(grid.columns?.length).toBeGreaterThanOrEqual(1);
      expect(grid.columns?.length).toBeLessThanOrEqual(5);
    }
  });

  it('points every image at a file in the content folder', () => {
    const dir = contentAssetsDir() ?? '';
    const paths = new Set(
      all.flatMap(({ facts, settings }) =>
        brandPages(facts, settings).flatMap(
          (p) => JSON.stringify(p.components).match(/\/content\/[\w/.-]+/g) ?? [],
        ),
      ),
    );
    for (const ref of paths)
      expect(fs.existsSync(path.join(dir, ref.replace(/^\/content\//, ''))), ref).toBe(true);
  });

  it('writes clean HTML: the sanitiser leaves every seeded page unchanged', async () => {
    // The default brand, a name with '&' and a brand without economics cover every code path.
    const sample = all.filter(({ facts }) => ['demo', 'sterling', 'helix'].includes(facts.slug));
    const strings = new Set(
      sample.flatMap(({ facts, settings }) =>
        brandPages(facts, settings).flatMap((p) => htmlStrings(p.components)),
      ),
    );
    for (const html of strings) expect(await sanitizeHtml(html)).toBe(html);
  }, 60_000);
});
