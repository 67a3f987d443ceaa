import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { newClient, register } from '../support/accounts.js';
import { hostURL, loaded } from '../support/backoffice-two.js';
import { fixRedItems, hostAnswers, redItems } from '../support/brand-drafts.js';
import { newSession, OUTPUT_DIR, type Session, screenshot, VIEWPORTS } from '../support/browser.js';
import { DEMO_STAFF, setTheme, settle, staffSignIn } from '../support/staff.js';

/**
 * Brand drafts in chromium against the production build (docs/brands.md "Drafts and publishing"): a brand an
 * admin creates in the back office stays a draft, its host serving neither the site nor registration, until the
 * admin publishes it from the checklist on its page; then its home page, legal pages and registration answer,
 * and returning it to draft takes the site down again. Its wide logo keeps its proportions in the back office's
 * preview, the public header and the client area's header.
 */

const RUN = randomBytes(2).toString('hex');

const BRAND = {
  name: 'Northwind Draft Markets',
  slug: `draft-${RUN}`,
  host: `draft-${RUN}.localhost`,
  legalName: 'Northwind Draft Markets GmbH',
  supportEmail: 'help@northwind-draft.example.com',
};

/** A wordmark-shaped logo, 400 × 60: shown in these proportions wherever it appears, never squashed. */
const WIDE_LOGO = {
  width: 400,
  height: 60,
  svg: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="60" viewBox="0 0 400 60">' +
      '<rect width="400" height="60" rx="8" fill="#0b3d91"/>' +
      '<rect x="14" y="14" width="32" height="32" rx="6" fill="#ffffff"/>' +
      '<rect x="60" y="22" width="300" height="16" rx="4" fill="#9cc3ff"/></svg>',
  ),
};

/** The pages the footer's legal links of the starter lead to. */
const LEGAL_SLUGS = ['terms-conditions', 'privacy-policy', 'cookies-policy', 'aml-policy', 'kyc-policy'];

const toast = (page: Page) => page.getByTestId('toast-success').last();

/** The rendered width over height of an element (0 while it has no box). */
async function ratioOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  return box && box.height > 0 ? box.width / box.height : 0;
}

/** Once an image has loaded: its natural size, so a failed load is not mistaken for a shape. */
const loadedImage = (locator: Locator) =>
  expect
    .poll(() => locator.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);

