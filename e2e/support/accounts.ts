import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/** A client the journeys create themselves, so the demo client keeps its password for other specs. */
export interface NewClient {
  firstName: string;
  lastName: string;
  email: string;
  /** A German mobile number as a person types it (national format, with the trunk 0). */
  nationalPhone: string;
  /** The same number as the server stores it. */
  e164: string;
  password: string;
}

export function newClient(): NewClient {
  const id = randomBytes(4).toString('hex');
  return {
    firstName: 'Nina',
    lastName: `Neu${id.slice(0, 3)}`,
    email: `nina.${id}@example.com`,
    nationalPhone: '01511 2345678',
    e164: '+4915112345678',
    password: `First-${id}!`,
  };
}

/** Fills and sends the registration form (the phone's country picker set to Germany). */
export async function register(page: Page, client: NewClient) {
  const form = page.getByTestId('register-form');
  await form.getByLabel('First name').fill(client.firstName);
  await form.getByLabel('Last name').fill(client.lastName);
  await form.getByLabel('Email').fill(client.email);
  await form.getByTestId('phone-country').selectOption('DE');
  await form.getByLabel('Phone', { exact: true }).fill(client.nationalPhone);
  await form.getByLabel('Password', { exact: true }).fill(client.password);
  await form.getByRole('checkbox').check();
  await form.locator('button[type="submit"]').click();
}

/**
 * A client registered through the API and given a complete profile (a German address), not verified and not
 * funded: for the journeys about money or compliance, which start after the sign-up.
 */
export async function clientWithProfile(client: NewClient = newClient()): Promise<NewClient> {
  const base = inject('baseURL');
  const post = async (url: string, body: object) => {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { status: boolean; data: Record<string, unknown> };
    if (!json.status) throw new Error(`${url} failed: ${JSON.stringify(json)}`);
    return json.data;
  };
  const registered = await post('/api/accounts/register', {
    first_name: client.firstName,
    last_name: client.lastName,
    email: client.email,
    phone: client.e164,
    password: client.password,
    agree: true,
    info: {},
  });
  const token = registered.access_token as string;
  const countries = (await (await fetch(`${base}/api/get/countries?token=${token}`)).json()) as {
    data: { id: number; alpha2: string }[];
  };
  await post('/api/accounts/update', {
    token,
    first_name: client.firstName,
    last_name: client.lastName,
    phone: client.e164,
    birth_date: '1990-04-12',
    country_id: countries.data.find((c) => c.alpha2 === 'DE')?.id,
    state: 'Hamburg',
    city: 'Hamburg',
    street: 'Jungfernstieg 7',
    zip_code: '20354',
  });
  return client;
}

/** Writes bytes to a new temporary file with the given name (for `setInputFiles`). */
export function tempFile(name: string, content: Buffer | string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-e2e-upload-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

/**
 * A small real JPEG (JFIF, starting FF D8 FF E0), as the browser encodes it: a 48 × 32 crop of the
 * current screen.
 */
export async function realJpeg(page: Page): Promise<Buffer> {
  const bytes = await page.screenshot({
    type: 'jpeg',
    quality: 60,
    clip: { x: 0, y: 0, width: 48, height: 32 },
  });
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) throw new Error('not a JPEG');
  return bytes;
}

/** The server log's current size: read only what comes after it. */
export const serverLogSize = (): number => fs.statSync(inject('serverLog')).size;

/**
 * Waits for the reset link the server logs for a forgot-password mail (without SMTP the mail is only
 * logged and kept in the outbox) and answers its path, '/password/reset/<token>'.
 */
export async function waitForResetLink(fromOffset: number, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = fs.readFileSync(inject('serverLog')).subarray(fromOffset).toString('utf8');
    const paths = [...text.matchAll(/\/password\/reset\/([A-Za-z0-9_-]{16,})/g)].map((m) => m[0]);
    const last = paths.at(-1);
    if (last) return last;
    if (Date.now() > deadline) throw new Error('No reset link appeared in the server log');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
