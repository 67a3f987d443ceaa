/**
 * The back office's live queues: the Socket.IO namespace `/backoffice`, for staff with a full session
 * (two-factor sign-in set up; client, affiliate and enrolment-only tokens are refused). Each socket joins one room
 * per queue its roles may work and per brand in its scope; `queue.changed` {queue, brandId} goes only to those
 * rooms, so staff of another brand, or without the queue's permission, never hear of it. With Redis configured
 * the server's adapter carries the emit to every node's sockets.
 */
import {
  BACKOFFICE_SOCKET,
  type BrandScope,
  can,
  MONEY_QUEUES,
  type MoneyQueue,
  QUEUE_PERMISSION,
  type QueueChanged,
} from '@openbroker/domain';
import type { Server, Socket } from 'socket.io';
import type { AppContext } from '../context.js';
import { attachDealingDesk } from '../modules/dealing/dealing.live.js';
import { rolesOf, scopeOf } from '../modules/staff/staff.service.js';

interface BackofficeSocketData {
  staffId: number;
  sessionId: number;
}

const UNAUTHORIZED = 'UNAUTHORIZED';

/** The room of a queue's changes for one brand, or for staff of every brand. */
const queueRoom = (queue: MoneyQueue, brandId: number | 'all') => `queue:${queue}:${brandId}`;
const sessionRoom = (sessionId: number) => `staff-session:${sessionId}`;

/** The rooms a member hears: per queue their roles may work, per brand of their scope (or every brand). */
export function roomsOf(roles: Parameters<typeof can>[0], scope: BrandScope): string[] {
  const rooms: string[] = [];
  for (const queue of MONEY_QUEUES) {
    if (!can(roles, QUEUE_PERMISSION[queue])) continue;
    if (scope.all) rooms.push(queueRoom(queue, 'all'));
    else for (const brandId of scope.brandIds) rooms.push(queueRoom(queue, brandId));
  }
  return rooms;
}

export interface BackofficeSocketOptions {
  /** How often the namespace's sessions are re-read, hanging up on ended ones (default 30 s). */
  recheckMs?: number;
  log?: { error(obj: object, msg: string): void };
}

/** Attaches `/backoffice` to the app's Socket.IO server; answers the function that detaches it. */
export function attachBackofficeSocket(
  io: Server,
  ctx: AppContext,
  options: BackofficeSocketOptions = {},
): () => void {
  const namespace = io.of(BACKOFFICE_SOCKET.namespace);
  const sessions = ctx.staff.sessionService;

  namespace.use((socket, next) => {
    const token = socket.handshake.auth?.token;
    (async () => {
      if (typeof token !== 'string' || token === '') return false;
      const session = await sessions.authenticate(token, 'staff');
      const member = session && (await ctx.staff.byId(session.subjectId));
      // a disabled member, one still enrolling two-factor sign-in, or one who must change a reset password hears nothing
      if (
        !session ||
        !member ||
        member.disabledAt ||
        member.totpEnabledAt === null ||
        member.passwordChangeRequired
      )
        return false;
      socket.data = { staffId: member.id, sessionId: session.id } satisfies BackofficeSocketData;
      await socket.join([...roomsOf(rolesOf(member), scopeOf(member)), sessionRoom(session.id)]);
      return true;
    })()
      .then((ok) => next(ok ? undefined : new Error(UNAUTHORIZED)))
      .catch(() => next(new Error(UNAUTHORIZED)));
  });

  // the dealing desk: exposure, nearest to stop-out and closes, pushed to the dealers who subscribe
  const desk = attachDealingDesk(namespace, ctx, options.log ? { log: options.log } : {});

  const tellQueue = ({ queue, brandId }: QueueChanged) => {
    const payload: QueueChanged = { queue, brandId };
    namespace
      .to([queueRoom(queue, 'all'), queueRoom(queue, brandId)])
      .emit(BACKOFFICE_SOCKET.queueChanged, payload);
  };
  // an item entered or left a queue (payments), or a first four-eyes approval changed it (back office)
  const detachQueue = ctx.payments.onQueueChanged(tellQueue);
  const detachApprovals = ctx.money.onFirstApproval(tellQueue);
  // Logout and revocation hang up at once; an idled-out session at the next round.
  const detachRevoked = sessions.onRevoked((ids) => {
    for (const id of ids) namespace.in(sessionRoom(id)).disconnectSockets(true);
  });
  /**
   * Roles and brand scope can change while a socket is open (staff management): each round re-reads
   * the members and moves their sockets to the rooms they may hear now; a disabled member hangs up.
   */
  const resyncRooms = async (sockets: Socket[]): Promise<void> => {
    const members = new Map<number, Awaited<ReturnType<typeof ctx.staff.byId>>>();
    for (const socket of sockets) {
      const { staffId } = socket.data as BackofficeSocketData;
      if (!members.has(staffId)) members.set(staffId, await ctx.staff.byId(staffId));
      const member = members.get(staffId);
      if (!member || member.disabledAt || member.totpEnabledAt === null || member.passwordChangeRequired) {
        socket.disconnect(true);
        continue;
      }
      const wanted = new Set(roomsOf(rolesOf(member), scopeOf(member)));
      for (const room of socket.rooms) if (room.startsWith('queue:') && !wanted.has(room)) socket.leave(room);
      const missing = [...wanted].filter((room) => !socket.rooms.has(room));
      if (missing.length > 0) await socket.join(missing);
    }
  };
  const round = setInterval(() => {
    const sockets = [...namespace.sockets.values()] as Socket[];
    if (sockets.length === 0) return;
    const ids = [...new Set(sockets.map((s) => (s.data as BackofficeSocketData).sessionId))];
    sessions
      .liveUntil(ids)
      .then(async (live) => {
        for (const socket of sockets)
          if (!live.has((socket.data as BackofficeSocketData).sessionId)) socket.disconnect(true);
        await resyncRooms(sockets.filter((socket) => socket.connected));
      })
      .catch((err: unknown) => options.log?.error({ err }, 'backoffice socket session check failed'));
  }, options.recheckMs ?? 30_000);
  round.unref();

  return () => {
    clearInterval(round);
    detachQueue();
    detachApprovals();
    detachRevoked();
    desk.detach();
  };
}
