/**
 * The client's fill audit: what each fill of their positions was dealt at (stored with the trade), checked against
 * the brand quote of the feed quote and the markup then in force, with the feed's quotes a minute either side —
 * written from the market's in-memory ring once that minute passed, by a timer here. A fill whose window was lost
 * (the server restarted within it) gets the quotes still known and says it is partial.
 */
import { checkFill, type FillAudit, type FillKind } from '@openbroker/domain';
import type { FillWindowQuote } from '../../db/schema.js';
import type { Clock, TimerHandle } from '../../market/clock.js';
import type { TickRing } from '../../market/tick-ring.js';
import type { FillAuditRepo, FillAuditRow } from './fill-audit.repo.js';

/** The window either side of a fill. */
export const FILL_WINDOW_MS = 60_000;
/** How often due windows are written. */
const WRITE_EVERY_MS = 5_000;
/** Windows written per round at most (the rest in the next). */
const BATCH = 200;

export interface FillAuditOptions {
  clock: Clock;
  /** The market's recent quotes. */
  ring: TickRing;
  log: { error: (obj: object, msg: string) => void };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A stored fill as the client sees it, with its check (window quotes as stored, or none while pending). */
export function fillAuditOf(row: FillAuditRow): FillAudit {
  const terms = {
    markup: { unit: row.markupUnit, value: Number(row.markupValue) },
    pipSize: Number(row.pipSize),
    tick: row.tick === null ? null : Number(row.tick),
  };
  const feed = { bid: Number(row.feedBid), ask: Number(row.feedAsk) };
  const quote = { buy: Number(row.quoteBuy), sell: Number(row.quoteSell) };
  const fillPrice = Number(row.fillPrice);
  const at = row.filledAt.getTime();
  return {
    positionId: row.positionId,
    kind: row.kind,
    symbol: row.symbol,
    direction: row.direction,
    cause: row.cause,
    filledAt: row.filledAt.toISOString(),
    fillPrice,
    feed: { at: row.feedAt.toISOString(), ...feed },
    markup: terms.markup,
    pipSize: terms.pipSize,
    tick: terms.tick,
    quote,
    check: checkFill({ kind: row.kind, direction: row.direction, fillPrice, feed, terms, quote }),
    window: {
      state: row.windowState,
      from: iso(at - FILL_WINDOW_MS),
      until: iso(at + FILL_WINDOW_MS),
      quotes: (row.windowQuotes ?? []).map(([ts, bid, ask]) => ({ at: iso(ts), bid, ask })),
    },
  };
}

export class FillAuditService {
  private timer: TimerHandle | undefined;
  private running = false;
  private stopped = true;
  /** The scheduled write under way, if any. */
  private pass: Promise<void> = Promise.resolve();

  constructor(
    private readonly repo: FillAuditRepo,
    private readonly options: FillAuditOptions,
  ) {}

  /** A fill of the client's position: its open, or its close (a partial close's part opened with its position). */
  async audit(userId: number, positionId: number, kind: FillKind): Promise<FillAudit | undefined> {
    let row = await this.repo.find(userId, positionId, kind);
    if (!row && kind === 'open') {
      const closed = await this.repo.find(userId, positionId, 'close');
      if (closed?.partOf) row = await this.repo.find(userId, closed.partOf, 'open');
    }
    return row && fillAuditOf(row);
  }

  /** Starts writing due windows every few seconds (and at once: windows left by a restart). */
  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops the writer once a write under way has ended (the database closes after this). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) this.options.clock.clearTimer(this.timer);
    this.timer = undefined;
    await this.pass;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = this.options.clock.setTimer(() => {
      this.timer = undefined;
      this.pass = this.writeDue()
        .then(() => undefined)
        .catch((error: unknown) =>
          this.options.log.error({ err: error }, 'fill audit: writing windows failed'),
        )
        .finally(() => this.schedule(WRITE_EVERY_MS));
    }, delay);
  }

  /** Writes the window of every fill whose minute after has passed; returns how many were written. */
  async writeDue(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    try {
      const now = this.options.clock.now();
      const due = await this.repo.due(new Date(now - FILL_WINDOW_MS), BATCH);
      for (const row of due) {
        const at = row.filledAt.getTime();
        const window = this.options.ring.window(row.symbol, at - FILL_WINDOW_MS, at + FILL_WINDOW_MS);
        const quotes: FillWindowQuote[] = window.quotes;
        await this.repo.storeWindow(row.id, window.complete ? 'complete' : 'partial', quotes);
      }
      return due.length;
    } finally {
      this.running = false;
    }
  }
}
