import { hashToken, newToken } from '../../lib/random.js';
import type { SessionRow, SessionsRepo, SubjectType } from './sessions.repo.js';

/** A session is never valid longer than this, however active (architecture §8). */
export const SESSION_MAX_AGE_MS = 24 * 60 * 60_000;
/** Activity is written at most this often, so a busy client does not write on every call. */
const TOUCH_EVERY_MS = 30_000;
/** Session ids read per query by `liveAmong`. */
const LIVENESS_CHUNK = 500;

export interface IssuedSession {
  token: string;
  session: SessionRow;
}

/**
 * Opaque bearer sessions (architecture §2, §8): a random token is handed out once and only its
 * SHA-256 is stored; a session ends on logout, after `idleMs` without a call (spec §4: 20 minutes),
 * or after SESSION_MAX_AGE_MS. Tokens are bound to one kind of subject and never cross kinds.
 */
export class SessionsService {
  private readonly revokedListeners = new Set<(sessionIds: readonly number[]) => void>();

  constructor(
    private readonly repo: SessionsRepo,
    private readonly idleMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async issue(
    subjectType: SubjectType,
    subjectId: number,
    meta: { info: string; ip: string },
  ): Promise<IssuedSession> {
    const token = newToken();
    const now = this.now();
    const session = await this.repo.create({
      subjectType,
      subjectId,
      tokenHash: hashToken(token),
      info: meta.info.slice(0, 4096),
      ip: meta.ip.slice(0, 64),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + this.idleMs),
    });
    return { token, session };
  }

  /** The live session of that kind for a token, its idle clock restarted; undefined when ended. */
  async authenticate(token: string, subjectType: SubjectType): Promise<SessionRow | undefined> {
    if (!token || token.length > 200) return undefined;
    const session = await this.repo.findActiveByHash(hashToken(token));
    if (!session || session.subjectType !== subjectType) return undefined;
    const now = this.now();
    const hardEnd = session.createdAt.getTime() + SESSION_MAX_AGE_MS;
    if (!this.isLive(session, now)) return undefined;
    if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      const expiresAt = new Date(Math.min(now.getTime() + this.idleMs, hardEnd));
      await this.repo.touch(session.id, now, expiresAt);
      return { ...session, lastSeenAt: now, expiresAt };
    }
    return session;
  }

  /**
   * Which of these sessions are still live (not revoked, not idle past `idleMs`, not past
   * SESSION_MAX_AGE_MS). Only reads: a check made for a push or a sweep is not the client's
   * activity and must not keep an idle session alive.
   */
  async liveAmong(sessionIds: readonly number[]): Promise<Set<number>> {
    return new Set((await this.liveUntil(sessionIds)).keys());
  }

  /**
   * The live ones of these sessions, each with the moment (epoch ms) it ends unless the client is
   * active again: what a long-lived connection remembers to check expiry without reading (the
   * trading socket before each push). Only reads, like `liveAmong`.
   */
  async liveUntil(sessionIds: readonly number[]): Promise<Map<number, number>> {
    const now = this.now();
    const live = new Map<number, number>();
    // Chunked so a node with many sockets never builds one huge IN list.
    for (let i = 0; i < sessionIds.length; i += LIVENESS_CHUNK) {
      const rows = await this.repo.findActiveByIds(sessionIds.slice(i, i + LIVENESS_CHUNK));
      for (const row of rows) if (this.isLive(row, now)) live.set(row.id, this.endOf(row));
    }
    return live;
  }

  /** When (epoch ms) a session ends without further activity: idle limit or maximum age, whichever first. */
  endOf(session: SessionRow): number {
    const idleEnd = session.lastSeenAt.getTime() + this.idleMs;
    const hardEnd = session.createdAt.getTime() + SESSION_MAX_AGE_MS;
    return Math.min(idleEnd, hardEnd);
  }

  private isLive(session: SessionRow, now: Date): boolean {
    return session.revokedAt === null && now.getTime() < this.endOf(session);
  }

  async revoke(session: SessionRow): Promise<void> {
    await this.repo.revoke(session.id, this.now());
    this.tellRevoked([session.id]);
  }

  /** Ends every session of a subject, optionally keeping the current one (password change). */
  async revokeAll(subjectType: SubjectType, subjectId: number, keepSessionId?: number): Promise<void> {
    this.tellRevoked(await this.repo.revokeAllFor(subjectType, subjectId, this.now(), keepSessionId));
  }

  /**
   * Told the ids of sessions that just ended by logout or revocation, so long-lived connections
   * (the trading socket) can end with them at once instead of at their next check.
   */
  onRevoked(listener: (sessionIds: readonly number[]) => void): () => void {
    this.revokedListeners.add(listener);
    return () => {
      this.revokedListeners.delete(listener);
    };
  }

  private tellRevoked(sessionIds: readonly number[]): void {
    if (sessionIds.length === 0) return;
    for (const listener of this.revokedListeners) listener(sessionIds);
  }
}
