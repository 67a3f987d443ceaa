import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chartLayouts } from '../../db/schema.js';

/** SQL of the clients' chart layouts (`chart_layouts`); every call is scoped to one client. */
export class ChartLayoutsRepo {
  constructor(readonly db: Db) {}

  /** The client's stored layout of `symbol`, or undefined when none was saved. */
  async find(userId: number, symbol: string): Promise<unknown | undefined> {
    const [row] = await this.db
      .select({ layout: chartLayouts.layout })
      .from(chartLayouts)
      .where(and(eq(chartLayouts.userId, userId), eq(chartLayouts.symbol, symbol)));
    return row?.layout;
  }

  /** Keeps the client's layout of `symbol`, replacing the one saved before. */
  async save(userId: number, symbol: string, layout: Record<string, unknown>): Promise<void> {
    await this.db
      .insert(chartLayouts)
      .values({ userId, symbol, layout })
      .onConflictDoUpdate({
        target: [chartLayouts.userId, chartLayouts.symbol],
        set: { layout, updatedAt: sql`now()` },
      });
  }
}
