import { maskEmail, maskName } from '@openbroker/domain';
import type { ReferralsRepo } from './referrals.repo.js';

/** spec §3 Referral, as the referring client sees it. */
export interface Referral {
  full_name: string;
  email: string;
  created_at: string;
}

/**
 * A client's own referrals (spec §2 /referrals): the accounts opened through the client's link.
 * Names and e-mails are masked here, on the server ('Jo*** Sm***'), so another client's address
 * never reaches the browser.
 */
export class ReferralsService {
  constructor(private readonly repo: ReferralsRepo) {}

  async list(brandId: number, clientId: number): Promise<Referral[]> {
    const rows = await this.repo.referredBy(brandId, clientId);
    return rows.map((row) => ({
      full_name: maskName(`${row.firstName} ${row.lastName}`),
      email: maskEmail(row.email),
      created_at: row.createdAt.toISOString(),
    }));
  }
}
