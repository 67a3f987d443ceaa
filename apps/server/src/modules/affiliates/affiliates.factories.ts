import { randomBytes } from 'node:crypto';
import { TRANSACTION_STATUS } from '@openbroker/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { affiliates, tradingAccounts, transactions, users } from '../../db/schema.js';
import { hashPassword } from '../../lib/passwords.js';

/** Test data: an affiliate of a brand with a known password (the seed's is on the demo brand only). */
export async function buildAffiliate(
  db: Db,
  brandId: number,
  overrides: Partial<typeof affiliates.$inferInsert> = {},
  password = 'Partner123!',
) {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const [row] = await db
    .insert(affiliates)
    .values({
      brandId,
      email: `partner.${tag.toLowerCase()}@example.com`,
      passwordHash: await hashPassword(password),
      firstName: 'Pat',
      lastName: `Partner${tag}`,
      code: `AF${tag}`,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('affiliate insert returned nothing');
  return { ...row, password };
}

export interface DepositOptions {
  amount?: string;
  /** When the deposit completed (approved deposits); also its creation time. */
  at: Date;
  typeId?: number;
  statusId?: number;
  currency?: string;
  /** The trading account it went to; absent: the client's first live account. */
  accountId?: number;
}

/**
 * A deposit transaction of a client, written straight into `transactions` as the payments module
 * would leave it (approved, completed at `at`), so reports can be tested without a provider.
 */
export async function buildDeposit(db: Db, userId: number, options: DepositOptions) {
  const [user] = await db.select({ brandId: users.brandId }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`no user ${userId}`);
  const [account] = options.accountId
    ? [{ id: options.accountId }]
    : await db
        .select({ id: tradingAccounts.id })
        .from(tradingAccounts)
        .where(and(eq(tradingAccounts.userId, userId), eq(tradingAccounts.kind, 'live')))
        .orderBy(asc(tradingAccounts.id))
        .limit(1);
  if (!account) throw new Error(`no live account of user ${userId}`);
  const statusId = options.statusId ?? TRANSACTION_STATUS.approved;
  const [row] = await db
    .insert(transactions)
    .values({
      brandId: user.brandId,
      userId,
      accountId: account.id,
      reference: `T${randomBytes(6).toString('hex').toUpperCase()}`,
      typeId: options.typeId ?? 1,
      statusId,
      method: 1,
      provider: 'card-1',
      amount: options.amount ?? '250.00',
      currency: options.currency ?? 'EUR',
      createdAt: options.at,
      updatedAt: options.at,
      completedAt: statusId === TRANSACTION_STATUS.approved ? options.at : null,
    })
    .returning();
  if (!row) throw new Error('transaction insert returned nothing');
  return row;
}

/** Moves a client's registration time (reports filter by it). */
export async function setRegisteredAt(db: Db, userId: number, at: Date): Promise<void> {
  await db.update(users).set({ createdAt: at }).where(eq(users.id, userId));
}
