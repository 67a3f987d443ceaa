import fs from 'node:fs';
import path from 'node:path';
import { formatPrice } from '@openbroker/domain';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  autoTradingPageShows,
  candlesHeld,
  HALF_SPREAD,
  journalActions,
  journalRow,
  LIVE_MOVES,
  MINUTE,
  MinuteTape,
  minuteOf,
  numberOf,
  TREND,
  waitUntil,
  warmUpCloses,
} from '../support/auto-trading.js';
import { logInThroughForm, newSession, OUTPUT_DIR, type Session } from '../support/browser.js';
import { type ControlledFeed, startControlledFeed } from '../support/controlled-feed.js';
import { type ServerProcess, startServer, verifyLedgerOf } from '../support/server-process.js';
import { horizontalOverflow, setTheme, settle } from '../support/staff.js';

/**
 * Auto-trading in a real browser, on a market the journey moves itself (its own server with a WebSocket feed the test
 * controls, BTCUSD only: crypto trades around the clock). The verified demo client chooses the trend follower on
 * 1-minute candles with the smallest averages the offer allows, sets the limits, runs the backtest and reads its
 * figures and equity curve, and switches auto-trading on. The feed then stamps its quotes in successive minutes, so
 * each quote closes a 1-minute candle at once: prices fall, then rise until the fast average crosses above the slow
 * one, and the strategy buys (a position with the AI badge on the platform); they fall again, the fast average
 * crosses below, and the strategy closes the buy ("AI Trade" in the history) and sells. The journal explains both
 * decisions with the averages the test works out from the prices it sent, and the quote. Switched off, a further
 * crossover decides nothing. Screens at 1366 and 390 px, light and dark, under e2e/output/auto-trading/.
 */

const SYMBOL = 'BTCUSD';
const SHOTS = path.join(OUTPUT_DIR, 'auto-trading');

let feed: ControlledFeed;
let server: ServerProcess;
let tape: MinuteTape;
const sessions: Session[] = [];

beforeAll(async () => {
  feed = await startControlledFeed(400, { timestamps: true });
  server = await startServer({ env: feed.env });
  await feed.connected();
  // the minutes before the journey, stamped in the past: the candles the backtest reads
  const closes = warmUpCloses();
  const first = minuteOf(Date.now()) - (closes.length + 1) * MINUTE;
  tape = new MinuteTape(feed, SYMBOL, first);
  for (const close of closes) tape.candle(close);
  await waitUntil(
    `the server holds the ${closes.length} candles sent`,
    async () => (await candlesHeld(server.baseURL, SYMBOL, first, Date.now())).length === closes.length,
  );
}, 180_000);

afterAll(async () => {
  for (const session of sessions) await session.context.close().catch(() => undefined);
  await server?.stop();
  await feed?.close();
  // the README's ledger check on this server's database, once it has stopped
  const verified = await verifyLedgerOf(server);
  await server?.dropDatabase();
  expect(verified.ok, verified.out).toBe(true);
}, 120_000);

async function session(
  viewport: 'desktop' | 'phone' = 'desktop',
  theme: 'light' | 'dark' = 'light',
): Promise<Session> {
  const opened = await newSession(viewport, { baseURL: server.baseURL });
  sessions.push(opened);
  await opened.page.goto('/');
  await setTheme(opened.page, theme);
  await logInThroughForm(opened.page);
  return opened;
}

/**
 * Keeps a screenshot under e2e/output/auto-trading: the whole page, or only the viewport (the terminal). From the
 * top of the page: a page scrolled by the journey would draw its sticky header in the middle of a full-page shot.
 */
async function shot(page: Page, name: string, fullPage = true) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

const status = (page: Page) => page.getByTestId('auto-trading-status');
const stateText = (page: Page) => page.getByTestId('auto-trading-state').innerText();
const toggle = (page: Page) => status(page).getByTestId('auto-trading-toggle');

const openRows = (page: Page) => page.getByTestId('positions-open').locator('[data-testid^="position-row-"]');
const historyRows = (page: Page) =>
  page.getByTestId('positions-history').locator('[data-testid^="position-row-"]');
const idOf = async (row: Locator) =>
  Number(((await row.getAttribute('data-testid')) ?? '').replace('position-row-', ''));
/** The rate a row shows first in its cell (the cell's date line follows it). */
const leadingNumber = (cell: Locator) =>
  cell.evaluate((element) => Number((element.firstChild?.textContent ?? '').replace(/[^\d.-]/g, '')));

