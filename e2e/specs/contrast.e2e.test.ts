import fs from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { baseURL, logInThroughForm, newSession, OUTPUT_DIR, screenshot } from '../support/browser.js';

/**
 * axe (WCAG 2 A and AA rules) on the client's pages in light and dark. The demo brand must have
 * no serious or critical violation at all; three white-label brands whose primary colours differ in
 * luminance (a dark teal, a violet and a light coral) must have no serious or critical colour violation
 * (their other findings are reported, not asserted: their pages are the demo brand's, in other colours).
 * Each brand's findings are written to e2e/output/contrast/<brand>-<theme>.json and summed up at the end.
 */

const PUBLIC_PAGES = ['/', '/login', '/register'];
const CLIENT_PAGES = ['/platform/BTCUSD', '/transactions/deposits'];
/** White-label brands by host name (`<slug>.localhost`): their palettes come from the seed. */
const OTHER_BRANDS = ['aurora', 'helix', 'solstice'];
const THEMES = ['light', 'dark'] as const;
const SERIOUS = new Set(['serious', 'critical']);
/** The rules about colour: what a brand's palette changes. */
const COLOUR_RULES = new Set(['color-contrast', 'link-in-text-block']);
const REPORT_DIR = path.join(OUTPUT_DIR, 'contrast');

/** The address of `pathname` on a brand's own host ('' is the demo brand on the base address). */
function on(brand: string, pathname: string): string {
  const url = new URL(baseURL());
  return brand ? `${url.protocol}//${brand}.localhost:${url.port}${pathname}` : `${url.origin}${pathname}`;
}

interface Finding {
  rule: string;
  impact: string;
  help: string;
  /** The first few offending elements, with axe's explanation (for contrast: the colours and ratio). */
  nodes: { target: string; summary: string }[];
  count: number;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  // Colour transitions (theme switch, hover styles) finish before colours are measured; endless ones (spinners,
  // skeletons) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Runs axe (WCAG 2 A and AA rules) on the current page; answers its serious and critical violations. */
async function seriousViolations(page: Page): Promise<Finding[]> {
  // Through the DevTools protocol, so the app's Content-Security-Policy does not refuse the script.
  await page.evaluate(axe.source);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
      resultTypes: ['violations'],
    }),
  );
  return results.violations
    .filter((violation) => SERIOUS.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      count: violation.nodes.length,
      nodes: violation.nodes.slice(0, 10).map((node) => ({
        target: node.target.join(' '),
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
      })),
    }));
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('ob.theme', value), theme);
}

/** Every page's findings, per brand and theme, kept for the report. */
const report: Record<string, Record<string, Finding[]>> = {};

const fileName = (url: string) => (url === '/' ? 'home' : url.slice(1).replaceAll('/', '_'));

/** Keeps a page's findings and a screenshot of it (e2e/output/contrast/<brand>-<theme>-<page>.png). */
async function check(page: Page, key: string, url: string) {
  const findings = await seriousViolations(page);
  await screenshot(page, `contrast/${key}-${fileName(url)}`);
  keep(key, url, findings);
}

/** The flashes a moved price shows (prices.css): a rising one, a falling one. */
const FLASHES = ['up', 'down'] as const;

/**
 * The home page again with every live price held at the start of its rising, then its falling flash (its own
 * colour on its own tint: the least contrast it ever has), kept as `/ (rising)` and `/ (falling)`. Otherwise
 * whether a price is caught mid-flash depends on the feed, and a failing brand colour passes most runs.
 */
async function checkFlashes(page: Page, key: string) {
  for (const flash of FLASHES) {
    const style = await page.addStyleTag({
      content: `.ob-price { animation: ob-flash-${flash} 1s linear paused !important; }`,
    });
    keep(key, flashed(flash), await seriousViolations(page));
    await style.evaluate((element) => (element as Element).remove());
  }
}

const flashed = (flash: (typeof FLASHES)[number]) => `/ (${flash === 'up' ? 'rising' : 'falling'})`;
/** What each brand's public pages are checked as, in order: the home page with its two flashes, then the others. */
const PUBLIC_CHECKS = PUBLIC_PAGES.flatMap((url) => (url === '/' ? [url, ...FLASHES.map(flashed)] : [url]));

function keep(key: string, url: string, findings: Finding[]) {
  report[key] ??= {};
  report[key][url] = findings;
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  fs.writeFileSync(path.join(REPORT_DIR, `${key}.json`), `${JSON.stringify(report[key], null, 2)}\n`);
}

/** One line per page: how many elements break which rule ('-' when none), of the rules `only` names if given. */
const summary = (pages: Record<string, Finding[]>, only?: Set<string>) =>
  Object.entries(pages)
    .map(([url, findings]) => {
      const rules = findings
        .filter((f) => !only || only.has(f.rule))
        .map((f) => `${f.rule} ×${f.count}`)
        .join(', ');
      return `${url}: ${rules || '-'}`;
    })
    .join('\n');

afterAll(() => {
  const lines = Object.entries(report).map(
    ([key, pages]) => `${key}\n${summary(pages).replace(/^/gm, '  ')}`,
  );
  process.stdout.write(`\naxe serious/critical violations (WCAG 2 A/AA):\n${lines.join('\n')}\n`);
});

describe('colour contrast meets WCAG AA in both themes', () => {
  for (const theme of THEMES) {
    it(`demo brand, ${theme}: public and client pages`, async () => {
      const key = `demo-${theme}`;
      const { page, context } = await newSession();
      await page.goto('/');
      await setTheme(page, theme);
      for (const url of PUBLIC_PAGES) {
        await page.goto(url);
        await settle(page);
        expect(await page.evaluate(() => document.documentElement.dataset.bsTheme)).toBe(theme);
        await check(page, key, url);
        if (url === '/') await checkFlashes(page, key);
      }
      await logInThroughForm(page);
      await setTheme(page, theme);
      for (const url of CLIENT_PAGES) {
        await page.goto(url);
        await settle(page);
        expect(new URL(page.url()).pathname).toBe(url);
        await check(page, key, url);
      }
      await context.close();
      expect(summary(report[key] ?? {})).toBe(
        [...PUBLIC_CHECKS, ...CLIENT_PAGES].map((url) => `${url}: -`).join('\n'),
      );
    });

    it.each(OTHER_BRANDS)(`%s, ${theme}: public pages in the brand's own colours`, async (brand) => {
      const key = `${brand}-${theme}`;
      const { page, context } = await newSession();
      await page.goto(on(brand, '/'));
      await setTheme(page, theme);
      for (const url of PUBLIC_PAGES) {
        await page.goto(on(brand, url));
        await settle(page);
        expect(await page.evaluate(() => document.documentElement.dataset.bsTheme)).toBe(theme);
        await check(page, key, url);
        if (url === '/') await checkFlashes(page, key);
      }
      await context.close();
      expect(summary(report[key] ?? {}, COLOUR_RULES)).toBe(
        PUBLIC_CHECKS.map((url) => `${url}: -`).join('\n'),
      );
    });
  }
});
