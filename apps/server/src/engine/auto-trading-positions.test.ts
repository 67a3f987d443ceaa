// Scenario: positions the client's auto-trading strategy opens are marked apart from the client's own,
// keep the mark through storage, restart and partial closes, and a close the strategy decides is an AI Trade.
import { buyPrice, CLOSING_REASON, sellPrice } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { buildEngine, INSTRUMENTS, MemoryPersistence, quote } from './fixtures.js';
import type { PositionOpenedEvent } from './types.js';

const openAuto = (engine: Engine, extra: { origin?: 'auto' } = { origin: 'auto' }) =>
  engine.open({
    accountId: 1,
    now: 1_000,
    symbol: 'EURUSD',
    direction: 'buy',
    amount: 100,
    leverage: 10,
    price: buyPrice(1.1),
    stop_lost: 1.05,
    take_profit: 1.2,
    ...extra,
  });

describe('positions opened by the auto-trading strategy', () => {
  it('carry origin auto in what is stored and in the views; the client’s own carry none', async () => {
    const { engine, persistence } = buildEngine();
    engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
    expect((await openAuto(engine)).ok).toBe(true);
    expect((await openAuto(engine, {})).ok).toBe(true);
    const stored = persistence.events.filter((e): e is PositionOpenedEvent => e.type === 'position.opened');
    expect(stored.map((e) => e.position.origin ?? 'client')).toEqual(['auto', 'client']);
    const [auto, own] = engine.positions(1).open;
    expect(auto?.origin).toBe('auto');
    expect(own && 'origin' in own).toBe(false);
  });

  it('keep the mark when the engine is rebuilt from its snapshot (a restart)', async () => {
    const { engine } = buildEngine();
    engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
    await openAuto(engine);
    const restored = Engine.restore(engine.snapshot(), {
      instruments: INSTRUMENTS,
      persistence: new MemoryPersistence(),
    });
    expect(restored.snapshot().positions.map((p) => p.origin)).toEqual(['auto']);
    expect(restored.positions(1).open[0]).toMatchObject({
      origin: 'auto',
      stop_lost: 1.05,
      take_profit: 1.2,
    });
  });

  it('keep it on both parts of a partial close', async () => {
    const { engine } = buildEngine();
    engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
    await openAuto(engine);
    const id = engine.positions(1).open[0]?.id as number;
    const reduced = await engine.close({ accountId: 1, now: 2_000, positionId: id, amount: 40 });
    expect(reduced.ok).toBe(true);
    const { open, history } = engine.positions(1);
    expect(open).toEqual([expect.objectContaining({ id, amount: 60, origin: 'auto' })]);
    expect(history).toEqual([
      expect.objectContaining({
        part_of: id,
        amount: 40,
        origin: 'auto',
        closingReason: CLOSING_REASON.manual,
      }),
    ]);
  });

  it('a close the strategy decides is closingReason 4 (AI Trade) with its reason and the quote', async () => {
    const { engine, closes } = buildEngine();
    engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
    await openAuto(engine);
    const id = engine.positions(1).open[0]?.id as number;
    engine.onQuote(quote('EURUSD', 1.11, 1.1102, 2_000));
    const outcome = await engine.close({
      accountId: 1,
      now: 2_000,
      positionId: id,
      auto: { reason: 'The fast average crossed below the slow one.' },
    });
    expect(outcome.ok).toBe(true);
    const [closed] = closes();
    expect(closed?.position).toMatchObject({
      reason: CLOSING_REASON.aiTrade,
      cause: 'ai_trade',
      origin: 'auto',
    });
    expect(closed?.position.context).toEqual({
      quote: { buy: buyPrice(1.1102), sell: sellPrice(1.11) },
      by: 'strategy',
      reason: 'The fast average crossed below the slow one.',
    });
    expect(engine.positions(1).history[0]).toMatchObject({
      closingReason: 4,
      closingCause: 'ai_trade',
      origin: 'auto',
      close_context: { by: 'strategy' },
    });
  });

  it('the client can close a strategy position by hand: an ordinary manual close', async () => {
    const { engine } = buildEngine();
    engine.onQuote(quote('EURUSD', 1.1, 1.1, 1_000));
    await openAuto(engine);
    const id = engine.positions(1).open[0]?.id as number;
    expect((await engine.close({ accountId: 1, now: 1_500, positionId: id })).ok).toBe(true);
    expect(engine.positions(1).history[0]).toMatchObject({
      closingReason: 0,
      closingCause: 'manual',
      origin: 'auto',
    });
  });
});
