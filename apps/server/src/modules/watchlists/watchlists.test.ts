import {
  MESSAGES_EN,
  WATCHLIST_MAX_LISTS,
  WATCHLIST_MAX_SYMBOLS,
  type Watchlist,
  WatchlistSet,
} from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { watchlistSymbols } from '../../db/schema.js';
import { registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { staffSession } from '../../test/staff-kit.js';

describe(`watchlists and favourites (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { app, runtime } = server;
  const { db } = runtime.ctx.database;
  const catalogue = runtime.ctx.market.catalogue.instruments.map((i) => i.symbol);

  const call = (path: string, token: string | undefined, body: Record<string, unknown> = {}) =>
    app.inject({ method: 'POST', url: `/api/watchlists${path}`, payload: token ? { ...body, token } : body });
  /** The answer's lists, checked against the contract. */
  const listsOf = (res: { statusCode: number; body: string; json: () => { data: unknown } }): Watchlist[] => {
    expect(res.statusCode, res.body).toBe(200);
    return WatchlistSet.parse(res.json().data).lists;
  };
  const named = (lists: Watchlist[], name: string) => lists.find((l) => l.name === name);

  it('makes the favourites list with the first call, once', async () => {
    const { token } = await registerClient(app);
    const first = listsOf(await call('', token));
    expect(first).toEqual([{ id: expect.any(Number), name: 'Favourites', favourites: true, symbols: [] }]);
    expect(listsOf(await call('', token))).toEqual(first);
  });

  it('creates a list, adds symbols in order, reorders, removes, renames and deletes it', async () => {
    const { token } = await registerClient(app);
    const created = named(listsOf(await call('/create', token, { name: '  Metals ' })), 'Metals');
    expect(created).toMatchObject({ favourites: false, symbols: [] });
    const id = created?.id;
    for (const symbol of ['GOLD', 'silver', 'USOIL']) await call('/add', token, { id, symbol });
    // a symbol already there stays where it is
    let lists = listsOf(await call('/add', token, { id, symbol: 'GOLD' }));
    expect(named(lists, 'Metals')?.symbols).toEqual(['GOLD', 'SILVER', 'USOIL']);

    lists = listsOf(await call('/reorder', token, { id, symbols: ['USOIL', 'GOLD', 'SILVER'] }));
    expect(named(lists, 'Metals')?.symbols).toEqual(['USOIL', 'GOLD', 'SILVER']);
    // the order is kept: read again and after another symbol comes in
    lists = listsOf(await call('/add', token, { id, symbol: 'COPPER' }));
    expect(named(lists, 'Metals')?.symbols).toEqual(['USOIL', 'GOLD', 'SILVER', 'COPPER']);

    lists = listsOf(await call('/remove', token, { id, symbol: 'GOLD' }));
    expect(named(lists, 'Metals')?.symbols).toEqual(['USOIL', 'SILVER', 'COPPER']);

    lists = listsOf(await call('/rename', token, { id, name: 'Commodities' }));
    expect(lists.map((l) => l.name)).toEqual(['Favourites', 'Commodities']);

    lists = listsOf(await call('/delete', token, { id }));
    expect(lists.map((l) => l.name)).toEqual(['Favourites']);
    expect(
      await db
        .select()
        .from(watchlistSymbols)
        .where(eq(watchlistSymbols.watchlistId, id ?? 0)),
    ).toEqual([]);
  });

  it('the star puts a symbol on the favourites and takes it off', async () => {
    const { token } = await registerClient(app);
    let lists = listsOf(await call('/favourite', token, { symbol: 'BTCUSD', on: true }));
    lists = listsOf(await call('/favourite', token, { symbol: 'EURUSD', on: true }));
    expect(lists[0]).toMatchObject({ favourites: true, symbols: ['BTCUSD', 'EURUSD'] });
    lists = listsOf(await call('/favourite', token, { symbol: 'BTCUSD', on: false }));
    expect(lists[0]?.symbols).toEqual(['EURUSD']);
  });

  it('refuses a symbol the catalogue does not have, with a translated message, and keeps the list', async () => {
    const { token } = await registerClient(app);
    const [favourites] = listsOf(await call('', token));
    const res = await call('/add', token, { id: favourites?.id, symbol: 'NOPE42' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: false,
      code: 'UNKNOWN_SYMBOL',
      key: 'watchlists.unknownSymbol',
      message: MESSAGES_EN['watchlists.unknownSymbol'],
    });
    expect((await call('/favourite', token, { symbol: 'NOPE42', on: true })).statusCode).toBe(400);
    expect(listsOf(await call('', token))[0]?.symbols).toEqual([]);
  });

  it('refuses a new order that is not the list’s symbols each once', async () => {
    const { token } = await registerClient(app);
    const [favourites] = listsOf(await call('', token));
    const id = favourites?.id;
    await call('/add', token, { id, symbol: 'GOLD' });
    await call('/add', token, { id, symbol: 'SILVER' });
    for (const symbols of [['GOLD'], ['GOLD', 'GOLD'], ['GOLD', 'SILVER', 'USOIL'], ['GOLD', 'COPPER']]) {
      const res = await call('/reorder', token, { id, symbols });
      expect(res.statusCode, JSON.stringify(symbols)).toBe(409);
      expect(res.json().key).toBe('watchlists.orderChanged');
    }
    expect(listsOf(await call('', token))[0]?.symbols).toEqual(['GOLD', 'SILVER']);
  });

  it('refuses names that are empty, longer than 40 characters or hold control characters', async () => {
    const { token } = await registerClient(app);
    for (const [name, key] of [
      ['   ', 'watchlists.nameLength'],
      ['x'.repeat(41), 'watchlists.nameLength'],
      ['tab\there', 'watchlists.nameControl'],
      ['nul\u0000', 'watchlists.nameControl'],
    ] as const) {
      const res = await call('/create', token, { name });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'name', key, message: MESSAGES_EN[key] }]);
    }
    expect(listsOf(await call('/create', token, { name: 'x'.repeat(40) }))).toHaveLength(2);
  });

  it(`keeps at most ${WATCHLIST_MAX_LISTS} lists, the favourites included`, async () => {
    const { token } = await registerClient(app);
    for (let n = 1; n < WATCHLIST_MAX_LISTS; n += 1)
      expect((await call('/create', token, { name: `List ${n}` })).statusCode).toBe(200);
    const res = await call('/create', token, { name: 'One too many' });
    expect(res.statusCode).toBe(409);
    expect(res.json().key).toBe('watchlists.tooManyLists');
    expect(listsOf(await call('', token))).toHaveLength(WATCHLIST_MAX_LISTS);
  });

  it(`keeps at most ${WATCHLIST_MAX_SYMBOLS} symbols on a list`, async () => {
    const { token } = await registerClient(app);
    const [favourites] = listsOf(await call('', token));
    const id = favourites?.id ?? 0;
    const first = catalogue.slice(0, WATCHLIST_MAX_SYMBOLS);
    await runtime.ctx.database.db
      .insert(watchlistSymbols)
      .values(first.map((symbol, position) => ({ watchlistId: id, symbol, position })));
    const extra = catalogue[WATCHLIST_MAX_SYMBOLS];
    const res = await call('/favourite', token, { symbol: extra, on: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().key).toBe('watchlists.tooManySymbols');
    expect(listsOf(await call('', token))[0]?.symbols).toEqual(first);
  });

  it('the favourites list cannot be renamed or deleted', async () => {
    const { token } = await registerClient(app);
    const [favourites] = listsOf(await call('', token));
    for (const [path, body] of [
      ['/rename', { id: favourites?.id, name: 'Mine' }],
      ['/delete', { id: favourites?.id }],
    ] as const) {
      const res = await call(path, token, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().key).toBe('watchlists.favouritesKept');
    }
    expect(listsOf(await call('', token))[0]?.name).toBe('Favourites');
  });

  it("answers 404 for another client's list and changes nothing of it", async () => {
    const alice = await registerClient(app);
    const bob = await registerClient(app);
    const aliceList = named(listsOf(await call('/create', alice.token, { name: 'Private' })), 'Private');
    const id = aliceList?.id;
    await call('/add', alice.token, { id, symbol: 'GOLD' });
    for (const [path, body] of [
      ['/rename', { id, name: 'Taken' }],
      ['/delete', { id }],
      ['/add', { id, symbol: 'SILVER' }],
      ['/remove', { id, symbol: 'GOLD' }],
      ['/reorder', { id, symbols: ['GOLD'] }],
    ] as const) {
      const res = await call(path, bob.token, body);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
    }
    expect(named(listsOf(await call('', alice.token)), 'Private')).toEqual({
      ...aliceList,
      symbols: ['GOLD'],
    });
    expect(listsOf(await call('', bob.token)).map((l) => l.name)).toEqual(['Favourites']);
  });

  it('answers 404 for a list id that does not exist, 400 for one that is not an id', async () => {
    const { token } = await registerClient(app);
    expect((await call('/add', token, { id: 987_654, symbol: 'GOLD' })).statusCode).toBe(404);
    for (const id of ['abc', -1, 0, 1.5])
      expect((await call('/delete', token, { id })).statusCode, JSON.stringify(id)).toBe(400);
  });

  it('answers 401 without a token or with a wrong one', async () => {
    for (const [path, body] of [
      ['', {}],
      ['/create', { name: 'X' }],
      ['/favourite', { symbol: 'GOLD', on: true }],
    ] as const) {
      expect((await call(path, undefined, body)).statusCode, path).toBe(401);
      expect((await call(path, 'not-a-session', body)).statusCode, path).toBe(401);
    }
  });

  it("refuses a staff member's token and a client's token on another brand's site, changing nothing", async () => {
    const staff = await staffSession(server, ['admin']);
    expect((await call('/create', staff.token, { name: 'Staff' })).statusCode).toBe(401);
    const { token } = await registerClient(app);
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/watchlists/create',
      headers: { host: 'aurora.localhost' },
      payload: { name: 'Elsewhere', token },
    });
    expect(elsewhere.statusCode).toBe(401);
    expect(listsOf(await call('', token)).map((l) => l.name)).toEqual(['Favourites']);
  });
});
