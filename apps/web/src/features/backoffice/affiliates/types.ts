/** The back-office affiliate API's shapes (/api/backoffice/affiliates…). */

export interface BoAffiliate {
  id: number;
  brandId: number;
  brandName: string;
  email: string;
  firstName: string;
  lastName: string;
  code: string;
  disabled: boolean;
  disabledAt: string | null;
  clients: number;
  createdAt: string;
}

/** Create and reset-password answers: the password is in this answer only. */
export interface AffiliateWithPassword {
  affiliate: BoAffiliate;
  password: string;
}

export const AFFILIATES_KEY = ['bo', 'affiliates'] as const;

export const affiliateName = (a: Pick<BoAffiliate, 'firstName' | 'lastName'>) =>
  `${a.firstName} ${a.lastName}`.trim();
