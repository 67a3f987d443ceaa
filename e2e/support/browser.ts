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

/** A fresh browser profile (no stored auth, theme or language) on the app. */
export async function newSession(viewport: keyof typeof VIEWPORTS = 'desktop'): Promise<Session> {
  const context = await (await getBrowser()).newContext({
    baseURL: baseURL(),
    viewport: VIEWPORTS[viewport],
  });
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

/** Logs in through the real login form and waits until the app has left /login. */
export async function logInThroughForm(page: Page, email = 'demo@example.com', password = 'Demo1234!') {
  await page.goto('/login');
  const form = page.getByTestId('login-form');
  await form.locator('input[type="email"], input[name="email"]').first().fill(email);
  await form.locator('input[type="password"]').first().fill(password);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
