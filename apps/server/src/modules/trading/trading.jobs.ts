/**
 * The trading jobs that run on the market clock: the margin-call monitor (once a second), order
 * expiry (once a second), trailed stops' flush, and the daily swap rollover at 22:00 UTC. `tick(now)` runs one
 * round; the timer calls it every second, tests call it with the time they want.
 */
import { BRAND_CURRENCIES, formatMessage, type NoticePayload, nextRollover } from '@openbroker/domain';
import type { Config } from '../../config.js';
import type { Clock, TimerHandle } from '../../market/clock.js';
import { type BrandsService, brandBaseUrl } from '../brands/brands.service.js';
import type { MailService } from '../mail/mail.service.js';
import { escapeHtml, marginCallMail } from '../mail/mail.templates.js';
import type { MarginCallRepo } from './margin-call.repo.js';
import type { TradingService } from './trading.service.js';

const TICK_MS = 1_000;

/** The services the trading jobs use: the engine, the brands and the mail outbox (margin-call mails). */
export interface TradingJobsDeps {
  trading: TradingService;
  brands: BrandsService;
  mail: MailService;
  config: Pick<Config, 'publicUrl'>;
}

export interface TradingJobsOptions {
  repo: MarginCallRepo;
  clock: Clock;
  /** Where a margin-call notice goes (the trading socket pushes it to the account's room). */
  notify: (accountId: number, notice: NoticePayload) => void;
  log?: { error(obj: object, msg: string): void };
}

const percent = (fraction: number) => Math.round(fraction * 10_000) / 100;
/** An amount of the account's currency as the margin-call popup and mail write it ('€1234.50', 'CHF 12.50'). */
const moneyIn = (amount: number, currency: string) =>
  `${(BRAND_CURRENCIES as Record<string, string>)[currency] ?? `${currency} `}${amount.toFixed(2)}`;

export class TradingJobs {
  /** Accounts under their margin-call level now: warned once until the level is back above (re-armed). */
  private readonly called = new Set<number>();
  /** Accounts warned on the socket whose popup and mail are not stored yet (a failure is tried again). */
  private readonly unstored = new Set<number>();
  private nextRolloverAt: number;
  private timer: TimerHandle | undefined;
  private running = false;
  private stopped = false;

  constructor(
    private readonly deps: TradingJobsDeps,
    private readonly options: TradingJobsOptions,
  ) {
    this.nextRolloverAt = nextRollover(options.clock.now());
  }

  start(): void {
    const loop = () => {
      if (this.stopped) return;
      void this.tick(this.options.clock.now()).finally(() => {
        if (!this.stopped) this.timer = this.options.clock.setTimer(loop, TICK_MS);
      });
    };
    this.timer = this.options.clock.setTimer(loop, TICK_MS);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) this.options.clock.clearTimer(this.timer);
  }

  /** One round at `now`: rollover when 22:00 UTC passed, expiry, trailing flush, then the margin-call check. */
  async tick(now: number): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const { trading } = this.deps;
      while (now >= this.nextRolloverAt) {
        const at = this.nextRolloverAt;
        this.nextRolloverAt = nextRollover(at + 1);
        await this.guard('swap rollover', () => trading.rollover(at));
      }
      await this.guard('order expiry', () => trading.expireOrders(now));
      await this.guard('trailing stops', () => trading.flushTrailing(now));
      await this.guard('margin calls', () => this.marginCalls(now));
    } finally {
      this.running = false;
    }
  }

  private async guard(what: string, run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (err) {
      this.options.log?.error({ err }, `trading job failed: ${what}`);
    }
  }

  /**
   * The margin-call monitor: each account with open positions against its brand's margin-call level. The notice
   * goes out once per crossing, right after the popup and the mail are stored (so the client's popups have it);
   * those are stored once too, and tried again on the next round when storing them failed (the notice goes out
   * anyway; one account's failure does not hold the others up).
   */
  private async marginCalls(now: number): Promise<void> {
    const { trading } = this.deps;
    const below = new Set<number>();
    for (const accountId of trading.accountsWithPositions()) {
      const figures = trading.margin(accountId);
      const profile = trading.profileOf(accountId);
      if (figures.marginLevel === null || figures.marginLevel >= percent(profile.marginCallLevel)) continue;
      below.add(accountId);
      const crossed = !this.called.has(accountId);
      if (crossed) {
        this.called.add(accountId);
        this.unstored.add(accountId);
      }
      if (this.unstored.has(accountId)) {
        try {
          await this.storeMarginCall(accountId, figures, profile);
          this.unstored.delete(accountId);
        } catch (err) {
          this.options.log?.error({ err, accountId }, 'trading job failed: margin-call popup or mail');
        }
      }
      // the notice after the popup is stored: the terminal fetches the client's popups when the notice arrives
      if (crossed) this.notifyMarginCall(accountId, now, figures, profile);
    }
    // re-armed once back above the level (or without positions)
    for (const id of this.called)
      if (!below.has(id)) {
        this.called.delete(id);
        this.unstored.delete(id);
      }
  }

  private notifyMarginCall(
    accountId: number,
    now: number,
    figures: { equity: number; usedMargin: number; marginLevel: number | null },
    profile: { marginCallLevel: number },
  ): void {
    this.options.notify(accountId, {
      id: `margin-call:${accountId}:${now}`,
      kind: 'marginCall',
      at: new Date(now).toISOString(),
      marginLevel: figures.marginLevel ?? 0,
      equity: figures.equity,
      usedMargin: figures.usedMargin,
      level: percent(profile.marginCallLevel),
    });
  }

  /** The client's popup (until read) and one mail with it. */
  private async storeMarginCall(
    accountId: number,
    figures: { equity: number; usedMargin: number; marginLevel: number | null },
    profile: { marginCallLevel: number; stopOutLevel: number },
  ): Promise<void> {
    const level = percent(profile.marginCallLevel);
    const marginLevel = figures.marginLevel ?? 0;
    const { repo } = this.options;
    // one popup until read, one mail per popup: a margin call while the last one is unread adds nothing
    const client = await repo.client(accountId);
    // a demo account's margin call is the terminal's notice only: virtual money sends no popup or mail, and an
    // unread demo popup never silences a live account's warning
    if (!client || client.kind === 'demo') return;
    if (await repo.hasUnread(client.userId)) return;
    const brand = await this.deps.brands.findById(client.brandId);
    if (!brand) return;
    const params = {
      marginLevel: marginLevel.toFixed(2),
      level: level.toFixed(0),
      // in the account's currency (docs/accounts.md)
      equity: moneyIn(figures.equity, client.currency),
      usedMargin: moneyIn(figures.usedMargin, client.currency),
    };
    await repo.addPopup(
      brand.id,
      client.userId,
      formatMessage({ key: 'notice.marginCall.title' }),
      `<p>${escapeHtml(formatMessage({ key: 'notice.marginCall.popup', params }))}</p>`,
    );
    const link = `${brandBaseUrl(brand, this.deps.config.publicUrl)}/platform`;
    await this.deps.mail.send(brand, marginCallMail(brand, client, params, link), {
      info: () => {},
      error: (details, message) => this.options.log?.error(details, message),
    });
  }
}
