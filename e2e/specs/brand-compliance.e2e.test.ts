import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { loaded, sidewaysScroll } from '../support/backoffice-two.js';
import { newSession, type Session, screenshot } from '../support/browser.js';
import { DEMO_STAFF, setTheme, settle, staffSignIn } from '../support/staff.js';

/**
 * A brand's compliance settings in chromium against the production build (docs/compliance.md, "Admin"): the demo
 * admin opens the Atlas brand's Compliance tab (no journey trades on Atlas), requires the appropriateness test,
 * rewords a question, raises the pass score and saves; after a reload the test is stored as saved; a pass score
 * above the highest score is refused at its field before anything is sent. Screenshots at 1366 px, light and dark.
 */

const REQUIRED = 'Clients must take the test before they trade live';
const QUESTION = 'When you trade a CFD, what exactly do you own?';
const toast = (page: Page) => page.getByTestId('toast-success').last();

/** The id of a seeded brand, read with the signed-in member's token as the back office reads it. */
const brandIdOf = (page: Page, slug: string) =>
  page.evaluate(async (wanted) => {
    const token = sessionStorage.getItem('ob.staff.token');
    const res = await fetch('/api/backoffice/brands/overview', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const brands = ((await res.json()) as { data: { id: number; slug: string }[] }).data;
    return brands.find((b) => b.slug === wanted)?.id ?? 0;
  }, slug);

describe("a brand's compliance settings in chromium", () => {
  let session: Session | undefined;
  afterAll(async () => {
    await session?.context.close();
  });

  it('an admin requires the test, rewords a question and raises the pass score; it is kept; a bad pass score is refused at 1366 px in light and dark', {
    timeout: 90_000,
  }, async () => {
    session = await newSession();
    const { page } = session;
    await staffSignIn(page, DEMO_STAFF.admin);
    const id = await brandIdOf(page, 'atlas');
    expect(id).toBeGreaterThan(0);
    const url = `/backoffice/brands/${id}?tab=compliance`;
    await page.goto(url);
    await loaded(page, 'bob-compliance');

    const tab = page.getByTestId('bob-compliance');
    expect(await tab.getByLabel('Questionnaire version').inputValue()).toBe('esma-1');
    expect(await tab.getByTestId('bob-comp-max').inputValue()).toBe('13');
    await tab.getByLabel(REQUIRED).check();
    await tab.getByLabel('Questionnaire version').fill('atlas-2');
    await tab.getByTestId('bob-comp-question-0').getByLabel('Question text').fill(QUESTION);
    await tab.getByLabel('Pass score').fill('9');
    await tab.getByTestId('bob-comp-test-save').click();
    await expect
      .poll(() => toast(page).innerText())
      .toContain("Saved. The brand's live accounts trade by the new test");

    // stored as saved: a reload reads it from the server
    await page.reload();
    await loaded(page, 'bob-compliance');
    expect(await tab.getByLabel(REQUIRED).isChecked()).toBe(true);
    expect(await tab.getByLabel('Questionnaire version').inputValue()).toBe('atlas-2');
    expect(await tab.getByTestId('bob-comp-question-0').getByLabel('Question text').inputValue()).toBe(
      QUESTION,
    );
    expect(await tab.getByLabel('Pass score').inputValue()).toBe('9');
    expect(await tab.getByTestId('bob-comp-test-origin').innerText()).toBe('Customised');
    await expect
      .poll(() => tab.getByTestId('bob-comp-default-list').getByTestId('bob-country-IR').innerText())
      .toContain('Iran');

    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await page.goto(url);
      await loaded(page, 'bob-compliance');
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-bs-theme'))).toBe(theme);
      await screenshot(page, `brand-compliance/desktop-${theme}-compliance`);
      expect(await sidewaysScroll(page), `sideways scrolling (${theme}) at 1366 px`).toBeLessThanOrEqual(0);
    }
    await setTheme(page, 'light');
    await page.goto(url);
    await loaded(page, 'bob-compliance');

    // a pass score above the highest score: the field says so, nothing is sent
    let sent = 0;
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith(`/brands/${id}/appropriateness`)) sent += 1;
    });
    await tab.getByLabel('Pass score').fill('99');
    await tab.getByTestId('bob-comp-test-save').click();
    const message = tab.getByText('The pass score is a whole number from 0 to 13 (the highest score)');
    await message.waitFor({ timeout: 10_000 });
    expect(await tab.getByLabel('Pass score').getAttribute('class')).toContain('is-invalid');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'brand-compliance/desktop-light-compliance-error');
    expect(sent).toBe(0);
  });
});