/** The average of the closes of the `count` candles up to and including candle `index` of the tape. */
function average(index: number, count: number): number {
  const closes = tape.sent.slice(index - count + 1, index + 1).map((c) => c.mid);
  return closes.reduce((sum, close) => sum + close, 0) / closes.length;
}

/** The averages a crossover on candle `index` names in words: fast and slow on it and on the candle before. */
function crossoverFigures(index: number): string[] {
  return [
    average(index, TREND.fastPeriod),
    average(index, TREND.slowPeriod),
    average(index - 1, TREND.fastPeriod),
    average(index - 1, TREND.slowPeriod),
  ].map(formatPrice);
}

/** 'Sell 59375.15 · Buy 59424.85' → {sell, buy}. */
function quoteOf(text: string): { sell: number; buy: number } {
  const [sell, buy] = [...text.matchAll(/\d[\d,]*\.\d+/g)].map((m) => numberOf(m[0]));
  return { sell: sell ?? Number.NaN, buy: buy ?? Number.NaN };
}

async function openPlatform(page: Page) {
  await page.goto(`/platform/${SYMBOL}`);
  // attached, not visible: on a phone the positions are one of the terminal's tabs
  await page.getByTestId('positions-panel').first().waitFor({ state: 'attached', timeout: 20_000 });
}

