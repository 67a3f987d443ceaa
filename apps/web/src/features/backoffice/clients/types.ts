import type { DocumentType } from '@openbroker/domain';

/** Shapes of the back-office client answers (issue 13 API contract, notes/common.md). */

export interface ClientRow {
  id: number;
  brandId: number;
  brandSlug: string;
  pin: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  countryId: number | null;
  countryName: string | null;
  verified: boolean;
  level: string;
  balance: string;
  documentsWaiting: number;
  hasDeposited: boolean;
  tradingEnabled: boolean;
  createdAt: string;
}

export interface ClientDocument {
  status: '0' | '1' | '2' | '3';
  note: string;
  updated: string | null;
  documentId: number | null;
  mime: string | null;
  originalName: string | null;
  size: number | null;
}

export interface ClientDetail extends ClientRow {
  birthDate: string | null;
  state: string | null;
  city: string | null;
  street: string | null;
  zipCode: string | null;
  restrictedMode: boolean;
  autoTrading: boolean;
  assetsGroupPermission: number[];
  customLeverage: Record<string, number[]>;
  documents: Record<DocumentType, ClientDocument>;
  currency: string;
  currencySymbol: string;
}

export interface LedgerEntry {
  id: number;
  kind: string;
  amount: string;
  balanceAfter: string;
  reference: string | null;
  positionId: number | null;
  createdAt: string;
}

export interface ClientSession {
  id: number | string;
  info: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string | null;
  expiresAt: string | null;
}

export interface ClientNote {
  id: number;
  body: string;
  staffName: string;
  createdAt: string;
}

export interface AuditRow {
  id: number;
  createdAt: string;
  actor: string;
  staffName: string | null;
  role: string | null;
  brandId: number | null;
  brandSlug: string | null;
  userId: number | null;
  action: string;
  subject: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  ip: string | null;
  details: unknown;
}

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
