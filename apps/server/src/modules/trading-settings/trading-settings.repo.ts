import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { oneClickAcknowledgements, tradingSettings } from '../../db/schema.js';

/** A default one-click size as stored. */
export interface StoredSize {
  symbol: string;
  amount: number;
  leverage: number;
}

/** A client's settings row, with the last risk acknowledgement. */
export interface TradingSettingsRow {
  oneClick: boolean;
  sizes: StoredSize[];
  acknowledgedAt: Date | null;
}

/** SQL of the client's trading settings (`trading_settings`, `one_click_acknowledgements`), scoped to one client. */
export class TradingSettingsRepo {
  constructor(readonly db: Db) {}

  /** The client's settings; the defaults (one-click off, no sizes) when the client never saved any. */
  async find(userId: number): Promise<TradingSettingsRow> {
    const [row] = await this.db
      .select({ oneClick: tradingSettings.oneClick, sizes: tradingSettings.sizes })
      .from(tradingSettings)
      .where(eq(tradingSettings.userId, userId));
    const [ack] = await this.db
      .select({ at: oneClickAcknowledgements.createdAt })
      .from(oneClickAcknowledgements)
      .where(eq(oneClickAcknowledgements.userId, userId))
      .orderBy(desc(oneClickAcknowledgements.id))
      .limit(1);
    return { oneClick: row?.oneClick ?? false, sizes: row?.sizes ?? [], acknowledgedAt: ack?.at ?? null };
  }

  /** Switches one-click on, recording the acknowledgement (its time and session) with it in one transaction. */
  async switchOn(userId: number, sessionId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(oneClickAcknowledgements).values({ userId, sessionId });
      await tx
        .insert(tradingSettings)
        .values({ userId, oneClick: true })
        .onConflictDoUpdate({
          target: tradingSettings.userId,
          set: { oneClick: true, updatedAt: sql`now()` },
        });
    });
  }

  /** Switches one-click off (the acknowledgements stay recorded). */
  async switchOff(userId: number): Promise<void> {
    await this.db
      .update(tradingSettings)
      .set({ oneClick: false, updatedAt: sql`now()` })
      .where(eq(tradingSettings.userId, userId));
  }

  /**
   * Sets the default size of one instrument, replacing the one it had; read and written under a lock of the
   * client's row, so two saves at once do not lose one. False when the client has `max` sizes and this is a new one.
   */
  async saveSize(userId: number, size: StoredSize, max: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.insert(tradingSettings).values({ userId }).onConflictDoNothing();
      const [row] = await tx
        .select({ sizes: tradingSettings.sizes })
        .from(tradingSettings)
        .where(eq(tradingSettings.userId, userId))
        .for('update');
      const others = (row?.sizes ?? []).filter((s) => s.symbol !== size.symbol);
      if (others.length >= max) return false;
      const sizes = [...others, size].sort((a, b) => a.symbol.localeCompare(b.symbol));
      await tx
        .update(tradingSettings)
        .set({ sizes, updatedAt: sql`now()` })
        .where(eq(tradingSettings.userId, userId));
      return true;
    });
  }

  /** The acknowledgements a client gave, newest first (when and from which session). */
  async acknowledgements(userId: number): Promise<{ sessionId: number | null; createdAt: Date }[]> {
    return this.db
      .select({
        sessionId: oneClickAcknowledgements.sessionId,
        createdAt: oneClickAcknowledgements.createdAt,
      })
      .from(oneClickAcknowledgements)
      .where(eq(oneClickAcknowledgements.userId, userId))
      .orderBy(desc(oneClickAcknowledgements.id));
  }
}
