/**
 * The live dealing desk over the `/backoffice` socket. A staff socket (authenticated by the namespace's
 * own handshake: realtime/backoffice-socket.ts) sends `dealing.subscribe` {brandId?}; with `exposure.read` and the
 * brand in its scope it gets `dealing.desk` (the snapshot of GET /api/backoffice/dealing/desk) at once and then
 * every second, and `dealing.closed` for each close of a client in its scope as it is committed.
 *
 * Cost: nothing runs while nobody subscribes. Each round takes the engine's open positions once
 * (`TradingService.deskPositions`, one pass over memory, no database) and computes one snapshot per distinct
 * (scope, brand filter) among the subscribers; names of the nearest accounts come from a cache (a query only for
 * an account not seen in the last minute). Members are re-read every 15 s, so a role or scope taken away ends the
 * subscription; a disabled member or ended session is hung up on by the namespace itself.
 */
import {
  type BrandScope,
  can,
  DEALING_EVENTS,
  type DealingSubscribeAck,
  type DeskClose,
  type DeskSnapshot,
  inBrandScope,
} from '@openbroker/domain';
import type { Namespace, Socket } from 'socket.io';
import type { ClosedPositionRecord, EngineEvent } from '../../engine/index.js';
import { rolesOf, type StaffService, scopeOf } from '../staff/staff.service.js';
import type { AccountBooks } from '../trading/account-books.js';
import type { TradingService } from '../trading/trading.service.js';
import { closeOfRecord, type DealingService } from './dealing.service.js';

/** Default push interval: the desk is at most a second old. */
export const DESK_INTERVAL_MS = 1_000;
const MEMBER_RECHECK_MS = 15_000;

interface Subscription {
  staffId: number;
  scope: BrandScope;
  brandId: number | null;
  checkedAt: number;
}

/** What the live desk uses. */
export interface DealingDeskDeps {
  /** Members are re-read (roles, scope, disabled) while they watch. */
  staff: Pick<StaffService, 'byId'>;
  gateway: Pick<AccountBooks, 'deskPositions'>;
  /** The engine's commits, for the closes stream. */
  trading: Pick<TradingService, 'onAccountEvents'>;
  dealing: Pick<DealingService, 'snapshot' | 'clients'>;
}

export interface DealingDeskOptions {
  intervalMs?: number;
  log?: { error(obj: object, msg: string): void };
}

export interface DealingDesk {
  /** Subscribed sockets right now (tests, metrics). */
  subscribers(): number;
  /** Runs one round now (tests); resolves when its pushes are sent. */
  round(): Promise<void>;
  detach(): void;
}

type Ack = (answer: DealingSubscribeAck) => void;

/** The desk's pushes, with the contract's payloads (contracts/dealing.ts). */
const pushDesk = (socket: Socket, snapshot: DeskSnapshot) => socket.emit(DEALING_EVENTS.desk, snapshot);
const pushClose = (socket: Socket, close: DeskClose) => socket.emit(DEALING_EVENTS.closed, close);

const attached = new WeakMap<Namespace, DealingDesk>();

const keyOf = (s: Subscription) =>
  `${s.scope.all ? 'all' : [...s.scope.brandIds].sort().join(',')}|${s.brandId ?? '*'}`;
const accepts = (s: Subscription) => (brandId: number) =>
  inBrandScope(s.scope, brandId) && (s.brandId === null || s.brandId === brandId);