describe('auto-trading in chromium', () => {
  let client: Session;
  /** The tape's crossover candles (up: buy; down: close the buy and sell) and the positions they made. */
  let buyCandle = 0;
  let sellCandle = 0;
  let buyId = 0;
  let sellId = 0;

  it('a client chooses the trend follower and limits, runs the backtest, reads its figures and switches it on', {
    timeout: 180_000,
  }, async () => {
    client = await session();
    const { page } = client;
    await page.goto('/auto-trading');
    await status(page).waitFor({ timeout: 20_000 });
    expect(await stateText(page)).toContain('Off');
    // nothing saved yet: switching on is not offered, and the page says why
    await expect
      .poll(() => page.getByTestId('auto-trading-block').innerText())
      .toMatch(/strategy and limits/i);
    expect(await toggle(page).isDisabled()).toBe(true);

    // the trend follower on 1-minute candles, with the smallest periods the offer allows
    const form = page.getByTestId('settings-form');
    await form.getByTestId('strategy-trend').click();
    await form.getByTestId('field-timeframe').selectOption('1m');
    for (const [name, value] of Object.entries(TREND))
      await form.getByTestId(`param-${name}`).fill(String(value));
    await form.getByTestId('instrument-search').fill('BTC');
    await form.getByTestId(`instrument-option-${SYMBOL}`).check();
    await expect.poll(() => form.getByTestId(`instrument-chip-${SYMBOL}`).count()).toBe(1);
    // limits: € 100 a trade, one position at a time, leverage 1:2 at most, € 200 a day, € 500 in all
    await form.getByTestId('field-amount').fill('100');
    await form.getByTestId('field-maxPositions').fill('1');
    await form.getByTestId('field-maxLeverage').selectOption('2');
    await form.getByTestId('field-dailyLossLimit').fill('200');
    await form.getByTestId('field-drawdownLimit').fill('500');
    await form.locator('button[type="submit"]').click();
    await page.getByTestId('toast-success').last().waitFor({ timeout: 20_000 });
    // the strategy and the limits in words, as saved
    await expect.poll(() => page.getByTestId('auto-trading-strategy').innerText()).toMatch(/Trend follower/);
    const words = await page.getByTestId('auto-trading-strategy').innerText();
    expect(words).toMatch(/1-minute/);
    for (const part of [SYMBOL, '1:2', '100.00', '200.00', '500.00']) expect(words).toContain(part);
    // saved, but not tested yet: the page asks for the backtest first
    await expect.poll(() => page.getByTestId('auto-trading-block').innerText()).toMatch(/backtest/i);

    // the backtest on the candles the server holds, with its figures, the equity curve and the risk warning
    const backtest = page.getByTestId('backtest-panel');
    expect(await backtest.getByTestId('backtest-symbol').inputValue()).toBe(SYMBOL);
    await backtest.getByTestId('backtest-run').click();
    const result = backtest.getByTestId('backtest-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.getByTestId('backtest-period').innerText()).toContain(SYMBOL);
    const trades = numberOf(await result.getByTestId('backtest-trades').locator('dd').first().innerText());
    // the waves before the journey cross several times: the strategy traded in the test
    expect(trades).toBeGreaterThan(0);
    expect(await result.getByTestId('backtest-trade').count()).toBeGreaterThan(0);
    expect(await result.getByTestId('backtest-win-rate').innerText()).toMatch(/\d+(\.\d+)? %/);
    expect(await result.getByTestId('backtest-profit-factor').innerText()).toMatch(/\d|∞/);
    expect(await result.getByTestId('backtest-max-drawdown').innerText()).toMatch(/€/);
    expect(await result.getByTestId('backtest-worst-day').innerText()).toMatch(/€|—/);
    expect(await result.getByTestId('backtest-net-profit').innerText()).toMatch(/€/);
    // the equity curve is drawn (a canvas of the chart library with a size)
    const canvas = result.getByTestId('backtest-equity').locator('canvas').first();
    await canvas.waitFor({ timeout: 20_000 });
    expect((await canvas.boundingBox())?.height ?? 0).toBeGreaterThan(50);
    expect(await backtest.getByTestId('backtest-risk').innerText()).toMatch(/past results/i);
    await settle(page);
    await shot(page, 'settings-backtest-1366-light');

    // tested: switching on is offered now
    await expect.poll(() => toggle(page).isDisabled()).toBe(false);
    await toggle(page).check();
    await expect.poll(() => stateText(page), { timeout: 20_000 }).toContain('Running');
    await expect.poll(async () => (await journalActions(page))[0], { timeout: 20_000 }).toBe('switchedOn');
    expect(await journalActions(page)).toContain('settings');
    expect(client.errors).toEqual([]);
  });

  it('the feed drives a crossover up: the strategy buys, with the AI badge on the platform', {
    timeout: 180_000,
  }, async () => {
    const { page } = client;
    await openPlatform(page);
    expect(await openRows(page).count()).toBe(0);
    // from the current minute on: the fall goes on (the fast average stays below the slow one: no decision),
    // then a jump of 1,500 crosses it
    tape.catchUp();
    tape.move(LIVE_MOVES.fall);
    const [jump, next] = LIVE_MOVES.rise;
    tape.candle(tape.price + (jump ?? 0));
    buyCandle = tape.sent.length - 1;
    // the next minute's quote closes the crossover candle: the strategy buys at this price
    tape.candle(tape.price + (next ?? 0));

    await expect.poll(() => openRows(page).count(), { timeout: 30_000 }).toBe(1);
    const row = openRows(page).first();
    buyId = await idOf(row);
    expect(await row.locator('.ob-dir-buy').count()).toBe(1);
    const badge = row.getByTestId('position-ai-badge');
    expect(await badge.innerText()).toContain('AI');
    expect(await badge.getAttribute('title')).toMatch(/auto-trading strategy/i);
    // the strategy's stop loss and take profit are set (from the ATR), either side of the price
    const openRate = await leadingNumber(row.locator('.c-open'));
    expect(numberOf(await row.getByTestId('position-stop-loss').innerText())).toBeLessThan(openRate);
    expect(numberOf(await row.getByTestId('position-take-profit').innerText())).toBeGreaterThan(openRate);
    await shot(page, 'platform-ai-buy-1366-light', false);
    expect(client.errors).toEqual([]);
  });

  it('the reverse crossover closes the buy with "AI Trade" and sells; the journal explains both decisions', {
    timeout: 180_000,
  }, async () => {
    const { page } = client;
    const openRate = await leadingNumber(openRows(page).first().locator('.c-open'));
    const [first, second, third] = LIVE_MOVES.drop;
    tape.candle(tape.price + (first ?? 0));
    tape.candle(tape.price + (second ?? 0));
    sellCandle = tape.sent.length - 1;
    // closes the crossover candle: the strategy closes its buy, then sells
    tape.candle(tape.price + (third ?? 0));

    await expect
      .poll(
        async () => (await openRows(page).count()) === 1 && (await idOf(openRows(page).first())) !== buyId,
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    const sellRow = openRows(page).first();
    sellId = await idOf(sellRow);
    expect(await sellRow.locator('.ob-dir-sell').count()).toBe(1);
    expect(await sellRow.getByTestId('position-ai-badge').count()).toBe(1);

    // the history: closed by the strategy, reason 4 "AI Trade", explained with the strategy's words
    await page.getByTestId('positions-tab-history').click();
    const closed = page.getByTestId(`position-row-${buyId}`);
    await closed.waitFor({ timeout: 20_000 });
    expect(await historyRows(page).count()).toBe(1);
    await expect.poll(() => closed.getByTestId('position-reason').innerText()).toBe('AI Trade');
    expect(await closed.getByTestId('position-ai-badge').count()).toBe(1);
    const closedRate = numberOf(await closed.getByTestId('position-closed-rate').innerText());
    expect(closedRate).toBeLessThan(openRate);
    await closed.getByTestId(`position-why-toggle-${buyId}`).click();
    const why = page.getByTestId(`position-why-${buyId}`);
    await expect.poll(() => why.innerText()).toMatch(/auto-trading strategy/i);
    expect(await why.innerText()).toMatch(/crossed below/);
    await page.getByTestId('positions-tab-open').click();

    // the journal: newest first, the sell, the close of the buy, the buy, switching on, the settings
    await autoTradingPageShows(page, async (p) => (await journalActions(p))[0] === 'open');
    expect((await journalActions(page)).slice(0, 4)).toEqual(['open', 'close', 'open', 'switchedOn']);

    // the buy: the crossover in words with the averages of the closes the feed sent, the indicators, the quote
    const newestOpen = journalRow(page, 'open');
    const buyEntry = page
      .getByTestId('journal')
      .locator(`[data-testid="journal-entry"]:has([data-testid="journal-position"]:text-is("#${buyId}"))`);
    await expect.poll(() => buyEntry.count()).toBe(2);
    const buyOpen = buyEntry.and(page.locator('[data-action="open"]'));
    const buyReason = await buyOpen.getByTestId('journal-reason').innerText();
    expect(buyReason).toMatch(/crossed above/);
    expect(buyReason).toMatch(/: buy\.$/);
    for (const figure of crossoverFigures(buyCandle)) expect(buyReason).toContain(figure);
    expect(buyReason).toContain(`${TREND.fastPeriod}-candle average`);
    expect(buyReason).toContain(`${TREND.slowPeriod}-candle average`);
    const buyIndicators = await buyOpen.getByTestId('journal-indicators').innerText();
    for (const name of ['Fast SMA', 'Slow SMA', 'ATR']) expect(buyIndicators).toContain(name);
    const buyQuote = quoteOf(await buyOpen.getByTestId('journal-quote').innerText());
    // the quote it used: around the feed's quote when the candle closed, and the buy price the position opened at
    const openedAt = tape.sent[buyCandle + 1]?.mid ?? Number.NaN;
    expect(buyQuote.sell).toBeLessThan(openedAt - HALF_SPREAD + 1);
    expect(buyQuote.buy).toBeGreaterThan(openedAt + HALF_SPREAD - 1);
    expect(Math.abs(buyQuote.buy - openedAt) / openedAt).toBeLessThan(0.01);
    expect(Math.abs(buyQuote.buy - openRate)).toBeLessThanOrEqual(0.011);
    expect(await buyOpen.getByTestId('journal-action').innerText()).toMatch(/open/i);
    expect(await newestOpen.getByTestId('journal-position').innerText()).toBe(`#${sellId}`);

    // the close of the buy: the crossover down in words, the averages, and the quote it closed at
    const buyClose = buyEntry.and(page.locator('[data-action="close"]'));
    const closeReason = await buyClose.getByTestId('journal-reason').innerText();
    expect(closeReason).toMatch(/crossed below/);
    expect(closeReason).toMatch(/buy position is closed/);
    for (const figure of crossoverFigures(sellCandle).slice(0, 2)) expect(closeReason).toContain(figure);
    const closeQuote = quoteOf(await buyClose.getByTestId('journal-quote').innerText());
    expect(Math.abs(closeQuote.sell - closedRate)).toBeLessThanOrEqual(0.011);
    // the sell that replaced it, with the same crossover in words
    const sellReason = await newestOpen.getByTestId('journal-reason').innerText();
    expect(sellReason).toMatch(/crossed below/);
    expect(sellReason).toMatch(/: sell\.$/);
    for (const figure of crossoverFigures(sellCandle)) expect(sellReason).toContain(figure);

    // the page's figures: one auto trade closed today, one auto position open
    expect(await page.getByTestId('results-today').innerText()).toMatch(/trades: 1\b/i);
    expect(await page.getByTestId('results-open').innerText()).toMatch(/positions: 1\b/i);
    expect(await page.getByTestId('auto-positions').getByTestId(`auto-position-${sellId}`).count()).toBe(1);
    await settle(page);
    await shot(page, 'journal-1366-light');
    expect(client.errors).toEqual([]);
  });

  it('switched off, a further crossover decides nothing: the sell stays open with its stop loss and take profit', {
    timeout: 180_000,
  }, async () => {
    const { page } = client;
    await page.goto('/auto-trading');
    await expect.poll(() => stateText(page), { timeout: 20_000 }).toContain('Running');
    await toggle(page).uncheck();
    await expect.poll(() => stateText(page), { timeout: 20_000 }).toContain('Off');
    await expect.poll(async () => (await journalActions(page))[0], { timeout: 20_000 }).toBe('switchedOff');
    const journalBefore = await journalActions(page);

    // the ratio of the dealing sell price to the feed's bid (the brand's markup), from the journal's own quote
    const sellQuote = quoteOf(
      await journalRow(page, 'open').first().getByTestId('journal-quote').innerText(),
    );
    const markup = sellQuote.sell / ((tape.sent[sellCandle + 1]?.mid ?? Number.NaN) - HALF_SPREAD);

    await openPlatform(page);
    await page.getByTestId('trade-sell-price').waitFor({ timeout: 20_000 });
    const sellRow = page.getByTestId(`position-row-${sellId}`);
    await sellRow.waitFor({ timeout: 20_000 });
    const stopLoss = await sellRow.getByTestId('position-stop-loss').innerText();
    const takeProfit = await sellRow.getByTestId('position-take-profit').innerText();

    // a crossover up that, switched on, would close the sell and buy (the strategy's rule)
    tape.move(LIVE_MOVES.riseAgain);
    const expected = (tape.price - HALF_SPREAD) * markup;
    // every quote reached the platform: the crossover candle and one more have closed on the server
    await expect
      .poll(
        async () => Math.abs(numberOf(await page.getByTestId('trade-sell-price').innerText()) - expected),
        {
          timeout: 30_000,
        },
      )
      .toBeLessThan(30);
    expect(await openRows(page).count()).toBe(1);
    expect(await idOf(openRows(page).first())).toBe(sellId);
    expect(await sellRow.getByTestId('position-stop-loss').innerText()).toBe(stopLoss);
    expect(await sellRow.getByTestId('position-take-profit').innerText()).toBe(takeProfit);
    await page.getByTestId('positions-tab-history').click();
    await historyRows(page).first().waitFor({ timeout: 20_000 });
    expect(await historyRows(page).count()).toBe(1);

    // the journal has nothing after "switched off"
    await page.goto('/auto-trading');
    await expect
      .poll(async () => (await journalActions(page)).length, { timeout: 20_000 })
      .toBe(journalBefore.length);
    expect(await journalActions(page)).toEqual(journalBefore);
    expect(client.errors).toEqual([]);
  });

  it('keeps the auto-trading page, the journal and the AI badge readable at 1366 and 390 px, light and dark', {
    timeout: 300_000,
  }, async () => {
    for (const theme of ['light', 'dark'] as const) {
      for (const viewport of ['desktop', 'phone'] as const) {
        const width = viewport === 'desktop' ? 1366 : 390;
        const { page, errors, context } = await session(viewport, theme);
        await page.goto('/auto-trading');
        await status(page).waitFor({ timeout: 20_000 });
        await page.getByTestId('backtest-run').click();
        await page.getByTestId('backtest-result').waitFor({ timeout: 30_000 });
        await page.getByTestId('backtest-equity').locator('canvas').first().waitFor({ timeout: 20_000 });
        await journalRow(page, 'open').first().waitFor({ timeout: 20_000 });
        await settle(page);
        expect(await horizontalOverflow(page), `auto-trading ${width} ${theme}`).toBeLessThanOrEqual(0);
        await shot(page, `auto-trading-${width}-${theme}`);
        await page
          .getByTestId('journal')
          .screenshot({ path: path.join(SHOTS, `journal-${width}-${theme}.png`) });

        await openPlatform(page);
        if (viewport === 'phone') await page.getByTestId('platform-tab-positions').click();
        const row = page.getByTestId(`position-row-${sellId}`);
        await row.waitFor({ timeout: 20_000 });
        expect(await row.getByTestId('position-ai-badge').isVisible()).toBe(true);
        await settle(page);
        if (viewport === 'phone') {
          expect(await horizontalOverflow(page), `platform ${width} ${theme}`).toBeLessThanOrEqual(0);
          await shot(page, `platform-ai-badge-${width}-${theme}`);
        } else {
          await shot(page, `platform-ai-badge-${width}-${theme}`, false);
        }
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});
