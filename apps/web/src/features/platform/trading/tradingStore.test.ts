import { describe, expect, it, vi } from 'vitest';
import { fakeSockets } from '../../../test/fakeSockets.js';
import { positionFixture } from '../../../test/platformFixtures.js';
import { TradingStore } from './tradingStore.js';

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
    expect(socket.options.auth).toEqual({ token: 'token-1' });
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
