import type { AffiliateAccount, AffiliateProfile } from '@openbroker/domain';
import type { AffiliateRow, ReferredAccountRow } from './affiliates.repo.js';

export function presentAffiliate(row: AffiliateRow): AffiliateProfile {
  return { id: row.id, first_name: row.firstName, last_name: row.lastName, email: row.email, code: row.code };
}

export function presentAccount(row: ReferredAccountRow): AffiliateAccount {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    country: row.country,
    created_at: row.createdAt.toISOString(),
    source_page: row.sourcePage,
    transaction: row.firstDeposit
      ? {
          amount: row.firstDeposit.amount,
          currency: row.firstDeposit.currency,
          completed_at: row.firstDeposit.at.toISOString(),
        }
      : null,
  };
}
