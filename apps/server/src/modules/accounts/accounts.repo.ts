import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { affiliates, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
/** Columns a client can change about themselves. */
export type UserChanges = Partial<
  Pick<
    NewUser,
    | 'firstName'
    | 'lastName'
    | 'phone'
    | 'birthDate'
    | 'countryId'
    | 'state'
    | 'city'
    | 'street'
    | 'zipCode'
    | 'passwordHash'
    | 'autoTrading'
  >
>;

/** Whom a referral code belongs to: an affiliate's tracking code or a client's uniqid. */
export type ReferralOwner = { affiliateId: number } | { referrerId: number };

/** Name of the unique index that keeps one account per e-mail and brand (schema.ts). */
export const USERS_EMAIL_INDEX = 'users_brand_email_uq';

export class AccountsRepo {
  constructor(readonly db: Db) {}

  async findByEmail(brandId: number, email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.brandId, brandId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
      .limit(1);
    return row;
  }

  async findById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  /**
   * The owner of a referral code on one brand, case-insensitively: an affiliate's code first, then
   * a client's uniqid (affiliate codes are 8 characters, uniqids 10, so they cannot clash).
   */
  async findReferralOwner(brandId: number, code: string): Promise<ReferralOwner | undefined> {
    const wanted = code.toLowerCase();
    const [affiliate] = await this.db
      .select({ id: affiliates.id })
      .from(affiliates)
      .where(and(eq(affiliates.brandId, brandId), sql`lower(${affiliates.code}) = ${wanted}`))
      .limit(1);
    if (affiliate) return { affiliateId: affiliate.id };
    const [client] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.brandId, brandId), sql`lower(${users.uniqid}) = ${wanted}`))
      .limit(1);
    return client ? { referrerId: client.id } : undefined;
  }

  async insert(values: NewUser): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    if (!row) throw new Error('user insert returned nothing');
    return row;
  }

  async update(id: number, changes: UserChanges): Promise<UserRow> {
    return this.write(id, changes, 'an update');
  }

  /**
   * A change staff, verification or a document upload makes to a client (money lives on the client's trading
   * accounts, which only the ledger moves). Other areas call this instead of writing `users` themselves; built on their
   * transaction (`new AccountsRepo(tx)`) it commits with the rest of their work.
   */
  async write(id: number, changes: Partial<Omit<NewUser, 'id'>>, during: string): Promise<UserRow> {
    const [row] = await this.db.update(users).set(changes).where(eq(users.id, id)).returning();
    if (!row) throw new Error(`user ${id} vanished during ${during}`);
    return row;
  }

  /**
   * Switches the client's auto-trading flag; false when it already was that way (nothing changed). The
   * conditional update is what makes two simultaneous switches change it once.
   */
  async switchAutoTrading(id: number, on: boolean): Promise<boolean> {
    const changed = await this.db
      .update(users)
      .set({ autoTrading: on })
      .where(and(eq(users.id, id), eq(users.autoTrading, !on)))
      .returning({ id: users.id });
    return changed.length > 0;
  }
}
