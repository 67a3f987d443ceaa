import { describe, expect, it, vi } from 'vitest';
import { fakeSockets } from '../../../test/fakeSockets.js';
import { positionFixture } from '../../../test/platformFixtures.js';
import { closedNotice, orderFixture } from '../../../test/platformKit.js';
import { mergeOrders, mergePositions, TradingStore } from './tradingStore.js';

function started() {
  const sockets = fakeSockets();
  const ended = vi.fn();
  const store = new TradingStore(sockets.factory, 'token-1', ended);
  store.start();
  return { store, socket: sockets.trading(), ended };
}

describe('trading store (/trading socket, spec §7)', () => {
  it('authenticates with the session token and takes the pushed positions and balance', () => {
    const { store, socket } = started();
    // the web app opts in to deltas
    expect(socket.options.auth).toEqual({ token: 'token-1', deltas: '1' });
    expect(store.get().connection).toBe('online');
    socket.push('positions', { open: [positionFixture()], history: [] });
    socket.push('balance', { balance: 1, equity: 2, freeMargin: 3, profit: 4 });
    expect(store.get().positions?.open).toHaveLength(1);
    expect(store.get().summary).toEqual({ balance: 1, equity: 2, freeMargin: 3, profit: 4 });
  });

  it('getBalance fills in until the socket pushes, never after', () => {
    const { store, socket } = started();
    store.seed({ balance: 100, positions: { open: [], history: [] } });
    // spec §7 promises only {balance, positions}: the summary is worked out with the §9 formulas
    expect(store.get().summary).toEqual({ balance: 100, equity: 100, freeMargin: 100, profit: 0 });
    socket.push('balance', { balance: 5, equity: 5, freeMargin: 5, profit: 0 });
    store.seed({ balance: 100, positions: { open: [], history: [] } });
    expect(store.get().summary?.balance).toBe(5);
  });

  it('refuses a command at once while offline (socket.io would send it later at a stale price)', async () => {
    const { store, socket } = started();
    socket.disconnect();
    expect(await store.closePosition(1, 10)).toMatchObject({
      status: false,
      code: 'OFFLINE',
      key: 'trade.offline',
    });
    expect(socket.emitted).toEqual([]);
  });

  it('ends the session when the handshake is refused as UNAUTHORIZED or a command answers so', async () => {
    const first = started();
    first.socket.refuse('UNAUTHORIZED');
    expect(first.ended).toHaveBeenCalledTimes(1);

    const second = started();
    second.socket.onCommand = () => ({
      status: false,
      code: 'UNAUTHORIZED',
      key: 'error.unauthorized',
      message: 'x',
    });
    await second.store.updatePosition(1, null, null);
    expect(second.ended).toHaveBeenCalledTimes(1);
  });

  it('applies successful acknowledgements at once: opened, updated, closed', async () => {
    const { store, socket } = started();
    socket.push('positions', { open: [], history: [] });
    const opened = positionFixture({ id: 5 });
    socket.onCommand = (event) =>
      event === 'openPosition'
        ? { status: true, data: opened }
        : event === 'updatePosition'
          ? { status: true, data: { ...opened, stop_lost: 90_000 } }
          : {
              status: true,
              data: { ...opened, closed_rate: 1, close_date: '2026-11-21T00:00:00Z', closingReason: 0 },
            };
    await store.openPosition({ direction: 'buy', amount: 100, leverage: 2, price: 1, symbol: 'BTCUSD' });
    expect(store.get().positions?.open.map((p) => p.id)).toEqual([5]);
    await store.updatePosition(5, 90_000, null);
    expect(store.get().positions?.open[0]?.stop_lost).toBe(90_000);
    await store.closePosition(5, 1);
    expect(store.get().positions).toMatchObject({ open: [], history: [{ id: 5, closingReason: 0 }] });
  });

  it('sends every command with an id of its own; a command whose connection dropped goes once more, same id, when the socket is back', async () => {
    vi.useFakeTimers();
    try {
      const { store, socket } = started();
      socket.push('positions', { open: [], history: [] });
      const opened = positionFixture({ id: 7 });
      const order = { direction: 'buy' as const, amount: 100, leverage: 2, price: 1, symbol: 'BTCUSD' };
      const pending = store.openPosition(order);
      const [first] = socket.commands('openPosition');
      expect(first?.payload.commandId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
      // the node holding the connection dies with the command under way: no answer on this connection
      socket.disconnect();
      await vi.advanceTimersByTimeAsync(1_500);
      expect(socket.commands('openPosition')).toHaveLength(1);
      socket.onCommand = () => ({ status: true, data: opened });
      socket.connect();
      await vi.advanceTimersByTimeAsync(500);
      expect(await pending).toMatchObject({ status: true });
      const sent = socket.commands('openPosition');
      expect(sent).toHaveLength(2);
      expect(sent[1]?.payload).toEqual(first?.payload);
      expect(store.get().positions?.open.map((p) => p.id)).toEqual([7]);
      // the next command is a new one: a new id
      void store.closePosition(7, 1);
      expect(socket.commands('closePosition')[0]?.payload.commandId).not.toBe(first?.payload.commandId);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a command the cluster could not place (UNAVAILABLE) once more with the same id, and gives up after that', async () => {
    vi.useFakeTimers();
    try {
      const { store, socket } = started();
      socket.onCommand = () => ({
        status: false,
        code: 'UNAVAILABLE',
        key: 'error.tradingUnavailable',
        message: 'x',
      });
      const pending = store.updatePosition(3, 90_000, null);
      await vi.advanceTimersByTimeAsync(1_000);
      const answer = await pending;
      expect(answer).toMatchObject({ status: false, code: 'UNAVAILABLE' });
      const sent = socket.commands('updatePosition');
      expect(sent).toHaveLength(2);
      expect(sent[1]?.payload.commandId).toBe(sent[0]?.payload.commandId);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not send a refused command again: a refusal is an answer', async () => {
    const { store, socket } = started();
    socket.onCommand = () => ({
      status: false,
      code: 'VALIDATION',
      key: 'error.tradingUnavailable',
      message: 'x',
    });
    await store.updatePosition(3, 90_000, null);
    expect(socket.commands('updatePosition')).toHaveLength(1);
  });

  it('asks again a while after the server hung up', () => {
    vi.useFakeTimers();
    try {
      const { socket } = started();
      const connect = vi.spyOn(socket, 'connect');
      socket.connected = false;
      socket.push('disconnect', 'io server disconnect');
      vi.advanceTimersByTime(3_000);
      expect(connect).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('trading store: orders, notices and the issue-14 commands', () => {
  it('takes the pushed orders and notices; a notice is unread until marked, and a close notice moves the position to history', () => {
    const { store, socket } = started();
    const open = positionFixture({ id: 5 });
    socket.push('positions', { open: [open], history: [] });
    socket.push('orders', { open: [orderFixture()], history: [] });
    expect(store.get().orders?.open.map((o) => o.id)).toEqual([31]);
    const closed = {
      ...open,
      closed_rate: 95_000,
      close_date: '2026-11-21T12:00:00.000Z',
      closingReason: 1 as const,
    };
    socket.push('notice', closedNotice(closed));
    socket.push('notice', closedNotice(closed)); // the same notice twice is kept once
    expect(store.get().notices.map((n) => [n.id, n.read])).toEqual([['n-5', false]]);
    expect(store.get().positions).toMatchObject({ open: [], history: [{ id: 5 }] });
    store.markRead(['n-5']);
    expect(store.get().notices[0]?.read).toBe(true);
  });

  it('sends placeOrder, updateOrder and cancelOrder and applies the answered order', async () => {
    const { store, socket } = started();
    socket.push('orders', { open: [], history: [] });
    const placed = store.placeOrder({
      symbol: 'BTCUSD',
      direction: 'buy',
      type: 'limit',
      price: 95_000,
      amount: 200,
      leverage: 2,
      stop_lost: null,
      take_profit: 99_000,
      expiry: { kind: 'eod' },
    });
    const [sent] = socket.commands('placeOrder');
    expect(sent?.payload).toEqual({
      dataUser: { token: 'token-1' },
      symbol: 'BTCUSD',
      direction: 'buy',
      type: 'limit',
      price: 95_000,
      amount: 200,
      leverage: 2,
      take_profit: 99_000,
      expiry: { kind: 'eod' },
      commandId: expect.any(String),
    });
    sent?.ack?.({ status: true, data: orderFixture() } as never);
    expect((await placed).status).toBe(true);
    expect(store.get().orders?.open.map((o) => o.id)).toEqual([31]);

    const updated = store.updateOrder({ id: 31, price: 94_000 });
    socket
      .commands('updateOrder')[0]
      ?.ack?.({ status: true, data: orderFixture({ price: 94_000 }) } as never);
    await updated;
    expect(store.get().orders?.open[0]?.price).toBe(94_000);

    const cancelled = store.cancelOrder(31);
    expect(socket.commands('cancelOrder')[0]?.payload).toEqual({
      dataUser: { token: 'token-1' },
      id: 31,
      commandId: expect.any(String),
    });
    socket.commands('cancelOrder')[0]?.ack?.({
      status: true,
      data: orderFixture({ status: 'cancelled', closed_at: '2026-11-21T12:00:00.000Z' }),
    } as never);
    await cancelled;
    expect(store.get().orders).toMatchObject({ open: [], history: [{ id: 31, status: 'cancelled' }] });
  });

  it('sends a partial close with its amount and a trailing stop with its unit; leaves them out otherwise', () => {
    const { store, socket } = started();
    void store.closePosition(5, 99_875.025, 40);
    void store.updatePosition(5, null, null, { distance: 50, unit: 'pips' });
    void store.updatePosition(5, 90_000, null, null);
    void store.updatePosition(5, 90_000, null);
    expect(socket.commands('closePosition')[0]?.payload).toEqual({
      dataUser: { token: 'token-1' },
      id: 5,
      price: 99_875.025,
      amount: 40,
      commandId: expect.any(String),
    });
    expect(socket.commands('updatePosition').map((c) => c.payload.trailing_stop)).toEqual([
      { distance: 50, unit: 'pips' },
      null,
      undefined,
    ]);
    expect('trailing_stop' in (socket.commands('updatePosition')[2]?.payload ?? {})).toBe(false);
  });
});

describe('trading store: deltas (auth.deltas)', () => {
  const closedAt = (id: number, at: string, extra: Partial<Parameters<typeof positionFixture>[0]> = {}) =>
    positionFixture({ id, closed_rate: 99_000, close_date: at, closingReason: 0, profit: -1, ...extra });

  it('merges positionsChanged by id: an open adds or replaces, a close moves the position to the top of history', () => {
    const { store, socket } = started();
    socket.push('positions', {
      open: [positionFixture({ id: 8 }), positionFixture({ id: 5 })],
      history: [closedAt(3, '2026-11-20T09:00:00.000Z')],
    });
    // opened
    socket.push('positionsChanged', { open: [positionFixture({ id: 9 })], closed: [] });
    expect(store.get().positions?.open.map((p) => p.id)).toEqual([9, 8, 5]);
    // updated (SL) in place
    socket.push('positionsChanged', { open: [positionFixture({ id: 8, stop_lost: 90_000 })], closed: [] });
    expect(store.get().positions?.open.map((p) => [p.id, p.stop_lost])).toEqual([
      [9, null],
      [8, 90_000],
      [5, null],
    ]);
    // closed (an SL trigger, say): out of open, first in history with its close data
    socket.push('positionsChanged', {
      open: [],
      closed: [closedAt(5, '2026-11-21T12:00:00.000Z', { closingReason: 1 })],
    });
    expect(store.get().positions?.open.map((p) => p.id)).toEqual([9, 8]);
    expect(store.get().positions?.history.map((p) => [p.id, p.closingReason])).toEqual([
      [5, 1],
      [3, 0],
    ]);
    // a partial close: the reduced original stays open, its closed part joins the history
    socket.push('positionsChanged', {
      open: [positionFixture({ id: 9, amount: 60 })],
      closed: [closedAt(10, '2026-11-21T13:00:00.000Z', { amount: 40, part_of: 9 })],
    });
    expect(store.get().positions?.open.map((p) => [p.id, p.amount])).toEqual([
      [9, 60],
      [8, 100],
    ]);
    expect(store.get().positions?.history.map((p) => p.id)).toEqual([10, 5, 3]);
  });

  it('keeps at most 200 closed positions, as the full list', () => {
    const history = Array.from({ length: 200 }, (_, i) =>
      closedAt(1_000 - i, new Date(Date.UTC(2026, 10, 20) - i * 60_000).toISOString()),
    );
    const merged = mergePositions(
      { open: [positionFixture({ id: 5 })], history },
      { open: [], closed: [closedAt(5, '2026-11-21T12:00:00.000Z')] },
    );
    expect(merged.open).toEqual([]);
    expect(merged.history).toHaveLength(200);
    expect(merged.history[0]?.id).toBe(5);
    expect(merged.history.at(-1)?.id).toBe(802);
  });

  it('merges ordersChanged by id: placed, updated, then filled into history', () => {
    const { store, socket } = started();
    socket.push('orders', { open: [orderFixture({ id: 30 })], history: [] });
    socket.push('ordersChanged', { open: [orderFixture({ id: 31 })], closed: [] });
    expect(store.get().orders?.open.map((o) => o.id)).toEqual([30, 31]);
    socket.push('ordersChanged', { open: [orderFixture({ id: 31, price: 94_000 })], closed: [] });
    expect(store.get().orders?.open.map((o) => o.price)).toEqual([95_000, 94_000]);
    socket.push('ordersChanged', {
      open: [],
      closed: [
        orderFixture({ id: 30, status: 'filled', position_id: 12, closed_at: '2026-11-21T12:00:00.000Z' }),
      ],
    });
    expect(store.get().orders).toMatchObject({ open: [{ id: 31 }], history: [{ id: 30, status: 'filled' }] });
    expect(
      mergeOrders({ open: [], history: [] }, { open: [], closed: [orderFixture({ status: 'cancelled' })] })
        .history,
    ).toHaveLength(1);
  });
});
