import {
  NoticePayload,
  PRICE_ALERT_MAX_ACTIVE,
  type PriceAlertDto,
  PriceAlertList,
  PushKey,
} from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, priceAlerts, users } from '../../db/schema.js';
import { firstAccountOf } from '../../test/accounts-kit.js';
import { registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { staffSession } from '../../test/staff-kit.js';
import { PriceAlertsRepo } from './price-alerts.repo.js';
import { type AlertMarket, PriceAlertsService } from './price-alerts.service.js';
import { PushRepo } from './push.repo.js';

describe(`price alerts (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { app, runtime } = server;
  const { ctx } = runtime;
  const { db } = ctx.database;

  let ts = Date.now();
  /** A BTCUSD feed quote (the brand's quote is the demo brand's markup of it). */
  const quote = (bid: number, spread = 10) => {
    ts = Math.max(ts + 1, Date.now());
    expect(ctx.market.ingest({ symbol: 'BTCUSD', bid, ask: bid + spread, ts })).toBe(true);
  };
  const call = (path: string, token: string | undefined, body: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/price-alerts${path}`,
      payload: token ? { ...body, token } : body,
    });
  const alertsOf = (res: {
    statusCode: number;
    body: string;
    json: () => { data: unknown };
  }): PriceAlertDto[] => {
    expect(res.statusCode, res.body).toBe(200);
    return PriceAlertList.parse(res.json().data).alerts;
  };
  /** The id of a registered client (the registration answer carries the spec's fields, not the id). */
  const idOf = async (email: string) => {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row?.id as number;
  };
  const fired: { userId: number; notice: NoticePayload }[] = [];
  ctx.priceAlerts.onFired((userId, notice) => fired.push({ userId, notice: NoticePayload.parse(notice) }));

  it('sets, lists, edits and deletes an alert on the brand quote, and refuses bad values with their messages', async () => {
    quote(60_000);
    const { token } = await registerClient(app);
    expect(alertsOf(await call('', token))).toEqual([]);
    const made = alertsOf(
      await call('/create', token, {
        symbol: 'btcusd',
        kind: 'above',
        side: 'bid',
        value: 61_000,
        note: ' take profit? ',
      }),
    );
    expect(made).toEqual([
      expect.objectContaining({
        symbol: 'BTCUSD',
        kind: 'above',
        side: 'bid',
        value: 61_000,
        above: 61_000,
        below: null,
        note: 'take profit?',
        status: 'active',
        triggered_at: null,
      }),
    ]);
    // the price when set is the brand's bid (below the feed's bid by the markup)
    expect(made[0]?.base_price).toBeLessThan(60_000);
    const id = made[0]?.id;

    const bad = async (body: Record<string, unknown>, key: string) => {
      const res = await call('/create', token, {
        symbol: 'BTCUSD',
        kind: 'above',
        side: 'bid',
        value: 70_000,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(400);
      const answer = res.json();
      expect([answer.key, ...(answer.errors ?? []).map((e: { key: string }) => e.key)]).toContain(key);
    };
    await bad({ value: -5 }, 'priceAlerts.valuePositive');
    await bad({ value: 'NaN' }, 'priceAlerts.valuePositive');
    await bad({ value: 1e12 }, 'priceAlerts.valueMax');
    await bad({ value: 70_000.123 }, 'priceAlerts.decimals');
    await bad({ kind: 'move', value: 75 }, 'priceAlerts.percentMax');
    await bad({ kind: 'sideways' }, 'field.invalid');
    await bad({ value: 50_000 }, 'priceAlerts.alreadyAbove');
    await bad({ kind: 'below', value: 65_000 }, 'priceAlerts.alreadyBelow');
    await bad({ symbol: 'NOPE' }, 'priceAlerts.unknownSymbol');
    await bad({ expires_at: new Date(Date.now() - 60_000).toISOString() }, 'priceAlerts.expiryPast');
    await bad({ note: 'x'.repeat(141) }, 'priceAlerts.noteLength');
    // nothing was stored by the refusals
    expect(alertsOf(await call('', token))).toHaveLength(1);

    const moved = alertsOf(
      await call('/update', token, { id, symbol: 'BTCUSD', kind: 'move', side: 'ask', value: 2 }),
    );
    const edited = moved.find((a) => a.id === id);
    expect(edited).toMatchObject({ kind: 'move', side: 'ask', value: 2, note: null, status: 'active' });
    expect(edited?.above).toBeGreaterThan(edited?.base_price as number);
    expect(edited?.below).toBeLessThan(edited?.base_price as number);
    expect(ctx.priceAlerts.index.has(id as number)).toBe(true);

    expect(alertsOf(await call('/delete', token, { id }))).toEqual([]);
    expect(ctx.priceAlerts.index.has(id as number)).toBe(false);
  });

  it("answers 404 for another client's alert and 401 without a session", async () => {
    quote(60_000);
    const owner = await registerClient(app);
    const other = await registerClient(app);
    const [alert] = alertsOf(
      await call('/create', owner.token, { symbol: 'BTCUSD', kind: 'below', side: 'bid', value: 50_000 }),
    );
    const id = alert?.id;
    expect((await call('/delete', other.token, { id })).statusCode).toBe(404);
    const edit = await call('/update', other.token, {
      id,
      symbol: 'BTCUSD',
      kind: 'below',
      side: 'bid',
      value: 40_000,
    });
    expect(edit.statusCode).toBe(404);
    expect(alertsOf(await call('', other.token))).toEqual([]);
    expect(alertsOf(await call('', owner.token))[0]).toMatchObject({ id, value: 50_000 });
    expect((await call('', undefined)).statusCode).toBe(401);
    expect((await call('', (await staffSession(server, ['admin'])).token)).statusCode).toBe(401);
    expect(
      (await call('/create', 'nope', { symbol: 'BTCUSD', kind: 'below', side: 'bid', value: 1 })).statusCode,
    ).toBe(401);
  });

  it("lists, edits and deletes the alerts of the session's current account (or the call's accountId) only", async () => {
    quote(60_000);
    const { token } = await registerClient(app);
    const opened = await app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: { authorization: `Bearer ${token}` },
      payload: { kind: 'demo', currency: 'EUR' },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const accounts = opened.json().data.accounts as { id: number; kind: string }[];
    const live = accounts.find((a) => a.kind === 'live')?.id as number;
    const demo = accounts.find((a) => a.kind === 'demo')?.id as number;
    const [onLive] = alertsOf(
      await call('/create', token, { symbol: 'BTCUSD', kind: 'below', side: 'bid', value: 50_000 }),
    );
    // set on the demo account by naming it: the answer is the demo account's list alone
    const onDemo = alertsOf(
      await call('/create', token, {
        symbol: 'BTCUSD',
        kind: 'above',
        side: 'ask',
        value: 70_000,
        accountId: demo,
      }),
    );
    expect(onDemo.map((a) => a.value)).toEqual([70_000]);
    expect(alertsOf(await call('', token)).map((a) => a.id)).toEqual([onLive?.id]);
    expect(alertsOf(await call('', token, { accountId: demo })).map((a) => a.value)).toEqual([70_000]);

    // after a switch the session's calls show the demo account's alerts
    const switched = await app.inject({
      method: 'POST',
      url: '/api/accounts/current',
      headers: { authorization: `Bearer ${token}` },
      payload: { accountId: demo },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(alertsOf(await call('', token)).map((a) => a.value)).toEqual([70_000]);
    // the live account's alert is not this account's: 404, nothing changed
    expect((await call('/delete', token, { id: onLive?.id })).statusCode).toBe(404);
    const edit = await call('/update', token, {
      id: onLive?.id,
      symbol: 'BTCUSD',
      kind: 'below',
      side: 'bid',
      value: 40_000,
    });
    expect(edit.statusCode).toBe(404);
    expect(alertsOf(await call('', token, { accountId: live }))).toMatchObject([
      { id: onLive?.id, value: 50_000 },
    ]);
    // named, it is deleted
    expect(alertsOf(await call('/delete', token, { id: onLive?.id, accountId: live }))).toEqual([]);
    expect(alertsOf(await call('', token)).map((a) => a.value)).toEqual([70_000]);
  });

  it('keeps at most 200 active alerts per client', async () => {
    quote(60_000);
    const { token, email } = await registerClient(app);
    const userId = await idOf(email);
    const brandId = (await ctx.brands.resolve(undefined)).id;
    await db.insert(priceAlerts).values(
      Array.from({ length: PRICE_ALERT_MAX_ACTIVE }, (_, i) => ({
        userId,
        accountId: firstAccountOf(userId),
        brandId,
        symbol: 'BTCUSD',
        kind: 'above' as const,
        side: 'bid' as const,
        value: 100_000 + i,
        above: 100_000 + i,
      })),
    );
    const res = await call('/create', token, { symbol: 'BTCUSD', kind: 'above', side: 'bid', value: 99_000 });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().key).toBe('priceAlerts.tooMany');
    expect(alertsOf(await call('', token))).toHaveLength(PRICE_ALERT_MAX_ACTIVE);
  });

  it('fires once at the brand price, with a terminal notice, a mail in the outbox and a push', async () => {
    quote(60_000);
    const { token, email } = await registerClient(app);
    const user = { id: await idOf(email) };
    const pushes: { endpoint: string; payload: string }[] = [];
    ctx.push.useSender(async (subscription, payload) => {
      pushes.push({ endpoint: subscription.endpoint, payload });
    });
    const endpoint = `https://push.example.com/send/${user.id}`;
    const sub = await app.inject({
      method: 'POST',
      url: '/api/push/subscribe',
      payload: { token, endpoint, keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } },
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const [alert] = alertsOf(
      await call('/create', token, {
        symbol: 'BTCUSD',
        kind: 'above',
        side: 'bid',
        value: 60_500,
        note: 'my secret plan',
      }),
    );
    const id = alert?.id as number;
    const mails = () => db.select().from(outbox).where(eq(outbox.to, email));

    // the feed's bid reaches 60 500 but the brand's bid (marked down) does not: nothing fires
    quote(60_500);
    await ctx.priceAlerts.idle();
    expect(ctx.priceAlerts.index.has(id)).toBe(true);

    quote(60_600);
    quote(60_700);
    await ctx.priceAlerts.idle();
    const [after] = alertsOf(await call('', token));
    expect(after).toMatchObject({ id, status: 'triggered' });
    expect(after?.triggered_price).toBeGreaterThanOrEqual(60_500);
    expect(after?.triggered_price).toBeLessThan(60_600);
    const mine = fired.filter((f) => f.userId === user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.notice).toMatchObject({ kind: 'priceAlert', alert: { id, status: 'triggered' } });
    const [mail, ...more] = await mails();
    expect(more).toEqual([]);
    expect(mail?.subject).toContain('BTCUSD');
    expect(mail?.text).toContain('my secret plan');

    await ctx.push.worker.deliverDue();
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.endpoint).toBe(endpoint);
    const payload = JSON.parse(pushes[0]?.payload ?? '{}');
    expect(payload).toMatchObject({ url: '/platform', tag: `alert-${id}` });
    // a push passes through the browser maker's service: no note, no address
    expect(pushes[0]?.payload).not.toContain('secret');
    expect(pushes[0]?.payload).not.toContain(email);

    // fired once: more ticks beyond the level, a second look, nothing more
    quote(61_000);
    await ctx.priceAlerts.idle();
    expect(fired.filter((f) => f.userId === user.id)).toHaveLength(1);
    expect(await mails()).toHaveLength(1);
  });

  it('a fire checked against levels the client has since edited stores nothing: the new levels wait for their price', async () => {
    quote(60_000);
    const { token } = await registerClient(app);
    const [set] = alertsOf(
      await call('/create', token, { symbol: 'BTCUSD', kind: 'above', side: 'bid', value: 60_500 }),
    );
    const id = set?.id as number;
    const [old] = await db.select().from(priceAlerts).where(eq(priceAlerts.id, id));
    // the client moves the level up before a tick's fire of the old level is stored (here, or on another node)
    alertsOf(
      await call('/update', token, { id, symbol: 'BTCUSD', kind: 'above', side: 'bid', value: 65_000 }),
    );
    const repo = new PriceAlertsRepo(db);
    const stale = await repo.trigger(id, old as NonNullable<typeof old>, 60_600, new Date(), async () => {});
    expect(stale).toBeUndefined();
    const [row] = await db.select().from(priceAlerts).where(eq(priceAlerts.id, id));
    expect(row).toMatchObject({ status: 'active', value: 65_000, triggeredAt: null });
    // the levels in force do fire
    expect(
      await repo.trigger(id, row as NonNullable<typeof row>, 65_100, new Date(), async () => {}),
    ).toMatchObject({
      status: 'triggered',
    });
  });

  it('refuses push endpoints that are not a push service on the public internet', async () => {
    const { token } = await registerClient(app);
    const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };
    for (const endpoint of [
      'https://127.0.0.1/push',
      'https://10.0.0.5/push',
      'https://[::1]/push',
      'https://localhost/push',
      'https://metadata/computeMetadata',
      'https://push.example.com:8443/send',
      'http://push.example.com/send',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/push/subscribe',
        payload: { token, endpoint, keys },
      });
      expect(res.statusCode, endpoint).toBe(400);
    }
  });

  it('tells the push service errors apart: a gone subscription is dropped, others retried', async () => {
    quote(60_000);
    const { token, email } = await registerClient(app);
    const endpoint = `https://push.example.com/gone/${await idOf(email)}`;
    await app.inject({
      method: 'POST',
      url: '/api/push/subscribe',
      payload: { token, endpoint, keys: { p256dh: 'C'.repeat(87), auth: 'b'.repeat(22) } },
    });
    const status = await app.inject({
      method: 'POST',
      url: '/api/push/status',
      payload: { token, endpoint },
    });
    expect(status.json().data).toEqual({ subscribed: true });
    ctx.push.useSender(async () => {
      throw Object.assign(new Error('gone'), { statusCode: 410 });
    });
    alertsOf(await call('/create', token, { symbol: 'BTCUSD', kind: 'below', side: 'ask', value: 59_000 }));
    quote(58_000);
    await ctx.priceAlerts.idle();
    await ctx.push.worker.deliverDue();
    const after = await app.inject({ method: 'POST', url: '/api/push/status', payload: { token, endpoint } });
    expect(after.json().data).toEqual({ subscribed: false });
  });

  it('serves one VAPID public key, kept across calls', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/push/key' });
    expect(first.statusCode).toBe(200);
    const key = PushKey.parse(first.json().data).public_key;
    expect(key).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    const again = await app.inject({ method: 'GET', url: '/api/push/key' });
    expect(again.json().data.public_key).toBe(key);
    expect((await new PushRepo(db).keys(() => ({ publicKey: 'x', privateKey: 'y' }))).publicKey).toBe(key);
  });

  it('marks an alert whose expiry passed as expired, and a restarted server reloads the active ones', async () => {
    quote(60_000);
    const { token } = await registerClient(app);
    const in1h = new Date(Date.now() + 3_600_000).toISOString();
    const made = alertsOf(
      await call('/create', token, {
        symbol: 'BTCUSD',
        kind: 'above',
        side: 'ask',
        value: 64_000,
        expires_at: in1h,
      }),
    );
    const expiring = made[0]?.id as number;
    const kept = alertsOf(
      await call('/create', token, { symbol: 'BTCUSD', kind: 'above', side: 'ask', value: 65_000 }),
    )[0]?.id as number;
    await db
      .update(priceAlerts)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(priceAlerts.id, expiring));
    await ctx.priceAlerts.expireDue();
    const listed = alertsOf(await call('', token));
    expect(listed.find((a) => a.id === expiring)?.status).toBe('expired');
    expect(ctx.priceAlerts.index.has(expiring)).toBe(false);

    // a server started on the same database (a restart) loads the active alert and fires it on its ticks
    const listeners = new Set<(q: { symbol: string; bid: number; ask: number; ts: number }) => void>();
    const market: AlertMarket = {
      catalogue: ctx.market.catalogue,
      book: ctx.market.book,
      onQuote: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const restarted = new PriceAlertsService(new PriceAlertsRepo(db), new PushRepo(db), {
      market,
      brands: ctx.brands,
      mail: ctx.mail,
      profileOf: () => ({}) as never,
      publicUrl: 'http://localhost',
    });
    // the running server's copy is stopped first: one server fires it
    ctx.priceAlerts.index.remove(kept);
    await restarted.start();
    expect(restarted.index.has(kept)).toBe(true);
    expect(restarted.index.has(expiring)).toBe(false);
    for (const listener of listeners)
      listener({ symbol: 'BTCUSD', bid: 66_000, ask: 66_010, ts: Date.now() });
    await restarted.idle();
    await restarted.stop();
    expect(alertsOf(await call('', token)).find((a) => a.id === kept)?.status).toBe('triggered');
  });
});
