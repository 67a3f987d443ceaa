import { type HaltsPayload, SOCKET_EVENTS } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { brands } from '../db/schema.js';
import { createTestServer, testDbKind } from '../test/harness.js';
import { staffCall, staffSession } from '../test/staff-kit.js';

/**
 * A dealer's halt reaches the open terminals of the brand at once over the price socket (`halts`), so the trade
 * ticket disables its buttons before the client submits anything; lifting it does the same. Other brands'
 * terminals hear nothing of it.
 */
describe(`halts reach open terminals over the price socket (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' }, { sockets: true });
  const { app, runtime, url } = server;
  const { db } = runtime.ctx.database;
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });
  const [aurora] = await db.select().from(brands).where(eq(brands.slug, 'aurora'));
  const auroraId = aurora?.id as number;
  const dealer = await staffSession(server, ['dealer']);

  /** A terminal's price socket on a brand's host, recording every `halts` message. */
  const terminal = async (host: string) => {
    const socket = io(`${url}/prices`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { host },
    });
    sockets.push(socket);
    const heard: string[][] = [];
    socket.on(SOCKET_EVENTS.halts, (payload: HaltsPayload) => heard.push(payload.symbols));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    // the current list comes on connecting
    await vi.waitFor(() => expect(heard.length).toBeGreaterThan(0), { timeout: 5_000 });
    return heard;
  };

  it('a halt and its lifting reach the brand’s open terminals at once, never another brand’s', async () => {
    const auroraTerminal = await terminal('aurora.localhost:3000');
    const demoTerminal = await terminal('localhost:3000');
    expect(auroraTerminal.at(-1)).toEqual([]);
    const base = `/api/backoffice/brands/${auroraId}/halted-symbols/BTCUSD`;

    const halted = await staffCall(app, 'POST', base, dealer.token, { reason: 'Exchange outage' });
    expect(halted.statusCode, halted.body).toBe(200);
    await vi.waitFor(() => expect(auroraTerminal.at(-1)).toEqual(['BTCUSD']), { timeout: 5_000 });

    const lifted = await staffCall(app, 'DELETE', base, dealer.token, { reason: 'Exchange back' });
    expect(lifted.statusCode, lifted.body).toBe(200);
    await vi.waitFor(() => expect(auroraTerminal.at(-1)).toEqual([]), { timeout: 5_000 });

    // a terminal that connects while a symbol is halted learns it on connecting
    await staffCall(app, 'POST', base, dealer.token, { reason: 'Exchange outage again' });
    await vi.waitFor(() => expect(auroraTerminal.at(-1)).toEqual(['BTCUSD']), { timeout: 5_000 });
    const late = await terminal('aurora.localhost:3000');
    expect(late.at(-1)).toEqual(['BTCUSD']);
    await staffCall(app, 'DELETE', base, dealer.token, { reason: 'Exchange back again' });
    await vi.waitFor(() => expect(late.at(-1)).toEqual([]), { timeout: 5_000 });

    expect(demoTerminal.flat()).not.toContain('BTCUSD');
  });
});
