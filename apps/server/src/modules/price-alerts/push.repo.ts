import { and, asc, count, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pushKeys, pushOutbox, pushSubscriptions } from '../../db/schema.js';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** A push due for sending, with the subscription it goes to. */
export interface DuePush {
  id: number;
  payload: string;
  attempts: number;
  subscription: { id: number; endpoint: string; p256dh: string; auth: string };
}

/** Browsers one client may keep subscribed; the oldest is dropped beyond it. */
export const PUSH_MAX_SUBSCRIPTIONS = 10;

/** SQL of web push: the server's VAPID keys, the clients' subscriptions and the pushes to send. */
export class PushRepo {
  constructor(readonly db: Db) {}

  /** The server's VAPID key pair: the stored one, else `make()`'s, stored now (the first start keeps it). */
  async keys(
    make: () => { publicKey: string; privateKey: string },
  ): Promise<{ publicKey: string; privateKey: string }> {
    const [found] = await this.db.select().from(pushKeys).where(eq(pushKeys.id, 1));
    if (found) return { publicKey: found.publicKey, privateKey: found.privateKey };
    // two nodes starting together: one insert wins, both read the winner's
    await this.db
      .insert(pushKeys)
      .values({ id: 1, ...make() })
      .onConflictDoNothing();
    const [row] = await this.db.select().from(pushKeys).where(eq(pushKeys.id, 1));
    if (!row) throw new Error('push keys were not stored');
    return { publicKey: row.publicKey, privateKey: row.privateKey };
  }

  /**
   * Subscribes a browser for the client: an endpoint is one browser, so one subscribed by another client before
   * (a shared computer) now belongs to this one. Beyond PUSH_MAX_SUBSCRIPTIONS the client's oldest is dropped.
   */
  async subscribe(userId: number, sub: { endpoint: string; p256dh: string; auth: string }): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(pushSubscriptions)
        .values({ userId, ...sub })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId, p256dh: sub.p256dh, auth: sub.auth, createdAt: sql`now()` },
        });
      const [n] = await tx
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      const extra = (n?.n ?? 0) - PUSH_MAX_SUBSCRIPTIONS;
      if (extra > 0) {
        const oldest = tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id))
          .limit(extra);
        await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, oldest));
      }
    });
  }

  /** Unsubscribes the client's browser; false when the client had no such endpoint. */
  async unsubscribe(userId: number, endpoint: string): Promise<boolean> {
    const rows = await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id });
    return rows.length > 0;
  }

  /** Whether the client has this endpoint subscribed. */
  async isSubscribed(userId: number, endpoint: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    return row !== undefined;
  }

  /** Queues one push per subscribed browser of the client, in the caller's transaction; returns how many. */
  async queue(userId: number, payload: string, now: Date, tx: Db = this.db): Promise<number> {
    const subs = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    if (subs.length === 0) return 0;
    await tx
      .insert(pushOutbox)
      .values(subs.map((s) => ({ subscriptionId: s.id, payload, nextAttemptAt: now })));
    return subs.length;
  }

  /**
   * Takes the push due longest for one attempt: counts it and moves its next attempt to `leaseUntil` in one
   * statement, skipping rows another worker holds (two nodes never send the same attempt).
   */
  async claimDue(now: Date, leaseUntil: Date): Promise<DuePush | undefined> {
    const due = this.db
      .select({ id: pushOutbox.id })
      .from(pushOutbox)
      .where(lte(pushOutbox.nextAttemptAt, now))
      .orderBy(asc(pushOutbox.nextAttemptAt))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await this.db
      .update(pushOutbox)
      .set({ attempts: sql`${pushOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
      .where(inArray(pushOutbox.id, due))
      .returning();
    if (!row) return undefined;
    const [sub] = await this.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, row.subscriptionId));
    if (!sub) return undefined;
    return {
      id: row.id,
      payload: row.payload,
      attempts: row.attempts,
      subscription: { id: sub.id, endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth },
    };
  }

  async markSent(id: number, at: Date): Promise<void> {
    await this.db
      .update(pushOutbox)
      .set({ sentAt: at, nextAttemptAt: null, error: null })
      .where(eq(pushOutbox.id, id));
  }

  async markRetry(id: number, error: string, nextAttemptAt: Date): Promise<void> {
    await this.db
      .update(pushOutbox)
      .set({ error: error.slice(0, 500), nextAttemptAt })
      .where(eq(pushOutbox.id, id));
  }

  async markFailed(id: number, error: string, at: Date): Promise<void> {
    await this.db
      .update(pushOutbox)
      .set({ error: error.slice(0, 500), nextAttemptAt: null, failedAt: at })
      .where(eq(pushOutbox.id, id));
  }

  /**
   * Forgets pushes settled (sent, or failed for good) before `before`: a push is kept a while for the operator to
   * look at, not for ever.
   */
  async purgeSettled(before: Date): Promise<void> {
    await this.db
      .delete(pushOutbox)
      .where(or(lte(pushOutbox.sentAt, before), lte(pushOutbox.failedAt, before)));
  }

  /** The browser's push service says the subscription is gone (404/410): it and its pushes are dropped. */
  async dropSubscription(id: number): Promise<void> {
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  }

  /** Pushes of a client's browsers (tests and operators): payloads, newest last. */
  async pushesOf(userId: number): Promise<{ payload: string; sentAt: Date | null; attempts: number }[]> {
    return this.db
      .select({ payload: pushOutbox.payload, sentAt: pushOutbox.sentAt, attempts: pushOutbox.attempts })
      .from(pushOutbox)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushOutbox.id));
  }
}
