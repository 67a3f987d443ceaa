import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ControlledFeed } from './controlled-feed.js';

/**
 * Helpers of the auto-trading journey: 1-minute candles made on demand through the controlled feed
 * (quotes stamped in successive minutes, so a candle closes at once instead of after a real minute), the price
 * series the journey plays, and readers of what the auto-trading page and the platform show.
 */

export const MINUTE = 60_000;

/** Start of the UTC minute of an instant (the 1-minute candle's bucket, as the server's candle builder cuts it). */
export const minuteOf = (ms: number): number => Math.floor(ms / MINUTE) * MINUTE;

/** Half the feed spread the journey quotes at: bid = mid − 10, ask = mid + 10, so each candle's price is the mid. */
export const HALF_SPREAD = 10;

/**
 * The trend follower's settings the journey picks: the smallest averages and ATR period the default offer allows
 * (fast 2, slow 5, ATR 5: a signal reads the last 6 closed candles), and stops far enough (5 × and 10 × the ATR)
 * that the journey's moves close positions by the strategy, not by a stop loss or take profit.
 */
export const TREND = {
  fastPeriod: 2,
  slowPeriod: 5,
  atrPeriod: 5,
  stopAtr: 5,
  takeProfitAtr: 10,
} as const;

/**
 * Closes of the minutes before the journey (stamped in the past, for the backtest): three waves of ±400 around
 * 60,000 with a period of 12 candles (crossovers both ways, so the backtest has trades), then a steady fall of 100
 * a candle: at its end the fast average has stayed below the slow one for several candles (no signal pending).
 */
export function warmUpCloses(): number[] {
  const closes: number[] = [];
  for (let i = 0; i < 36; i += 1) closes.push(60_000 + Math.round(400 * Math.sin((2 * Math.PI * i) / 12)));
  let price = closes.at(-1) ?? 60_000;
  for (let i = 0; i < 8; i += 1) {
    price -= 100;
    closes.push(price);
  }
  return closes;
}

/**
 * The live moves after auto-trading is switched on, each a list of steps (one candle each, in USD; the brand's
 * 0.3 % crypto markup per side is about 180 at these prices, so the moves are larger than that). `fall` keeps falling
 * (fast below slow, no signal); `rise` jumps up by 1,500 (the 2-candle average crosses above the 5-candle one on that
 * candle: buy) and one more candle, whose quote closes the crossover candle and is the price the buy opens at;
 * `drop` falls until the fast average crosses below the slow one on its second candle (close the buy with "AI
 * Trade", open a sell), and one more candle that closes it; `riseAgain` crosses up again on its second candle (it
 * would close the sell and buy); the third candle's quote closes that candle, the fourth's one more. Worked through with the domain's
 * `analyse`/`decide`: no stop loss or take profit is reached on the way (stops 5 × ATR, at least 1,500 away).
 */
export const LIVE_MOVES = {
  fall: [-300, -300, -300],
  rise: [1500, 600],
  drop: [-450, -1000, -100],
  riseAgain: [300, 300, 300, 300],
} as const;

/**
 * Drives 1-minute candles of one symbol: each `candle(mid)` sends a quote stamped in the minute after the previous
 * one, which closes the previous candle at once. Stamps only go forward, as the product keeps no quote older than
 * the last: a tape started in the past makes past candles (stale quotes, not tradable), `catchUp()` moves on to
 * the current minute, and from there each candle is a minute ahead of the one before, soon ahead of the clock
 * (quotes stamped in the future count as fresh).
 */
export class MinuteTape {
  /** Start of the next candle's minute. */
  private nextMinute: number;
  private last = 0;
  /** Every candle sent: its minute and mid. */
  readonly sent: { minute: number; mid: number }[] = [];

  constructor(
    private readonly feed: ControlledFeed,
    readonly symbol: string,
    firstMinute: number,
  ) {
    this.nextMinute = minuteOf(firstMinute);
  }

  /** The next candle starts no earlier than the current minute. */
  catchUp(): void {
    this.nextMinute = Math.max(this.nextMinute, minuteOf(Date.now()));
  }

  /** The mid of the last candle sent. */
  get price(): number {
    return this.last;
  }

  /** Sends the next candle's quote (bid and ask around `mid`), 1 s into its minute; answers its minute. */
  candle(mid: number): number {
    const minute = this.nextMinute;
    this.feed.set(this.symbol, mid - HALF_SPREAD, mid + HALF_SPREAD, minute + 1_000);
    this.nextMinute = minute + MINUTE;
    this.last = mid;
    this.sent.push({ minute, mid });
    return minute;
  }

  /** Sends one candle per step, each `step` away from the one before; answers the last mid. */
  move(steps: readonly number[]): number {
    for (const step of steps) this.candle(this.last + step);
    return this.last;
  }
}

/** A number as the pages print it ('60,200.06', '−1.67 %', '€9,823.79'). */
export const numberOf = (text: string | null): number =>
  Number((text ?? '').replace('−', '-').replace(/[^\d.-]/g, ''));

/** The 1-minute candles the server holds of a symbol between two instants (the public chart API). */
export async function candlesHeld(
  baseURL: string,
  symbol: string,
  from: number,
  to: number,
): Promise<{ time: number; close: number }[]> {
  const query = new URLSearchParams({
    symbol,
    resolution: '1m',
    from: String(Math.floor(from / 1000)),
    to: String(Math.ceil(to / 1000)),
  });
  const res = await fetch(`${baseURL}/api/market/candles?${query}`);
  const body = (await res.json()) as { data?: { time: number; close: number }[] } | { time: number }[];
  return Array.isArray(body) ? (body as { time: number; close: number }[]) : (body.data ?? []);
}

/**
 * Waits until `check` answers true, asking again every 200 ms (for hooks, where `expect.poll` is not allowed); throws
 * with `what` after `timeoutMs`.
 */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The journal's rows on the auto-trading page, newest first. */
export const journalRows = (page: Page): Locator => page.getByTestId('journal').getByTestId('journal-entry');

/** The journal's actions as the page marks them (data-action), newest first. */
export const journalActions = (page: Page): Promise<string[]> =>
  journalRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action') ?? ''));

/** The first (newest) journal row of an action. */
export const journalRow = (page: Page, action: string): Locator =>
  page.getByTestId('journal').locator(`[data-testid="journal-entry"][data-action="${action}"]`).first();

/**
 * Opens the auto-trading page afresh (its journal and figures refresh on load; on their own only every 30 s) until
 * `ready` holds for what it shows.
 */
export async function autoTradingPageShows(
  page: Page,
  ready: (page: Page) => Promise<boolean>,
  timeout = 30_000,
): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto('/auto-trading');
        await page.getByTestId('auto-trading-status').waitFor({ timeout: 15_000 });
        await page
          .getByTestId('journal')
          .locator('.placeholder-glow, .placeholder')
          .first()
          .waitFor({ state: 'detached', timeout: 15_000 })
          .catch(() => undefined);
        return ready(page);
      },
      { timeout, interval: 500 },
    )
    .toBe(true);
}
