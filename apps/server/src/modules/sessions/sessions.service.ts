import type { Db } from '../../db/client.js';
import { hashToken, newToken } from '../../lib/random.js';
import type { SessionRow, SessionsRepo, SubjectType } from './sessions.repo.js';

/** A session is never valid longer than this, however active (architecture §8). */
export const SESSION_MAX_AGE_MS = 24 * 60 * 60_000;
/** Activity is written at most this often, so a busy client does not write on every call. */
const TOUCH_EVERY_MS = 30_000;
/** Session ids read per query by `liveAmong`. */
const LIVENESS_CHUNK = 500;
/**
 * How long `authenticateCached` trusts a session it read: the trading socket's commands re-check the
 * session from memory instead of the database. Logout, revocation and password change drop the entry at once
 * (`revoke`, `revokeAll`; other nodes through SessionRevocationSync), so only the idle clock can be this late.
 */
export const SESSION_CACHE_MS = 3_000;

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
  private readonly switchedListeners = new Set<(sessionId: number, accountId: number) => void>();
  /** Sessions read by `authenticateCached`, by token hash, each until when it is trusted (this.now() ms). */
  private readonly cache = new Map<string, { session: SessionRow; until: number }>();
  private readonly cachedHashes = new Map<number, string>();
  /** Bumped by every revocation: a read that started before one is not cached (it may predate the revocation). */
  private generation = 0;

  constructor(
    private readonly repo: SessionsRepo,
    private readonly idleMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Starts a session. `options.idleMs` gives it its own idle limit (a staff member's role limit) instead of the
   * limit of its kind.
   */
  async issue(
    subjectType: SubjectType,
    subjectId: number,
    meta: { info: string; ip: string },
    options: { idleMs?: number } = {},
  ): Promise<IssuedSession> {
    const token = newToken();
    const now = this.now();
    const idleMs = options.idleMs ?? this.idleMs;
    const session = await this.repo.create({
      subjectType,
      subjectId,
      tokenHash: hashToken(token),
      info: meta.info.slice(0, 4096),
      ip: meta.ip.slice(0, 64),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + idleMs),
      idleMs: options.idleMs ?? null,
    });
    return { token, session };
  }

  /**
   * The live session of that kind for a token, its idle clock restarted; undefined when ended. `lastInputAt`
   * is when the person last used the screen, when the caller knows it (the back office tells it with each
   * call): the idle clock then restarts from that moment, not from the call, so a screen that only refreshes
   * data still ends at the idle limit.
   */
  async authenticate(
    token: string,
    subjectType: SubjectType,
    lastInputAt?: Date,
  ): Promise<SessionRow | undefined> {
    if (!token || token.length > 200) return undefined;
    const session = await this.repo.findActiveByHash(hashToken(token));
    if (!session || session.subjectType !== subjectType) return undefined;
    const now = this.now();
    const hardEnd = session.createdAt.getTime() + SESSION_MAX_AGE_MS;
    if (!this.isLive(session, now)) return undefined;
    const seen = Math.min(now.getTime(), lastInputAt?.getTime() ?? now.getTime());
    if (seen - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      const lastSeenAt = new Date(seen);
      const expiresAt = new Date(Math.min(seen + this.idleOf(session), hardEnd));
      await this.repo.touch(session.id, lastSeenAt, expiresAt);
      return { ...session, lastSeenAt, expiresAt };
    }
    return session;
  }

  /** The idle limit of this kind of session when a session has none of its own. */
  get defaultIdleMs(): number {
    return this.idleMs;
  }

  /** A session's idle limit: its own (a staff role's), else the limit of its kind. */
  idleOf(session: Pick<SessionRow, 'idleMs'>): number {
    return session.idleMs ?? this.idleMs;
  }

  /**
   * `authenticate` for frequent re-checks (the trading socket's commands): the session as read at most
   * SESSION_CACHE_MS ago, still checked against the clock (idle end, maximum age), else read again. A revoked
   * session is never answered from memory: revocation drops its entry before it is told (`forget`).
   */
  async authenticateCached(token: string, subjectType: SubjectType): Promise<SessionRow | undefined> {
    if (!token || token.length > 200) return undefined;
    const hash = hashToken(token);
    const now = this.now();
    const hit = this.cache.get(hash);
    if (
      hit &&
      hit.until > now.getTime() &&
      hit.session.subjectType === subjectType &&
      this.isLive(hit.session, now)
    )
      return hit.session;
    if (hit) this.drop(hash, hit.session.id);
    const generation = this.generation;
    const session = await this.authenticate(token, subjectType);
    if (session && generation === this.generation) {
      if (this.cache.size >= 10_000) {
        this.cache.clear();
        this.cachedHashes.clear();
      }
      this.cache.set(hash, { session, until: now.getTime() + SESSION_CACHE_MS });
      this.cachedHashes.set(session.id, hash);
    }
    return session;
  }

  /** Drops these sessions from the cache (they ended here, or on another node: SessionRevocationSync). */
  forget(sessionIds: readonly number[]): void {
    this.generation += 1;
    for (const id of sessionIds) {
      const hash = this.cachedHashes.get(id);
      if (hash !== undefined) this.drop(hash, id);
    }
  }

  private drop(hash: string, sessionId: number): void {
    this.cache.delete(hash);
    if (this.cachedHashes.get(sessionId) === hash) this.cachedHashes.delete(sessionId);
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
    const idleEnd = session.lastSeenAt.getTime() + this.idleOf(session);
    const hardEnd = session.createdAt.getTime() + SESSION_MAX_AGE_MS;
    return Math.min(idleEnd, hardEnd);
  }

  private isLive(session: SessionRow, now: Date): boolean {
    return session.revokedAt === null && now.getTime() < this.endOf(session);
  }

  async revoke(session: SessionRow): Promise<void> {
    // dropped before and after the write: no cached read survives it, even one racing the write
    this.forget([session.id]);
    await this.repo.revoke(session.id, this.now());
    this.tellRevoked([session.id]);
  }

  /**
   * Ends every session of a subject, optionally keeping the current one (password change). `inTransaction` (a
   * staff action's audit row) runs in the revocation's transaction, so the two commit together; open sockets are
   * told after the commit.
   */
  async revokeAll(
    subjectType: SubjectType,
    subjectId: number,
    keepSessionId?: number,
    inTransaction?: (tx: Db, endedSessionIds: readonly number[]) => Promise<unknown>,
  ): Promise<void> {
    this.forgetSubject(subjectType, subjectId, keepSessionId);
    const at = this.now();
    const ended = inTransaction
      ? await this.repo.db.transaction(async (tx) => {
          const ids = await this.repo.revokeAllFor(subjectType, subjectId, at, keepSessionId, tx);
          await inTransaction(tx, ids);
          return ids;
        })
      : await this.repo.revokeAllFor(subjectType, subjectId, at, keepSessionId);
    this.tellRevoked(ended);
  }

  /** Drops the cached sessions of a subject (but the one kept). */
  private forgetSubject(subjectType: SubjectType, subjectId: number, keepSessionId?: number): void {
    this.generation += 1;
    for (const [hash, { session }] of this.cache)
      if (
        session.subjectType === subjectType &&
        session.subjectId === subjectId &&
        session.id !== keepSessionId
      )
        this.drop(hash, session.id);
  }

  /**
   * Makes a trading account the client session's current one (docs/accounts.md): the spec's calls and the session's
   * trading sockets act on it from now on. The caller has checked the account is the session's client's.
   */
  async switchAccount(session: SessionRow, accountId: number): Promise<void> {
    await this.repo.setAccount(session.id, accountId);
    // the cached copy still names the previous account
    this.forget([session.id]);
    for (const listener of this.switchedListeners) listener(session.id, accountId);
  }

  /** Told when a session switched its current account (this node's trading sockets follow it at once). */
  onAccountSwitched(listener: (sessionId: number, accountId: number) => void): () => void {
    this.switchedListeners.add(listener);
    return () => {
      this.switchedListeners.delete(listener);
    };
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
    this.forget(sessionIds);
    for (const listener of this.revokedListeners) listener(sessionIds);
  }
}
