import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closePopups, logInThroughForm, popupsAnswered, screenshot } from '../support/browser.js';
import { journeyServer } from '../support/journey-server.js';
import { DEMO_STAFF, staffSignIn } from '../support/staff.js';

/**
 * Trading accounts in a real browser, on a server of their own whose feed the journey sets (BTCUSD and
 * EURUSD only, so it runs on any day of the week and the demo client's balances are this journey's alone):
 * - a visitor starts a demo from the home page in two clicks (the header's "Try a demo", then the form) and trades
 *   on the demo account, marked DEMO;
 * - the verified demo client opens a USD account, moves €1,000 to it from the EUR account at the brand's EURUSD
 *   dealing rate shown before confirming, switches to it, trades BTCUSD there and sees the dollar balance the
 *   server books, while the euro account is €1,000 lighter;
 * - the demo never appears in the back office's KPIs: another visitor's demo sign-up and trade move the demo
 *   sign-ups tile alone.
 * The ledger is verified per account when the server stops.
 */

const EURUSD = { bid: 1.2499, ask: 1.2501 };

const journey = journeyServer({
  quotes: { BTCUSD: [60_000, 60_010], EURUSD: [EURUSD.bid, EURUSD.ask] },
  verifyLedger: true,
});
const session = (viewport: 'desktop' | 'phone' = 'desktop') => journey.session(viewport);

/** A number as the app prints money ('€1,000.00', '$1,249.90', '−$0.63'). */
const numberOf = (text: string | null): number =>
  Number((text ?? '').replace(/[−–]/g, '-').replace(/[^\d.-]/g, ''));

interface AccountRow {
  id: number;
  number: string;
  kind: 'live' | 'demo';
  currency: string;
  balance: string;
  current: boolean;
}

/** GET /api/accounts for the session this page holds (the stored login token, as the app sends it). */
async function accountsOf(page: Page): Promise<AccountRow[]> {
  return page.evaluate(async () => {
    const auth = JSON.parse(localStorage.getItem('ob.auth') ?? '{}') as { access_token?: string };
    const response = await fetch('/api/accounts', {
      headers: { authorization: `Bearer ${auth.access_token ?? ''}` },
    });
    const body = (await response.json()) as { data?: { accounts?: AccountRow[] } };
    return body.data?.accounts ?? [];
  });
}

/** The ids of the open positions the terminal lists. */
const openRows = (page: Page) => page.getByTestId('positions-open').locator('[data-testid^="position-row-"]');

/** Buys `amount` of BTCUSD at 1:1 from the terminal's ticket and waits for one more open position. */
async function buyBtc(page: Page, amount: string) {
  await page.getByTestId('new-trade-panel').waitFor();
  await expect
    .poll(
      async () =>
        numberOf(
          await page
            .getByTestId('trade-buy-price')
            .textContent()
            .catch(() => ''),
        ),
      {
        timeout: 20_000,
      },
    )
    .toBeGreaterThan(0);
  const before = await openRows(page).count();
  await page.getByTestId('trade-buy').click();
  await page.getByTestId('trade-amount').fill(amount);
  await page.getByTestId('trade-leverage').selectOption('1');
  await page.getByTestId('trade-submit').click();
  await expect.poll(() => openRows(page).count(), { timeout: 20_000 }).toBe(before + 1);
}

/** The terminal's account switcher, opened. */
async function openSwitcher(page: Page) {
  const switcher = page.getByTestId('account-switcher-terminal');
  await switcher.getByTestId('account-switcher').click();
  await switcher.getByTestId('account-menu').waitFor();
  return switcher;
}

/**
 * A visitor starts a demo from the home page: click 1 the public header's "Try a demo", click 2 the form's submit
 * (e-mail and password only, no KYC); resolves in the terminal with the welcome notices closed.
 */
