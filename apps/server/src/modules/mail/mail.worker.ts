import type { Transporter } from 'nodemailer';
import type { Metrics } from '../metrics/metrics.js';
import type { OutboxRepo, OutboxRow } from './mail.repo.js';

/** The logger the background worker writes to (the app's pino logger fits). */
export interface MailWorkerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RetryPolicy {
  /** Attempts per mail before it is marked failed (MAIL_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** Wait after the first failed attempt; doubled after each further one. @defaultValue 30 s */
  firstRetryMs?: number;
  /** The longest wait between two attempts. @defaultValue 1 h */
  maxRetryMs?: number;
}

export interface OutboxWorkerOptions extends RetryPolicy {
  from: string;
  now: () => Date;
  metrics?: Pick<Metrics, 'mailAttempts'>;
  /**
   * How long one attempt holds its mail. Longer than the SMTP timeouts together (10 + 10 + 20 s),
   * so no second worker takes it while it is being sent; after a crash it is tried again then.
   * @defaultValue 5 min
   */
  leaseMs?: number;
  /** The longest sleep between two looks at the outbox (mails queued by another process). @defaultValue 30 s */
  pollMs?: number;
}

/** Mails sent per pass at most, so one pass cannot run unbounded. */
const BATCH = 50;

/** Wait before attempt `failed + 1` after `failed` failed attempts: 30 s, 1 min, 2 min, … up to 1 h. */
export function retryDelayMs(failed: number, policy: RetryPolicy): number {
  const first = policy.firstRetryMs ?? 30_000;
  const max = policy.maxRetryMs ?? 60 * 60_000;
  return Math.min(max, first * 2 ** Math.max(0, failed - 1));
}

/**
 * What the log and the outbox keep of an SMTP failure: the SMTP code and a short reason. Not the
 * whole server answer when it is a recipient refusal, which usually repeats the address.
 */
function describeFailure(error: unknown): { code?: string; responseCode?: number; reason: string } {
  const e = error as { code?: string; responseCode?: number; message?: string };
  const message = (e?.message ?? String(error)).replace(
    /<[^<>\s]+@[^<>\s]+>|[^\s<>]+@[^\s<>]+/g,
    '<address>',
  );
  return {
    ...(e?.code ? { code: e.code } : {}),
    ...(e?.responseCode ? { responseCode: e.responseCode } : {}),
    reason: message.slice(0, 500),
  };
}

/**
 * Delivers the outbox through SMTP in the background (decision 0015): claims due mails one at a
 * time, sends, and on failure schedules the next attempt with exponential backoff until
 * `maxAttempts`, then marks the mail failed. Passes in one process run one after another; across
 * processes the row claim keeps an attempt to one sender.
 */
export class OutboxWorker {
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private log: MailWorkerLog | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  /** Set by stop(): a pass ends after the attempt in progress instead of taking the next mail. */
  private stopping = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly outbox: OutboxRepo,
    private readonly transport: Transporter,
    private readonly options: OutboxWorkerOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.pollMs = options.pollMs ?? 30_000;
  }

  /** Starts the background loop (idempotent). */
  start(log: MailWorkerLog): void {
    this.log = log;
    if (this.running) return;
    this.running = true;
    this.stopping = false;
    this.wake();
  }

  /** Runs a pass soon: a mail was just queued. */
  wake(): void {
    this.schedule(0);
  }

  /** Stops the loop and waits for an attempt in progress to finish. */
  async stop(): Promise<void> {
    this.running = false;
    this.stopping = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.queue.catch(() => {});
  }

  /**
   * Attempts every mail due at `now` (default: the clock), one after another; resolves with how
   * many were sent. Passes are serialised: a call during a pass runs after it.
   */
  deliverDue(now?: Date): Promise<number> {
    return this.serially(() => this.pass(now));
  }

  private serially<T>(run: () => Promise<T>): Promise<T> {
    const result = this.queue.then(run);
    this.queue = result.catch(() => {});
    return result;
  }

  private schedule(delayMs: number): void {
    if (!this.running) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    // The loop never keeps the process alive on its own: shutdown stops it explicitly.
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    // One queued step, so stop() waits for all of it before the database closes.
    const delay = await this.serially(async () => {
      if (!this.running) return this.pollMs;
      try {
        await this.pass(undefined);
        const next = await this.outbox.nextDue();
        return next
          ? Math.min(this.pollMs, Math.max(0, next.getTime() - this.options.now().getTime()))
          : this.pollMs;
      } catch (error) {
        // The database is down: try again at the next poll rather than end the loop.
        this.log?.error({ err: error }, 'mail: the outbox could not be read; trying again later');
        return this.pollMs;
      }
    });
    this.schedule(delay);
  }

  private async pass(at: Date | undefined): Promise<number> {
    let sent = 0;
    for (let i = 0; i < BATCH && !this.stopping; i++) {
      const now = at ?? this.options.now();
      const row = await this.outbox.claimDue(now, new Date(now.getTime() + this.leaseMs));
      if (!row) break;
      if (await this.attempt(row, now)) sent++;
    }
    return sent;
  }

  /** One SMTP attempt of a claimed mail; true when the server accepted it. */
  private async attempt(row: OutboxRow, now: Date): Promise<boolean> {
    const sender = await this.outbox.senderOf(row.brandId);
    try {
      await this.transport.sendMail({
        from: sender ? { name: sender.name, address: this.options.from } : this.options.from,
        ...(sender?.replyTo ? { replyTo: sender.replyTo } : {}),
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        // Every attempt of one mail carries the same Message-ID, so a receiver can drop a duplicate.
        messageId: `<outbox-${row.id}-${row.createdAt.getTime()}@${this.options.from.split('@')[1] ?? 'localhost'}>`,
      });
    } catch (error) {
      const failure = describeFailure(error);
      const reason = [failure.responseCode, failure.reason].filter(Boolean).join(' ');
      if (row.attempts >= this.options.maxAttempts) {
        await this.outbox.markFailed(row.id, reason, now);
        this.options.metrics?.mailAttempts.inc({ outcome: 'failed' });
        this.log?.error(
          { outboxId: row.id, attempts: row.attempts, ...failure },
          'mail: giving up after the last attempt; it stays in the outbox marked failed',
        );
        return false;
      }
      const next = new Date(now.getTime() + retryDelayMs(row.attempts, this.options));
      await this.outbox.markRetry(row.id, reason, next);
      this.options.metrics?.mailAttempts.inc({ outcome: 'retry' });
      this.log?.warn(
        { outboxId: row.id, attempts: row.attempts, nextAttemptAt: next.toISOString(), ...failure },
        'mail: the SMTP server did not take the mail; it will be tried again',
      );
      return false;
    }
    await this.outbox.markSent(row.id, now);
    this.options.metrics?.mailAttempts.inc({ outcome: 'sent' });
    this.log?.info({ outboxId: row.id, attempts: row.attempts }, 'mail sent');
    return true;
  }
}
