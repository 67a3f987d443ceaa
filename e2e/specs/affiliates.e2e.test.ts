import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newClient, register } from '../support/accounts.js';
import { closePopups, newSession, popupsAnswered, screenshot } from '../support/browser.js';

/**
 * Affiliates and referrals in a real browser against the production build: a visitor comes
 * through the demo affiliate's tracking link, signs up, and the affiliate's panel shows the account and
 * the click → registration funnel of the day; a second visitor comes through the first client's own
 * referral link and appears, masked, on the first client's /referrals page.
 */

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** Signs a new client up from a landing page with `?ref=`, as a visitor would. */
async function signUpThrough(page: Page, landing: string) {
  const clicked = landing.includes('ref=')
    ? page.waitForResponse((r) => new URL(r.url()).pathname === '/api/affiliate/click')
    : Promise.resolve();
  await page.goto(landing);
  await clicked;
  await page.goto('/register');
  const client = newClient();
  const popups = popupsAnswered(page);
  await register(page, client);
  await page.waitForURL('**/my-account/info');
  await popups;
  await closePopups(page);
  return client;
}

/** Light and dark screenshots at desktop and phone width of the screen at `path`. */
async function screenshotsOf(
  page: Page,
  path: string,
  name: string,
  ready: (page: Page) => Promise<unknown>,
) {
  for (const theme of ['light', 'dark'] as const) {
    for (const [label, size] of [
      ['1366', { width: 1366, height: 900 }],
      ['390', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.evaluate((t) => localStorage.setItem('ob.theme', t), theme);
      await page.goto(path);
      await ready(page);
      await screenshot(page, `${name}-${label}-${theme}`);
    }
  }
  await page.evaluate(() => localStorage.setItem('ob.theme', 'light'));
}

describe('affiliate tracking link → registration → affiliate panel', () => {
  it('attributes the sign-up to the affiliate, who sees the account and the funnel of the day', async () => {
    const { page, context, errors } = await newSession();
    const client = await signUpThrough(page, '/?ref=DEMOAFF');
    expect(await stored(page, 'ob.ref')).toBe('DEMOAFF');
    expect(await stored(page, 'ob.ref.source')).toBe('/?ref=DEMOAFF');

    // The affiliate logs in in the same browser: its session is stored apart, the client stays logged in.
    await page.goto('/affiliate');
    const login = page.getByTestId('affiliate-login-form');
    await login.getByLabel('Email').fill('affiliate@example.com');
    await login.getByLabel('Password', { exact: true }).fill('Demo1234!');
    await login.locator('button[type="submit"]').click();
    const panel = page.getByTestId('affiliate-panel');
    await panel.waitFor();
    expect(JSON.parse((await stored(page, 'ob.affiliate')) ?? '{}').affiliate.code).toBe('DEMOAFF');
    expect(JSON.parse((await stored(page, 'ob.auth')) ?? '{}').user.email).toBe(client.email);

    const row = page.getByTestId('affiliate-accounts').locator('tr', { hasText: client.email });
    await row.waitFor();
    expect(await row.innerText()).toContain(client.firstName);
    expect(await row.innerText()).toContain('/?ref=DEMOAFF');
    expect(await row.innerText()).toContain('—'); // no first deposit yet
    const card = (name: string) => page.getByTestId(`affiliate-card-${name}`).locator('.ob-aff-card-value');
    await expect.poll(async () => Number(await card('clicks').innerText())).toBeGreaterThanOrEqual(1);
    expect(Number(await card('registrations').innerText())).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('affiliate-link').inputValue()).toMatch(/\/\?ref=DEMOAFF$/);
    const today = new Date().toISOString().slice(0, 10);
    const bars = page.locator(`[data-testid="affiliate-chart"] g[data-day="${today}"] title`);
    expect(await bars.textContent()).toMatch(/[1-9]\d* registrations/);

    await screenshotsOf(page, '/affiliate', 'affiliate-panel', async (p) => {
      await p.getByTestId('affiliate-accounts').locator('tr', { hasText: client.email }).waitFor();
      await p.getByTestId('affiliate-chart').waitFor();
    });

    // Logout ends the affiliate session only.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/affiliate');
    await page.getByTestId('affiliate-logout').click();
    await login.waitFor();
    expect(await stored(page, 'ob.affiliate')).toBeNull();
    expect(await stored(page, 'ob.auth')).not.toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the referred client's first deposit made through the sandbox card", async () => {
    const { page, context } = await newSession();
    const client = await signUpThrough(page, '/?ref=DEMOAFF');
    // The profile is completed through the API with the session the sign-up stored (deposits need it).
    const token = JSON.parse((await stored(page, 'ob.auth')) ?? '{}').access_token as string;
    const completed = await page.evaluate(async (t) => {
      const countries = await (await fetch(`/api/get/countries?token=${t}`)).json();
      const de = countries.data.find((c: { alpha2: string }) => c.alpha2 === 'DE');
      const res = await fetch('/api/accounts/update', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          token: t,
          first_name: 'Nina',
          last_name: 'Neu',
          phone: '+4915112345678',
          birth_date: '1991-03-04',
          country_id: de.id,
          state: 'Bremen',
          city: 'Bremen',
          street: 'Am Markt 1',
          zip_code: '28195',
        }),
      });
      return res.status;
    }, token);
    expect(completed).toBe(200);
    await page.reload();

    await page.goto('/payment/creditCard');
    await page.getByTestId('payment-method-card-1').click();
    await page.getByTestId('deposit-amount').fill('250');
    await page.getByTestId('deposit-submit').click();
    await page.waitForURL(/\/sandbox\/pay/);
    await page.getByTestId('sandbox-card-number').fill('4242 4242 4242 4242');
    await page.getByTestId('sandbox-expiry').fill('12/39');
    await page.getByTestId('sandbox-cvc').fill('123');
    await page.getByTestId('sandbox-pay').click();
    await page.getByTestId('sandbox-3ds-code').fill('1234');
    await page.getByTestId('sandbox-3ds-submit').click();
    await page.waitForURL(/\/payment\/creditCard\?transaction=TX-/);

    await page.goto('/affiliate');
    const login = page.getByTestId('affiliate-login-form');
    await login.getByLabel('Email').fill('affiliate@example.com');
    await login.getByLabel('Password', { exact: true }).fill('Demo1234!');
    await login.locator('button[type="submit"]').click();
    const row = page.getByTestId('affiliate-accounts').locator('tr', { hasText: client.email });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/250\.00/);
    const card = (name: string) => page.getByTestId(`affiliate-card-${name}`).locator('.ob-aff-card-value');
    await expect.poll(async () => Number(await card('depositors').innerText())).toBeGreaterThanOrEqual(1);
    await context.close();
  });
});

