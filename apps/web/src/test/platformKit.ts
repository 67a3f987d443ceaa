import { type NoticePayload, OrderDto, type PositionDto } from '@openbroker/domain';
import { act, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { User } from '../api/types.js';
import { fakeSockets } from './fakeSockets.js';
import { renderApp, userFixture } from './renderApp.js';

/** Test kit of the positions, orders and notices tests: the platform with fake sockets, and the server's answers. */

const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });

export function renderPlatform(path = '/platform/BTCUSD', { language }: { language?: 'en' | 'de' } = {}) {
  const sockets = fakeSockets();
  const user: User = userFixture({ assets_group_permission: [1, 2, 3, 4, 5] });
  const auth = { access_token: 'token-1', user };
  const view = renderApp(path, {
    auth,
    socketFactory: sockets.factory,
    ...(language ? { language } : {}),
    api: { '/api/accounts/get': () => ok(auth) },
  });
  return { ...view, sockets };
}

/** A BTCUSD price as the price socket sends it (spec §7): the brand quote, shown and sent by the terminal as it is. */
export const BTC = { buy: 100_000, sell: 99_900 };

export async function withPrices(sockets: ReturnType<typeof fakeSockets>, map: Record<string, unknown>) {
  await screen.findByTestId(`market-row-${Object.keys(map)[0]}`);
  await waitFor(() => sockets.prices());
  sockets.prices().push('prices', map);
}

export async function withAccount(
  sockets: ReturnType<typeof fakeSockets>,
  open: PositionDto[] = [],
  history: PositionDto[] = [],
  balance = 10_000,
) {
  await waitFor(() => expect(sockets.trading().connected).toBe(true));
  sockets.trading().push('positions', { open, history });
  const used = open.reduce((sum, p) => sum + p.amount, 0);
  sockets.trading().push('balance', { balance, equity: balance, freeMargin: balance - used, profit: 0 });
}

/** Test data: a pending order as the server sends it (parsed with the contract). */
export function orderFixture(overrides: Partial<OrderDto> = {}): OrderDto {
  return OrderDto.parse({
    id: 31,
    symbol: 'BTCUSD',
    symbolName: 'BINANCE:BTCUSDT',
    direction: 'buy',
    type: 'limit',
    price: 95_000,
    amount: 200,
    leverage: 2,
    stop_lost: null,
    take_profit: null,
    trailing_stop: null,
    expiry: { kind: 'gtc' },
    expires_at: null,
    created_at: '2026-11-21T10:00:00.000Z',
    status: 'open',
    position_id: null,
    message: null,
    closed_at: null,
    ...overrides,
  });
}

/** Test data: a close notice of position `position` (defaults: a stop loss at 95000). */
export function closedNotice(
  position: PositionDto,
  overrides: Partial<Extract<NoticePayload, { kind: 'closed' }>> = {},
): NoticePayload {
  return {
    id: `n-${position.id}`,
    at: '2026-11-21T12:00:00.000Z',
    kind: 'closed',
    position,
    cause: 'stop_loss',
    reason: 1,
    closedRate: 95_000,
    quote: { buy: 95_100, sell: 95_000 },
    ...overrides,
  };
}

/** Plays the server's acknowledgement of the last `event` command (order answers are not position acks). */
export function answer(sockets: ReturnType<typeof fakeSockets>, event: string, ack: unknown) {
  const sent = sockets.trading().commands(event).at(-1);
  if (!sent?.ack) throw new Error(`no ${event} command waits for an answer`);
  const reply = sent.ack as (answer: unknown) => void;
  act(() => reply(ack));
}
