import type { Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL, screenshot } from './browser.js';
import { type StaffLogin, setTheme, settle } from './staff.js';

/**
 * Helpers of the back office II journeys: the demo staff the issue-13 helpers do not list (their TOTP
 * secrets are public on purpose, README "Demo logins"), a brand's public address by host name, and screenshots
 * of a back-office screen in both themes once it has loaded.
 */

export const MORE_STAFF = {
  dealer: {
    email: 'dealer@example.com',
    password: 'Staff1234!',
    secret: '5JQMNEGXNA6BTBISBDKINZKU6IITN2OA',
    name: 'Demo Dealer',
  },
  content: {
    email: 'content@example.com',
    password: 'Staff1234!',
    secret: 'BESVD6ZCOZGJKI7ZGP4IWFWJYTRTT63H',
    name: 'Demo Content',
  },
} as const satisfies Record<string, StaffLogin>;

/**
 * The address of a path on a brand's own host name, on the e2e server's port: chromium resolves every
 * `*.localhost` name to the loopback address, and the server picks the brand by the Host header.
 */
export function hostURL(host: string, path = '/'): string {
  const url = new URL(baseURL());
  return `${url.protocol}//${host}:${url.port}${path}`;
}

/** '#8e24aa' → 'rgb(142, 36, 170)', as getComputedStyle answers a colour. */
export function rgbOf(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}

/**
 * Waits until a back-office screen has loaded: its page (by test id) is there and no skeleton, placeholder or
 * spinner is left on it.
 */
export async function loaded(page: Page, testId: string) {
  await page.getByTestId(testId).first().waitFor({ timeout: 20_000 });
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document.querySelectorAll(
              '.bo-skeleton, .bo-skeleton-block, .placeholder-glow, .placeholder, .spinner-border, [data-testid="bo-boot"]',
            ).length,
        ),
      { timeout: 20_000 },
    )
    .toBe(0);
}

/** How far the page scrolls sideways (0: it fits the viewport). */
export const sidewaysScroll = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Keeps one screenshot per theme of the back-office screen at `url` (the theme applies on the next load) under
 * e2e/output/backoffice-two, and checks that it fits 1366 px without sideways scrolling. Answers the files.
 */
export async function shootBothThemes(
  page: Page,
  url: string,
  name: string,
  ready: (page: Page) => Promise<void>,
): Promise<string[]> {
  const files: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await page.goto(url);
    await ready(page);
    await settle(page);
    expect(
      await page.evaluate(() => document.documentElement.getAttribute('data-bs-theme')),
      `theme of ${url}`,
    ).toBe(theme);
    files.push(await screenshot(page, `backoffice-two/desktop-${theme}-${name}`));
    expect(
      await sidewaysScroll(page),
      `sideways scrolling on ${url} (${theme}) at 1366 px`,
    ).toBeLessThanOrEqual(0);
  }
  await setTheme(page, 'light');
  return files;
}

/** The JSON `data` of an API answer the page received (e.g. a `waitForResponse` result). */
export async function dataOf<T>(response: Response): Promise<T> {
  return ((await response.json()) as { data: T }).data;
}

/**
 * Closes the pop-up notices on screen one after another, as a client does, and answers each one's title and
 * text as shown. Call it once the notices were asked for (the `/api/accounts/popups` answer) with how many that
 * answer held; `onShown` runs while each is on screen (e.g. a screenshot).
 */
export async function readPopups(
  page: Page,
  expected: number,
  onShown: (title: string) => Promise<void> = async () => {},
): Promise<{ title: string; text: string }[]> {
  const shown: { title: string; text: string }[] = [];
  const close = page.getByTestId('popup-close');
  for (let n = 0; n < expected; n += 1) {
    await close.waitFor({ state: 'visible', timeout: 10_000 });
    const title = (await page.locator('#ob-popup-title').innerText()).trim();
    shown.push({ title, text: await page.locator('.modal.show').innerText() });
    await onShown(title);
    const marked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/accounts/popup');
    await close.click();
    await marked;
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
  return shown;
}
