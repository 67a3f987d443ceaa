import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { clientWithProfile, type NewClient } from './accounts.js';
import { baseURL } from './browser.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A back-office member the journeys sign in with: e-mail, password and the TOTP secret. */
export interface StaffLogin {
  email: string;
  password: string;
  secret: string;
  name: string;
}

/** The demo staff of the seed (README "Demo logins"): their TOTP secrets are public on purpose. */
export const DEMO_STAFF = {
  admin: {
    email: 'admin@example.com',
    password: 'Admin1234!',
    secret: 'CE524PKXVOVFZH7KRGZH3EOOKDIT4I4X',
    name: 'Demo Admin',
  },
  compliance: {
    email: 'compliance@example.com',
    password: 'Staff1234!',
    secret: 'HVNFDQIVZEQ7EUMGSOSBXPD5S7HGJYRM',
    name: 'Demo Compliance',
  },
  finance: {
    email: 'finance@example.com',
    password: 'Staff1234!',
    secret: '3BM4RNYGBCDE334IIZQO4624UUYZU6CJ',
    name: 'Demo Finance',
  },
} as const satisfies Record<string, StaffLogin>;

/** The RFC 6238 time step (30 s) of a Unix time in seconds. */
const stepOf = (epochSeconds: number) => Math.floor(epochSeconds / 30);
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The time step each secret's last code was made for, in this test file. */
const usedSteps = new Map<string, number>();

/**
 * A TOTP code for a secret, as an authenticator app shows it. The server accepts a code once per
 * member and time step (replay guard), so a second code for the same secret waits, by polling the
 * clock, until the next 30-second step begins.
 */
export async function totpCode(secret: string): Promise<string> {
  const used = usedSteps.get(secret);
  if (used !== undefined) {
    await expect.poll(() => stepOf(nowSeconds()), { timeout: 35_000, interval: 250 }).toBeGreaterThan(used);
  }
  const epoch = nowSeconds();
  usedSteps.set(secret, stepOf(epoch));
  return generate({ secret, epoch });
}

/** Six digits that are no valid code of the secret now (nor one step before or after). */
export async function wrongTotpCode(secret: string): Promise<string> {
  const epoch = nowSeconds();
  const valid = await Promise.all([-30, 0, 30].map((shift) => generate({ secret, epoch: epoch + shift })));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!valid.includes(code)) return code;
  }
}

/** Fills the back-office sign-in form (e-mail, password and, when given, the code) and sends it. */
export async function fillStaffLogin(page: Page, email: string, password: string, code?: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (code !== undefined) await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs a member in through /backoffice/login with a fresh TOTP code; resolves on the dashboard. */
export async function staffSignIn(page: Page, member: StaffLogin) {
  if (!new URL(page.url()).pathname.startsWith('/backoffice/login')) await page.goto('/backoffice/login');
  await fillStaffLogin(page, member.email, member.password, await totpCode(member.secret));
  await page.waitForURL((url) => url.pathname === '/backoffice', { timeout: 20_000 });
  await expect.poll(() => page.getByTestId('bo-user').innerText()).toContain(member.name);
}

/** Runs an operator command of the CLI against the e2e server (same data directory and port). */
export function cli(...args: string[]): Promise<string> {
  const port = new URL(baseURL()).port;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(root, 'apps/server/dist/cli.js'), ...args],
      { cwd: root, env: { ...process.env, PORT: port, DATA_DIR: inject('dataDir') }, timeout: 60_000 },
      (error, out, err) => (error ? reject(new Error(`${err}${out}`)) : resolve(out)),
    );
  });
}

/** A new client with a complete profile (German address), registered through the client API. */
export const registeredClient = (): Promise<NewClient> => clientWithProfile();

/** Stores the theme choice (as the theme toggle does); the next page load uses it. */
export async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('ob.theme', value), theme);
}

/**
 * Waits until a screen is quiet: no requests in flight (for up to 10 s), fonts loaded. Callers wait for the screen's
 * data first; a screen that keeps a request open past that (the page editor's live preview of a brand's site, its
 * price stream) is still shot as it shows.
 */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
}

/** How far the page scrolls sideways (0: it fits the viewport). */
export const horizontalOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
