import { randomBytes } from 'node:crypto';
import { MESSAGES_EN } from '@openbroker/domain';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { NewClient } from '../support/accounts.js';
import { realJpeg, tempFile } from '../support/accounts.js';
import { logInThroughForm, newSession, type Session, screenshot } from '../support/browser.js';
import {
  cli,
  DEMO_STAFF,
  fillStaffLogin,
  horizontalOverflow,
  registeredClient,
  type StaffLogin,
  setTheme,
  settle,
  staffSignIn,
  totpCode,
  wrongTotpCode,
} from '../support/staff.js';

/**
 * The back office in chromium against the production build: compliance verifies a client
 * who registered in this run (passport and address proof approved), who can then trade; finance
 * approves wire deposits and the client's open terminal shows the new balance without a reload; a
 * withdrawal above the brand's four-eyes threshold (demo: 10,000) waits for a second finance member,
 * created with `cli staff:create` and enrolled in the browser; the audit trail shows every step; and a
 * screenshot of every back-office screen at 1366 px in light and dark (and two at 390 px).
 *
 * A TOTP code works once per member and time step: each demo member signs in once in this file.
 */

/** Money as the client terminal shows it ('€1,500.00') as a number. */
const moneyOf = (text: string): number => Number(text.replace(/[^\d.−-]/g, '').replace('−', '-'));

async function depositForm(page: Page, provider: string, amount: string) {
  await page.goto('/payment/creditCard');
  await page.getByTestId(`payment-method-${provider}`).click();
  await page.getByTestId('deposit-amount').fill(amount);
  await page.getByTestId('deposit-submit').click();
}

/** A bank-wire deposit request through the payment screen; answers its reference (TX-…). */
async function wireDeposit(page: Page, amount: string): Promise<string> {
  await depositForm(page, 'wire', amount);
  await page.getByTestId('bank-details').waitFor({ timeout: 15_000 });
  const reference = (await page.getByTestId('bank-reference').innerText()).match(/TX-[0-9A-Z]{10}/)?.[0];
  expect(reference).toBeTruthy();
  return reference ?? '';
}

/** A card deposit through the sandbox provider and its 3-D Secure step (no staff involved). */
async function cardDeposit(page: Page, amount: string) {
  await depositForm(page, 'card-1', amount);
  await page.waitForURL(/\/sandbox\/pay/);
  await page.getByTestId('sandbox-card-number').fill('4242 4242 4242 4242');
  await page.getByTestId('sandbox-expiry').fill('12/39');
  await page.getByTestId('sandbox-cvc').fill('123');
  await page.getByTestId('sandbox-pay').click();
  await page.getByTestId('sandbox-3ds-code').fill('1234');
  await page.getByTestId('sandbox-3ds-submit').click();
  await page.waitForURL(/\/payment\/creditCard\?transaction=TX-/);
  await expect
    .poll(() => page.getByTestId('deposit-result').getAttribute('data-result'), { timeout: 15_000 })
    .toBe('approved');
}

/** Keeps one screenshot per theme of the screen at `url` (the theme applies on the next load). */
async function shootBothThemes(page: Page, url: string, name: string, ready: (page: Page) => Promise<void>) {
  if (!page.url().startsWith('http')) await page.goto(url);
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await page.goto(url);
    await ready(page);
    await settle(page);
    await screenshot(page, `backoffice/desktop-${theme}-${name}`);
  }
  await setTheme(page, 'light');
}

const dialog = (page: Page) => page.getByRole('dialog');

