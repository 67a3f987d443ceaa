import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Test helpers of trading accounts (docs/accounts.md): a client's first account (the only one a registered client
 * has), as a value inside a statement or read.
 */
export const firstAccountOf = (userId: number) =>
  sql<number>`(select min(id) from trading_accounts where user_id = ${userId})`;

/** The id of the client's first trading account (a registered client's only account). */
export async function accountIdOf(db: Db, userId: number): Promise<number> {
  const result = (await db.execute(
    sql`select min(id)::int as id from trading_accounts where user_id = ${userId}`,
  )) as unknown as { rows: { id: number | null }[] };
  const id = result.rows[0]?.id;
  if (id === null || id === undefined) throw new Error(`client ${userId} has no trading account`);
  return Number(id);
}
