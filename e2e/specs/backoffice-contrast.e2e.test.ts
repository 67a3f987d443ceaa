import fs from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { loaded } from '../support/backoffice-two.js';
import { newSession, OUTPUT_DIR, type Session, screenshot } from '../support/browser.js';
import { DEMO_STAFF, setTheme, settle, staffSignIn } from '../support/staff.js';

/**
 * axe (WCAG 2 A and AA rules) on the back office's main screens, signed in as the demo admin, in light and
 * dark: no serious or critical violation, and no element id used twice in a document (a label, an
 * aria-describedby or a skip link would find the wrong element). Findings go to
 * e2e/output/backoffice-contrast/<theme>.json, with a screenshot of each screen.
 */

const SERIOUS = new Set(['serious', 'critical']);
const REPORT_DIR = path.join(OUTPUT_DIR, 'backoffice-contrast');

interface Screen {
  name: string;
  /** The address; null for a client's detail (the first client of the list). */
  url: string | null;
  /** The screen's page test id, once no skeleton is left on it. */
  testId: string;
}

/** The first client of the clients list: its detail page. */
async function firstClient(page: Page): Promise<string> {
  await page.goto('/backoffice/clients');
  await loaded(page, 'bo-clients');
  const href = await page
    .getByTestId('bo-clients-table')
    .locator('a.bo-row-link')
    .first()
    .getAttribute('href');
  expect(href, 'a client in the list').toBeTruthy();
  return href ?? '';
}

const SCREENS: Screen[] = [
  { name: 'dashboard', url: '/backoffice', testId: 'bo-dashboard' },
  { name: 'clients', url: '/backoffice/clients', testId: 'bo-clients' },
  { name: 'client', url: null, testId: 'bo-client' },
  { name: 'deposits', url: '/backoffice/deposits', testId: 'bo-queue-deposits' },
  { name: 'withdrawals', url: '/backoffice/withdrawals', testId: 'bo-queue-withdrawals' },
  { name: 'dealing', url: '/backoffice/positions', testId: 'bo-dealing' },
  { name: 'reports', url: '/backoffice/reports', testId: 'bo-reports' },
  { name: 'audit', url: '/backoffice/audit', testId: 'bo-audit' },
  { name: 'brands', url: '/backoffice/brands', testId: 'bob-brands' },
  { name: 'staff', url: '/backoffice/staff', testId: 'bo-staff' },
];

interface Finding {
  rule: string;
  count: number;
  /** The first offending elements with axe's explanation (for contrast: the colours and the ratio). */
  nodes: string[];
}

/** Serious and critical axe violations (WCAG 2 A/AA), plus ids that more than one element carries. */
async function findings(page: Page): Promise<Finding[]> {
  // Through the DevTools protocol, so the app's Content-Security-Policy does not refuse the script.
  await page.evaluate(axe.source);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
      resultTypes: ['violations'],
    }),
  );
  const violations = results.violations
    .filter((violation) => SERIOUS.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      count: violation.nodes.length,
      nodes: violation.nodes
        .slice(0, 8)
        .map(
          (node) =>
            `${node.target.join(' ')}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`,
        ),
    }));
  const duplicates = await page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const element of document.querySelectorAll('[id]'))
      seen.set(element.id, (seen.get(element.id) ?? 0) + 1);
    return [...seen].filter(([, count]) => count > 1).map(([id, count]) => `#${id} ×${count}`);
  });
  return duplicates.length > 0
    ? [...violations, { rule: 'duplicate-id', count: duplicates.length, nodes: duplicates }]
    : violations;
}

/** Colour transitions finish before colours are measured; endless animations (spinners) are not waited for. */
async function transitionsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

const report: Record<string, Record<string, Finding[]>> = {};

/** One line per screen: how many elements break which rule ('-' when none). */
const summary = (screens: Record<string, Finding[]>) =>
  Object.entries(screens)
    .map(([name, found]) => `${name}: ${found.map((f) => `${f.rule} ×${f.count}`).join(', ') || '-'}`)
    .join('\n');

afterAll(() => {
  const lines = Object.entries(report).map(
    ([theme, screens]) => `${theme}\n${summary(screens).replace(/^/gm, '  ')}`,
  );
  process.stdout.write(
    `\nback office: axe serious/critical violations and duplicate ids:\n${lines.join('\n')}\n`,
  );
});

