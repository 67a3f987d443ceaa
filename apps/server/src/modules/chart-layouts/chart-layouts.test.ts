import { CHART_LAYOUT_MAX_DRAWINGS, CHART_TEXT_MAX, ChartLayout } from '@openbroker/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chartLayouts, users } from '../../db/schema.js';
import { registerClient as register } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { staffSession } from '../../test/staff-kit.js';

describe(`chart layouts (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { app, runtime } = server;
  const { db } = runtime.ctx.database;

  const A = { time: 1_767_225_600, price: 100_000.5 };
  const B = { time: 1_767_229_200, price: 98_500 };
  const layout = {
    indicators: [{ kind: 'rsi', id: 1, color: 0, params: { period: 14 } }],
    drawings: [
      { kind: 'fibonacci', id: 'f1', a: A, b: B },
      { kind: 'text', id: 't1', a: A, text: 'Breakout' },
    ],
  };

  const get = (symbol: string, token: string | undefined, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url: `/api/chart-layouts/${symbol}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
  const put = (
    symbol: string,
    token: string | undefined,
    body: unknown,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method: 'PUT',
      url: `/api/chart-layouts/${symbol}`,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      payload: JSON.stringify(body),
    });
  const layoutOf = (res: {
    statusCode: number;
    body: string;
    json: () => { data: unknown };
  }): ChartLayout => {
    expect(res.statusCode, res.body).toBe(200);
    return ChartLayout.parse(res.json().data);
  };
  /** A new client with its session and id. */
  const registerClient = async (appUnderTest: typeof app) => {
    const client = await register(appUnderTest);
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, client.email));
    return { ...client, userId: row?.id ?? 0 };
  };
  const stored = async (userId: number) =>
    db.select().from(chartLayouts).where(eq(chartLayouts.userId, userId));

  it('answers an empty layout before a save, then the saved one, replaced by the next save', async () => {
    const { token } = await registerClient(app);
    expect(layoutOf(await get('BTCUSD', token))).toEqual({
      symbol: 'BTCUSD',
      saved: false,
      indicators: [],
      drawings: [],
    });
    expect(layoutOf(await put('btcusd', token, layout))).toEqual({
      symbol: 'BTCUSD',
      saved: true,
      ...layout,
    });
    expect(layoutOf(await get('BTCUSD', token))).toEqual({ symbol: 'BTCUSD', saved: true, ...layout });
    // another symbol keeps its own
    expect(layoutOf(await get('EURUSD', token)).saved).toBe(false);
    const next = { indicators: [], drawings: [{ kind: 'horizontal', id: 'h', price: 101_000 }] };
    layoutOf(await put('BTCUSD', token, next));
    expect(layoutOf(await get('BTCUSD', token))).toEqual({ symbol: 'BTCUSD', saved: true, ...next });
  });

  it("keeps each client's layouts apart: another client reads and overwrites only its own", async () => {
    const owner = await registerClient(app);
    const other = await registerClient(app);
    layoutOf(await put('BTCUSD', owner.token, layout));
    expect(layoutOf(await get('BTCUSD', other.token))).toMatchObject({ saved: false, drawings: [] });
    layoutOf(await put('BTCUSD', other.token, { indicators: [], drawings: [] }));
    expect(layoutOf(await get('BTCUSD', owner.token))).toEqual({ symbol: 'BTCUSD', saved: true, ...layout });
    const rows = await db
      .select()
      .from(chartLayouts)
      .where(and(eq(chartLayouts.symbol, 'BTCUSD'), eq(chartLayouts.userId, owner.userId)));
    expect(rows).toHaveLength(1);
  });

  it('refuses a symbol the catalogue has not (404) and odd symbols (400), storing nothing', async () => {
    const { token, userId } = await registerClient(app);
    expect((await get('NOPE', token)).statusCode).toBe(404);
    expect((await put('NOPE', token, layout)).statusCode).toBe(404);
    expect((await get('BTC%20USD', token)).statusCode).toBe(400);
    expect((await put('x'.repeat(40), token, layout)).statusCode).toBe(400);
    expect(await stored(userId)).toEqual([]);
  });

  it('refuses bad layouts with a translated message and keeps the saved one', async () => {
    const { token, userId } = await registerClient(app);
    layoutOf(await put('BTCUSD', token, layout));
    const fib = layout.drawings[0];
    const bad: unknown[] = [
      { ...layout, drawings: [{ ...fib, kind: 'pitchfork' }] },
      { ...layout, drawings: [{ ...fib, a: { ...A, price: 1e300 } }] },
      { ...layout, drawings: [{ ...fib, a: { ...A, price: '1' } }] },
      { ...layout, drawings: [{ ...fib, onclick: 'x' }] },
      { ...layout, drawings: [fib, fib] },
      { ...layout, drawings: [{ kind: 'text', id: 't', a: A, text: 'x'.repeat(CHART_TEXT_MAX + 1) }] },
      { ...layout, drawings: [{ kind: 'text', id: 't', a: A, text: 'a\u0000b' }] },
      { ...layout, indicators: [{ kind: 'rsi', id: 1, color: 0, params: { period: 1000 } }] },
      {
        ...layout,
        indicators: [{ kind: 'macd', id: 1, color: 0, params: { fast: 30, slow: 26, signal: 9 } }],
      },
      { ...layout, type: 'bars' },
      { drawings: [] },
      [],
    ];
    for (const body of bad) {
      const res = await put('BTCUSD', token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: false, message: expect.any(String) });
    }
    expect(layoutOf(await get('BTCUSD', token))).toEqual({ symbol: 'BTCUSD', saved: true, ...layout });
    expect(await stored(userId)).toHaveLength(1);
  });

  it('limits the number of drawings and the size of the body', async () => {
    const { token } = await registerClient(app);
    const drawings = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        kind: 'trend',
        id: `d${i}`,
        a: A,
        b: { ...B, price: B.price + i },
      }));
    expect(
      layoutOf(await put('BTCUSD', token, { indicators: [], drawings: drawings(CHART_LAYOUT_MAX_DRAWINGS) }))
        .drawings,
    ).toHaveLength(CHART_LAYOUT_MAX_DRAWINGS);
    expect(
      (await put('BTCUSD', token, { indicators: [], drawings: drawings(CHART_LAYOUT_MAX_DRAWINGS + 1) }))
        .statusCode,
    ).toBe(400);
    // a body padded past 64 KiB is refused before it is read
    const padded = `{"indicators":[],"drawings":[]${' '.repeat(70_000)}}`;
    const big = await app.inject({
      method: 'PUT',
      url: '/api/chart-layouts/BTCUSD',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: padded,
    });
    expect(big.statusCode).toBe(413);
    expect(layoutOf(await get('BTCUSD', token)).drawings).toHaveLength(CHART_LAYOUT_MAX_DRAWINGS);
  });

  it("refuses no session, a staff member's token and a client's token on another brand's site", async () => {
    expect((await get('BTCUSD', undefined)).statusCode).toBe(401);
    expect((await put('BTCUSD', 'not-a-session', layout)).statusCode).toBe(401);
    const staff = await staffSession(server, ['admin']);
    expect((await get('BTCUSD', staff.token)).statusCode).toBe(401);
    expect((await put('BTCUSD', staff.token, layout)).statusCode).toBe(401);
    const { token, userId } = await registerClient(app);
    expect((await put('BTCUSD', token, layout, { host: 'aurora.localhost' })).statusCode).toBe(401);
    expect((await get('BTCUSD', token, { host: 'aurora.localhost' })).statusCode).toBe(401);
    expect(await stored(userId)).toEqual([]);
    // the session may come in the body too, as the terminal's calls carry it (spec §7)
    expect(layoutOf(await put('BTCUSD', undefined, { ...layout, token })).drawings).toEqual(layout.drawings);
  });
});
