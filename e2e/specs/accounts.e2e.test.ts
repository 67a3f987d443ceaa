import { MESSAGES_EN } from '@openbroker/domain';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  newClient,
  realJpeg,
  register,
  serverLogSize,
  tempFile,
  waitForResetLink,
} from '../support/accounts.js';
import { closePopups, logInThroughForm, newSession, popupsAnswered, screenshot } from '../support/browser.js';

/**
 * The client-account journeys of spec §2, §4, §5 and §8 in a real browser against the production build:
 * login and logout, auto login, registration with a referral code, the profile, password reset and
 * change, document upload, auto-trading, pop-up notices and the idle logout.
 */

const path = (page: Page) => new URL(page.url()).pathname;
const storedAuth = (page: Page) => page.evaluate(() => localStorage.getItem('ob.auth'));

async function fillLogin(page: Page, email: string, password: string) {
  const form = page.getByTestId('login-form');
  await form.locator('input[type="email"]').fill(email);
  await form.locator('input[type="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}

describe('login and logout', () => {
  it('logs the demo client in, shows the header of spec §2, and logs out', async () => {
    const { page, context, errors } = await newSession();
    await logInThroughForm(page);
    expect(path(page)).toBe('/platform/BTCUSD');
    const greeting = page.getByTestId('user-greeting');
    await expect.poll(() => greeting.innerText()).toContain('Dana Demo');
    const header = await greeting.innerText();
    expect(header).toMatch(/PIN \d+/);
    expect(header).toMatch(/Verified|Not Verified/);
    expect(await greeting.getByRole('link', { name: /Level/ }).getAttribute('href')).toBe('/account-levels');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    for (const item of ['Platform', 'Referrals', 'My account', 'Transactions', 'Economics'])
      expect(await menu.getByRole('link', { name: item, exact: true }).count(), item).toBe(1);
    await screenshot(page, 'accounts-logged-in');

    await page.getByTestId('logout').click();
    await page.waitForURL('**/login');
    expect(await storedAuth(page)).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says 'Invalid credentials.' for a wrong password, in English and German", async () => {
    const { page, context } = await newSession();
    await page.goto('/login');
    await fillLogin(page, 'demo@example.com', 'not-the-password');
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.innerText()).toBe(MESSAGES_EN['login.error_message']);
    expect(path(page)).toBe('/login');
    await screenshot(page, 'accounts-login-invalid');

    await page.getByTestId('language-select').selectOption('de');
    await fillLogin(page, 'demo@example.com', 'immer-noch-falsch');
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('Ungültige Zugangsdaten.');
    await screenshot(page, 'accounts-login-invalid-de');
    await context.close();
  });

  it('auto login: the link made by `cli login-code` logs in after 2 s and opens the platform', async () => {
    const url = inject('autoLoginUrl');
    expect(url, 'global setup could not make a login code with the CLI').toMatch(/\/autoLogin\//);
    const { page, context, errors } = await newSession();
    const popups = popupsAnswered(page);
    await page.goto(url);
    // spec §2: a spinner, and the login button is clicked automatically after 2 s
    await expect.poll(() => page.getByRole('status').count()).toBeGreaterThan(0);
    await screenshot(page, 'accounts-auto-login');
    await page.waitForURL('**/platform/BTCUSD', { timeout: 15_000 });
    expect(await storedAuth(page)).not.toBeNull();
    // the demo client's profile is complete: no register flag
    expect(await page.evaluate(() => localStorage.getItem('ob.register'))).toBeNull();

    // The link works once.
    await popups;
    await closePopups(page);
    await page.getByTestId('logout').click();
    await page.waitForURL('**/login');
    await page.goto(url);
    await expect
      .poll(() => page.getByRole('alert').innerText(), { timeout: 10_000 })
      .toBe(MESSAGES_EN['login.auto.error']);
    await screenshot(page, 'accounts-auto-login-used');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await context.close();
  });
});

describe('pop-up notices', () => {
  it('shows the welcome notice after login, and not again once closed', async () => {
    const { page, context } = await newSession();
    // The unverified demo client: no other journey logs in with it, so its notice is still unread.
    await logInThroughForm(page, 'new@example.com', 'Demo1234!', { keepPopups: true });
    const modal = page.locator('.modal');
    await page.getByTestId('popup-close').waitFor({ state: 'visible' });
    expect(await page.locator('#ob-popup-title').innerText()).not.toBe('');
    expect(await modal.locator('.ob-popup-content script').count()).toBe(0);
    // once the fade-in is over
    await page.waitForFunction(() => {
      const dialog = document.querySelector('.modal.show');
      return !!dialog && getComputedStyle(dialog).opacity === '1';
    });
    await screenshot(page, 'accounts-popup');
    expect(await closePopups(page)).toBeGreaterThan(0);
    await modal.waitFor({ state: 'detached' });

    await page.getByTestId('logout').click();
    await page.waitForURL('**/login');
    await logInThroughForm(page, 'new@example.com', 'Demo1234!', { keepPopups: true });
    await page.waitForTimeout(1_000);
    expect(await page.getByTestId('popup-close').count()).toBe(0);
    await context.close();
  });
});

describe('a new client, from sign-up to verification', () => {
  const client = newClient();
  let password = client.password;

  it('registers with a referral code, completes the profile and goes on to the deposit page', async () => {
    const { page, context, errors } = await newSession();
    await page.goto('/?ref=TESTREF');
    await page.goto('/?ref=SECONDREF'); // spec §4: stored once, the first touch wins
    await page.getByRole('link', { name: 'Register' }).first().click();
    await page.waitForURL('**/register');
    await screenshot(page, 'accounts-register');
    const sent = page.waitForRequest('**/api/accounts/register');
    const popups = popupsAnswered(page);
    await register(page, client);
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      email: client.email,
      phone: client.e164,
      country: 'DE',
      agree: true,
      ref: 'TESTREF',
      source_page: '/?ref=TESTREF',
    });

    // spec §4: after sign up the register flag is set and the user goes to my-account/info
    await page.waitForURL('**/my-account/info');
    expect(await page.evaluate(() => localStorage.getItem('ob.register'))).toBe('1');
    await popups;
    await closePopups(page);
    await expect
      .poll(() => page.getByTestId('profile-incomplete').innerText())
      .toContain(MESSAGES_EN['account.fillDetails']);
    await screenshot(page, 'accounts-profile-incomplete');

    // spec §5: other client screens warn too, with the way back to the form
    await page.getByRole('link', { name: 'Platform', exact: true }).click();
    await page.waitForURL('**/platform/BTCUSD');
    const banner = page.getByTestId('profile-incomplete-banner');
    await expect.poll(() => banner.innerText()).toContain(MESSAGES_EN['account.fillDetails']);
    await screenshot(page, 'accounts-banner-platform');
    await banner.getByRole('link').click();
    await page.waitForURL('**/my-account/info');

    const form = page.getByTestId('profile-form');
    // the phone of the sign-up is there, split into its country code and the national number
    expect(await form.getByTestId('phone-country').inputValue()).toBe('DE');
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => form.getByText('City is required').count()).toBe(1);
    await form.getByLabel('Date of birth').fill('1991-05-17');
    await form.getByTestId('country-select').selectOption({ label: 'Germany' });
    await form.getByLabel('State / region').fill('Berlin');
    await form.getByLabel('City').fill('Berlin');
    await form.getByLabel('ZIP code').fill('10117');
    await form.getByLabel('Street and number').fill('Unter den Linden 1');
    await screenshot(page, 'accounts-profile-filled');
    await form.locator('button[type="submit"]').click();

    // spec §4: a profile update with the register flag set goes to /payment/deposit
    await page.waitForURL('**/payment/deposit');
    await expect
      .poll(() => page.getByTestId('toast-success').innerText())
      .toContain(MESSAGES_EN['data.saved']);
    expect(await page.evaluate(() => localStorage.getItem('ob.register'))).toBeNull();
    expect(await page.getByText(MESSAGES_EN['account.completeFirst']).count()).toBe(0);
    await screenshot(page, 'accounts-deposit-after-profile');

    await page.goto('/my-account/info');
    await expect.poll(() => page.getByTestId('account-location').innerText()).toBe('Berlin, Germany');
    expect(await page.getByTestId('profile-incomplete').count()).toBe(0);
    await page.goto('/platform/BTCUSD');
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('profile-incomplete-banner').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('forgot password: the mailed link (read from the server log) sets a new password', async () => {
    const { page, context, errors } = await newSession();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/password/request');
    const logOffset = serverLogSize();
    await page.getByLabel('Email').fill(client.email);
    await page.locator('button[type="submit"]').click();
    // the confirmation, or the form's alert when the request failed (named in the assertion's message)
    const heading = page.getByRole('heading', { level: 1 });
    const alerts = page.getByRole('alert');
    await expect
      .poll(async () => (await heading.innerText()) === 'Check your email' || (await alerts.count()) > 0)
      .toBe(true);
    await screenshot(page, 'accounts-forgot-sent');
    expect(await heading.innerText(), (await alerts.allInnerTexts()).join(' ')).toBe('Check your email');

    const link = await waitForResetLink(logOffset);
    await page.goto(link);
    await page.getByLabel('New password').fill('Second-password-1');
    await page.getByLabel('Confirm password').fill('Second-password-2');
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => page.getByText(MESSAGES_EN['password.mismatch']).count()).toBe(1);
    await screenshot(page, 'accounts-reset-mismatch');
    await page.getByLabel('Confirm password').fill('Second-password-1');
    await page.locator('button[type="submit"]').click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('Your password has been changed');
    await screenshot(page, 'accounts-reset-done');
    password = 'Second-password-1';

    // The link works once.
    await page.goto(link);
    await page.getByLabel('New password').fill('Third-password-1');
    await page.getByLabel('Confirm password').fill('Third-password-1');
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => page.getByRole('alert').innerText()).toBe(MESSAGES_EN['password.resetInvalid']);

    await logInThroughForm(page, client.email, password);
    expect(path(page)).toBe('/platform/BTCUSD');
    expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
    await context.close();
  });

  // the page must not tell whether an address has an account
  it('forgot password for an unknown address confirms like for a registered one', async () => {
    const { page, context } = await newSession();
    await page.goto('/password/request');
    await page.getByLabel('Email').fill('nobody-here@example.com');
    const answer = page.waitForResponse('**/api/get/forgotPassword');
    await page.locator('button[type="submit"]').click();
    expect((await answer).status()).toBe(200);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Check your email');
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });

  it('changes the password on my-account/password', async () => {
    const { page, context, errors } = await newSession();
    await logInThroughForm(page, client.email, password);
    await page.goto('/my-account/password');
    const form = page.getByTestId('password-form');
    await form.getByLabel('Current password').fill(password);
    await form.getByLabel('New password').fill('Third-password-9');
    await form.getByLabel('Confirm password').fill('Third-password-8');
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => form.getByText(MESSAGES_EN['password.mismatch']).count()).toBe(1);
    await form.getByLabel('Confirm password').fill('Third-password-9');
    await form.locator('button[type="submit"]').click();
    await expect
      .poll(() => page.getByTestId('toast-success').innerText())
      .toContain('Your password has been changed.');
    await screenshot(page, 'accounts-password-changed');
    password = 'Third-password-9';

    await page.getByTestId('logout').click();
    await page.waitForURL('**/login');
    await logInThroughForm(page, client.email, password);
    expect(path(page)).toBe('/platform/BTCUSD');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('uploads documents: a real JPEG shows Processing; a fake or wrong file is not supported', async () => {
    const { page, context, errors } = await newSession();
    await logInThroughForm(page, client.email, password);
    await page.goto('/my-account/documents');
    const passport = page.getByTestId('document-doc_passport');
    await expect.poll(() => passport.getByTestId('document-status').innerText()).toBe('Waiting');
    await screenshot(page, 'accounts-documents');

    // A text file named .txt: refused in the browser, nothing is sent.
    const address = page.getByTestId('document-doc_address');
    await address.locator('input[type="file"]').setInputFiles(tempFile('notes.txt', 'hello'));
    await expect
      .poll(() => address.getByRole('alert').innerText())
      .toBe(MESSAGES_EN['document.notSupported']);

    // Text content named .jpg: the browser cannot tell, the server reads the content and refuses it.
    await address.locator('input[type="file"]').setInputFiles(tempFile('bill.jpg', 'this is not a picture'));
    expect(await address.getByRole('alert').count()).toBe(0);
    const refused = page.waitForResponse('**/api/accounts/upload');
    await address.getByRole('button', { name: 'Upload', exact: true }).click();
    expect((await refused).status()).toBe(400);
    await expect
      .poll(() => address.getByRole('alert').innerText())
      .toBe(MESSAGES_EN['document.notSupported']);
    expect(await address.getByTestId('document-status').innerText()).toBe('Waiting');
    await screenshot(page, 'accounts-documents-not-supported');

    await passport
      .locator('input[type="file"]')
      .setInputFiles(tempFile('passport.jpg', await realJpeg(page)));
    await passport.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect.poll(() => passport.getByTestId('document-status').innerText()).toBe('Processing');
    expect(await passport.locator('input[type="file"]').count()).toBe(0);
    await screenshot(page, 'accounts-documents-processing');

    await page.reload();
    await expect.poll(() => passport.getByTestId('document-status').innerText()).toBe('Processing');
    expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
    await context.close();
  });

  it('sends auto-trading as 1 or 0 (spec §4); without a saved strategy the server refuses and says where to choose one', async () => {
    const { page, context, errors } = await newSession();
    await logInThroughForm(page, client.email, password);
    await page.goto('/my-account/info');
    const toggle = page.getByTestId('auto-trading-toggle');
    expect(await toggle.isChecked()).toBe(false);
    const sent = page.waitForRequest('**/api/accounts/autoTrading');
    await toggle.click();
    expect((await sent).postDataJSON()).toMatchObject({ auto_trading: 1 });
    const refusal = page.getByTestId('auto-trading-refusal');
    await expect.poll(() => refusal.innerText()).toContain(MESSAGES_EN['auto.error.noSettings']);
    await expect.poll(() => page.getByTestId('auto-trading-toggle').isChecked()).toBe(false);
    await screenshot(page, 'accounts-auto-trading-refused');
    await page.reload();
    expect(await page.getByTestId('auto-trading-toggle').isChecked()).toBe(false);
    await page.getByTestId('auto-trading-link').click();
    await page.waitForURL('**/auto-trading');
    // the refused switch answered 400: the browser logs that resource error, nothing else
    expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
    await context.close();
  });

  it('logs out after 20 idle minutes and forgets auth and theme (spec §4)', async () => {
    const { page, context } = await newSession();
    await page.clock.install();
    await logInThroughForm(page, client.email, password);
    await page.evaluate(() => localStorage.setItem('ob.theme', 'dark'));
    await page.goto('/my-account/info');
    await page.waitForLoadState('networkidle');
    await page.clock.fastForward(1_200_000 + 1_000);
    await page.waitForURL('**/login');
    expect(await storedAuth(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('ob.theme'))).toBeNull();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('Your session has ended');
    await screenshot(page, 'accounts-idle-logout');
    await context.close();
  });
});

describe('the new screens on a phone', () => {
  it('registration, profile and documents fit 390 px without horizontal scrolling', async () => {
    const { page, context, errors } = await newSession('phone');
    const client = newClient();
    await page.goto('/register');
    await screenshot(page, 'accounts-phone-register');
    const popups = popupsAnswered(page);
    await register(page, client);
    await page.waitForURL('**/my-account/info');
    await popups;
    await closePopups(page);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'accounts-phone-profile');
    await page.goto('/my-account/documents');
    await page.waitForLoadState('networkidle');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'accounts-phone-documents');
    await page.goto('/platform/BTCUSD');
    await page.waitForLoadState('networkidle');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'accounts-phone-banner');
    expect(errors).toEqual([]);
    await context.close();
  });
});
