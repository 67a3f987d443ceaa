import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, inject } from 'vitest';

export const OUTPUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../output');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

let browser: Browser | undefined;

/** Debian's chromium, headless, without the network chatter this offline machine refuses. */
export async function getBrowser(): Promise<Browser> {
  if (!browser) {
    if (!fs.existsSync(CHROMIUM)) {
      throw new Error(
        `Chromium not found at ${CHROMIUM}: install it (apt-get install chromium) or set CHROMIUM_PATH.`,
      );
    }
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    });
  }
  return browser;
}

afterAll(async () => {
  await browser?.close();
  browser = undefined;
});

export const baseURL = (): string => inject('baseURL');

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Browser console errors and page crashes seen so far: a journey should end with none. */
  errors: string[];
}

/** Tile requests to the open map service the seeded brands use. */
const MAP_TILES = /^https:\/\/[a-z]\.tile\.openstreetmap\.org\//;
/** A 1x1 light-grey PNG, scaled by the map to a plain tile. */
const PLAIN_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48eIFAAV0ArnZwsdlAAAAAElFTkSuQmCC',
  'base64',
);

/** A fresh browser profile (no stored auth, theme or language) on the app. */
export async function newSession(
  viewport: keyof typeof VIEWPORTS = 'desktop',
  options: { baseURL?: string; colorScheme?: 'light' | 'dark' } = {},
): Promise<Session> {
  const context = await (await getBrowser()).newContext({
    baseURL: options.baseURL ?? baseURL(),
    ...(options.colorScheme ? { colorScheme: options.colorScheme } : {}),
    viewport: VIEWPORTS[viewport],
  });
  // The machines that run these journeys are offline: the open map service's tiles (spec §3 Map)
  // are answered here with one plain tile, so a missing network is not mistaken for an app error.
  await context.route(MAP_TILES, (route) => route.fulfill({ contentType: 'image/png', body: PLAIN_TILE }));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

/** Keeps a screenshot of the current screen under e2e/output (kept by CI as an artefact). */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  const file = path.join(OUTPUT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Logs in through the real login form and waits until the app has left /login. The pop-up notices a
 * login brings up are closed (and so marked read) unless `keepPopups` is set.
 */
export async function logInThroughForm(
  page: Page,
  email = 'demo@example.com',
  password = 'Demo1234!',
  { keepPopups = false }: { keepPopups?: boolean } = {},
) {
  await page.goto('/login');
  const form = page.getByTestId('login-form');
  await form.locator('input[type="email"], input[name="email"]').first().fill(email);
  await form.locator('input[type="password"]').first().fill(password);
  const popups = popupsAnswered(page);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await popups;
  if (!keepPopups) await closePopups(page);
}

/**
 * Resolves when the app has asked for the pop-up notices of a new session (it does right after login or
 * sign-up). Start waiting before the click that logs in.
 */
/** How many notices the last answer of /api/accounts/popups held, per page (`popupsAnswered` records it). */
const noticesAsked = new WeakMap<Page, number>();

export const popupsAnswered = (page: Page) =>
  page
    .waitForResponse((response) => new URL(response.url()).pathname === '/api/accounts/popups', {
      timeout: 20_000,
    })
    .then(async (response) => {
      const body = (await response.json().catch(() => ({}))) as { data?: unknown };
      noticesAsked.set(page, Array.isArray(body.data) ? body.data.length : 0);
      return response;
    });

/**
 * Closes the pop-up notices on screen, one after another (closing marks each read); answers how many.
 * Call it once the notices were asked for (`popupsAnswered`): it then waits for as many notices as the answer held,
 * however long a loaded machine takes to open the modal; without that answer it closes what shows within 1.5 s.
 */
export async function closePopups(page: Page): Promise<number> {
  const close = page.getByTestId('popup-close');
  const expected = noticesAsked.get(page);
  noticesAsked.delete(page);
  let closed = 0;
  for (; closed < 10; closed += 1) {
    const due = expected !== undefined && closed < expected;
    if (expected !== undefined && !due) break;
    const shown = await close
      .waitFor({ state: 'visible', timeout: due ? 20_000 : closed === 0 ? 1_500 : 500 })
      .then(() => true)
      .catch(() => false);
    if (!shown) break;
    const title = await page.locator('#ob-popup-title').innerText();
    const marked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/accounts/popup');
    await close.click();
    await marked;
    // Either the next notice replaces the title, or the modal goes away.
    await page.waitForFunction(
      (previous) => {
        const modal = document.querySelector('.modal');
        if (!modal) return true;
        return (
          modal.classList.contains('show') && modal.querySelector('#ob-popup-title')?.textContent !== previous
        );
      },
      title,
      { timeout: 5_000 },
    );
  }
  return closed;
}
