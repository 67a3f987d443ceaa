import type { DuePush, PushRepo } from './push.repo.js';

/** Sends one push; rejects with `statusCode` when the push service refused (web-push's WebPushError has it). */
export type PushSender = (
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  payload: string,
) => Promise<unknown>;

export interface PushWorkerOptions {
  now: () => Date;
  /** Attempts per push before it is given up. @defaultValue 5 */
  maxAttempts?: number;
  /** Wait after the first failure, doubled after each further one. @defaultValue 30 s */
  firstRetryMs?: number;
  /** How long one attempt holds its push (longer than a send can take). @defaultValue 60 s */
  leaseMs?: number;
  /** The longest sleep between two looks (pushes queued by another node). @defaultValue 30 s */
  pollMs?: number;
  log?: { error(details: object, message: string): void };
}

/** Pushes sent per pass at most. */
const BATCH = 50;
/** How long a sent or failed push stays in the outbox (for an operator's look) before it is forgotten. */
const SETTLED_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Delivers queued web pushes in the background, never on the tick path: claims due pushes one at a time, sends,
 * retries with backoff (30 s, 1 min, 2 min…) until `maxAttempts`, and drops a subscription the browser's push
 * service says is gone (404, 410). Logs carry the push id and the status, never the endpoint (it identifies a
 * browser) nor the text.
 */
export class PushWorker {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly repo: PushRepo,
    private readonly send: PushSender,
    private readonly options: PushWorkerOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.wake();
  }

  /** Runs a pass soon: a push was just queued. */
  wake(): void {
    if (!this.running) return;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.queue.catch(() => {});
  }

  /** Attempts every push due now, one after another; resolves with how many were sent. */
  deliverDue(): Promise<number> {
    const result = this.queue.then(() => this.pass());
    this.queue = result.catch(() => {});
    return result;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.deliverDue()
        .catch((err: unknown) => this.options.log?.error({ err }, 'push: delivery pass failed'))
        .finally(() => {
          if (this.running) this.schedule(this.options.pollMs ?? 30_000);
        });
    }, ms);
    this.timer.unref?.();
  }

  private async pass(): Promise<number> {
    await this.repo.purgeSettled(new Date(this.options.now().getTime() - SETTLED_KEPT_MS));
    let sent = 0;
    for (let i = 0; i < BATCH; i++) {
      const now = this.options.now();
      const due = await this.repo.claimDue(now, new Date(now.getTime() + (this.options.leaseMs ?? 60_000)));
      if (!due) break;
      if (await this.attempt(due)) sent++;
    }
    return sent;
  }

  private async attempt(due: DuePush): Promise<boolean> {
    const { subscription } = due;
    try {
      await this.send(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        due.payload,
      );
      await this.repo.markSent(due.id, this.options.now());
      return true;
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      const reason = status ? `push service answered ${status}` : 'push service not reached';
      if (status === 404 || status === 410) {
        await this.repo.dropSubscription(subscription.id);
        return false;
      }
      const max = this.options.maxAttempts ?? 5;
      if (due.attempts >= max) {
        await this.repo.markFailed(due.id, reason, this.options.now());
        this.options.log?.error({ push: due.id, status }, 'push: given up');
      } else {
        const wait = (this.options.firstRetryMs ?? 30_000) * 2 ** (due.attempts - 1);
        await this.repo.markRetry(due.id, reason, new Date(this.options.now().getTime() + wait));
      }
      return false;
    }
  }
}