/** Attaches the desk to the `/backoffice` namespace (once per namespace; a second call answers the first desk). */
export function attachDealingDesk(
  namespace: Namespace,
  { staff, gateway, trading, dealing }: DealingDeskDeps,
  options: DealingDeskOptions = {},
): DealingDesk {
  const existing = attached.get(namespace);
  if (existing) return existing;
  const subs = new Map<Socket, Subscription>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let running = false;

  const member = async (socket: Socket) => {
    const staffId = (socket.data as { staffId?: number } | undefined)?.staffId;
    if (typeof staffId !== 'number') return undefined;
    const row = await staff.byId(staffId);
    if (!row || row.disabledAt || row.totpEnabledAt === null) return undefined;
    const roles = rolesOf(row);
    return can(roles, 'exposure.read') ? { staffId, scope: scopeOf(row) } : undefined;
  };

  const stopIfIdle = () => {
    if (subs.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  const recheck = async (now: number) => {
    for (const [socket, sub] of subs) {
      if (now - sub.checkedAt < MEMBER_RECHECK_MS) continue;
      const found = await member(socket);
      if (!found || (sub.brandId !== null && !inBrandScope(found.scope, sub.brandId))) subs.delete(socket);
      else Object.assign(sub, { scope: found.scope, checkedAt: now });
    }
  };

  const round = async () => {
    if (running) return;
    running = true;
    try {
      for (const socket of subs.keys()) if (!socket.connected) subs.delete(socket);
      await recheck(Date.now());
      if (subs.size === 0) return;
      // in a cluster, every node's positions (cluster/desk-share.ts)
      const open = await gateway.deskPositions();
      const byKey = new Map<string, Socket[]>();
      const first = new Map<string, Subscription>();
      for (const [socket, sub] of subs) {
        const key = keyOf(sub);
        byKey.set(key, [...(byKey.get(key) ?? []), socket]);
        if (!first.has(key)) first.set(key, sub);
      }
      for (const [key, sockets] of byKey) {
        const sub = first.get(key) as Subscription;
        const snapshot = await dealing.snapshot(accepts(sub), sub.brandId, open);
        for (const socket of sockets) pushDesk(socket, snapshot);
      }
    } catch (err) {
      options.log?.error({ err }, 'dealing desk round failed');
    } finally {
      running = false;
      stopIfIdle();
    }
  };

  const ensureTimer = () => {
    if (timer) return;
    timer = setInterval(() => void round(), options.intervalMs ?? DESK_INTERVAL_MS);
    timer.unref?.();
  };

  const onConnection = (socket: Socket) => {
    socket.on(DEALING_EVENTS.subscribe, (input: unknown, ack?: Ack) => {
      const reply: Ack = typeof ack === 'function' ? ack : () => {};
      const raw = (input as { brandId?: unknown } | null | undefined)?.brandId;
      const brandId = raw === undefined || raw === null ? null : Number(raw);
      if (brandId !== null && !(Number.isInteger(brandId) && brandId > 0)) {
        reply({ ok: false, error: 'BAD_REQUEST' });
        return;
      }
      member(socket)
        .then(async (found) => {
          if (!found) return reply({ ok: false, error: 'FORBIDDEN' });
          // a brand outside the scope answers as if it did not exist
          if (brandId !== null && !inBrandScope(found.scope, brandId))
            return reply({ ok: false, error: 'NOT_FOUND' });
          if (!socket.connected) return;
          const sub: Subscription = { ...found, brandId, checkedAt: Date.now() };
          subs.set(socket, sub);
          reply({ ok: true });
          pushDesk(socket, await dealing.snapshot(accepts(sub), brandId, await gateway.deskPositions()));
          ensureTimer();
        })
        .catch((err: unknown) => {
          options.log?.error({ err }, 'dealing desk subscribe failed');
          reply({ ok: false, error: 'INTERNAL' });
        });
    });
    socket.on(DEALING_EVENTS.unsubscribe, () => {
      subs.delete(socket);
      stopIfIdle();
    });
    socket.on('disconnect', () => {
      subs.delete(socket);
      stopIfIdle();
    });
  };
  namespace.on('connection', onConnection);

  // the closes stream: every committed close of a client, to the subscribers whose scope holds its brand
  const detachEvents = trading.onAccountEvents((accountId, events: readonly EngineEvent[]) => {
    if (subs.size === 0) return;
    const closed: ClosedPositionRecord[] = [];
    for (const event of events) {
      if (event.type === 'position.closed') closed.push(event.position);
      else if (event.type === 'position.reduced') closed.push(event.closedPart);
    }
    if (closed.length === 0) return;
    dealing
      .clients([accountId])
      .then((names) => {
        const client = names.get(accountId);
        if (!client) return;
        for (const [socket, sub] of subs) {
          if (!accepts(sub)(client.brandId)) continue;
          for (const p of closed) pushClose(socket, closeOfRecord(p, client));
        }
      })
      .catch((err: unknown) => options.log?.error({ err }, 'dealing desk close push failed'));
  });

  const desk: DealingDesk = {
    subscribers: () => subs.size,
    round,
    detach() {
      namespace.off('connection', onConnection);
      detachEvents();
      subs.clear();
      stopIfIdle();
      attached.delete(namespace);
    },
  };
  attached.set(namespace, desk);
  return desk;
}