describe('the back office in chromium', () => {
  /** The client of every journey here, registered in this run. */
  let client: NewClient;
  let clientId = 0;
  /** The client's browser: `terminal` stays on /platform (never reloaded after journey 2 starts). */
  let clientSession: Session;
  let terminal: Page;
  /** A second tab of the client, for the payment screens. */
  let cashier: Page;
  let finance: Session;
  let secondFinance: StaffLogin;
  const sessions: Session[] = [];

  afterAll(async () => {
    for (const session of sessions) await session.context.close();
  });

  it('compliance signs in with a TOTP code, approves passport and address proof, and the client can trade', async () => {
    client = await registeredClient();
    clientSession = await newSession();
    sessions.push(clientSession);
    terminal = clientSession.page;
    await logInThroughForm(terminal, client.email, client.password);
    await cardDeposit(terminal, '500');

    // Not verified yet: the terminal refuses to trade.
    await terminal.goto('/platform/BTCUSD');
    await expect
      .poll(() => terminal.getByTestId('trade-block').innerText(), { timeout: 20_000 })
      .toBe(MESSAGES_EN['account.notVerified']);

    // The client uploads a passport and a proof of address (real JPEGs) on their documents screen.
    await terminal.goto('/my-account/documents');
    for (const type of ['doc_passport', 'doc_address'] as const) {
      const card = terminal.getByTestId(`document-${type}`);
      await card
        .locator('input[type="file"]')
        .setInputFiles(tempFile(`${type}.jpg`, await realJpeg(terminal)));
      await card.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect.poll(() => card.getByTestId('document-status').innerText()).toBe('Processing');
    }

    // Compliance: the sign-in screen (light and dark), then e-mail, password and a TOTP code.
    const compliance = await newSession();
    sessions.push(compliance);
    const staff = compliance.page;
    await shootBothThemes(staff, '/backoffice/login', 'login', async (page) => {
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
    });
    // A wrong code is refused with the sign-in error, and the member stays on the form.
    await fillStaffLogin(
      staff,
      DEMO_STAFF.compliance.email,
      DEMO_STAFF.compliance.password,
      await wrongTotpCode(DEMO_STAFF.compliance.secret),
    );
    await expect
      .poll(() => staff.getByRole('alert').innerText())
      .toBe('The e-mail, password or code is not correct.');
    await staffSignIn(staff, DEMO_STAFF.compliance);

    // The client list finds the new client by e-mail; their page opens from the row.
    await staff.getByRole('navigation').getByRole('link', { name: 'Clients', exact: true }).click();
    await staff.waitForURL('**/backoffice/clients');
    await staff.getByRole('searchbox').fill(client.email);
    await staff.getByRole('searchbox').press('Enter');
    const row = staff.getByTestId('bo-clients-table').locator('tbody tr', { hasText: client.email });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.innerText()).toContain('Not verified');
    await row.getByRole('link', { name: `${client.firstName} ${client.lastName}` }).click();
    await staff.waitForURL(/\/backoffice\/clients\/\d+/);
    clientId = Number(new URL(staff.url()).pathname.split('/').at(-1));
    const summary = staff.getByTestId('bo-client-summary');
    await expect.poll(() => summary.innerText()).toContain('Not verified');

    // Documents tab: both files are waiting for review; approve each through the confirmation dialog.
    await staff.getByRole('tab', { name: /Documents/ }).click();
    for (const type of ['doc_passport', 'doc_address'] as const) {
      const doc = staff.getByTestId(`bo-doc-${type}`);
      await expect.poll(() => doc.innerText()).toContain('Processing');
      await doc.getByRole('button', { name: 'Approve' }).click();
      await dialog(staff).getByLabel('Note to the client').fill('Checked against the register.');
      await dialog(staff).getByRole('button', { name: 'Approve' }).click();
      await dialog(staff).waitFor({ state: 'detached' });
      await expect.poll(() => doc.innerText()).toContain('Approved');
    }
    // The brand verifies automatically once both are approved.
    await expect.poll(() => summary.innerText(), { timeout: 10_000 }).toContain('Verified');
    expect(await summary.innerText()).not.toContain('Not verified');

    // The client's terminal now opens a trade.
    await terminal.goto('/platform/BTCUSD');
    await terminal.getByTestId('new-trade-panel').waitFor();
    await expect
      .poll(
        async () => /^\d+(\.\d+)?$/.test((await terminal.getByTestId('trade-buy-price').textContent()) ?? ''),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    // the stored session holds the unverified user until the screen's session check (/api/accounts/get) answers
    await expect.poll(() => terminal.getByTestId('trade-block').count()).toBe(0);
    await terminal.getByTestId('trade-buy').click();
    await terminal.getByTestId('trade-amount').fill('100');
    await terminal.getByTestId('trade-submit').click();
    await expect
      .poll(() => terminal.getByTestId('toast-success').first().innerText(), { timeout: 15_000 })
      .toContain(MESSAGES_EN['trade.created']);
    await expect
      .poll(() => terminal.getByTestId('positions-open').locator('[data-testid^="position-row-"]').count())
      .toBe(1);
    // (the wrong code's 401 answer is the only browser error)
    expect(compliance.errors.filter((error) => !error.includes('401'))).toEqual([]);
  });

  it("finance approves a wire deposit and the client's open terminal shows the new balance without a reload", async () => {
    // The terminal stays open from here on: a marker on its window proves it is never reloaded.
    await terminal.goto('/platform/BTCUSD');
    const balance = terminal.getByTestId('summary-balance');
    await expect.poll(async () => moneyOf(await balance.innerText()), { timeout: 15_000 }).toBe(500);
    await terminal.evaluate(() => {
      (window as unknown as { keptOpen: boolean }).keptOpen = true;
    });

    finance = await newSession();
    sessions.push(finance);
    const staff = finance.page;
    await staffSignIn(staff, DEMO_STAFF.finance);
    await staff.getByRole('navigation').getByRole('link', { name: 'Deposits' }).click();
    await staff.waitForURL('**/backoffice/deposits');
    await expect.poll(() => staff.getByTestId('bo-queue-deposits').innerText()).toContain('Deposits queue');

    // The client asks for a wire in a second tab; the open queue lists it by itself.
    cashier = await clientSession.context.newPage();
    const reference = await wireDeposit(cashier, '1000');
    const row = staff.locator(`[data-testid="bo-queue-row"][data-reference="${reference}"]`);
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.innerText()).toContain(client.email);
    expect(await row.getByTestId('bo-queue-amount').innerText()).toMatch(/1,000\.00/);

    await row.getByRole('button', { name: 'Approve' }).click();
    expect(await dialog(staff).innerText()).toContain(reference);
    await dialog(staff).getByRole('button', { name: 'Approve' }).click();
    await expect
      .poll(() => staff.getByTestId('toast-success').first().innerText(), { timeout: 15_000 })
      .toContain('Approved and booked.');
    await row.waitFor({ state: 'detached' });

    // The client's terminal, untouched, shows 500 + 1,000.
    await expect.poll(async () => moneyOf(await balance.innerText()), { timeout: 15_000 }).toBe(1500);
    expect(await terminal.evaluate(() => (window as unknown as { keptOpen?: boolean }).keptOpen)).toBe(true);
    expect(finance.errors).toEqual([]);
  });

  it('a withdrawal above the four-eyes threshold waits for a second finance member, who enrols first', {
    timeout: 180_000,
  }, async () => {
    const staff = finance.page;
    const balance = terminal.getByTestId('summary-balance');

    // 20,000 by wire, approved by finance (the deposits queue is still open and live).
    const reference = await wireDeposit(cashier, '20000');
    const deposit = staff.locator(`[data-testid="bo-queue-row"][data-reference="${reference}"]`);
    await expect.poll(() => deposit.count(), { timeout: 15_000 }).toBe(1);
    await deposit.getByRole('button', { name: 'Approve' }).click();
    await dialog(staff).getByRole('button', { name: 'Approve' }).click();
    await deposit.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(async () => moneyOf(await balance.innerText()), { timeout: 15_000 }).toBe(21_500);

    // The client asks to withdraw 15,000 (above the demo brand's 10,000): reserved at once.
    await cashier.goto('/payment/withdraw');
    await cashier.getByTestId('free-margin').waitFor();
    await cashier.getByTestId('withdraw-amount').fill('15000');
    await cashier.getByTestId('withdraw-comments').fill('To my account DE89 3704 0044 0532 0130 00');
    await cashier.getByTestId('withdraw-submit').click();
    await cashier.getByTestId('withdraw-success').waitFor({ timeout: 15_000 });
    await expect.poll(async () => moneyOf(await balance.innerText()), { timeout: 15_000 }).toBe(6_500);

    // First approval: recorded, the request stays in the queue awaiting a second approver.
    await staff.getByRole('navigation').getByRole('link', { name: 'Withdrawals' }).click();
    await staff.waitForURL('**/backoffice/withdrawals');
    const row = staff.getByTestId('bo-queue-row').filter({ hasText: client.email });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.getByTestId('bo-four-eyes').innerText()).toContain('Needs 2 approvals');
    await row.getByRole('button', { name: 'Approve' }).click();
    expect(await dialog(staff).getByTestId('bo-dialog-four-eyes').innerText()).toContain(
      'Your approval is the first of two',
    );
    await dialog(staff).getByRole('button', { name: 'Give first approval' }).click();
    await expect
      .poll(() => staff.getByTestId('toast-info').last().innerText(), { timeout: 15_000 })
      .toContain('First approval recorded.');
    await dialog(staff).waitFor({ state: 'detached' });
    await expect
      .poll(() => row.getByTestId('bo-first-approver').innerText())
      .toContain(`1st approval: ${DEMO_STAFF.finance.name}`);
    expect(await row.getByTestId('bo-four-eyes').innerText()).toContain('1/2');

    // The same member cannot give the second approval: the server refuses, the request stays.
    await row.getByRole('button', { name: 'Approve' }).click();
    expect(await dialog(staff).innerText()).toContain('You gave the first approval');
    await dialog(staff).getByRole('button', { name: 'Approve', exact: true }).click();
    await expect
      .poll(() => dialog(staff).getByTestId('bo-dialog-error').innerText(), { timeout: 10_000 })
      .toContain('A second, different finance user must approve it.');
    await dialog(staff).getByRole('button', { name: 'Cancel' }).click();
    await dialog(staff).waitFor({ state: 'detached' });
    expect(await row.count()).toBe(1);
    await cashier.goto('/transactions/withdrawals');
    await expect
      .poll(() => cashier.getByTestId('transaction-row').first().innerText(), { timeout: 10_000 })
      .toContain('Pending');

    // A second finance member, created at the terminal; the CLI prints the initial password once.
    const id = randomBytes(3).toString('hex');
    secondFinance = {
      email: `finance.${id}@example.com`,
      password: '',
      secret: '',
      name: `Fiona Second ${id}`,
    };
    const created = await cli(
      'staff:create',
      secondFinance.email,
      '--role',
      'finance',
      '--name',
      secondFinance.name,
    );
    secondFinance.password = /^\s*password\s+(\S+)\s*$/m.exec(created)?.[1] ?? '';
    expect(secondFinance.password).not.toBe('');
    expect(created).toContain('/backoffice/login');

    // Without two-factor sign-in yet, the password alone leads to the enrolment screen only.
    const second = await newSession();
    sessions.push(second);
    const enrol = second.page;
    await enrol.goto('/backoffice/login');
    await fillStaffLogin(enrol, secondFinance.email, secondFinance.password);
    await enrol.waitForURL('**/backoffice/enrol');
    await shootBothThemes(enrol, '/backoffice/enrol', 'enrol', async (page) => {
      await page.getByTestId('bo-enrol-qr').waitFor();
    });
    await enrol.goto('/backoffice/withdrawals');
    await enrol.waitForURL('**/backoffice/enrol');
    const key = enrol.getByTestId('bo-enrol-secret');
    await key.waitFor();
    expect(await enrol.getByRole('img', { name: 'QR code for your authenticator app' }).count()).toBe(1);
    secondFinance.secret = (await key.innerText()).replace(/\s/g, '');
    expect(secondFinance.secret).toMatch(/^[A-Z2-7]{16,}$/);
    await enrol.getByLabel('Enter the code from the app').fill(await totpCode(secondFinance.secret));
    await enrol.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const codes = enrol.getByTestId('bo-recovery-codes');
    await codes.waitFor();
    expect(await codes.locator('li').count()).toBe(10);
    await settle(enrol);
    await screenshot(enrol, 'backoffice/desktop-light-enrol-recovery-codes');
    await enrol.getByLabel('I have saved my recovery codes').check();
    await enrol.getByRole('button', { name: 'Continue to the back office' }).click();
    await enrol.waitForURL((url) => url.pathname === '/backoffice');
    await expect.poll(() => enrol.getByTestId('bo-user').innerText()).toContain(secondFinance.name);

    // The second member completes the approval: the money is paid out and the request leaves the queue.
    await enrol.getByRole('navigation').getByRole('link', { name: 'Withdrawals' }).click();
    const pending = enrol.getByTestId('bo-queue-row').filter({ hasText: client.email });
    await expect.poll(() => pending.count(), { timeout: 15_000 }).toBe(1);
    await pending.getByRole('button', { name: 'Approve' }).click();
    expect(await dialog(enrol).getByTestId('bo-dialog-four-eyes').innerText()).toContain(
      `First approval by ${DEMO_STAFF.finance.name}`,
    );
    await dialog(enrol).getByRole('button', { name: 'Approve', exact: true }).click();
    await expect
      .poll(() => enrol.getByTestId('toast-success').first().innerText(), { timeout: 15_000 })
      .toContain('Approved and booked.');
    await pending.waitFor({ state: 'detached' });
    // The first member's open queue drops it too (live).
    await row.waitFor({ state: 'detached', timeout: 15_000 });

    await cashier.reload();
    await expect
      .poll(() => cashier.getByTestId('transaction-row').first().innerText(), { timeout: 10_000 })
      .toContain('Approved');
    expect(await terminal.evaluate(() => (window as unknown as { keptOpen?: boolean }).keptOpen)).toBe(true);
    expect(moneyOf(await balance.innerText())).toBe(6_500);
    expect(second.errors).toEqual([]);
    // (the refused second approval's 409 answer is the only browser error)
    expect(finance.errors.filter((error) => !error.includes('409'))).toEqual([]);
  });

  let admin: Session;

  it('the audit trail shows each step: document approvals, verification, deposits and both withdrawal approvals', async () => {
    admin = await newSession();
    sessions.push(admin);
    const staff = admin.page;
    await staffSignIn(staff, DEMO_STAFF.admin);
    await staff.getByRole('navigation').getByRole('link', { name: 'Audit trail' }).click();
    await staff.waitForURL('**/backoffice/audit');
    await staff.getByTestId('bo-audit-client').fill(String(clientId));
    await staff.getByRole('button', { name: 'Apply filters' }).click();
    await staff.waitForURL(new RegExp(`client=${clientId}`));

    const rows = staff.getByTestId('bo-audit-row');
    const actions = async () =>
      (await rows.locator('code.bom-action').allInnerTexts()).map((text) => text.trim()).sort();
    const expected = [
      'client.verify',
      'document.approve',
      'document.approve',
      'transaction.deposit.confirm',
      'transaction.deposit.confirm',
      'transaction.withdrawal.firstApproval',
      'transaction.withdrawal.paid',
    ];
    await expect.poll(actions, { timeout: 15_000 }).toEqual(expect.arrayContaining(expected));

    // Who did what: each step is on the row of the member who did it.
    const rowOf = (action: string) =>
      rows.filter({ has: staff.locator('code.bom-action', { hasText: action }) });
    for (const action of ['document.approve', 'client.verify'])
      expect(await rowOf(action).first().innerText()).toContain(DEMO_STAFF.compliance.name);
    expect(await rowOf('transaction.deposit.confirm').first().innerText()).toContain(DEMO_STAFF.finance.name);
    expect(await rowOf('transaction.withdrawal.firstApproval').innerText()).toContain(
      DEMO_STAFF.finance.name,
    );
    expect(await rowOf('transaction.withdrawal.paid').innerText()).toContain(secondFinance.name);
    // Newest first: the payout is above its first approval, which is above the verification.
    const order = await rows.locator('code.bom-action').allInnerTexts();
    expect(order.indexOf('transaction.withdrawal.paid')).toBeLessThan(
      order.indexOf('transaction.withdrawal.firstApproval'),
    );
    expect(order.indexOf('transaction.withdrawal.firstApproval')).toBeLessThan(
      order.indexOf('client.verify'),
    );

    // A row opens its before and after values.
    await rowOf('client.verify').getByRole('button', { name: 'Show the before and after values' }).click();
    const diff = staff.getByTestId('bo-audit-diff');
    await diff.waitFor();
    expect(await diff.innerText()).toContain('verifiedAccount');
    await settle(staff);
    await screenshot(staff, 'backoffice/desktop-light-audit-client-detail');
    expect(admin.errors).toEqual([]);
  });

  it('every back-office screen at 1366 px in light and dark, and the dashboard and client list at 390 px', {
    timeout: 180_000,
  }, async () => {
    const staff = admin.page;
    const screens: { url: string; name: string; ready: (page: Page) => Promise<void> }[] = [
      { url: '/backoffice', name: 'dashboard', ready: (p) => tilesCounted(p) },
      {
        url: '/backoffice/clients',
        name: 'clients',
        ready: (p) => p.getByTestId('bo-clients-table').locator('tbody tr a').first().waitFor(),
      },
      ...[
        'profile',
        'documents',
        'trading',
        'ledger',
        'positions',
        'transactions',
        'sessions',
        'notes',
        'audit',
      ].map((tab) => ({
        url: `/backoffice/clients/${clientId}?tab=${tab}`,
        name: `client-${tab}`,
        ready: async (p: Page) => {
          await p.getByTestId('bo-client-summary').waitFor();
          await expect.poll(() => p.getByTestId(`bo-tab-${tab}`).getAttribute('aria-selected')).toBe('true');
        },
      })),
      {
        url: '/backoffice/deposits',
        name: 'deposits',
        ready: (p) => queueCounted(p),
      },
      {
        url: '/backoffice/withdrawals',
        name: 'withdrawals',
        ready: (p) => queueCounted(p),
      },
      {
        url: '/backoffice/positions',
        name: 'dealing',
        ready: (p) => p.getByTestId('bo-position-row').filter({ hasText: client.lastName }).first().waitFor(),
      },
      {
        url: '/backoffice/audit',
        name: 'audit',
        ready: (p) => p.getByTestId('bo-audit-row').first().waitFor(),
      },
      {
        url: '/backoffice/staff',
        name: 'staff',
        ready: (p) => p.getByTestId('bo-staff-row').filter({ hasText: secondFinance.email }).waitFor(),
      },
    ];
    for (const screen of screens) {
      await shootBothThemes(staff, screen.url, screen.name, screen.ready);
      expect(await horizontalOverflow(staff), `overflow on ${screen.url}`).toBeLessThanOrEqual(0);
    }

    // What the screens show, beyond rendering: the second member is enrolled; the client is verified.
    await staff.goto('/backoffice/staff');
    const member = staff.getByTestId('bo-staff-row').filter({ hasText: secondFinance.email });
    await expect.poll(() => member.innerText()).toContain('Enrolled');
    await staff.goto(`/backoffice/clients?q=${encodeURIComponent(client.email)}`);
    const row = staff.getByTestId('bo-clients-table').locator('tbody tr', { hasText: client.email });
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain('Verified');

    // 390 px: the dashboard and the client list fit without sideways scrolling.
    await staff.setViewportSize({ width: 390, height: 844 });
    for (const [url, name] of [
      ['/backoffice', 'dashboard'],
      ['/backoffice/clients', 'clients'],
    ] as const) {
      await staff.goto(url);
      if (name === 'dashboard') await tilesCounted(staff);
      else await staff.getByTestId('bo-clients-table').locator('tbody tr a').first().waitFor();
      await settle(staff);
      await screenshot(staff, `backoffice/phone-light-${name}`);
      expect(await horizontalOverflow(staff), `overflow on ${url} at 390 px`).toBeLessThanOrEqual(0);
    }
    expect(admin.errors).toEqual([]);
  });
});

/** A queue screen once its list has loaded (other journeys may leave requests in it). */
async function queueCounted(page: Page) {
  const count = page.getByTestId('bo-queue-count');
  await expect.poll(() => count.innerText(), { timeout: 10_000 }).toMatch(/^\d+$/);
  const rows = await page.getByTestId('bo-queue-row').count();
  expect(rows).toBe(Number(await count.innerText()));
  if (rows === 0) await page.getByText(/No (deposits|withdrawals) are waiting\./).waitFor();
}

/** The dashboard once every queue tile shows its count (not the loading skeleton). */
async function tilesCounted(page: Page) {
  await page.getByTestId('bo-dashboard').waitFor();
  await expect.poll(() => page.locator('.bo-tile .bo-skeleton').count(), { timeout: 10_000 }).toBe(0);
  expect(await page.locator('.bo-tile').count()).toBeGreaterThan(0);
}
