import { execFile } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loaded, MORE_STAFF, sidewaysScroll } from '../support/backoffice-two.js';
import { logInThroughForm, newSession, type Session, screenshot } from '../support/browser.js';
import { type ControlledFeed, startControlledFeed } from '../support/controlled-feed.js';
import { root, type ServerProcess, startServer, verifyLedgerOf } from '../support/server-process.js';
import { DEMO_STAFF, setTheme, settle, staffSignIn } from '../support/staff.js';

/**
 * In chromium against the production build, on a server of its own with a price feed the journey controls (BTCUSD
 * and EURUSD only, so it runs on any day): the demo brand books in EUR and the Vertex brand in USD. A client of each
 * buys BTCUSD; the dealing desk shows the two exposures apart — a EUR row and a USD row, each amount with its
 * currency, never one sum — and the whole book in the reporting currency the dealer picks, converted at the EURUSD
 * mid the feed gave (on a weekend the last price, marked so). The client list shows each balance in its currency.
 */

const EURUSD = { bid: 1.2499, ask: 1.2501, mid: '1.250000' };

let feed: ControlledFeed;
let server: ServerProcess;
const sessions: Session[] = [];

beforeAll(async () => {
  feed = await startControlledFeed(400);
  server = await startServer({ env: feed.env });
  await feed.connected();
  feed.set('BTCUSD', 60_000, 60_010);
  feed.set('EURUSD', EURUSD.bid, EURUSD.ask);
}, 180_000);

afterAll(async () => {
  for (const session of sessions) await session.context.close().catch(() => undefined);
  await server?.stop();
  await feed?.close();
  const verified = await verifyLedgerOf(server);
  await server?.dropDatabase();
  expect(verified.ok, verified.out).toBe(true);
}, 120_000);

/** An operator command against this journey's server. */
function cli(...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(root, 'apps/server/dist/cli.js'), ...args],
      { cwd: root, env: server.env, timeout: 60_000 },
      (error, out, err) => (error ? reject(new Error(`${err}${out}`)) : resolve(out)),
    );
  });
}

/** The address of a path on a brand's host name, on this server's port (chromium resolves *.localhost). */
const brandURL = (host: string, pathname = '/') => {
  const url = new URL(server.baseURL);
  return `${url.protocol}//${host}:${url.port}${pathname}`;
};

/** Calls an API of the page's own host from inside the page (its brand), answering the JSON envelope. */
const api = (page: Page, method: string, url: string, body?: object, token?: string) =>
  page.evaluate(
    async ({ method, url, body, token }) => {
      const res = await fetch(url, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return (await res.json()) as { status: boolean; data: Record<string, unknown> & { items?: unknown[] } };
    },
    { method, url, body, token },
  );

/** How far the exposure table scrolls sideways inside its panel (0: every column is in view). */
const exposureOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => {
    const box = document.querySelector('.bod-exposure .table-responsive');
    return box ? box.scrollWidth - box.clientWidth : Number.POSITIVE_INFINITY;
  });

/** A number as the back office prints money ('€1,000.00', '−$12.50'). */
const numberOf = (text: string | null): number =>
  Number((text ?? '').replace('−', '-').replace(/[^\d.-]/g, ''));

/** Buys BTCUSD on the terminal of the signed-in client and waits for the open position. */
async function buyBtc(page: Page, amount: string) {
  await page.goto('/platform/BTCUSD');
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
  await page.getByTestId('trade-buy').click();
  await page.getByTestId('trade-amount').fill(amount);
  await page.getByTestId('trade-submit').click();
  const rows = page.getByTestId('positions-open').locator('[data-testid^="position-row-"]');
  await expect.poll(() => rows.filter({ hasText: 'BTCUSD' }).count(), { timeout: 20_000 }).toBeGreaterThan(0);
}

