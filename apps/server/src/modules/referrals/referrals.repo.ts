import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

export interface ReferralRow {
  firstName: string;
  lastName: string;
  email: string;
  createdAt: Date;
}

export class ReferralsRepo {
  constructor(private readonly db: Db) {}

  /** The clients of a brand who registered with `referrerId`'s uniqid, newest first. */
  referredBy(brandId: number, referrerId: number): Promise<ReferralRow[]> {
    return this.db
      .select({
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(and(eq(users.brandId, brandId), eq(users.referrerId, referrerId)))
      .orderBy(desc(users.createdAt), desc(users.id));
  }
}
