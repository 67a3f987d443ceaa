import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { hostURL, loaded } from './backoffice-two.js';
import { newSession, type Session } from './browser.js';

/**
 * Helpers of the brand-draft journeys (docs/brands.md "Drafts and publishing"): what a brand's host answers to a
 * visitor, and the publish checklist on a brand's page, red items fixed where their "Fix" link leads.
 */

/** What a visitor's browser gets from a brand's host: the site, its registration page and its public API. */
export interface HostAnswers {
  home: { status: number; text: string; scripts: number };
  registerPage: { status: number; text: string };
  api: { brand: ApiAnswer; register: ApiAnswer; login: ApiAnswer };
}
interface ApiAnswer {
  status: number;
  code: string;
}

/**
 * Opens the brand's host as a visitor (a fresh session, closed afterwards) and answers what it serves: the home
 * page, the registration page, and the API calls the site and the client area make (`GET /api/brand`,
 * registration, client login).
 */
export async function hostAnswers(host: string): Promise<HostAnswers> {
  const visitor: Session = await newSession('desktop', { baseURL: hostURL(host) });
  try {
    const page = visitor.page;
    const home = await page.goto('/');
    const homeAnswer = {
      status: home?.status() ?? 0,
      text: await page.locator('body').innerText(),
      scripts: await page.locator('script').count(),
    };
    const register = await page.goto('/register');
    const registerAnswer = { status: register?.status() ?? 0, text: await page.locator('body').innerText() };
    const api = await page.evaluate(async () => {
      const call = async (path: string, body?: unknown) => {
        const response = await fetch(path, {
          method: body ? 'POST' : 'GET',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: body ? JSON.stringify(body) : undefined,
        });
        const answer = (await response.json().catch(() => ({}))) as {
          error?: { code?: string };
          code?: string;
        };
        return { status: response.status, code: answer.error?.code ?? answer.code ?? '' };
      };
      return {
        brand: await call('/api/brand'),
        register: await call('/api/accounts/register', {
          email: 'visitor@example.com',
          password: 'Visitor1234!',
          firstName: 'Vera',
          lastName: 'Visitor',
        }),
        login: await call('/api/accounts/login', { email: 'demo@example.com', password: 'Demo1234!' }),
      };
    });
    return { home: homeAnswer, registerPage: registerAnswer, api };
  } finally {
    await visitor.context.close();
  }
}

/** The checklist items on the brand's page that are red now, by key. */
export async function redItems(page: Page): Promise<string[]> {
  const checklist = page.getByTestId('bob-checklist');
  await checklist.waitFor({ timeout: 20_000 });
  const items = checklist.locator('li[data-ok="false"]');
  const keys = await items.evaluateAll((nodes) =>
    nodes.map((node) => (node.getAttribute('data-testid') ?? '').replace('bob-check-', '')),
  );
  return keys;
}

const toast = (page: Page) => page.getByTestId('toast-success').last();

/**
 * Fixes every red item of the brand's publish checklist as an admin does: follows the item's "Fix" link, puts
 * the missing piece in (the support address, a sandbox card method, the standard risk warning) and saves, then
 * comes back to the brand's page. Missing legal pages are written in the content editor, which this does not
 * do: they fail the journey by name. Answers the keys it fixed.
 */
export async function fixRedItems(page: Page, brandId: number, supportEmail: string): Promise<string[]> {
  const fixed: string[] = [];
  for (const key of await redItems(page)) {
    expect(key, 'the starter wrote every legal page').not.toBe('legalPages');
    await page.getByTestId(`bob-check-${key}`).getByRole('link').click();
    if (key === 'supportEmail') {
      const legal = page.getByTestId('bob-legal');
      await legal.waitFor();
      await legal.getByLabel('Support e-mail').fill(supportEmail);
      await legal.getByTestId('bob-legal-save').click();
      await expect.poll(() => toast(page).innerText(), { timeout: 15_000 }).toContain('Saved.');
    } else if (key === 'paymentMethod') {
      const payments = page.getByTestId('bob-payments');
      await payments.waitFor();
      await payments.getByTestId('bob-pay-add-sandbox-card').click();
      await payments.getByTestId('bob-payments-save').click();
      await expect.poll(() => toast(page).innerText(), { timeout: 15_000 }).toContain('Saved.');
    } else if (key === 'riskWarning') {
      await page.waitForURL(/\/backoffice\/site\?brand=\d+/);
      await loaded(page, 'bos-site');
      expect(await page.getByTestId('bos-site-brand').inputValue()).toBe(String(brandId));
      await page.getByTestId('bos-risk-standard-en').click();
      await page.getByTestId('bos-settings-save').click();
      await expect.poll(() => toast(page).innerText(), { timeout: 15_000 }).toContain('Site settings saved');
      await page.goto(`/backoffice/brands/${brandId}`);
      await loaded(page, 'bob-brand');
    }
    await expect
      .poll(() => page.getByTestId(`bob-check-${key}`).getAttribute('data-ok'), { timeout: 15_000 })
      .toBe('true');
    fixed.push(key);
  }
  return fixed;
}