describe('amounts of different currencies in the back office', () => {
  it('the dealing desk shows a EUR brand’s and a USD brand’s BTCUSD exposure apart and the book converted at the EURUSD mid', {
    timeout: 300_000,
  }, async () => {
    // A client of the Vertex brand (USD): registered on its host, verified by an admin, funded by bank wire.
    const vertex = await newSession('desktop', { baseURL: brandURL('vertex.localhost') });
    sessions.push(vertex);
    await vertex.page.goto('/login');
    const email = `ccy-${Date.now()}@vertex.example.com`;
    const password = 'Vertex1234!';
    const registered = await api(vertex.page, 'POST', '/api/accounts/register', {
      first_name: 'Vera',
      last_name: 'Dollar',
      email,
      phone: '+4915112345699',
      password,
      agree: true,
      info: {},
    });
    expect(registered.status, JSON.stringify(registered)).toBe(true);
    const clientToken = registered.data.access_token as string;
    const countries = (await vertex.page.evaluate(
      async (token) => (await fetch(`/api/get/countries?token=${token}`)).json(),
      clientToken,
    )) as { data: { id: number; alpha2: string }[] };
    const profile = await api(vertex.page, 'POST', '/api/accounts/update', {
      token: clientToken,
      first_name: 'Vera',
      last_name: 'Dollar',
      phone: '+4915112345699',
      birth_date: '1988-02-03',
      country_id: countries.data.find((c) => c.alpha2 === 'DE')?.id,
      state: 'Hamburg',
      city: 'Hamburg',
      street: 'Jungfernstieg 9',
      zip_code: '20354',
    });
    expect(profile.status, JSON.stringify(profile)).toBe(true);

    const admin = await newSession('desktop', { baseURL: server.baseURL });
    sessions.push(admin);
    await staffSignIn(admin.page, DEMO_STAFF.admin);
    const staffToken = (await admin.page.evaluate(() => sessionStorage.getItem('ob.staff.token'))) ?? '';
    const found = await api(
      admin.page,
      'GET',
      `/api/backoffice/clients?q=${encodeURIComponent(email)}`,
      undefined,
      staffToken,
    );
    const clientId = (found.data.items?.[0] as { id: number } | undefined)?.id;
    expect(clientId, JSON.stringify(found)).toBeGreaterThan(0);
    const verified = await api(
      admin.page,
      'POST',
      `/api/backoffice/clients/${clientId}/verification`,
      { verified: true, reason: 'Identity checked for the currency journey' },
      staffToken,
    );
    expect(verified.status, JSON.stringify(verified)).toBe(true);

    const wire = await api(vertex.page, 'POST', '/api/transactions/create', {
      token: clientToken,
      amount: 8000,
      method: 2,
      provider: 'wire',
    });
    expect(wire.status, JSON.stringify(wire)).toBe(true);
    const reference = JSON.stringify(wire.data).match(/TX-[0-9A-Z]{10}/)?.[0] ?? '';
    expect(await cli('transaction:confirm', reference)).toContain('Approved');

    // Each client buys BTCUSD: the demo client (EUR) and the Vertex client (USD).
    await logInThroughForm(vertex.page, email, password);
    await buyBtc(vertex.page, '5000');
    const demo = await newSession('desktop', { baseURL: server.baseURL });
    sessions.push(demo);
    await logInThroughForm(demo.page);
    await buyBtc(demo.page, '1000');

    // The dealer's desk: a EUR row and a USD row for BTCUSD, each amount with its own currency.
    const dealer = await newSession('desktop', { baseURL: server.baseURL });
    sessions.push(dealer);
    const desk = dealer.page;
    await staffSignIn(desk, MORE_STAFF.dealer);
    await desk.goto('/backoffice/positions');
    await loaded(desk, 'bo-dealing');
    const btcRow = (currency: string) =>
      desk.locator(`[data-testid="bod-exposure-row"][data-currency="${currency}"]`).filter({
        has: desk.getByRole('button', { name: 'BTCUSD', exact: true }),
      });
    await expect.poll(() => btcRow('EUR').count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => btcRow('USD').count(), { timeout: 20_000 }).toBe(1);
    const eurNet = await btcRow('EUR').getByTestId('bod-net').innerText();
    const usdNet = await btcRow('USD').getByTestId('bod-net').innerText();
    expect(eurNet).toMatch(/^€[\d,]+\.\d\d$/);
    expect(usdNet).toMatch(/^\$[\d,]+\.\d\d$/);
    expect(numberOf(eurNet)).toBeGreaterThan(0);
    expect(numberOf(usdNet)).toBeGreaterThan(numberOf(eurNet));
    // no figure of the row is in the other currency
    expect(await btcRow('EUR').innerText()).not.toContain('$');
    expect(await btcRow('USD').innerText()).not.toContain('€');
    // the crypto tile: one line per currency
    const crypto = desk.getByTestId('bod-tile-crypto');
    expect(await crypto.getByTestId('bod-tile-currency').count()).toBe(2);

    // The whole book in EUR (the default): EUR + USD ÷ 1.25, with the rate shown.
    const converted = desk.getByTestId('bod-converted');
    await expect
      .poll(() => converted.getByTestId('bo-ccy-rate').first().innerText(), { timeout: 20_000 })
      .toContain(`EURUSD ${EURUSD.mid}`);
    const inEur = numberOf(await converted.getByTestId('bod-converted-net').locator('dd').innerText());
    expect(inEur).toBeCloseTo(numberOf(eurNet) + numberOf(usdNet) / 1.25, 1);
    await settle(desk);
    expect(await sidewaysScroll(desk), 'the desk fits 1366 px').toBeLessThanOrEqual(0);
    expect(await exposureOverflow(desk), 'the exposure table fits 1366 px').toBeLessThanOrEqual(0);
    await screenshot(desk, 'backoffice-currencies/desktop-light-dealing-two-currencies');

    // In USD: EUR × 1.25 + USD, and the choice is remembered on the next visit.
    await converted.getByTestId('bo-reporting-currency').selectOption('USD');
    const inUsd = numberOf(await converted.getByTestId('bod-converted-net').locator('dd').innerText());
    expect(inUsd).toBeCloseTo(numberOf(eurNet) * 1.25 + numberOf(usdNet), 1);
    expect(await converted.getByTestId('bod-converted-net').locator('dd').innerText()).toMatch(/^\$/);
    await setTheme(desk, 'dark');
    await desk.reload();
    await loaded(desk, 'bo-dealing');
    expect(await desk.getByTestId('bo-reporting-currency').inputValue()).toBe('USD');
    await expect.poll(() => btcRow('USD').count(), { timeout: 20_000 }).toBe(1);
    await settle(desk);
    expect(await sidewaysScroll(desk), 'the desk fits 1366 px (dark)').toBeLessThanOrEqual(0);
    expect(await exposureOverflow(desk), 'the exposure table fits 1366 px (dark)').toBeLessThanOrEqual(0);
    await screenshot(desk, 'backoffice-currencies/desktop-dark-dealing-two-currencies');
    await setTheme(desk, 'light');

    // On a phone the desk stacks and still names every currency.
    const phone = await newSession('phone', { baseURL: server.baseURL });
    sessions.push(phone);
    await phone.page.goto('/backoffice/login');
    await phone.page.evaluate((token) => sessionStorage.setItem('ob.staff.token', token), staffToken);
    await phone.page.goto('/backoffice/positions');
    await loaded(phone.page, 'bo-dealing');
    await expect
      .poll(() => phone.page.locator('[data-testid="bod-exposure-row"][data-currency="USD"]').count(), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    await settle(phone.page);
    await screenshot(phone.page, 'backoffice-currencies/phone-light-dealing-two-currencies');

    // The client list: each balance in its brand's currency.
    await admin.page.goto(`/backoffice/clients?q=${encodeURIComponent(email)}`);
    const row = admin.page.getByTestId(`bo-client-row-${clientId}`);
    await expect.poll(() => row.innerText(), { timeout: 20_000 }).toContain('$');
    expect(await row.innerText()).not.toContain('€');
    await admin.page.goto('/backoffice/clients?q=demo%40example.com');
    await expect
      .poll(() => admin.page.locator('[data-testid^="bo-client-row-"]').first().innerText(), {
        timeout: 20_000,
      })
      .toContain('€');
    await settle(admin.page);
    await screenshot(admin.page, 'backoffice-currencies/desktop-light-client-list');
  });
});
