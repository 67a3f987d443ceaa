import type { AutoStopReason, AutoTradingSettings, JournalAction, Message } from '@openbroker/domain';
import { and, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { autoTradingJournal, autoTradingSettings, positions, users } from '../../db/schema.js';
import { AccountsRepo, type UserRow } from '../accounts/accounts.repo.js';
import { PopupsRepo } from '../popups/popups.repo.js';

/** The kind of the popup a client gets when the server switched auto-trading off (popups.kind). */
export const AUTO_TRADING_STOPPED_POPUP = 'auto_trading_stopped';

/** A client's saved auto-trading choice and state. */
export interface AutoSettingsRow {
  userId: number;
  settings: AutoTradingSettings;
  enabledAt: Date | null;
  stoppedReason: AutoStopReason | null;
  stoppedAt: Date | null;
  updatedAt: Date;
}

/** An account with auto-trading on, as the runner indexes it. */
/** The first live trading account of the client in `userColumn` (auto-trading trades on it). */
// spelled out in full: inside the subquery an unqualified "id" would be the account's own
const firstLiveAccountOf = (_userColumn: typeof users.id) =>
  sql<
    number | null
  >`(select min(ta.id) from trading_accounts ta where ta.user_id = "users"."id" and ta.kind = 'live')`;

export interface EnabledAccountRow {
  userId: number;
  /** The client's first live trading account: the one auto-trading trades on (docs/accounts.md). */
  accountId: number;
  brandId: number;
  settings: AutoTradingSettings;
  enabledAt: Date;
}

/** One journal line to store. */
export interface JournalLine {
  userId: number;
  at: Date;
  action: JournalAction;
  symbol?: string | null;
  direction?: 'buy' | 'sell' | null;
  reason: Message;
  indicators?: Record<string, number>;
  quote?: { buy: number; sell: number } | null;
  candleTime?: Date | null;
  positionId?: number | null;
  outcome?: Message | null;
}

export type JournalRow = typeof autoTradingJournal.$inferSelect;

/** Realised results of the strategy's closed positions (and closed parts): count and summed profit. */
export interface RealisedResult {
  trades: number;
  profit: number;
}

const settingsRow = (row: typeof autoTradingSettings.$inferSelect): AutoSettingsRow => ({
  userId: row.userId,
  settings: row.settings,
  enabledAt: row.enabledAt,
  stoppedReason: (row.stoppedReason as AutoStopReason | null) ?? null,
  stoppedAt: row.stoppedAt,
  updatedAt: row.updatedAt,
});

const toValues = (line: JournalLine) => ({
  userId: line.userId,
  at: line.at,
  action: line.action,
  symbol: line.symbol ?? null,
  direction: line.direction ?? null,
  reason: line.reason as unknown as Record<string, unknown>,
  indicators: line.indicators ?? {},
  quote: line.quote ?? null,
  candleTime: line.candleTime ?? null,
  positionId: line.positionId ?? null,
  outcome: (line.outcome ?? null) as Record<string, unknown> | null,
});

/** SQL of auto-trading: the clients' settings, the on/off switch, the journal and the strategy's results. */
export class AutoTradingRepo {
  constructor(private readonly db: Db) {}

  async settingsOf(userId: number): Promise<AutoSettingsRow | undefined> {
    const [row] = await this.db
      .select()
      .from(autoTradingSettings)
      .where(eq(autoTradingSettings.userId, userId));
    return row && settingsRow(row);
  }

  /** Stores the client's choice (replacing the previous one) and its journal line, in one transaction. */
  async saveSettings(userId: number, settings: AutoTradingSettings, line: JournalLine): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(autoTradingSettings)
        .values({ userId, settings, updatedAt: line.at })
        .onConflictDoUpdate({
          target: autoTradingSettings.userId,
          set: { settings, updatedAt: line.at },
        });
      await tx.insert(autoTradingJournal).values(toValues(line));
    });
  }

  /**
   * Switches auto-trading on (`users.auto_trading`), starts the drawdown count at `at` and forgets why the server
   * last switched it off, with the journal line, in one transaction.
   */
  async switchOn(userId: number, at: Date, line: JournalLine): Promise<void> {
    await this.db.transaction(async (tx) => {
      await new AccountsRepo(tx).switchAutoTrading(userId, true);
      await tx
        .update(autoTradingSettings)
        .set({ enabledAt: at, stoppedReason: null, stoppedAt: null })
        .where(eq(autoTradingSettings.userId, userId));
      await tx.insert(autoTradingJournal).values(toValues(line));
    });
  }

  /**
   * Switches auto-trading off with the journal line; `stopped` when the server did it (a loss limit, the brand's
   * kill switch), else the client did. False when it was off already (nothing changed, nothing journaled).
   */
  async switchOff(
    userId: number,
    at: Date,
    stopped: AutoStopReason | null,
    line: JournalLine,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (!(await new AccountsRepo(tx).switchAutoTrading(userId, false))) return false;
      await tx
        .update(autoTradingSettings)
        .set({ stoppedReason: stopped, stoppedAt: stopped ? at : null })
        .where(eq(autoTradingSettings.userId, userId));
      await tx.insert(autoTradingJournal).values(toValues(line));
      return true;
    });
  }

  /** The client's first live trading account, the one auto-trading trades on; undefined without one. */
  async liveAccount(userId: number): Promise<number | undefined> {
    const [row] = await this.db
      .select({ id: firstLiveAccountOf(users.id) })
      .from(users)
      .where(eq(users.id, userId));
    return row?.id === null || row?.id === undefined ? undefined : Number(row.id);
  }

  async user(userId: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    return row;
  }

  /** Every account with auto-trading on and saved settings (the runner's index at start). */
  async enabledAccounts(): Promise<EnabledAccountRow[]> {
    const rows = await this.db
      .select({
        userId: users.id,
        accountId: firstLiveAccountOf(users.id),
        brandId: users.brandId,
        settings: autoTradingSettings.settings,
        enabledAt: autoTradingSettings.enabledAt,
        updatedAt: autoTradingSettings.updatedAt,
      })
      .from(users)
      .innerJoin(autoTradingSettings, eq(autoTradingSettings.userId, users.id))
      .where(eq(users.autoTrading, true));
    return rows.map((r) => ({
      userId: r.userId,
      accountId: Number(r.accountId),
      brandId: r.brandId,
      settings: r.settings,
      enabledAt: r.enabledAt ?? r.updatedAt,
    }));
  }

  /** The brand's clients with auto-trading on. */
  async enabledOfBrand(brandId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.brandId, brandId), eq(users.autoTrading, true)));
    return rows.map((r) => r.id);
  }

  async addJournal(lines: readonly JournalLine[]): Promise<void> {
    if (lines.length === 0) return;
    await this.db.insert(autoTradingJournal).values(lines.map(toValues));
  }

  /** A page of the client's journal, newest first: `limit` lines with an id below `before` (all when absent). */
  async journal(userId: number, before: number | undefined, limit: number): Promise<JournalRow[]> {
    return this.db
      .select()
      .from(autoTradingJournal)
      .where(
        and(
          eq(autoTradingJournal.userId, userId),
          before === undefined ? undefined : lt(autoTradingJournal.id, before),
        ),
      )
      .orderBy(desc(autoTradingJournal.id))
      .limit(limit);
  }

  /** The strategy's positions of a client closed at or after `since`: how many, and their realised profit. */
  async realisedSince(userId: number, since: Date): Promise<RealisedResult> {
    const [row] = await this.db
      .select({
        trades: sql<number>`count(*)::int`,
        profit: sql<string>`coalesce(sum(${positions.profit}), 0)`,
      })
      .from(positions)
      .where(
        and(
          eq(positions.userId, userId),
          eq(positions.origin, 'auto'),
          isNotNull(positions.closedAt),
          gte(positions.closedAt, since),
        ),
      );
    return { trades: row?.trades ?? 0, profit: Number(row?.profit ?? 0) };
  }

  /**
   * Per client, the realised profit of the strategy's positions closed since `dayStart` and since the client's own
   * `enabled_at` (the loss limits' realised part), for the accounts given.
   */
  async realisedFor(
    userIds: readonly number[],
    dayStart: Date,
  ): Promise<Map<number, { today: number; total: number }>> {
    const out = new Map<number, { today: number; total: number }>();
    if (userIds.length === 0) return out;
    const rows = await this.db
      .select({
        userId: positions.userId,
        today: sql<string>`coalesce(sum(${positions.profit}) filter (where ${positions.closedAt} >= ${dayStart.toISOString()}::timestamptz), 0)`,
        total: sql<string>`coalesce(sum(${positions.profit}) filter (where ${positions.closedAt} >= ${autoTradingSettings.enabledAt}), 0)`,
      })
      .from(positions)
      .innerJoin(autoTradingSettings, eq(autoTradingSettings.userId, positions.userId))
      .where(
        and(
          inArray(positions.userId, [...userIds]),
          eq(positions.origin, 'auto'),
          isNotNull(positions.closedAt),
        ),
      )
      .groupBy(positions.userId);
    for (const r of rows) out.set(r.userId, { today: Number(r.today), total: Number(r.total) });
    return out;
  }

  /** The client's popup telling why the server switched auto-trading off (content is our own escaped text). */
  async addPopup(brandId: number, userId: number, title: string, content: string): Promise<void> {
    await new PopupsRepo(this.db).create({
      brandId,
      userId,
      audience: 'client',
      kind: AUTO_TRADING_STOPPED_POPUP,
      title,
      content,
    });
  }
}