describe('brand drafts in chromium', () => {
  const sessions: Session[] = [];
  let admin: Session;
  let brandId = 0;

  afterAll(async () => {
    for (const session of sessions) await session.context.close();
  });

  it('a new brand stays a draft, its host serving neither the site nor registration, until an admin publishes it after the checklist', {
    timeout: 300_000,
  }, async () => {
    admin = await newSession();
    sessions.push(admin);
    const staff = admin.page;
    await staffSignIn(staff, DEMO_STAFF.admin);

    // New brand, from the starter pages.
    await staff.goto('/backoffice/brands');
    await loaded(staff, 'bob-brands');
    await staff.getByTestId('bob-new').click();
    const create = staff.getByTestId('bob-create');
    expect(await create.getByTestId('bob-create-template').inputValue()).toBe('');
    await create.getByLabel('Brand name').fill(BRAND.name);
    await create.getByLabel('Slug', { exact: true }).fill(BRAND.slug);
    await create.getByLabel('Host name').fill(BRAND.host);
    await create.getByLabel('Legal entity').fill(BRAND.legalName);
    await create.getByLabel('Support e-mail').fill(BRAND.supportEmail);
    await create.getByTestId('bob-create-submit').click();
    await staff.waitForURL(/\/backoffice\/brands\/\d+/, { timeout: 15_000 });
    brandId = Number(new URL(staff.url()).pathname.split('/').at(-1));
    await expect.poll(() => toast(staff).innerText()).toContain('Brand created.');
    await loaded(staff, 'bob-brand');
    expect(await staff.getByTestId('bob-status').textContent()).toContain('Draft');

    // The brands list says so too.
    await staff.goto('/backoffice/brands');
    await loaded(staff, 'bob-brands');
    const listed = staff.getByTestId('bob-row').filter({ hasText: BRAND.name });
    expect(await listed.getByTestId('bob-row-status').textContent()).toContain('Draft');

    // Its host: a neutral page naming no brand, no app; registration, the site's API and client login refused.
    const draft = await hostAnswers(BRAND.host);
    expect(draft.home.status).toBe(404);
    expect(draft.home.text).toContain('This site is not available.');
    expect(draft.home.text).not.toContain(BRAND.name);
    expect(draft.home.scripts).toBe(0);
    expect(draft.registerPage.status).toBe(404);
    expect(draft.registerPage.text).toContain('This site is not available.');
    expect(draft.api.brand).toEqual({ status: 404, code: 'BRAND_NOT_AVAILABLE' });
    expect(draft.api.register).toEqual({ status: 404, code: 'BRAND_NOT_AVAILABLE' });
    expect(draft.api.login).toEqual({ status: 404, code: 'BRAND_NOT_AVAILABLE' });

    // While drafting, the admin gives it a wordmark logo; the Theme tab's preview keeps its proportions.
    await staff.goto(`/backoffice/brands/${brandId}?tab=theme`);
    await loaded(staff, 'bob-brand');
    await staff.getByTestId('bob-media-logo-input').setInputFiles({
      name: 'northwind-wordmark.svg',
      mimeType: 'image/svg+xml',
      buffer: WIDE_LOGO.svg,
    });
    const previewLogo = staff.getByTestId('bob-preview-light').locator('img.bob-preview-logo');
    await loadedImage(previewLogo);
    expect(await ratioOf(previewLogo)).toBeCloseTo(WIDE_LOGO.width / WIDE_LOGO.height, 1);
    await staff.getByTestId('bob-theme-save').click();
    await expect.poll(() => toast(staff).innerText(), { timeout: 15_000 }).toContain('Saved.');

    // ...and, before publishing, removes the starter's payment methods and clears its risk warning: both turn red
    // and the brand cannot be published.
    await staff.getByTestId('bob-tab-payments').click();
    const payments = staff.getByTestId('bob-payments');
    await payments.waitFor();
    const remove = payments.getByRole('button', { name: 'Remove method' });
    while ((await remove.count()) > 0) await remove.first().click();
    await payments.getByTestId('bob-payments-save').click();
    await expect.poll(() => toast(staff).innerText(), { timeout: 15_000 }).toContain('Saved.');
    await staff.goto(`/backoffice/site?brand=${brandId}`);
    await loaded(staff, 'bos-site');
    await staff.locator('textarea[name="risk_warning"]').fill('');
    await staff.getByTestId('bos-settings-save').click();
    await expect.poll(() => toast(staff).innerText(), { timeout: 15_000 }).toContain('Site settings saved');
    await staff.goto(`/backoffice/brands/${brandId}`);
    await loaded(staff, 'bob-brand');
    await expect.poll(() => redItems(staff), { timeout: 15_000 }).toEqual(['paymentMethod', 'riskWarning']);
    expect(await staff.getByTestId('bob-publish').isDisabled()).toBe(true);

    // The publishing panel at 1366 and 390 px, light and dark, with red items on it.
    const panel = staff.locator('.bob-publish');
    for (const viewport of ['desktop', 'phone'] as const) {
      await staff.setViewportSize(VIEWPORTS[viewport]);
      for (const theme of ['light', 'dark'] as const) {
        await setTheme(staff, theme);
        await staff.reload();
        await loaded(staff, 'bob-brand');
        await panel.locator('[data-ok="false"]').first().waitFor();
        await settle(staff);
        expect(await staff.evaluate(() => document.documentElement.getAttribute('data-bs-theme'))).toBe(
          theme,
        );
        const width = viewport === 'desktop' ? 1366 : 390;
        await screenshot(staff, `brand-drafts/${viewport}-${theme}-brand-draft`);
        await panel.screenshot({
          path: path.join(OUTPUT_DIR, `brand-drafts/${width}-${theme}-publish-panel.png`),
        });
        expect(
          await staff.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          ),
          `sideways scrolling at ${width} px (${theme})`,
        ).toBeLessThanOrEqual(0);
      }
    }
    await setTheme(staff, 'light');
    await staff.setViewportSize(VIEWPORTS.desktop);
    await staff.reload();
    await loaded(staff, 'bob-brand');

    // Each red item fixed where its link leads; then publishing is enabled and asks first.
    expect(await fixRedItems(staff, brandId, BRAND.supportEmail)).toEqual(['paymentMethod', 'riskWarning']);
    const publish = staff.getByTestId('bob-publish');
    await expect.poll(() => publish.isEnabled(), { timeout: 15_000 }).toBe(true);
    await publish.click();
    const confirm = staff.getByTestId('bo-confirm');
    expect(await confirm.innerText()).toContain(BRAND.host);
    await confirm.getByTestId('bo-confirm-submit').click();
    await expect.poll(() => toast(staff).innerText(), { timeout: 15_000 }).toContain('Brand published.');
    await expect.poll(() => staff.getByTestId('bob-status').textContent()).toContain('Published');
    await confirm.waitFor({ state: 'detached' });
    await settle(staff);
    await screenshot(staff, 'brand-drafts/desktop-light-brand-published');
    await panel.screenshot({
      path: path.join(OUTPUT_DIR, 'brand-drafts/1366-light-publish-panel-published.png'),
    });

    // The host now serves the site: the home page with the brand's wide logo in its header, in proportion...
    const visitor = await newSession('desktop', { baseURL: hostURL(BRAND.host) });
    sessions.push(visitor);
    const site = visitor.page;
    const home = await site.goto('/');
    expect(home?.status()).toBe(200);
    await site.getByTestId('footer-copyright').waitFor({ timeout: 20_000 });
    await expect.poll(() => site.title()).toContain(BRAND.name);
    const headerLogo = site.locator('.ob-navbar').getByTestId('brand-logo-img');
    await loadedImage(headerLogo);
    expect(await ratioOf(headerLogo)).toBeCloseTo(WIDE_LOGO.width / WIDE_LOGO.height, 1);
    expect((await headerLogo.boundingBox())?.height).toBe(32);
    await settle(site);
    await screenshot(site, 'brand-drafts/site-home-wide-logo');

    // ...its footer's legal links, each answering with its page...
    const legal = site.getByRole('navigation', { name: 'Legal' });
    const hrefs = await legal
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    expect(hrefs).toEqual(expect.arrayContaining(LEGAL_SLUGS.map((slug) => `/${slug}`)));
    for (const slug of LEGAL_SLUGS) {
      await legal
        .getByRole('link')
        .and(site.locator(`[href="/${slug}"]`))
        .first()
        .click();
      await site.waitForURL(`**/${slug}`);
      await site.locator(`[data-testid="content-page"][data-slug="${slug}"]`).waitFor({ timeout: 15_000 });
      // loaded on its own (not only inside the app): the server answers it too
      expect((await site.reload())?.status(), `/${slug} on its own`).toBe(200);
      await site.locator(`[data-testid="content-page"][data-slug="${slug}"]`).waitFor({ timeout: 15_000 });
    }

    // ...and registration: a new client signs up on the host and lands in the client area, whose header shows the
    // wide logo in proportion too.
    const client = newClient();
    await site.goto('/register');
    await register(site, client);
    await site.waitForURL((url) => !url.pathname.startsWith('/register'), { timeout: 30_000 });
    const areaLogo = site.locator('.ob-navbar').getByTestId('brand-logo-img');
    await site.getByTestId('logout').waitFor({ timeout: 20_000 });
    await loadedImage(areaLogo);
    expect(await ratioOf(areaLogo)).toBeCloseTo(WIDE_LOGO.width / WIDE_LOGO.height, 1);
    await screenshot(site, 'brand-drafts/client-area-wide-logo');

    // Returned to draft: the host shows the neutral page again at once.
    await staff.getByTestId('bob-unpublish').click();
    await confirm.getByTestId('bo-confirm-submit').click();
    await expect
      .poll(() => staff.getByTestId('bob-status').textContent(), { timeout: 15_000 })
      .toContain('Draft');
    const again = await hostAnswers(BRAND.host);
    expect(again.home.status).toBe(404);
    expect(again.api.brand).toEqual({ status: 404, code: 'BRAND_NOT_AVAILABLE' });
    expect(admin.errors).toEqual([]);
  });
});
