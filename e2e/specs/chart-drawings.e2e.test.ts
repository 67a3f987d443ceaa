import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, getBrowser, logInThroughForm, newSession } from '../support/browser.js';

/**
 * The chart's drawings and indicators saved on the server: the demo client adds an RSI and draws a Fibonacci
 * retracement, and after a reload (with the browser's copy gone) finds both again through the screen: the
 * indicator's chip and the drawing in the "Drawings" list, where it can be selected. SOLUSD trades around the
 * clock, and no other journey opens it; the layout is cleared at the end.
 */

const SYMBOL = 'SOLUSD';
const SHOTS = process.env.DRAW_SHOTS_DIR;

/** The answer to the next save of the symbol's layout. */
const saved = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      new URL(response.url()).pathname === `/api/chart-layouts/${SYMBOL}` &&
      response.status() === 200,
    { timeout: 20_000 },
  );

/** Waits for the chart to draw its candles. */
async function chartReady(page: Page) {
  const canvas = page.getByTestId('chart-canvas');
  await expect.poll(async () => Number((await canvas.getAttribute('data-bars')) ?? 0)).toBeGreaterThan(10);
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Drags across the chart body from one fraction of its box to another. */
async function drag(page: Page, from: [number, number], to: [number, number]) {
  const box = await page.getByTestId('chart-draw-capture').boundingBox();
  if (!box) throw new Error('no drawing layer');
  const at = ([x, y]: [number, number]) => [box.x + box.width * x, box.y + box.height * y] as const;
  await page.mouse.move(...at(from));
  await page.mouse.down();
  await page.mouse.move(...at([(from[0] + to[0]) / 2, (from[1] + to[1]) / 2]), { steps: 4 });
  await page.mouse.move(...at(to), { steps: 4 });
  await page.mouse.up();
}

describe('chart drawings and indicators saved on the server', () => {
  it('adds an RSI and a Fibonacci retracement, and finds both again after a reload', async () => {
    const { page, context, errors } = await newSession('desktop');
    await logInThroughForm(page);
    await page.goto(`/platform/${SYMBOL}`);
    await chartReady(page);

    await page.getByTestId('chart-add').click();
    const rsiSaved = saved(page);
    await page.getByTestId('chart-add-rsi').click();
    await rsiSaved;

    await page.getByTestId('chart-draw-fibonacci').click();
    await expect
      .poll(() => page.getByTestId('chart-draw-fibonacci').getAttribute('aria-pressed'))
      .toBe('true');
    const drawingSaved = saved(page);
    await drag(page, [0.45, 0.25], [0.75, 0.6]);
    const answer = (await (await drawingSaved).json()) as {
      data: { indicators: unknown[]; drawings: { kind: string }[] };
    };
    expect(answer.data.indicators).toHaveLength(1);
    expect(answer.data.drawings.map((d) => d.kind)).toEqual(['fibonacci']);
    // placed: the tool is put down and the new drawing selected (its delete button shows)
    await expect
      .poll(() => page.getByTestId('chart-draw-fibonacci').getAttribute('aria-pressed'))
      .toBe('false');
    await page.getByTestId('chart-draw-delete').waitFor();
    await shot(page, 'desktop-light-drawn');

    // the browser's copy goes: what comes back after the reload is the server's
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage))
        if (key.startsWith('ob.chart.')) localStorage.removeItem(key);
    });
    await page.reload();
    await chartReady(page);
    await expect.poll(() => page.getByTestId('chart-indicators').innerText()).toContain('RSI');
    await page.getByTestId('chart-drawings').click();
    const item = page.getByTestId('chart-drawings-list').getByTestId('chart-drawing-fibonacci');
    await expect.poll(() => item.innerText()).toContain('Fibonacci retracement');
    await item.click();
    await page.getByTestId('chart-draw-delete').waitFor();
    await shot(page, 'desktop-light-reloaded');

    // the selected drawing is dragged (the chart does not pan under it): both points move, and it is saved
    const before = answer.data.drawings[0] as unknown as { a: { price: number; time: number } };
    const canvas = await page.getByTestId('chart-canvas').boundingBox();
    if (!canvas) throw new Error('no chart');
    const moveSaved = saved(page);
    await page.mouse.move(canvas.x + canvas.width * 0.6, canvas.y + canvas.height * 0.42);
    await page.mouse.down();
    await page.mouse.move(canvas.x + canvas.width * 0.5, canvas.y + canvas.height * 0.5, { steps: 6 });
    await page.mouse.up();
    const movedTo = (
      (await (await moveSaved).json()) as { data: { drawings: { a: { price: number; time: number } }[] } }
    ).data.drawings[0];
    expect(movedTo?.a.time).toBeLessThan(before.a.time);
    expect(movedTo?.a.price).toBeLessThan(before.a.price);

    // dark, on the desktop
    await page.evaluate(() => localStorage.setItem('ob.theme', 'dark'));
    await page.reload();
    await chartReady(page);
    await shot(page, 'desktop-dark');
    await context.close();

    // a phone (390 px, touch): a horizontal line placed with a tap, selected with a tap, deleted with the bin
    const phone = await (await getBrowser()).newContext({
      baseURL: baseURL(),
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const mobile = await phone.newPage();
    mobile.on('pageerror', (error) => errors.push(error.message));
    await logInThroughForm(mobile);
    await mobile.evaluate(() => localStorage.setItem('ob.theme', 'dark'));
    await mobile.goto(`/platform/${SYMBOL}`);
    await chartReady(mobile);
    await mobile.getByTestId('chart').scrollIntoViewIfNeeded();
    await mobile.getByTestId('chart-draw-horizontal').tap();
    const box = await mobile.getByTestId('chart-draw-capture').boundingBox();
    if (!box) throw new Error('no drawing layer');
    const tapAt = { x: box.x + box.width * 0.4, y: box.y + box.height * 0.35 };
    const lineSaved = saved(mobile);
    await mobile.touchscreen.tap(tapAt.x, tapAt.y);
    expect(
      ((await (await lineSaved).json()) as { data: { drawings: unknown[] } }).data.drawings,
    ).toHaveLength(2);
    await mobile.getByTestId('chart-draw-delete').waitFor();
    await shot(mobile, 'phone-dark');
    // a tap elsewhere drops the selection, a tap on the line selects it again
    await mobile.touchscreen.tap(box.x + box.width * 0.2, box.y + box.height * 0.9);
    await mobile.getByTestId('chart-draw-delete').waitFor({ state: 'detached' });
    await mobile.touchscreen.tap(box.x + box.width * 0.15, tapAt.y);
    const lineDeleted = saved(mobile);
    await mobile.getByTestId('chart-draw-delete').tap();
    expect(
      ((await (await lineDeleted).json()) as { data: { drawings: { kind: string }[] } }).data.drawings,
    ).toEqual([expect.objectContaining({ kind: 'fibonacci' })]);
    await mobile.evaluate(() => localStorage.setItem('ob.theme', 'light'));
    await mobile.reload();
    await chartReady(mobile);
    await mobile.getByTestId('chart').scrollIntoViewIfNeeded();
    await shot(mobile, 'phone-light');
    await mobile.getByTestId('chart-drawings').tap();
    await shot(mobile, 'phone-light-list');

    // cleared again: the list's "Clear all" and the chip's remove
    const cleared = saved(mobile);
    await mobile.getByTestId('chart-drawings-clear').tap();
    await mobile.getByTestId('chart-drawings-clear-confirm').tap();
    expect(((await (await cleared).json()) as { data: { drawings: unknown[] } }).data.drawings).toEqual([]);
    const removed = saved(mobile);
    await mobile.getByTestId('chart-indicator-remove').tap();
    expect(((await (await removed).json()) as { data: { indicators: unknown[] } }).data.indicators).toEqual(
      [],
    );
    expect(errors).toEqual([]);
    await phone.close();
  });
});
