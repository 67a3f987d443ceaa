import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInThroughForm, newSession, screenshot, VIEWPORTS } from '../support/browser.js';

/**
 * Visits every screen of spec §2 at desktop and phone width, in light and dark, and keeps a
 * screenshot of each under e2e/output/screens. Each screen must render without a browser error
 * and without horizontal overflow at phone width.
 */
const PUBLIC_SCREENS = ['/', '/login', '/register', '/password/request', '/affiliate', '/contact-us', '/404'];
const CLIENT_SCREENS = [
  '/platform/BTCUSD',
  '/my-account/info',
  '/my-account/password',
  '/my-account/documents',
  '/transactions/deposits',
  '/referrals',
  '/payment/creditCard',
  '/payment/withdraw',
];

const fileName = (url: string) => (url === '/' ? 'home' : url.slice(1).replaceAll('/', '_'));

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('ob.theme', value), theme);
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
  for (const theme of ['light', 'dark'] as const) {
    describe(`every screen at ${viewport} width in ${theme}`, () => {
      it('public screens', async () => {
        const { page, context, errors } = await newSession(viewport);
        await page.goto('/');
        await setTheme(page, theme);
        for (const url of PUBLIC_SCREENS) {
          await page.goto(url);
          await settle(page);
          await screenshot(page, `screens/${viewport}-${theme}-${fileName(url)}`);
          expect(await horizontalOverflow(page), `overflow on ${url}`).toBeLessThanOrEqual(0);
        }
        // /404 is answered with HTTP 404, which the browser logs once for the page itself
        const ownNotFound = (error: string) => /status of 404/.test(error);
        expect(errors.filter((error) => !ownNotFound(error))).toEqual([]);
        expect(errors.filter(ownNotFound).length).toBeLessThanOrEqual(1);
        await context.close();
      });

      it('client screens', async () => {
        const { page, context, errors } = await newSession(viewport);
        await logInThroughForm(page);
        await setTheme(page, theme);
        for (const url of CLIENT_SCREENS) {
          await page.goto(url);
          await settle(page);
          expect(new URL(page.url()).pathname).toBe(url);
          await screenshot(page, `screens/${viewport}-${theme}-${fileName(url)}`);
          expect(await horizontalOverflow(page), `overflow on ${url}`).toBeLessThanOrEqual(0);
        }
        expect(errors).toEqual([]);
        await context.close();
      });
    });
  }
}
