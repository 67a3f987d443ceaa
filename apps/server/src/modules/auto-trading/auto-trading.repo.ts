import type { AutoStopReason, AutoTradingSettings, JournalAction, Message } from '@openbroker/domain';
import { and, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  autoTradingJournal,
  autoTradingSettings,
  positions,
  tradingAccounts,
  users,
} from '../../db/schema.js';
import { AccountsRepo, type UserRow } from '../accounts/accounts.repo.js';
import { PopupsRepo } from '../popups/popups.repo.js';

/** The kind of the popup a client gets when the server switched auto-trading off (popups.kind). */
export const AUTO_TRADING_STOPPED_POPUP = 'auto_trading_stopped';

/** A trading account's saved auto-trading choice and state. */
export interface AutoSettingsRow {
  accountId: number;
  userId: number;
  enabled: boolean;
  settings: AutoTradingSettings;
  enabledAt: Date | null;
  stoppedReason: AutoStopReason | null;
  stoppedAt: Date | null;
  updatedAt: Date;
}

/** An account with auto-trading on, as the runner indexes it. */
export interface EnabledAccountRow {
  userId: number;
  /** The trading account whose strategy runs (docs/accounts.md). */
  accountId: number;
  brandId: number;
  settings: AutoTradingSettings;
  enabledAt: Date;
}

/** One journal line to store. */
export interface JournalLine {
  /** The account's owner. */
  userId: number;
  /** The trading account whose strategy or switch the line is about. */
  accountId: number;
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
  accountId: row.accountId,
  userId: row.userId,
  enabled: row.enabled,
  settings: row.settings,
  enabledAt: row.enabledAt,
  stoppedReason: (row.stoppedReason as AutoStopReason | null) ?? null,
  stoppedAt: row.stoppedAt,
  updatedAt: row.updatedAt,
});

