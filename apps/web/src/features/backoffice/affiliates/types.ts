import type { AffiliateAdminView } from '@openbroker/domain';

/** The back-office affiliate screens' query key and name; the answers' shapes are the contracts (AffiliateAdminView). */

export const AFFILIATES_KEY = ['bo', 'affiliates'] as const;

export const affiliateName = (a: Pick<AffiliateAdminView, 'firstName' | 'lastName'>) =>
  `${a.firstName} ${a.lastName}`.trim();
