/** UI types of the back-office client screens (the answers' shapes are the contracts in @openbroker/domain). */

/** The list's filters as kept in the address bar (strings, '' = none). */
export interface ClientFilters {
  q: string;
  brandId: string;
  verified: '' | 'true' | 'false';
  documentsWaiting: '' | 'true';
  countryId: string;
  registeredFrom: string;
  registeredTo: string;
  hasDeposited: '' | 'true' | 'false';
  sort: 'createdAt' | 'name' | 'email' | 'balance' | 'pin';
  order: 'asc' | 'desc';
  page: number;
}