const toValues = (line: JournalLine) => ({
  userId: line.userId,
  accountId: line.accountId,
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

/**
 * SQL of auto-trading, per trading account: its settings, the on/off switch, the journal and the strategy's results.
 */
export class AutoTradingRepo {
  constructor(private readonly db: Db) {}

  /** A trading account's saved choice and state; undefined before its first save. */
  async settingsOf(accountId: number): Promise<AutoSettingsRow | undefined> {
    const [row] = await this.db
      .select()
      .from(autoTradingSettings)
      .where(eq(autoTradingSettings.accountId, accountId));
    return row && settingsRow(row);
  }

  /** Stores the account's choice (replacing the previous one) and its journal line, in one transaction. */
  async saveSettings(accountId: number, settings: AutoTradingSettings, line: JournalLine): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(autoTradingSettings)
        .values({ accountId, userId: line.userId, settings, updatedAt: line.at })
        .onConflictDoUpdate({
          target: autoTradingSettings.accountId,
          set: { settings, updatedAt: line.at },
        });
      await tx.insert(autoTradingJournal).values(toValues(line));
    });
  }

  /**
   * Switches the account's auto-trading on, starts the drawdown count at `at` and forgets why the server last
   * switched it off, with the journal line, in one transaction; the client's spec flag (`users.auto_trading`: any of
   * their accounts on) follows.
   */
  async switchOn(accountId: number, at: Date, line: JournalLine): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(autoTradingSettings)
        .set({ enabled: true, enabledAt: at, stoppedReason: null, stoppedAt: null })
        .where(eq(autoTradingSettings.accountId, accountId));
      await new AccountsRepo(tx).switchAutoTrading(line.userId, true);
      await tx.insert(autoTradingJournal).values(toValues(line));
    });
  }

  /**
   * Switches the account's auto-trading off with the journal line; `stopped` when the server did it (a loss limit,
   * the brand's kill switch), else the client did. False when it was off already (nothing changed, nothing
   * journaled). The client's spec flag stays on while another of their accounts has it on.
   */
  async switchOff(
    accountId: number,
    at: Date,
    stopped: AutoStopReason | null,
    line: JournalLine,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const changed = await tx
        .update(autoTradingSettings)
        .set({ enabled: false, stoppedReason: stopped, stoppedAt: stopped ? at : null })
        .where(and(eq(autoTradingSettings.accountId, accountId), eq(autoTradingSettings.enabled, true)))
        .returning({ userId: autoTradingSettings.userId });
      const owner = changed[0]?.userId;
      if (owner === undefined) return false;
      const [other] = await tx
        .select({ id: autoTradingSettings.accountId })
        .from(autoTradingSettings)
        .where(and(eq(autoTradingSettings.userId, owner), eq(autoTradingSettings.enabled, true)))
        .limit(1);
      if (!other) await new AccountsRepo(tx).switchAutoTrading(owner, false);
      await tx.insert(autoTradingJournal).values(toValues(line));
      return true;
    });
  }

  /** A trading account with its owner and kind (auto-trading runs on the client's own accounts only). */
  async account(accountId: number): Promise<{ id: number; userId: number; kind: string } | undefined> {
    const [row] = await this.db
      .select({ id: tradingAccounts.id, userId: tradingAccounts.userId, kind: tradingAccounts.kind })
      .from(tradingAccounts)
      .where(eq(tradingAccounts.id, accountId));
    return row;
  }

  async user(userId: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    return row;
  }

  /** Every account with auto-trading on (the runner's index at start). */
  async enabledAccounts(): Promise<EnabledAccountRow[]> {
    const rows = await this.db
      .select({
        userId: autoTradingSettings.userId,
        accountId: autoTradingSettings.accountId,
        brandId: users.brandId,
        settings: autoTradingSettings.settings,
        enabledAt: autoTradingSettings.enabledAt,
        updatedAt: autoTradingSettings.updatedAt,
      })
      .from(autoTradingSettings)
      .innerJoin(users, eq(users.id, autoTradingSettings.userId))
      .where(eq(autoTradingSettings.enabled, true));
    return rows.map((r) => ({
      userId: r.userId,
      accountId: r.accountId,
      brandId: r.brandId,
      settings: r.settings,
      enabledAt: r.enabledAt ?? r.updatedAt,
    }));
  }

  /** The brand's accounts with auto-trading on, with their owners. */
  async enabledOfBrand(brandId: number): Promise<{ userId: number; accountId: number }[]> {
    return this.db
      .select({ userId: autoTradingSettings.userId, accountId: autoTradingSettings.accountId })
      .from(autoTradingSettings)
      .innerJoin(users, eq(users.id, autoTradingSettings.userId))
      .where(and(eq(users.brandId, brandId), eq(autoTradingSettings.enabled, true)));
  }

  async addJournal(lines: readonly JournalLine[]): Promise<void> {
    if (lines.length === 0) return;
    await this.db.insert(autoTradingJournal).values(lines.map(toValues));
  }

  /** A page of the account's journal, newest first: `limit` lines with an id below `before` (all when absent). */
  async journal(accountId: number, before: number | undefined, limit: number): Promise<JournalRow[]> {
    return this.db
      .select()
      .from(autoTradingJournal)
      .where(
        and(
          eq(autoTradingJournal.accountId, accountId),
          before === undefined ? undefined : lt(autoTradingJournal.id, before),
        ),
      )
      .orderBy(desc(autoTradingJournal.id))
      .limit(limit);
  }

  /** The strategy's positions of an account closed at or after `since`: how many, and their realised profit. */
  async realisedSince(accountId: number, since: Date): Promise<RealisedResult> {
    const [row] = await this.db
      .select({
        trades: sql<number>`count(*)::int`,
        profit: sql<string>`coalesce(sum(${positions.profit}), 0)`,
      })
      .from(positions)
      .where(
        and(
          eq(positions.accountId, accountId),
          eq(positions.origin, 'auto'),
          isNotNull(positions.closedAt),
          gte(positions.closedAt, since),
        ),
      );
    return { trades: row?.trades ?? 0, profit: Number(row?.profit ?? 0) };
  }

  /**
   * Per account, the realised profit of the strategy's positions closed since `dayStart` and since the account's own
   * `enabled_at` (the loss limits' realised part), for the accounts given.
   */
  async realisedFor(
    accountIds: readonly number[],
    dayStart: Date,
  ): Promise<Map<number, { today: number; total: number }>> {
    const out = new Map<number, { today: number; total: number }>();
    if (accountIds.length === 0) return out;
    const rows = await this.db
      .select({
        accountId: positions.accountId,
        today: sql<string>`coalesce(sum(${positions.profit}) filter (where ${positions.closedAt} >= ${dayStart.toISOString()}::timestamptz), 0)`,
        total: sql<string>`coalesce(sum(${positions.profit}) filter (where ${positions.closedAt} >= ${autoTradingSettings.enabledAt}), 0)`,
      })
      .from(positions)
      .innerJoin(autoTradingSettings, eq(autoTradingSettings.accountId, positions.accountId))
      .where(
        and(
          inArray(positions.accountId, [...accountIds]),
          eq(positions.origin, 'auto'),
          isNotNull(positions.closedAt),
        ),
      )
      .groupBy(positions.accountId);
    for (const r of rows) out.set(r.accountId, { today: Number(r.today), total: Number(r.total) });
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
