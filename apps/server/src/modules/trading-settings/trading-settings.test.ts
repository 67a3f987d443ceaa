import { createHash } from 'node:crypto';
import { MESSAGES_EN, TradingSettings } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oneClickAcknowledgements, sessions } from '../../db/schema.js';
import { loginToken, registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { staffSession } from '../../test/staff-kit.js';

describe(`trading settings: one-click trading and its default sizes (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { app, runtime } = server;
  const { db } = runtime.ctx.database;

  const call = (path: string, token: string | undefined, body: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/trading-settings${path}`,
      payload: token ? { ...body, token } : body,
    });
  /** The answer's settings, checked against the contract. */
  const settingsOf = (res: { statusCode: number; body: string; json: () => { data: unknown } }) => {
    expect(res.statusCode, res.body).toBe(200);
    return TradingSettings.parse(res.json().data);
  };
  /** The session row of a token (its id, and whose it is). */
  const sessionOf = async (token: string) => {
    const hash = createHash('sha256').update(token).digest('hex');
    const [row] = await db
      .select({ id: sessions.id, userId: sessions.subjectId })
      .from(sessions)
      .where(eq(sessions.tokenHash, hash));
    if (!row) throw new Error('no session for the token');
    return row;
  };

  it('starts off, with no acknowledgement and no default sizes', async () => {
    const { token } = await registerClient(app);
    expect(settingsOf(await call('', token))).toEqual({ oneClick: false, acknowledgedAt: null, sizes: [] });
  });

  it('goes on only with the risk acknowledgement, changing nothing without it', async () => {
    const { token } = await registerClient(app);
    for (const body of [{ on: true }, { on: true, acknowledged: false }]) {
      const res = await call('/one-click', token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().key).toBe('oneClick.ackRequired');
      expect(res.json().message).toBe(MESSAGES_EN['oneClick.ackRequired']);
    }
    expect(settingsOf(await call('', token))).toMatchObject({ oneClick: false, acknowledgedAt: null });
    const on = settingsOf(await call('/one-click', token, { on: true, acknowledged: true }));
    expect(on.oneClick).toBe(true);
    expect(Date.now() - Date.parse(on.acknowledgedAt ?? '')).toBeLessThan(60_000);
  });

  it('records when and from which session each acknowledgement came, follows the client to another device, goes off', async () => {
    const client = await registerClient(app);
    settingsOf(await call('/one-click', client.token, { on: true, acknowledged: true }));
    // a second device: another session of the same client sees it on, and switches it off
    const other = await loginToken(app, client.email, client.password);
    expect(settingsOf(await call('', other)).oneClick).toBe(true);
    const off = settingsOf(await call('/one-click', other, { on: false }));
    expect(off.oneClick).toBe(false);
    expect(off.acknowledgedAt).not.toBeNull();
    expect(settingsOf(await call('', client.token)).oneClick).toBe(false);
    // on again from the second device: a second acknowledgement, with that session
    settingsOf(await call('/one-click', other, { on: true, acknowledged: true }));
    const acks = await db
      .select({ sessionId: oneClickAcknowledgements.sessionId })
      .from(oneClickAcknowledgements)
      .where(eq(oneClickAcknowledgements.userId, (await sessionOf(client.token)).userId))
      .orderBy(oneClickAcknowledgements.id);
    expect(acks.map((a) => a.sessionId)).toEqual([
      (await sessionOf(client.token)).id,
      (await sessionOf(other)).id,
    ]);
  });

  it('keeps a default size per instrument, replacing the one it had, the symbol in capitals', async () => {
    const { token } = await registerClient(app);
    settingsOf(await call('/size', token, { symbol: 'btcusd', amount: 50, leverage: 2 }));
    settingsOf(await call('/size', token, { symbol: 'EURUSD', amount: 1000.25, leverage: 30 }));
    const saved = settingsOf(await call('/size', token, { symbol: 'BTCUSD', amount: 75.5, leverage: 1 }));
    expect(saved.sizes).toEqual([
      { symbol: 'BTCUSD', amount: 75.5, leverage: 1 },
      { symbol: 'EURUSD', amount: 1000.25, leverage: 30 },
    ]);
  });

  it('refuses a bad size with a field message, changing nothing', async () => {
    const { token } = await registerClient(app);
    const bad: [Record<string, unknown>, string, string][] = [
      [{ symbol: 'BTCUSD', amount: 0.5, leverage: 2 }, 'amount', 'oneClick.amount'],
      [{ symbol: 'BTCUSD', amount: 10.005, leverage: 2 }, 'amount', 'oneClick.amount'],
      [{ symbol: 'BTCUSD', amount: 1_000_000.01, leverage: 2 }, 'amount', 'oneClick.amount'],
      [{ symbol: 'BTCUSD', amount: '10', leverage: 2 }, 'amount', 'oneClick.amount'],
      [{ symbol: 'BTCUSD', amount: 10, leverage: 0 }, 'leverage', 'oneClick.leverage'],
      [{ symbol: 'BTCUSD', amount: 10, leverage: 1.5 }, 'leverage', 'oneClick.leverage'],
      [{ symbol: 'BTCUSD', amount: 10, leverage: 1001 }, 'leverage', 'oneClick.leverage'],
      [{ symbol: 'BTC\u0000USD', amount: 10, leverage: 2 }, 'symbol', 'oneClick.unknownSymbol'],
    ];
    for (const [body, path, key] of bad) {
      const res = await call('/size', token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors, JSON.stringify(body)).toContainEqual({
        path,
        key,
        message: MESSAGES_EN[key as keyof typeof MESSAGES_EN],
      });
    }
    // a leverage the client may not use on the instrument (crypto offers 1:1 and 1:2), once the account is loaded
    // (the terminal's trading socket loads it)
    await runtime.ctx.trading.ensureAccount((await sessionOf(token)).userId);
    const locked = await call('/size', token, { symbol: 'BTCUSD', amount: 10, leverage: 5 });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().key).toBe('trade.leverageNotAllowed');
    const unknown = await call('/size', token, { symbol: 'NOPE', amount: 10, leverage: 2 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().key).toBe('oneClick.unknownSymbol');
    expect(settingsOf(await call('', token)).sizes).toEqual([]);
  });

  it("keeps each client's settings apart", async () => {
    const a = await registerClient(app);
    const b = await registerClient(app);
    settingsOf(await call('/one-click', a.token, { on: true, acknowledged: true }));
    settingsOf(await call('/size', a.token, { symbol: 'GOLD', amount: 20, leverage: 10 }));
    expect(settingsOf(await call('', b.token))).toEqual({ oneClick: false, acknowledgedAt: null, sizes: [] });
    settingsOf(await call('/one-click', b.token, { on: false }));
    expect(settingsOf(await call('', a.token))).toMatchObject({
      oneClick: true,
      sizes: [{ symbol: 'GOLD' }],
    });
  });

  it("refuses no session, a staff member's token and a client's token on another brand's site", async () => {
    const staff = await staffSession(server, ['admin']);
    const { token } = await registerClient(app);
    for (const path of ['', '/one-click', '/size']) {
      const body =
        path === '/size' ? { symbol: 'GOLD', amount: 20, leverage: 10 } : { on: true, acknowledged: true };
      expect((await call(path, undefined, body)).statusCode, path).toBe(401);
      expect((await call(path, staff.token, body)).statusCode, path).toBe(401);
      const elsewhere = await app.inject({
        method: 'POST',
        url: `/api/trading-settings${path}`,
        headers: { host: 'aurora.localhost' },
        payload: { ...body, token },
      });
      expect(elsewhere.statusCode, path).toBe(401);
    }
    expect(settingsOf(await call('', token))).toEqual({ oneClick: false, acknowledgedAt: null, sizes: [] });
  });
});
