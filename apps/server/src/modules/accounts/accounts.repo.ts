import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

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

/** Name of the unique index that keeps one account per e-mail and brand (schema.ts). */
export const USERS_EMAIL_INDEX = 'users_brand_email_uq';

export class AccountsRepo {
  constructor(private readonly db: Db) {}

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

  async insert(values: NewUser): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    if (!row) throw new Error('user insert returned nothing');
    return row;
  }

  async update(id: number, changes: UserChanges): Promise<UserRow> {
    const [row] = await this.db.update(users).set(changes).where(eq(users.id, id)).returning();
    if (!row) throw new Error(`user ${id} vanished during an update`);
    return row;
  }
}
