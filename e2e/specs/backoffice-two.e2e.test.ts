import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { NewClient } from '../support/accounts.js';
import {
  dataOf,
  hostURL,
  loaded,
  MORE_STAFF,
  readPopups,
  rgbOf,
  shootBothThemes,
  sidewaysScroll,
} from '../support/backoffice-two.js';
import { fixRedItems, hostAnswers } from '../support/brand-drafts.js';
import { logInThroughForm, newSession, type Session, screenshot } from '../support/browser.js';
import { DEMO_STAFF, registeredClient, settle, staffSignIn } from '../support/staff.js';

/**
 * The brand and content back office in chromium against the production build: an admin launches a 17th brand
 * from the starter pages with its own host name and colours (a draft: its host shows nothing yet), edits the
 * starter's home page in the content editor (its hero and its market quotes widget), publishes the page and then
 * the brand from its checklist, and the site on that host shows it in both themes in the brand's colours; a dealer
 * watches a client's new position appear in the live exposure and closes it with a reason the client then
 * reads; a pop-up aimed at one client reaches that client only; and every new screen at 1366 px in light and
 * dark.
 *
 * A TOTP code works once per member and time step: each demo member signs in once in this file.
 */

/** This run's mark, so names stay unique if the journeys ever share a database with another run. */
const RUN = randomBytes(2).toString('hex');

const BRAND = {
  name: 'Brand Seventeen Markets',
  slug: `brand17-${RUN}`,
  host: `brand17-${RUN}.localhost`,
  legalName: 'Brand Seventeen Markets Ltd',
  supportEmail: 'support@brand17.example.com',
  /** The light theme's primary colour (set when creating) and the dark theme's (set in the Theme tab). */
  primary: '#8e24aa',
  accent: '#ff6f00',
  darkPrimary: '#ce93d8',
  /** Dark text on the dark theme's light primary, for contrast. */
  darkOnPrimary: '#1b0a22',
};

const HERO = {
  title: 'Trade the world with Brand Seventeen',
  subtitle: 'Forex, crypto, stocks and commodities on one account, in your browser.',
  button: 'Open an account',
  url: '/register',
};

/** The quotes widget's own height (not the default), to tell the placed widget from the brand's default one. */
const WIDGET_HEIGHT = 420;

/** A number as the back office and terminal print it ('1,234.50', '−12.00 €') as a number. */
const numberOf = (text: string | null): number =>
  Number((text ?? '').replace('−', '-').replace(/[^\d.-]/g, ''));

/** Failed requests the journey causes on purpose (a refused form), which chromium logs as console errors. */
const withoutRefusals = (errors: string[], status: number) =>
  errors.filter((error) => !error.includes(`status of ${status}`));

const toast = (page: Page) => page.getByTestId('toast-success').last();

