import { MESSAGES_EN } from '@openbroker/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, newSession, screenshot } from '../support/browser.js';

/**
 * The public site on three white-label brands, each picked by host name
 * (`<slug>.localhost:<port>`: chromium resolves *.localhost to the loopback address).
 */

const NOT_FOUND = MESSAGES_EN['page.notFound'];
const LEGAL_PAGES = ['terms-conditions', 'cookies-policy', 'aml-policy', 'kyc-policy', 'privacy-policy'];

/** The address of `path` on a brand's own host. */
const on = (brand: string, path = '/') => {
  const url = new URL(baseURL());
  return `${url.protocol}//${brand}.localhost:${url.port}${path}`;
};

const cssVariable = (page: Page, name: string) =>
  page.evaluate(
    (variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(),
    name,
  );

/** Reads a live crypto price twice, a few seconds apart, until it has moved (only crypto trades at weekends). */
async function expectMovingPrice(page: Page, selector: string) {
  const price = page.locator(selector).first();
  await expect.poll(() => price.innerText(), { timeout: 20_000 }).toMatch(/\d/);
  const first = await price.innerText();
  await expect.poll(() => price.innerText(), { timeout: 20_000, interval: 500 }).not.toBe(first);
}

const BRANDS = [
  { slug: 'aurora', name: 'Aurora Markets', widgets: ['ticker-tape', 'market-quotes'] },
  { slug: 'meridian', name: 'Meridian Capital FX', widgets: ['market-quotes', 'cross-rates'] },
  { slug: 'kestrel', name: 'Kestrel FX', widgets: ['cross-rates', 'ticker-tape'] },
] as const;

describe('white-label home pages by host name', () => {
  const seen: { primary: string; title: string; hero: string }[] = [];

  it.each(BRANDS)('$slug shows its own home page, palette and widgets with moving prices', async (brand) => {
    const { page, context, errors } = await newSession();
    await page.goto(on(brand.slug));
    await page.getByTestId('content-page').waitFor();
    await expect.poll(() => page.title()).toContain(brand.name);
    for (const widget of brand.widgets) await page.getByTestId(`widget-${widget}`).waitFor();
    const absent = ['ticker-tape', 'market-quotes', 'cross-rates'].filter(
      (widget) => !(brand.widgets as readonly string[]).includes(widget),
    );
    for (const widget of absent) expect(await page.getByTestId(`widget-${widget}`).count()).toBe(0);
    if ((brand.widgets as readonly string[]).includes('market-quotes')) {
      const widget = page.getByTestId('widget-market-quotes');
      expect(await widget.evaluate((element) => element.getBoundingClientRect().height)).toBe(500);
      await expectMovingPrice(page, '[data-testid="quote-row-BTCUSD"] [data-testid="quote-sell"]');
    } else {
      await expectMovingPrice(page, '[data-testid="ticker-BTCUSD"] [data-testid="ticker-price"]');
    }
    if ((brand.widgets as readonly string[]).includes('cross-rates')) {
      const widget = page.getByTestId('widget-cross-rates');
      expect(await widget.evaluate((element) => element.getBoundingClientRect().height)).toBe(400);
      await expect.poll(() => page.getByTestId('cross-EUR-USD').innerText()).toMatch(/^\d+\.\d{4}$/);
    }
    seen.push({
      primary: await cssVariable(page, '--ob-primary'),
      title: await page.title(),
      hero: await page.locator('.ob-hero-title').first().innerText(),
    });
    await screenshot(page, `site-${brand.slug}-home-desktop-light`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the three brands differ in palette, title and home page', () => {
    expect(seen).toHaveLength(3);
    for (const key of ['primary', 'title', 'hero'] as const) {
      expect(new Set(seen.map((entry) => entry[key])).size).toBe(3);
    }
  });

  it('a brand whose flag says so sends its home page to the platform', async () => {
    const { page, context } = await newSession();
    await page.goto(on('sterling'));
    await page.waitForURL('**/login');
    await context.close();
  });

  it("plays the home page's tour video (spec §2 video component)", async () => {
    const { page, context, errors } = await newSession();
    await page.goto(on('aurora'));
    const video = page.locator('.ob-video video');
    await video.scrollIntoViewIfNeeded();
    // The browser decodes the file: its metadata gives the 16 s length, and playback advances.
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
      .toBeGreaterThan(0);
    expect(await video.evaluate((element: HTMLVideoElement) => Math.round(element.duration))).toBe(16);
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0.5);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('content pages (spec §2 /{slug})', () => {
  it.each([...LEGAL_PAGES, 'about', 'account-levels'])('renders /%s', async (slug) => {
    const { page, context, errors } = await newSession();
    await page.goto(on('aurora', `/${slug}`));
    await page.locator(`[data-testid="content-page"][data-slug="${slug}"]`).waitFor();
    expect(await page.getByTestId('not-found').count()).toBe(0);
    expect((await page.locator('main h1').first().innerText()).length).toBeGreaterThan(3);
    expect(await page.title()).toContain('Aurora Markets');
    if (slug === 'terms-conditions') await screenshot(page, 'site-aurora-terms-desktop-light');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the exact 404 text for an unknown slug, answered with HTTP 404', async () => {
    const { page, context } = await newSession();
    const response = await page.goto(on('meridian', '/no-such-page-here'));
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByTestId('not-found').innerText()).toBe(NOT_FOUND);
    await context.close();
  });

  it('the economic calendar lists events and filters them by impact and currency', async () => {
    const { page, context } = await newSession();
    await page.goto(on('aurora', '/economic-calendar'));
    const rows = page.getByTestId('economic-event');
    await rows.first().waitFor();
    const all = await rows.count();
    await page.getByTestId('calendar-impact-3').click();
    await expect.poll(() => rows.count()).toBeLessThan(all);
    expect(
      new Set(await rows.evaluateAll((list) => list.map((row) => row.getAttribute('data-impact')))),
    ).toEqual(new Set(['3']));
    await page.getByTestId('calendar-impact-3').click();
    await page.getByTestId('calendar-currency-USD').click();
    expect(
      new Set(await rows.evaluateAll((list) => list.map((row) => row.getAttribute('data-currency')))),
    ).toEqual(new Set(['USD']));
    await screenshot(page, 'site-aurora-calendar-desktop-light');
    await context.close();
  });
});

describe('public contact form (spec §4, §5, §8)', () => {
  it('shows the field errors, then thanks for a message', async () => {
    const { page, context } = await newSession();
    await page.goto(on('aurora', '/contact-us'));
    const form = page.getByTestId('public-contact-form');
    await form.waitFor();
    await form.locator('button[type="submit"]').click();
    for (const key of ['contact.nameRequired', 'contact.emailRequired', 'contact.messageRequired'] as const) {
      await form.getByText(MESSAGES_EN[key], { exact: true }).waitFor();
    }
    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill('ada@');
    await form.getByLabel('Message').fill('Please call me about a professional account.');
    await form.locator('button[type="submit"]').click();
    await form.getByText(MESSAGES_EN['contact.emailInvalid'], { exact: true }).waitFor();
    await form.getByLabel('Email').fill('ada@example.com');
    await form.locator('button[type="submit"]').click();
    expect(await form.locator('button[type="submit"]').isDisabled()).toBe(true);
    await page.getByText(MESSAGES_EN['contact.success'], { exact: true }).waitFor();
    await screenshot(page, 'site-aurora-contact-desktop-light');
    await context.close();
  });
});

describe('languages and themes on a content page', () => {
  it('switching to German translates the interface and the content', async () => {
    const { page, context } = await newSession();
    await page.goto(on('meridian', '/about'));
    const heading = page.locator('main h1').first();
    await heading.waitFor();
    const english = await heading.innerText();
    await page.getByTestId('language-select').selectOption('de');
    await expect.poll(() => page.getByTestId('nav-login').innerText()).toBe('Anmelden');
    await expect.poll(() => heading.innerText()).not.toBe(english);
    await screenshot(page, 'site-meridian-about-desktop-de');
    await context.close();
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`renders a content page in light and dark (${viewport})`, async () => {
      const { page, context } = await newSession(viewport);
      const width = viewport === 'desktop' ? 1366 : 390;
      for (const brand of ['aurora', 'kestrel']) {
        await page.goto(on(brand));
        await page.getByTestId('content-page').waitFor();
        if (await page.getByTestId('widget-cross-rates').count()) {
          await expect.poll(() => page.getByTestId('cross-USD-JPY').innerText()).toMatch(/\d/);
        }
        await page.waitForTimeout(800);
        await screenshot(page, `site-${brand}-home-${width}-light`);
      }
      await page.goto(on('aurora', '/about'));
      await page.getByTestId('content-page').waitFor();
      const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const light = await background();
      await screenshot(page, `site-aurora-about-${width}-light`);
      await Promise.all([page.waitForEvent('load'), page.getByTestId('theme-toggle').click()]);
      await page.getByTestId('content-page').waitFor();
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-bs-theme'))).toBe('dark');
      expect(await background()).not.toBe(light);
      await screenshot(page, `site-aurora-about-${width}-dark`);
      for (const brand of ['aurora', 'meridian']) {
        await page.goto(on(brand));
        await page.evaluate(() => localStorage.setItem('ob.theme', 'dark'));
        await page.reload();
        await page.getByTestId('content-page').waitFor();
        await page.waitForTimeout(800);
        // The market quotes widget stays light on a dark page (spec §2).
        const quotes = page.getByTestId('widget-market-quotes');
        if (await quotes.count()) expect(await quotes.getAttribute('data-bs-theme')).toBe('light');
        await screenshot(page, `site-${brand}-home-${width}-dark`);
      }
      await context.close();
    });
  }
});
