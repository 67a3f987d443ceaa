import { DEFAULT_TRADING_PROFILE, type NoticePayload } from '@openbroker/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { popups, users } from '../../db/schema.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { MARGIN_CALL_POPUP, MarginCallRepo } from './margin-call.repo.js';
import { TradingJobs } from './trading.jobs.js';

/**
 * a margin call whose popup could not be stored (a database error) is tried again on the next
 * round; it is not lost until the level recovers. The error line names no client data.
 */
describe(`margin call after a failed popup (${testDbKind})`, async () => {
  const { runtime } = await createTestServer();
  const { ctx } = runtime;
  const { db } = ctx.database;
  const [demo] = await db.select().from(users).where(eq(users.email, 'demo@example.com'));
  const demoId = demo?.id ?? 0;
  ctx.trading.setProfile(`brand:${demo?.brandId}`, { ...DEFAULT_TRADING_PROFILE, stopOutLevel: 0.5 });
  await ctx.trading.ensureAccount(demoId);
  const quote = (bid: number) =>
    expect(ctx.market.ingest({ symbol: 'EURUSD', bid, ask: bid + 0.0002, ts: Date.now() })).toBe(true);

  it('stores the popup and sends the mail on the next round', async () => {
    const repo = new MarginCallRepo(db);
    let fail = true;
    const addPopup = repo.addPopup.bind(repo);
    repo.addPopup = (...args) => {
      if (fail) {
        fail = false;
        return Promise.reject(new Error('connection lost'));
      }
      return addPopup(...args);
    };
    const errors: object[] = [];
    const notices: NoticePayload[] = [];
    const jobs = new TradingJobs(ctx, {
      repo,
      clock: ctx.market.clock,
      notify: (_id, notice) => notices.push(notice),
      log: { error: (obj) => errors.push(obj) },
    });
    quote(1.08);
    const opened = await ctx.trading.open({
      accountId: demoId,
      now: Date.now(),
      symbol: 'EURUSD',
      direction: 'buy',
      amount: 9_000,
      leverage: 30,
      price: 1.0802 * 1.00025,
    });
    expect(opened.ok).toBe(true);
    quote(1.074);
    await jobs.tick(Date.now());
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors)).not.toContain('demo@example.com');
    await jobs.tick(Date.now());
    const stored = await db
      .select()
      .from(popups)
      .where(and(eq(popups.userId, demoId), eq(popups.kind, MARGIN_CALL_POPUP)));
    expect(stored).toHaveLength(1);
    const mails = (await ctx.mail.outbox.latest({ to: 'demo@example.com' })).filter((m) =>
      /margin call/i.test(m.subject),
    );
    expect(mails).toHaveLength(1);
  });
});
