import type { SourceOfFundsAnswers } from '@openbroker/domain';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { brands, countries, sourceOfFunds, users } from '../../db/schema.js';

export type SourceOfFundsRow = typeof sourceOfFunds.$inferSelect;

/** SQL of the client's source-of-funds answers (source_of_funds), and the client facts the risk score reads. */
export class SourceOfFundsRepo {
  constructor(readonly db: Db) {}

  async get(userId: number): Promise<SourceOfFundsRow | undefined> {
    const [row] = await this.db.select().from(sourceOfFunds).where(eq(sourceOfFunds.userId, userId));
    return row;
  }

  /** Stores the client's answers, replacing earlier ones. */
  async save(userId: number, answers: SourceOfFundsAnswers, at: Date): Promise<SourceOfFundsRow> {
    const values = { ...answers, answeredAt: at };
    const [row] = await this.db
      .insert(sourceOfFunds)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: sourceOfFunds.userId, set: values })
      .returning();
    if (!row) throw new Error(`source_of_funds ${userId} not written`);
    return row;
  }

  /** The client's brand, its settings and the client's country code (the score's country rule). */
  async clientFacts(userId: number) {
    const [row] = await this.db
      .select({
        brandId: users.brandId,
        brandSettings: brands.settings,
        country: countries.alpha2,
      })
      .from(users)
      .innerJoin(brands, eq(brands.id, users.brandId))
      .leftJoin(countries, sql`${countries.id} = ${users.countryId}`)
      .where(eq(users.id, userId));
    return row;
  }

  /** A page of the ids of a brand's clients whose country is one of `alpha2` (ids above `after`, ascending). */
  async clientsIn(
    brandId: number,
    alpha2: readonly string[],
    after: number,
    limit: number,
  ): Promise<number[]> {
    if (alpha2.length === 0) return [];
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(countries, eq(countries.id, users.countryId))
      .where(and(eq(users.brandId, brandId), inArray(countries.alpha2, [...alpha2]), gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(limit);
    return rows.map((row) => row.id);
  }
}