async function startDemo(): Promise<Page> {
  const { page } = await session();
  await page.goto('/');
  await page.getByTestId('nav-demo').click();
  const form = page.getByTestId('demo-form');
  await form.waitFor();
  const email = `visitor.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill('Practise-2026!');
  // a new session asks for its notices (the welcome) as a login does; they are read and closed
  const notices = popupsAnswered(page);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname.startsWith('/platform'), { timeout: 30_000 });
  await notices;
  await closePopups(page);
  return page;
}

describe('trading accounts', () => {
  it('a visitor starts a demo from the home page in two clicks and trades on it', {
    timeout: 180_000,
  }, async () => {
    const page = await startDemo();

    // one account, a demo one, marked DEMO in the terminal, funded with the brand's virtual money
    const accounts = await accountsOf(page);
    expect(accounts.map((account) => [account.kind, account.current])).toEqual([['demo', true]]);
    const demo = accounts[0] as AccountRow;
    expect(Number(demo.balance)).toBeGreaterThan(0);
    const cell = page.getByTestId('account-switcher-terminal');
    await expect.poll(() => cell.getByTestId('demo-badge').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await cell.innerText()).toContain(demo.number);

    if (!page.url().includes('/platform/BTCUSD')) await page.goto('/platform/BTCUSD');
    await buyBtc(page, '100');
    await screenshot(page, 'trading-accounts-demo-trade-desktop-light');
  });

  it('a live client opens a USD account, moves €1,000 to it from EUR at the shown rate, trades there and sees the dollar balance', {
    timeout: 240_000,
  }, async () => {
    const { page } = await session();
    await logInThroughForm(page);
    await page.goto('/platform/BTCUSD');
    const [eur] = await accountsOf(page);
    expect(eur).toMatchObject({ kind: 'live', currency: 'EUR', current: true });
    const eurBefore = Number((eur as AccountRow).balance);
    expect(eurBefore).toBeGreaterThan(1000);

    // a live account in dollars, opened from the switcher
    let switcher = await openSwitcher(page);
    await switcher.getByRole('button', { name: 'Open account' }).click();
    const open = page.getByTestId('open-account-dialog');
    await open.getByLabel(/Live account/).check();
    await open.getByLabel('Currency', { exact: true }).selectOption('USD');
    await open.getByRole('button', { name: 'Open account' }).click();
    await expect.poll(async () => (await accountsOf(page)).length, { timeout: 20_000 }).toBe(2);
    const usd = (await accountsOf(page)).find((account) => account.currency === 'USD') as AccountRow;
    expect(usd).toMatchObject({ kind: 'live', balance: '0.00', current: false });
    await open.waitFor({ state: 'detached' }).catch(() => undefined);

    // the transfer: the quote (debit, rate, credit) shows before the confirm button
    switcher = await openSwitcher(page);
    await switcher.getByRole('button', { name: 'Transfer between accounts' }).click();
    const dialog = page.getByTestId('transfer-dialog');
    await dialog.getByLabel('From').selectOption(String(eur?.id));
    await dialog.getByLabel('To').selectOption(String(usd.id));
    await dialog.getByLabel(/Amount in EUR/).fill('1000');
    expect(await dialog.getByTestId('transfer-confirm').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Show the rate' }).click();
    await dialog.getByTestId('transfer-figures').waitFor();
    expect(numberOf(await dialog.getByTestId('transfer-debit').textContent())).toBe(1000);
    const credit = numberOf(await dialog.getByTestId('transfer-credit').textContent());
    // euros sold at the brand's EURUSD sell price: the feed's bid, less any markup the brand adds
    expect(credit).toBeGreaterThan(1000);
    expect(credit).toBeLessThanOrEqual(1000 * EURUSD.bid);
    expect(await dialog.getByTestId('transfer-rate').textContent()).toContain('EURUSD');
    await screenshot(page, 'trading-accounts-transfer-quote-desktop-light');
    await dialog.getByTestId('transfer-confirm').click();
    await dialog.getByTestId('transfer-booked').waitFor({ timeout: 20_000 });

    // booked as shown: the euro account €1,000 lighter, the dollar account holding the credit
    const afterTransfer = await accountsOf(page);
    const eurAfter = afterTransfer.find((account) => account.id === eur?.id) as AccountRow;
    const usdAfter = afterTransfer.find((account) => account.id === usd.id) as AccountRow;
    expect(Number(eurAfter.balance)).toBeCloseTo(eurBefore - 1000, 2);
    expect(Number(usdAfter.balance)).toBeCloseTo(credit, 2);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' }).catch(() => undefined);

    // switch to the dollar account and trade there: the terminal's balance is in dollars
    switcher = await openSwitcher(page);
    await switcher.locator(`[data-account="${usd.number}"]`).click();
    await expect
      .poll(async () => (await accountsOf(page)).find((account) => account.current)?.id, { timeout: 20_000 })
      .toBe(usd.id);
    const balance = page.getByTestId('summary-balance');
    await expect.poll(async () => (await balance.textContent()) ?? '', { timeout: 20_000 }).toContain('$');
    expect(numberOf(await balance.textContent())).toBeCloseTo(credit, 2);
    await buyBtc(page, '100');
    // the trade is the dollar account's: the euro account's balance did not move with it
    expect((await accountsOf(page)).find((account) => account.id === eur?.id)?.balance).toBe(
      eurAfter.balance,
    );
    await screenshot(page, 'trading-accounts-usd-trade-desktop-light');
  });

  it('the demo never appears in the KPIs: a new demo client who trades moves the demo sign-ups alone', {
    timeout: 240_000,
  }, async () => {
    const { page: staff } = await session();
    await staffSignIn(staff, DEMO_STAFF.admin);
    const tiles = staff.getByTestId('bo-kpi-totals');
    const figures = async () => {
      await staff.goto('/backoffice/reports');
      await tiles.waitFor({ timeout: 20_000 });
      const read = async (key: string) =>
        numberOf(await tiles.getByTestId(`bo-kpi-${key}`).locator('.bo-kpi-value').textContent());
      return {
        demoSignups: await read('demoSignups'),
        registrations: await read('registrations'),
        activeTraders: await read('activeTraders'),
        volume: await read('volume'),
        deposits: await read('deposits'),
      };
    };
    const before = await figures();

    // a second visitor starts a demo and trades a large virtual amount
    const visitor = await startDemo();
    if (!visitor.url().includes('/platform/BTCUSD')) await visitor.goto('/platform/BTCUSD');
    await buyBtc(visitor, '5000');

    await expect
      .poll(async () => (await figures()).demoSignups, { timeout: 30_000 })
      .toBe(before.demoSignups + 1);
    const after = await figures();
    expect({ ...after, demoSignups: before.demoSignups }).toEqual(before);
    await screenshot(staff, 'trading-accounts-kpis-demo-apart-desktop-light');
  });
});
