import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInThroughForm, newSession, OUTPUT_DIR } from '../support/browser.js';

/**
 * One-click trading in a real browser against the production build and the simulated market: the demo client
 * switches it on with the risk acknowledgement, buys BTCUSD (it trades every day) with one click in the market list,
 * finds the position, with its size in units and lots, in the positions panel, and switches one-click off again.
 * Screens at 1366×768 and 390 px wide, light and dark, land in e2e/output/one-click/.
 */

const openIds = async (page: Page): Promise<string[]> =>
  page
    .getByTestId('positions-open')
    .locator('[data-testid^="position-row-"]')
    .evaluateAll((rows) =>
      rows.map((row) => row.getAttribute('data-testid')?.replace('position-row-', '') ?? ''),
    );

/** The theme switch the app keeps in localStorage; applied on the next load. */
async function showIn(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('ob.theme', value), theme);
  await page.reload();
  // on a phone the list is in its own tab: there but hidden
  await page.getByTestId('market-row-BTCUSD').waitFor({ state: 'attached' });
}

/**
 * The screen as the client sees it (the viewport, not the full page: a full-page shot resizes the window, and the
 * terminal's layout follows the size). Also copied to ONE_CLICK_SHOTS when set.
 */
const shot = async (page: Page, name: string) => {
  // a dialog on screen is shot once it has faded in
  await page.waitForFunction(
    () => (document.querySelector('.modal')?.getAnimations({ subtree: true }).length ?? 0) === 0,
  );
  const file = path.join(OUTPUT_DIR, 'one-click', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file });
  const copy = process.env.ONE_CLICK_SHOTS;
  if (copy) {
    fs.mkdirSync(copy, { recursive: true });
    fs.copyFileSync(file, path.join(copy, `${name}.png`));
  }
};

describe('one-click trading', () => {
  it('is switched on with the risk acknowledgement, buys BTCUSD from the market list with one click, goes off', async () => {
    const { page, context, errors } = await newSession('desktop', { colorScheme: 'light' });
    await page.setViewportSize({ width: 1366, height: 768 });
    await logInThroughForm(page);
    await page.goto('/platform/BTCUSD');
    await page.getByTestId('market-row-BTCUSD').waitFor();
    const before = await openIds(page);

    // off: the list's prices are not buttons; on only once the acknowledgement is ticked
    expect(await page.getByTestId('oc-buy-BTCUSD').count()).toBe(0);
    await page.getByTestId('oc-switch').click();
    const dialog = page.getByTestId('oc-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('oc-turn-on').isDisabled()).toBe(true);
    await dialog.getByTestId('oc-ack').check();
    await shot(page, 'desktop-light-acknowledgement');
    await dialog.getByTestId('oc-turn-on').click();
    await dialog.getByTestId('oc-state-on').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // one click on the list's buy price: a position at once, said in a toast, listed in the positions panel
    const buy = page.getByTestId('oc-buy-BTCUSD');
    await expect.poll(() => buy.isEnabled(), { timeout: 20_000 }).toBe(true);
    await buy.click();
    await expect
      .poll(() => page.getByTestId('toast-success').first().innerText(), { timeout: 15_000 })
      .toContain('BTCUSD: position opened');
    await expect.poll(async () => (await openIds(page)).length).toBe(before.length + 1);
    const id = (await openIds(page)).find((candidate) => !before.includes(candidate));
    const row = page.getByTestId(`position-row-${id}`);
    expect(await row.innerText()).toContain('BTCUSD');
    expect(await row.getByTestId('position-size').innerText()).toMatch(/units · [\d.,]+ lots$/);
    await page.getByTestId('oc-bar').waitFor();
    await shot(page, 'desktop-light');
    // the ticket takes the size in lots too: what is sent is the margin amount it works out
    await page.getByTestId('trade-size-mode-lots').click();
    await page.getByTestId('trade-size').fill('0.01');
    await expect
      .poll(() => page.getByTestId('trade-size-equiv').innerText())
      .toMatch(/^Margin sent: €[\d,]+\.\d{2}/);
    await shot(page, 'desktop-light-lots');
    await showIn(page, 'dark');
    await page.getByTestId('oc-bar').waitFor();
    await shot(page, 'desktop-dark');

    // a phone: the markets tab, with its one-click prices
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('platform-tab-markets').click();
    await page.getByTestId('oc-buy-BTCUSD').waitFor();
    await shot(page, 'phone-dark');
    await showIn(page, 'light');
    await page.getByTestId('platform-tab-markets').click();
    await page.getByTestId('oc-switch').click();
    await dialog.waitFor();
    await shot(page, 'phone-light-settings');

    // off again: the prices are prices
    await dialog.getByTestId('oc-turn-off').click();
    await dialog.getByTestId('oc-risk').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('oc-buy-BTCUSD').count()).toBe(0);

    // leave the demo account as it was: close the position
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByTestId(`position-close-${id}`).click();
    await page.getByTestId('position-close-modal').waitFor();
    await page.getByTestId('position-close-confirm').click();
    await row.waitFor({ state: 'detached', timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