describe('the back office II in chromium', () => {
  const sessions: Session[] = [];
  let admin: Session;
  let brandId = 0;
  let pageId = 0;

  afterAll(async () => {
    for (const session of sessions) await session.context.close();
  });

  it('an admin creates a brand with a new host name and colours, edits and publishes its home page, publishes the brand, and the site on that host shows it in both themes', {
    timeout: 240_000,
  }, async () => {
    admin = await newSession();
    sessions.push(admin);
    const staff = admin.page;
    await staffSignIn(staff, DEMO_STAFF.admin);

    // The brands list holds the 16 seeded brands.
    await staff.getByRole('navigation').getByRole('link', { name: 'Brands', exact: true }).click();
    await staff.waitForURL('**/backoffice/brands');
    await loaded(staff, 'bob-brands');
    expect(await staff.getByTestId('bob-row').count()).toBeGreaterThanOrEqual(16);

    // New brand: a host name another brand uses is refused with a message, and nothing is created.
    await staff.getByTestId('bob-new').click();
    const create = staff.getByTestId('bob-create');
    await create.getByLabel('Brand name').fill(BRAND.name);
    await create.getByLabel('Slug', { exact: true }).fill(BRAND.slug);
    await create.getByLabel('Host name').fill('aurora.localhost');
    await create.getByLabel('Legal entity').fill(BRAND.legalName);
    await create.getByLabel('Support e-mail').fill(BRAND.supportEmail);
    await create.locator('input[name="primary"]').fill(BRAND.primary);
    await create.locator('input[name="accent"]').fill(BRAND.accent);
    await create.getByTestId('bob-create-submit').click();
    await expect
      .poll(() => create.innerText(), { timeout: 15_000 })
      .toContain('The host name aurora.localhost is already used by another brand.');
    expect(new URL(staff.url()).pathname).toBe('/backoffice/brands');

    // Its own host name, from the starter pages (the default): created, and its page opens.
    expect(await create.getByTestId('bob-create-template').inputValue()).toBe('');
    await create.getByLabel('Host name').fill(BRAND.host);
    await create.getByTestId('bob-create-submit').click();
    await staff.waitForURL(/\/backoffice\/brands\/\d+/, { timeout: 15_000 });
    brandId = Number(new URL(staff.url()).pathname.split('/').at(-1));
    expect(brandId).toBeGreaterThan(0);
    await expect.poll(() => toast(staff).innerText()).toContain('Brand created.');
    await loaded(staff, 'bob-brand');
    expect(await staff.getByTestId('bob-brand').innerText()).toContain(BRAND.host);
    // a draft until it is published: its host shows the neutral page, not the brand
    expect(await staff.getByTestId('bob-status').textContent()).toContain('Draft');
    const draft = await hostAnswers(BRAND.host);
    expect(draft.home.status).toBe(404);
    expect(draft.home.text).toContain('This site is not available.');
    expect(draft.home.text).not.toContain(BRAND.name);

    // Theme tab: the light primary is the one given at creation; the dark theme gets its own.
    await staff.getByTestId('bob-tab-theme').click();
    const theme = staff.getByTestId('bob-theme');
    await theme.waitFor();
    expect(
      (await theme.getByLabel('Primary (Light theme)', { exact: true }).inputValue()).toLowerCase(),
    ).toBe(BRAND.primary);
    await theme.getByLabel('Primary (Dark theme)', { exact: true }).fill(BRAND.darkPrimary);
    await theme.getByLabel('Text on primary (Dark theme)', { exact: true }).fill(BRAND.darkOnPrimary);
    // the hero's gradient starts with these (derived from the colours at creation)
    const heroFrom = {
      light: (
        await theme.getByLabel('Hero gradient from (Light theme)', { exact: true }).inputValue()
      ).toLowerCase(),
      dark: (
        await theme.getByLabel('Hero gradient from (Dark theme)', { exact: true }).inputValue()
      ).toLowerCase(),
    };
    expect(heroFrom.light).toMatch(/^#[0-9a-f]{6}$/);
    expect(heroFrom.dark).toMatch(/^#[0-9a-f]{6}$/);
    await theme.getByTestId('bob-theme-save').click();
    await expect.poll(() => toast(staff).innerText(), { timeout: 15_000 }).toContain('Saved.');

    // Content: the starter wrote the brand's pages; its home page (slug `index`) is edited, not created.
    await staff.goto(`/backoffice/content?brand=${brandId}&lang=en`);
    await loaded(staff, 'content-pages');
    expect(await staff.getByTestId('content-brand').inputValue()).toBe(String(brandId));
    const homeRow = staff.locator('tr', { has: staff.locator('code', { hasText: /^\/index$/ }) });
    await expect.poll(() => homeRow.count(), { timeout: 15_000 }).toBe(1);
    await homeRow.locator('[data-testid^="page-link-"]').click();
    await staff.waitForURL(/\/backoffice\/content\/\d+$/, { timeout: 15_000 });
    pageId = Number(new URL(staff.url()).pathname.split('/').at(-1));
    const editor = staff.getByTestId('page-editor');
    await editor.waitFor({ timeout: 15_000 });

    // The starter's hero gets the brand's own words and call to action...
    const tree = staff.getByTestId('tree-panel');
    const rowsBefore = await tree.locator('[data-testid^="tree-row-"]').count();
    await tree.getByTestId('tree-row-hero').first().locator('button').first().click();
    const settings = staff.getByTestId('settings-panel');
    await expect.poll(() => settings.getAttribute('data-type')).toBe('hero');
    await settings.getByTestId('field-title').fill(HERO.title);
    await settings.getByTestId('field-subtitle').fill(HERO.subtitle);
    await settings.getByTestId('field-button_text').fill(HERO.button);
    await settings.getByTestId('field-button_url').fill(HERO.url);
    // ...and its market quotes widget (the starter's only board widget) its own height.
    await expect.poll(() => tree.getByTestId('tree-row-widget').count()).toBe(1);
    await tree.getByTestId('tree-row-widget').locator('button').first().click();
    await expect.poll(() => settings.getAttribute('data-type')).toBe('widget');
    expect(await settings.getByTestId('field-type').inputValue()).toBe('market-quotes');
    await settings.getByTestId('field-height').fill(String(WIDGET_HEIGHT));
    // edited in place: nothing added or removed
    expect(await tree.locator('[data-testid^="tree-row-"]').count()).toBe(rowsBefore);

    // The live preview renders both with the public site's renderer.
    const preview = staff.getByTestId('preview-frame').frameLocator('iframe');
    await expect
      .poll(() => preview.getByTestId('content-hero').innerText(), { timeout: 15_000 })
      .toContain(HERO.title);
    await preview.getByTestId('widget-market-quotes').waitFor({ timeout: 15_000 });

    // Save makes a version; publishing it is its own step.
    await staff.getByTestId('save').click();
    await staff.getByTestId('dirty-indicator').waitFor({ state: 'detached', timeout: 15_000 });
    const publish = staff.getByTestId('publish');
    await expect.poll(() => publish.isEnabled(), { timeout: 15_000 }).toBe(true);
    const version = /\d+/.exec(await publish.innerText())?.[0];
    expect(version, 'the publish button names the saved version').toBeTruthy();
    // the starter's version is live until this one is published
    expect(/\d+/.exec(await staff.getByTestId('live-version').innerText())?.[0]).not.toBe(version);
    await publish.click();
    await expect
      .poll(async () => /\d+/.exec(await staff.getByTestId('live-version').innerText())?.[0], {
        timeout: 15_000,
      })
      .toBe(version);
    expect(await publish.isEnabled()).toBe(false);
    await settle(staff);
    await screenshot(staff, 'backoffice-two/desktop-light-page-editor-published');
    // the preview at phone width: the same components, laid out for 390 px
    await staff.getByTestId('device-phone').click();
    await expect.poll(() => staff.getByTestId('preview').getAttribute('data-device')).toBe('phone');
    const phone = staff.getByTestId('preview-frame').frameLocator('iframe');
    await expect
      .poll(() => phone.getByTestId('content-hero').innerText(), { timeout: 15_000 })
      .toContain(HERO.title);
    expect(await phone.locator('body').evaluate((body) => body.ownerDocument.defaultView?.innerWidth)).toBe(
      390,
    );
    await phone.getByTestId('widget-market-quotes').locator('[data-testid^="quote-row-"]').first().waitFor();
    // (the preview's quotes keep the network busy: wait for the fonts only)
    await staff.evaluate(() => document.fonts.ready);
    await screenshot(staff, 'backoffice-two/desktop-light-page-editor-phone-preview');
    expect(withoutRefusals(admin.errors, 400)).toEqual([]);

    // The brand itself, from its page's checklist: any red item fixed where its link leads (the starter in a demo
    // has its legal pages, support address, sandbox payment methods and risk warning), then published after a
    // confirmation.
    await staff.goto(`/backoffice/brands/${brandId}`);
    await loaded(staff, 'bob-brand');
    await fixRedItems(staff, brandId, BRAND.supportEmail);
    expect(await staff.getByTestId('bob-checklist').locator('li[data-ok="false"]').count()).toBe(0);
    const publishBrand = staff.getByTestId('bob-publish');
    await expect.poll(() => publishBrand.isEnabled(), { timeout: 15_000 }).toBe(true);
    await publishBrand.click();
    const confirm = staff.getByTestId('bo-confirm');
    expect(await confirm.innerText()).toContain(BRAND.host);
    await confirm.getByTestId('bo-confirm-submit').click();
    await expect.poll(() => toast(staff).innerText(), { timeout: 15_000 }).toContain('Brand published.');
    await expect.poll(() => staff.getByTestId('bob-status').textContent()).toContain('Published');

    // The public site on the brand's host name, in both themes.
    const visitor = await newSession('desktop', { baseURL: hostURL(BRAND.host) });
    sessions.push(visitor);
    const site = visitor.page;
    /** Requests the site answered with an error, to name them when the console shows one. */
    const failed: string[] = [];
    site.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    for (const mode of ['light', 'dark'] as const) {
      await site.goto('/');
      await site.evaluate((value) => localStorage.setItem('ob.theme', value), mode);
      // published content reaches the site within seconds (caches), without a rebuild
      await expect
        .poll(
          async () => {
            await site.reload();
            await site.getByTestId('content-hero').or(site.getByTestId('not-found')).first().waitFor();
            return site.getByTestId('content-hero').count();
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe(1);
      expect(await site.evaluate(() => document.documentElement.getAttribute('data-bs-theme'))).toBe(mode);
      const hero = site.getByTestId('content-hero');
      expect(await hero.locator('h1').innerText()).toBe(HERO.title);
      expect(await hero.innerText()).toContain(HERO.subtitle);
      // the brand's name is the site's title
      await expect.poll(() => site.title()).toContain(BRAND.name);
      // one quotes widget, the one the page places (its height), with prices in it
      const widget = site.getByTestId('widget-market-quotes');
      await expect.poll(() => widget.count()).toBe(1);
      expect((await widget.boundingBox())?.height).toBe(WIDGET_HEIGHT);
      await expect
        .poll(
          () => widget.locator('[data-testid="quote-row-BTCUSD"] [data-testid="quote-sell"]').innerText(),
          {
            timeout: 20_000,
          },
        )
        .toMatch(/^\d[\d,]*\.\d+$/);
      // hero above the widget
      const heroBox = await hero.boundingBox();
      const widgetBox = await widget.boundingBox();
      expect((heroBox?.y ?? 0) < (widgetBox?.y ?? 0)).toBe(true);
      // the brand's colours of this theme: its primary on the header's primary button, the hero's call to action
      // in the colour the hero gradient starts with
      const login = site.getByTestId('nav-login');
      await expect
        .poll(() => login.evaluate((element) => getComputedStyle(element).backgroundColor))
        .toBe(rgbOf(mode === 'light' ? BRAND.primary : BRAND.darkPrimary));
      if (mode === 'dark')
        expect(await login.evaluate((element) => getComputedStyle(element).color)).toBe(
          rgbOf(BRAND.darkOnPrimary),
        );
      const cta = hero.getByRole('link', { name: HERO.button });
      expect(await cta.getAttribute('href')).toBe(HERO.url);
      expect(await cta.evaluate((element) => getComputedStyle(element).color)).toBe(rgbOf(heroFrom[mode]));
      // (the quotes stream, so the network never goes quiet: wait for the fonts only)
      await site.evaluate(() => document.fonts.ready);
      await screenshot(site, `backoffice-two/site-brand17-home-${mode}`);
      expect(
        await sidewaysScroll(site),
        `sideways scrolling on the brand's home (${mode})`,
      ).toBeLessThanOrEqual(0);
    }
    expect(visitor.errors, `failed requests: ${failed.join(', ')}`).toEqual([]);
  });

  it('a dealer sees a client’s new position in the live exposure, closes it with a reason, and the client reads why', {
    timeout: 180_000,
  }, async () => {
    const SYMBOL = 'ETHUSD';
    const AMOUNT = '123';
    const REASON = `Risk review ${RUN}: exposure limit on ${SYMBOL} reached`;

    const dealer = await newSession();
    sessions.push(dealer);
    const desk = dealer.page;
    await staffSignIn(desk, MORE_STAFF.dealer);
    await desk.goto('/backoffice/positions');
    await loaded(desk, 'bo-dealing');
    await expect.poll(() => desk.getByTestId('bod-live').innerText(), { timeout: 20_000 }).toBe('Live');
    // The desk stays open from here on: a marker on its window proves it is never reloaded.
    await desk.evaluate(() => {
      (window as unknown as { keptOpen: boolean }).keptOpen = true;
    });
    // the demo client's brand books in EUR: its exposure is the symbol's EUR row
    const exposureRow = desk
      .locator('[data-testid="bod-exposure-row"][data-currency="EUR"]')
      .filter({ has: desk.getByRole('button', { name: SYMBOL, exact: true }) });
    /** Open positions on the symbol as the exposure table shows them (no row: none). */
    const openOnSymbol = async (): Promise<number> =>
      (await exposureRow.count()) === 0
        ? 0
        : numberOf((await exposureRow.locator('td').nth(1).innerText()).split('\n')[0] ?? '');
    const before = await openOnSymbol();

    // The demo client buys on the terminal.
    const client = await newSession();
    sessions.push(client);
    const terminal = client.page;
    await logInThroughForm(terminal);
    await terminal.goto(`/platform/${SYMBOL}`);
    await terminal.getByTestId('new-trade-panel').waitFor();
    await expect
      .poll(async () => numberOf(await textNow(terminal.getByTestId('trade-buy-price'))), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await terminal.getByTestId('trade-buy').click();
    await terminal.getByTestId('trade-amount').fill(AMOUNT);
    await terminal.getByTestId('trade-submit').click();
    const openRows = terminal.getByTestId('positions-open').locator('[data-testid^="position-row-"]');
    await expect.poll(() => openRows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const opened = openRows.filter({ hasText: SYMBOL }).first();
    await opened.waitFor({ timeout: 20_000 });
    const positionId = ((await opened.getAttribute('data-testid')) ?? '').replace('position-row-', '');
    expect(positionId).toMatch(/^\d+$/);

    // The dealer's exposure shows it without a reload.
    await expect.poll(openOnSymbol, { timeout: 20_000 }).toBe(before + 1);
    expect(numberOf(await exposureRow.getByTestId('bod-net').innerText())).not.toBe(0);
    await settle(desk);
    await screenshot(desk, 'backoffice-two/desktop-light-dealing-exposure-live');

    // The positions list, filtered by the symbol from the exposure table, has the client's position.
    await exposureRow.getByRole('button', { name: SYMBOL, exact: true }).click();
    const row = desk
      .getByTestId('bo-position-row')
      .filter({ hasText: `${AMOUNT}.00` })
      .filter({ hasText: SYMBOL });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    await row.getByTestId('bo-close-position').click();
    const dialog = desk.getByTestId('bo-close-dialog');
    await dialog.getByTestId('bo-reason-input').fill(REASON);
    await dialog.getByTestId('bo-dialog-confirm').click();
    await expect.poll(() => toast(desk).innerText(), { timeout: 15_000 }).toContain('Position closed.');
    await row.waitFor({ state: 'detached', timeout: 20_000 });

    // The desk: the close in the stream with the reason, and the exposure back where it was, still unreloaded.
    const close = desk.getByTestId('bod-close-row').filter({ hasText: SYMBOL }).first();
    await expect.poll(() => close.innerText(), { timeout: 20_000 }).toContain(REASON);
    await expect.poll(openOnSymbol, { timeout: 20_000 }).toBe(before);
    expect(await desk.evaluate(() => (window as unknown as { keptOpen?: boolean }).keptOpen)).toBe(true);

    // The client is told at once, and the history keeps why.
    await expect
      .poll(() => terminal.getByTestId('notices').innerText(), { timeout: 20_000 })
      .toContain(`Closed by the broker: ${REASON}`);
    await expect.poll(() => terminal.getByTestId(`position-row-${positionId}`).count()).toBe(0);
    await settle(terminal);
    await screenshot(terminal, 'backoffice-two/terminal-closed-by-broker');
    await terminal.getByTestId('positions-tab-history').click();
    const closed = terminal.getByTestId('positions-history').getByTestId(`position-row-${positionId}`);
    await closed.waitFor({ timeout: 20_000 });
    await closed.locator(`[data-testid="position-why-toggle-${positionId}"]`).click();
    await expect
      .poll(() => terminal.getByTestId('positions-history').innerText(), { timeout: 10_000 })
      .toContain(`Closed by the broker: ${REASON}`);

    expect(dealer.errors).toEqual([]);
    expect(client.errors).toEqual([]);
  });

  it('a pop-up aimed at one client appears for that client only', { timeout: 180_000 }, async () => {
    const chosen: NewClient = await registeredClient();
    const other: NewClient = await registeredClient();
    const TITLE = `A note for ${chosen.firstName} ${chosen.lastName}`;
    const TEXT = 'Your account manager has prepared your quarterly statement.';

    const staff = admin.page;
    const seenErrors = admin.errors.length;
    await staff.getByRole('navigation').getByRole('link', { name: 'Pop-ups', exact: true }).click();
    await staff.waitForURL('**/backoffice/popups');
    await loaded(staff, 'boe-popups');
    await staff.getByTestId('boe-popup-new').click();
    const dialog = staff.getByTestId('boe-popup-dialog');
    await dialog.getByTestId('boe-popup-brand').selectOption({ label: 'OpenBroker Demo' });
    await dialog.getByTestId('boe-popup-title').fill(TITLE);
    await dialog.getByTestId('boe-popup-content').fill(`<p>${TEXT}</p>`);
    // the preview shows what the client will see
    await expect.poll(() => dialog.getByTestId('boe-popup-preview').innerText()).toContain(TEXT);
    await dialog.getByTestId('boe-audience-client').check();
    await dialog.getByTestId('boe-popup-client-search').fill(chosen.email);
    const hit = dialog
      .getByTestId('boe-popup-client-hits')
      .getByRole('button')
      .filter({ hasText: chosen.email });
    await expect.poll(() => hit.count(), { timeout: 15_000 }).toBe(1);
    await hit.click();
    expect(await dialog.getByTestId('boe-popup-client').innerText()).toContain(chosen.email);
    await settle(staff);
    await screenshot(staff, 'backoffice-two/desktop-light-popup-dialog');
    await dialog.getByTestId('boe-popup-save').click();
    await expect.poll(() => toast(staff).innerText(), { timeout: 15_000 }).toContain('Pop-up created.');
    await dialog.waitFor({ state: 'detached' });
    const popupRow = staff.locator('tr', {
      has: staff.getByTestId('boe-popup-row').filter({ hasText: TITLE }),
    });
    await expect.poll(() => popupRow.count(), { timeout: 15_000 }).toBe(1);
    expect(await popupRow.innerText()).toContain('One client');
    expect(await popupRow.getByTestId('boe-popup-reads').innerText()).toMatch(/0\s*\/\s*1/);

    /** Logs a client in, answers the titles of the pop-ups the app was given, read and closed one by one. */
    const popupsOf = async (person: NewClient) => {
      const session = await newSession();
      sessions.push(session);
      const answer = session.page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/accounts/popups',
        { timeout: 20_000 },
      );
      await logInThroughForm(session.page, person.email, person.password, { keepPopups: true });
      const given = await dataOf<{ title: string; content: string }[]>(await answer);
      const read = await readPopups(session.page, given.length, async (title) => {
        if (title !== TITLE) return;
        await settle(session.page);
        await screenshot(session.page, 'backoffice-two/client-popup-for-one');
      });
      expect(session.errors).toEqual([]);
      return { given: given.map((popup) => popup.title), read };
    };

    const forChosen = await popupsOf(chosen);
    expect(forChosen.given).toContain(TITLE);
    const mine = forChosen.read.find((popup) => popup.title === TITLE);
    expect(mine?.text, 'the chosen client sees the pop-up with its text').toContain(TEXT);

    const forOther = await popupsOf(other);
    expect(forOther.given).not.toContain(TITLE);
    expect(forOther.read.map((popup) => popup.title)).not.toContain(TITLE);

    // The back office sees who read it: the one client it was meant for.
    await staff.reload();
    await loaded(staff, 'boe-popups');
    await expect
      .poll(() => popupRow.getByTestId('boe-popup-reads').innerText(), { timeout: 15_000 })
      .toMatch(/1\s*\/\s*1/);
    expect(admin.errors.slice(seenErrors)).toEqual([]);
  });

  it('the audit trail keeps each change with who made it: the brand, its home page, the pop-up and the broker close', async () => {
    const staff = admin.page;
    const seenErrors = admin.errors.length;
    const rows = staff.getByTestId('bo-audit-row');
    const actionsShown = async () =>
      (await rows.locator('code.bom-action').allInnerTexts()).map((text) => text.replace(/\s/g, ''));
    const rowOf = (action: string) =>
      rows.filter({ has: staff.locator('code.bom-action', { hasText: action }) }).first();

    // The new brand's own trail: created, themed, its home page saved and published, the brand published, all by
    // the admin.
    await staff.goto(`/backoffice/audit?brandId=${brandId}`);
    await loaded(staff, 'bo-audit-row');
    await expect
      .poll(actionsShown, { timeout: 15_000 })
      .toEqual(
        expect.arrayContaining([
          'brand.create',
          'brand.update',
          'content.page.save',
          'content.page.publish',
          'brand.publish',
        ]),
      );
    for (const action of ['brand.create', 'content.page.publish', 'brand.publish'])
      expect(await rowOf(action).innerText()).toContain(DEMO_STAFF.admin.name);
    // newest first: the brand published after its page, the page published after it was saved, saved after the
    // brand was created
    const order = await actionsShown();
    expect(order.indexOf('brand.publish')).toBeLessThan(order.indexOf('content.page.publish'));
    expect(order.indexOf('content.page.publish')).toBeLessThan(order.indexOf('content.page.save'));
    expect(order.indexOf('content.page.save')).toBeLessThan(order.indexOf('brand.create'));

    // The dealer's close, with the reason given; the pop-up, by the admin.
    await staff.goto('/backoffice/audit?action=position.close');
    await loaded(staff, 'bo-audit-row');
    const close = rowOf('position.close');
    await expect.poll(() => close.innerText(), { timeout: 15_000 }).toContain(MORE_STAFF.dealer.name);
    expect(await close.innerText()).toContain(`Risk review ${RUN}`);
    await staff.goto('/backoffice/audit?action=popup.create');
    await loaded(staff, 'bo-audit-row');
    await expect
      .poll(() => rowOf('popup.create').innerText(), { timeout: 15_000 })
      .toContain(DEMO_STAFF.admin.name);
    expect(admin.errors.slice(seenErrors)).toEqual([]);
  });

  // 19 screens in two themes, each waited for until its data shows: up to 15 s a screenshot on a loaded machine
  it('every new back-office screen at 1366 px in light and dark, without sideways scrolling or console errors', {
    timeout: 600_000,
  }, async () => {
    const staff = admin.page;
    const seenErrors = admin.errors.length;
    const rowsIn = (testId: string) => async (page: Page) => {
      await loaded(page, testId);
    };
    const screens: { url: string; name: string; ready: (page: Page) => Promise<void> }[] = [
      {
        url: '/backoffice',
        name: 'dashboard',
        ready: async (p) => {
          await loaded(p, 'bo-dashboard');
          await p.getByTestId('bo-dash-reports').waitFor({ timeout: 20_000 });
        },
      },
      {
        url: '/backoffice/brands',
        name: 'brands',
        ready: async (p) => {
          await loaded(p, 'bob-brands');
          await p.getByTestId('bob-row').filter({ hasText: BRAND.name }).waitFor();
        },
      },
      { url: `/backoffice/brands/${brandId}`, name: 'brand-general', ready: rowsIn('bob-brand') },
      {
        url: `/backoffice/brands/${brandId}?tab=theme`,
        name: 'brand-theme',
        ready: async (p) => {
          await loaded(p, 'bob-brand');
          await p.getByTestId('bob-theme').waitFor();
        },
      },
      ...['hosts', 'client-area', 'legal', 'payments', 'verification', 'trading'].map((tab) => ({
        url: `/backoffice/brands/${brandId}?tab=${tab}`,
        name: `brand-${tab}`,
        ready: async (p: Page) => {
          await loaded(p, 'bob-brand');
          await expect.poll(() => p.getByTestId(`bob-tab-${tab}`).getAttribute('aria-selected')).toBe('true');
        },
      })),
      {
        url: `/backoffice/content?brand=${brandId}&lang=en`,
        name: 'content',
        ready: async (p) => {
          await loaded(p, 'content-pages');
          await p.getByTestId(`page-link-${pageId}`).waitFor();
        },
      },
      {
        url: `/backoffice/content/${pageId}`,
        name: 'page-editor',
        ready: async (p) => {
          await p.getByTestId('page-editor').waitFor({ timeout: 20_000 });
          await p.getByTestId('preview-frame').frameLocator('iframe').getByTestId('content-hero').waitFor();
        },
      },
      { url: '/backoffice/site', name: 'site', ready: rowsIn('bos-site') },
      { url: '/backoffice/inbox', name: 'inbox', ready: rowsIn('bos-inbox') },
      {
        url: '/backoffice/popups',
        name: 'popups',
        ready: async (p) => {
          await loaded(p, 'boe-popups');
          await p.getByTestId('boe-popup-row').first().waitFor();
        },
      },
      {
        url: '/backoffice/affiliates',
        name: 'affiliates',
        ready: async (p) => {
          await loaded(p, 'boe-affiliates');
          await p.getByTestId('boe-aff-row').first().waitFor();
        },
      },
      {
        url: '/backoffice/positions',
        name: 'dealing-desk',
        ready: async (p) => {
          await loaded(p, 'bo-dealing');
          await expect.poll(() => p.getByTestId('bod-live').innerText(), { timeout: 20_000 }).toBe('Live');
        },
      },
      {
        url: '/backoffice/reports',
        name: 'reports',
        ready: async (p) => {
          await loaded(p, 'bo-reports');
          await p.locator('[data-testid^="bo-report-"]').first().waitFor({ timeout: 20_000 });
        },
      },
    ];
    const files: string[] = [];
    for (const screen of screens)
      files.push(...(await shootBothThemes(staff, screen.url, screen.name, screen.ready)));

    // One affiliate: the demo affiliate's funnel, as its panel shows it.
    await staff.goto('/backoffice/affiliates');
    await loaded(staff, 'boe-affiliates');
    const first = staff.getByTestId('boe-aff-row').first();
    await first.click();
    await staff.waitForURL(/\/backoffice\/affiliates\/\d+/);
    const affiliateUrl = new URL(staff.url()).pathname;
    files.push(
      ...(await shootBothThemes(staff, affiliateUrl, 'affiliate', async (p) => {
        await loaded(p, 'boe-affiliate');
        await p.getByTestId('boe-aff-kpis').waitFor({ timeout: 20_000 });
      })),
    );
    expect(files.length).toBe((screens.length + 1) * 2);
    expect(admin.errors.slice(seenErrors)).toEqual([]);
  });
});

/** The text of a locator now ('' while it is not there). */
function textNow(locator: Locator): Promise<string> {
  return locator.textContent({ timeout: 1_000 }).then(
    (text) => text ?? '',
    () => '',
  );
}
