import type { z } from 'zod';
import type { AffiliateRow, ReferredAccountRow } from './affiliates.repo.js';
import type { AffiliateAccountDto, AffiliateDto } from './affiliates.schemas.js';

export function presentAffiliate(row: AffiliateRow): z.infer<typeof AffiliateDto> {
  return { id: row.id, first_name: row.firstName, last_name: row.lastName, email: row.email, code: row.code };
}

export function presentAccount(row: ReferredAccountRow): z.infer<typeof AffiliateAccountDto> {
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
