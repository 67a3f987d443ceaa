import webPush from 'web-push';
import type { PushRepo } from './push.repo.js';
import { type PushSender, PushWorker, type PushWorkerOptions } from './push.worker.js';

export interface PushServiceOptions extends Omit<PushWorkerOptions, 'now'> {
  now?: () => Date;
  /** Who the push services may contact about this server's pushes (VAPID subject): `mailto:` or an https URL. */
  subject: string;
  /** Sends a push (tests give their own; default: web-push with the server's VAPID keys). */
  send?: PushSender;
}

/**
 * Web push of the clients' browsers: the server's VAPID key pair (made at the first start and kept in the
 * database), the clients' subscriptions, and a worker that sends queued pushes with retries in the background.
 */
export class PushService {
  private keys: { publicKey: string; privateKey: string } | undefined;
  readonly worker: PushWorker;
  private sender: PushSender;

  constructor(
    readonly repo: PushRepo,
    options: PushServiceOptions,
  ) {
    this.sender =
      options.send ??
      (async (subscription, payload) => {
        const keys = await this.vapid();
        return webPush.sendNotification(subscription, payload, {
          TTL: 3600,
          vapidDetails: { subject: options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        });
      });
    this.worker = new PushWorker(repo, (subscription, payload) => this.sender(subscription, payload), {
      ...options,
      now: options.now ?? (() => new Date()),
    });
  }

  /** Sends pushes with `send` from now on (tests: no push service is reached). */
  useSender(send: PushSender): void {
    this.sender = send;
  }

  /** Loads (or makes and stores, on the first start) the VAPID keys and starts the worker. */
  async start(): Promise<void> {
    await this.vapid();
    this.worker.start();
  }

  async stop(): Promise<void> {
    await this.worker.stop();
  }

  /** The VAPID public key (base64url); made on first use when the server has not started the worker. */
  async publicKey(): Promise<string | undefined> {
    return (await this.vapid()).publicKey;
  }

  subscribe(userId: number, sub: { endpoint: string; p256dh: string; auth: string }): Promise<void> {
    return this.repo.subscribe(userId, sub);
  }

  unsubscribe(userId: number, endpoint: string): Promise<boolean> {
    return this.repo.unsubscribe(userId, endpoint);
  }

  isSubscribed(userId: number, endpoint: string): Promise<boolean> {
    return this.repo.isSubscribed(userId, endpoint);
  }

  private async vapid(): Promise<{ publicKey: string; privateKey: string }> {
    this.keys ??= await this.repo.keys(() => webPush.generateVAPIDKeys());
    return this.keys;
  }
}