describe("client referrals: a friend signs up through the client's link", () => {
  it('lists the friend, masked, on /referrals', async () => {
    const first = await newSession();
    const referrer = await signUpThrough(first.page, '/');
    const uniqid = JSON.parse((await stored(first.page, 'ob.auth')) ?? '{}').user.uniqid as string;
    expect(uniqid).toMatch(/^[A-Z2-9]{10}$/);
    await first.page.goto('/referrals');
    expect(await first.page.getByTestId('referral-link').inputValue()).toMatch(
      new RegExp(`/\\?ref=${uniqid}$`),
    );
    await first.page.getByText('no data to show').waitFor();

    const second = await newSession('phone');
    const friend = await signUpThrough(second.page, `/?ref=${uniqid}`);
    await second.context.close();

    await first.page.reload();
    const table = first.page.getByTestId('referrals-table');
    const masked = `${friend.firstName.slice(0, 2)}*** ${friend.lastName.slice(0, 2)}***`;
    await table.getByText(masked).waitFor();
    expect(await table.innerText()).toContain(`${friend.email.slice(0, 2)}***@ex***.com`);
    expect(await table.innerText()).not.toContain(friend.email);
    expect(referrer.email).not.toBe(friend.email);

    await screenshotsOf(first.page, '/referrals', 'referrals', (p) =>
      p.getByTestId('referrals-table').getByText(masked).waitFor(),
    );
    expect(first.errors).toEqual([]);
    await first.context.close();
  });
});
