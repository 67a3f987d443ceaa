import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loaded, shootBothThemes } from '../support/backoffice-two.js';
import {
  baseURL,
  closePopups,
  logInThroughForm,
  newSession,
  OUTPUT_DIR,
  type Session,
  screenshot,
} from '../support/browser.js';
import { DEMO_STAFF, registeredClient, setTheme, settle, staffSignIn } from '../support/staff.js';

/**
 * Compliance tasks, the risk score and the client timeline in chromium against the production build: a client
 * requests a deposit and declares in the source-of-funds questions that they are a politically exposed person, so
 * they become high risk and compliance gets a task; a compliance member sees it on the dashboard, assigns it to
 * themselves and closes it with a note; the client's page shows the score with its reasons and a timeline with the
 * client's sign-in and deposit. Each new screen at 1366 px in both themes (the client's questions also at 390 px).
 */
describe('compliance tasks, risk score and client timeline in chromium', () => {
  const sessions: Session[] = [];
  afterAll(async () => {
    for (const session of sessions) await session.context.close();
  });

  it('a compliance member sees a high-risk task on the dashboard, assigns it and closes it with a note; the timeline shows the sign-in and the deposit', {
    timeout: 480_000,
  }, async () => {
    const client = await registeredClient();
    const clientName = `${client.firstName} ${client.lastName}`;

    // the client signs in through the form (the timeline's sign-in, with the browser as device) and asks for a deposit
    const mobile = await newSession('phone');
    sessions.push(mobile);
    await logInThroughForm(mobile.page, client.email, client.password);
    const token = await mobile.page.evaluate(
      () => (JSON.parse(localStorage.getItem('ob.auth') ?? '{}') as { access_token?: string }).access_token,
    );
    expect(token, 'the client session keeps its token').toBeTruthy();
    const deposit = await fetch(`${baseURL()}/api/transactions/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ token, amount: 250, method: 1 }),
    });
    const depositAnswer = (await deposit.json()) as { status: boolean; data: { transaction_id: string } };
    expect(depositAnswer.status, JSON.stringify(depositAnswer)).toBe(true);
    const reference = depositAnswer.data.transaction_id;

    // the source-of-funds questions under the documents, answered as a politically exposed person
    await mobile.page.goto('/my-account/documents');
    const form = mobile.page.getByTestId('sof-form');
    await form.waitFor();
    await closePopups(mobile.page);
    await settle(mobile.page);
    await screenshot(mobile.page, 'compliance/mobile-light-source-of-funds');
    await form.getByTestId('sof-save').click();
    await expect.poll(() => form.getByRole('alert').innerText()).toContain('Please answer every question');
    await form.getByTestId('sof-employmentStatus').selectOption('employed');
    await form.getByTestId('sof-source').selectOption('salary');
    await form.getByTestId('sof-annualIncome').selectOption('25k_100k');
    await form.getByTestId('sof-expectedDeposits').selectOption('under_25k');
    await form.getByTestId('sof-pep').selectOption('yes');
    const saved = mobile.page.waitForResponse((r) =>
      r.url().endsWith('/api/accounts/source-of-funds/answer'),
    );
    await form.getByTestId('sof-save').click();
    expect((await saved).status()).toBe(200);
    await expect
      .poll(() => mobile.page.getByTestId('toast-success').last().innerText())
      .toContain('answers are saved');
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(mobile.page, theme);
      await mobile.page.goto('/my-account/documents');
      await mobile.page.getByTestId('sof-form').waitFor();
      await closePopups(mobile.page);
      await settle(mobile.page);
      await screenshot(mobile.page, `compliance/mobile-${theme}-source-of-funds-answered`);
    }

    // the compliance member's dashboard lists the new task
    const staff = await newSession('desktop');
    sessions.push(staff);
    const { page } = staff;
    await staffSignIn(page, DEMO_STAFF.compliance);
    await loaded(page, 'bo-dash-tasks');
    const dashRow = page.getByTestId('bo-dash-tasks-table').locator('tr', { hasText: clientName });
    await expect.poll(() => dashRow.count()).toBe(1);
    await expect.poll(() => dashRow.innerText()).toContain('High risk');
    const rowAssign = dashRow.getByRole('button', { name: 'Assign' });
    await rowAssign.click();
    const assign = page.getByTestId('bo-task-assign');
    await assign.waitFor();
    await expect
      .poll(() => assign.getByTestId('bo-task-assignee').locator('option').allInnerTexts())
      .toContain(DEMO_STAFF.compliance.name);
    await assign.getByTestId('bo-task-assignee').selectOption({ label: DEMO_STAFF.compliance.name });
    await assign.getByTestId('bo-task-save').click();
    await expect.poll(() => dashRow.innerText()).toContain(DEMO_STAFF.compliance.name);
    await expect.poll(() => page.getByTestId('bo-dash-tasks-mine').innerText()).not.toMatch(/^0/);

    // closing needs a note
    await dashRow.getByRole('button', { name: 'Close' }).click();
    const close = page.getByTestId('bo-task-close');
    await close.waitFor();
    await close.getByTestId('bo-dialog-confirm').click();
    await expect.poll(() => close.locator('.invalid-feedback').innerText()).not.toBe('');
    await close.getByTestId('bo-reason-input').fill('PEP declaration checked: EDD documents requested');
    await close.getByTestId('bo-dialog-confirm').click();
    await expect.poll(() => dashRow.count()).toBe(0);

    // the task list shows it closed with the note
    await page.goto('/backoffice/compliance/tasks?status=closed');
    await loaded(page, 'bo-tasks-table');
    const closedRow = page.getByTestId('bo-tasks-table').locator('tr', { hasText: clientName });
    await expect.poll(() => closedRow.innerText()).toContain('PEP declaration checked');

    // the client's page: the risk score with its reasons, then the timeline with the sign-in and the deposit
    const link = closedRow.getByRole('link', { name: new RegExp(client.lastName) });
    const clientUrl = new URL((await link.getAttribute('href')) ?? '', baseURL()).pathname;
    await page.goto(`${clientUrl}?tab=risk`);
    await loaded(page, 'bo-risk');
    await expect.poll(() => page.getByTestId('bo-risk').innerText()).toContain('High');
    await expect.poll(() => page.getByTestId('bo-risk-reasons').innerText()).toContain('politically exposed');

    await page.goto(`${clientUrl}?tab=timeline`);
    await loaded(page, 'bo-timeline');
    const timeline = page.getByTestId('bo-timeline');
    await expect.poll(() => timeline.locator('[data-kind="login"]').count()).toBeGreaterThanOrEqual(1);
    await expect.poll(() => timeline.locator('[data-kind="money"]').innerText()).toContain(reference);
    await page.getByTestId('bo-timeline-kind').selectOption('login');
    await expect.poll(() => timeline.locator('[data-kind="money"]').count()).toBe(0);
    expect(await timeline.locator('[data-kind="login"]').first().innerText()).toContain('Signed in from');

    // every new screen at 1366 px in both themes
    const shots = [
      ...(await shootBothThemes(page, '/backoffice', 'compliance-dashboard', (p) =>
        loaded(p, 'bo-dash-tasks'),
      )),
      ...(await shootBothThemes(page, '/backoffice/compliance/tasks?status=all', 'compliance-tasks', (p) =>
        loaded(p, 'bo-tasks-table'),
      )),
      ...(await shootBothThemes(page, `${clientUrl}?tab=risk`, 'compliance-client-risk', (p) =>
        loaded(p, 'bo-risk'),
      )),
      ...(await shootBothThemes(page, `${clientUrl}?tab=timeline`, 'compliance-client-timeline', (p) =>
        loaded(p, 'bo-timeline'),
      )),
    ];
    const desktopClient = await newSession('desktop');
    sessions.push(desktopClient);
    await logInThroughForm(desktopClient.page, client.email, client.password);
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(desktopClient.page, theme);
      await desktopClient.page.goto('/my-account/documents');
      await desktopClient.page.getByTestId('sof-form').waitFor();
      await closePopups(desktopClient.page);
      await settle(desktopClient.page);
      shots.push(await screenshot(desktopClient.page, `compliance/desktop-${theme}-source-of-funds`));
    }
    const keep = process.env.SHOTS_DIR;
    if (keep) {
      fs.mkdirSync(keep, { recursive: true });
      for (const file of [
        ...shots,
        ...fs
          .readdirSync(path.join(OUTPUT_DIR, 'compliance'))
          .map((f) => path.join(OUTPUT_DIR, 'compliance', f)),
      ])
        fs.copyFileSync(file, path.join(keep, path.basename(file)));
    }
    expect(staff.errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
  });
});