/** How the side menu sits on screen: every item, whether it can be scrolled to and clicked, and the bar's edges. */
async function sideMenu(page: Page) {
  return page.evaluate(() => {
    const side = document.querySelector('.bo-side')?.getBoundingClientRect();
    const foot = document.querySelector('.bo-side-foot')?.getBoundingClientRect();
    const nav = document.querySelector('[data-testid="bo-nav"]');
    const unreachable: string[] = [];
    const links = [...(nav?.querySelectorAll<HTMLElement>('.bo-nav-link') ?? [])];
    for (const link of links) {
      // as a user does: scroll the menu to the item, then it must be on screen and the topmost element there
      link.scrollIntoView({ block: 'nearest' });
      const box = link.getBoundingClientRect();
      const menu = nav?.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const inside =
        menu &&
        box.top >= menu.top - 0.5 &&
        box.bottom <= menu.bottom + 0.5 &&
        box.bottom <= window.innerHeight;
      if (!inside || !hit || !link.contains(hit))
        unreachable.push(link.dataset.testid ?? link.textContent ?? '');
    }
    nav?.scrollTo({ top: 0 });
    return {
      items: links.length,
      unreachable,
      sideBottom: Math.round(side?.bottom ?? 0),
      footBottom: Math.round(foot?.bottom ?? 0),
      navScrolls: nav ? nav.scrollHeight > nav.clientHeight : false,
      height: window.innerHeight,
    };
  });
}

/** The admin, signed in once for the file (a TOTP code works once per time step), by the first test that needs it. */
let admin: Session | undefined;

async function signedIn(): Promise<Session> {
  if (!admin) {
    const session = await newSession();
    await staffSignIn(session.page, DEMO_STAFF.admin);
    admin = session;
  }
  return admin;
}

afterAll(async () => {
  await admin?.context.close();
});

describe('the back office meets WCAG AA contrast and keeps its ids unique, in both themes', () => {
  it('demo admin: dashboard, clients, a client, money queues, dealing desk, reports, audit, brands, staff', {
    timeout: 240_000,
  }, async () => {
    const { page } = await signedIn();
    const clientUrl = await firstClient(page);
    fs.mkdirSync(REPORT_DIR, { recursive: true });
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      report[theme] = {};
      for (const screen of SCREENS) {
        await page.goto(screen.url ?? clientUrl);
        await loaded(page, screen.testId);
        await settle(page);
        await transitionsDone(page);
        expect(await page.evaluate(() => document.documentElement.dataset.bsTheme)).toBe(theme);
        report[theme][screen.name] = await findings(page);
        await screenshot(page, `backoffice-contrast/${theme}-${screen.name}`);
      }
      fs.writeFileSync(path.join(REPORT_DIR, `${theme}.json`), `${JSON.stringify(report[theme], null, 2)}\n`);
    }
    for (const theme of ['light', 'dark'] as const) {
      expect(summary(report[theme] ?? {}), `${theme}: see e2e/output/backoffice-contrast/${theme}.json`).toBe(
        SCREENS.map((screen) => `${screen.name}: -`).join('\n'),
      );
    }
  });

  it('the side menu fits a 1366×768 laptop and a 390 px phone: every item reachable, nothing cut off', async () => {
    const { page } = await signedIn();
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      // the last item is the current screen: the menu must show it without the user scrolling
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.goto('/backoffice/staff');
      await loaded(page, 'bo-staff');
      await settle(page);
      await transitionsDone(page);
      await page.screenshot({ path: path.join(REPORT_DIR, `sidebar-1366x768-${theme}.png`) });
      const laptop = await sideMenu(page);
      expect(laptop.unreachable, `${theme}, 1366×768`).toEqual([]);
      expect(laptop.items).toBeGreaterThanOrEqual(15);
      expect(laptop.sideBottom).toBeLessThanOrEqual(laptop.height);
      expect(laptop.footBottom).toBeLessThanOrEqual(laptop.height);
      // the phone: the menu opens over the screen from the menu button
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/backoffice/staff');
      await loaded(page, 'bo-staff');
      await page.locator('.bo-menu-btn').click();
      await expect
        .poll(() => page.locator('.bo-side').evaluate((side) => side.getBoundingClientRect().left))
        .toBe(0);
      await transitionsDone(page);
      await page.screenshot({ path: path.join(REPORT_DIR, `sidebar-390-${theme}.png`) });
      const phone = await sideMenu(page);
      expect(phone.unreachable, `${theme}, 390 px`).toEqual([]);
      expect(phone.footBottom).toBeLessThanOrEqual(phone.height);
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  });
});
