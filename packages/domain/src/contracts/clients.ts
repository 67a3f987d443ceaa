/** Back-office contracts of the clients area: every answer a staff route of this area gives (see common.ts). */
import { z } from 'zod';
import { DOCUMENT_EXPIRY_STATES } from '../document-details.js';
import { AuditLogRow } from './audit.js';
import { DecimalText, Instant, StaffPage } from './common.js';

/** A JSON object as stored in the audit log (a change's before/after, an action's details). */

/** A brand in the staff member's scope with its back-office rules (GET /api/backoffice/brands): filters, pickers. */
export const BackofficeBrand = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  backoffice: z.object({
    verification: z.enum(['automatic', 'manual']),
    /** Withdrawals above this amount (brand currency) need a second approver. */
    fourEyesAbove: z.number(),
    bonusWithdrawable: z.boolean(),
    /** Asset categories granted on verification; null = the platform's default. */
    defaultPermissions: z.array(z.number()).nullable(),
    /** Allowed leverages per asset category granted on verification; null = the platform's default. */
    defaultLeverage: z.record(z.string(), z.array(z.number())).nullable(),
  }),
});
export type BackofficeBrand = z.infer<typeof BackofficeBrand>;

/** What the client page edits with (GET /api/backoffice/reference): categories and their leverages, countries, levels. */
export const BackofficeReference = z.object({
  assetCategories: z.array(z.object({ id: z.number(), name: z.string(), leverages: z.array(z.number()) })),
  countries: z.array(z.object({ id: z.number(), name: z.string(), alpha2: z.string() })),
  levels: z.array(z.string()),
});
export type BackofficeReference = z.infer<typeof BackofficeReference>;

/** A client as the client list shows it. */
export const ClientRow = z.object({
  id: z.number(),
  brandId: z.number(),
  brandSlug: z.string(),
  pin: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  countryId: z.number().nullable(),
  countryName: z.string().nullable(),
  verified: z.boolean(),
  level: z.string(),
  /** The booked balance of the client's main account: the first live one, else the first demo one. */
  balance: DecimalText,
  /** The balance's currency (the main account's), e.g. "USD". */
  currency: z.string(),
  /** The main account's number ('L-100234-1'); null for a client without any account. */
  accountNumber: z.string().nullable(),
  /** True when the client holds demo accounts only (virtual money: shown with a DEMO badge, never a funded client). */
  demoOnly: z.boolean(),
  documentsWaiting: z.number(),
  hasDeposited: z.boolean(),
  tradingEnabled: z.boolean(),
  createdAt: Instant,
});
export type ClientRow = z.infer<typeof ClientRow>;

/**
 * One of a client's trading accounts on the back office's client page (GET /api/backoffice/clients/:id/accounts):
 * its number, kind (demo: virtual money), currency and booked balance, with the engine's equity and margin.
 */
export const ClientAccount = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(['live', 'demo']),
  currency: z.string(),
  balance: DecimalText,
  /** Balance plus the floating profit of open positions. */
  equity: DecimalText,
  /** Margin in use; '0.00' without open positions. */
  margin: DecimalText,
  openPositions: z.number().int(),
  createdAt: Instant,
});
export type ClientAccount = z.infer<typeof ClientAccount>;

/** A client's accounts: live ones first (oldest first), then demo ones. */
export const ClientAccountList = z.array(ClientAccount);
export type ClientAccountList = z.infer<typeof ClientAccountList>;

/** A page of the client list (GET /api/backoffice/clients). */
export const ClientRowPage = StaffPage(ClientRow);
export type ClientRowPage = z.infer<typeof ClientRowPage>;

/** One KYC document slot of a client: its latest upload and its review. */
export const ClientDocument = z.object({
  /** '0' waiting, '1' processing, '2' approved, '3' rejected (DOCUMENT_STATUS). */
  status: z.enum(['0', '1', '2', '3']),
  /** The reviewer's note (the client sees it). */
  note: z.string(),
  updated: Instant.nullable(),
  documentId: z.number().nullable(),
  mime: z.string().nullable(),
  originalName: z.string().nullable(),
  size: z.number().nullable(),
  /** The latest upload's details (number, issuing country, expiry) and where it stands on its expiry. */
  documentNumber: z.string().nullable(),
  issuingCountry: z.string().nullable(),
  expiresOn: z.string().nullable(),
  expiry: z.enum(DOCUMENT_EXPIRY_STATES),
});
export type ClientDocument = z.infer<typeof ClientDocument>;

/** The client page: profile, documents, verification, trading permissions (also the answer of every edit). */
export const ClientDetail = ClientRow.extend({
  birthDate: z.string().nullable(),
  state: z.string(),
  city: z.string(),
  street: z.string(),
  zipCode: z.string(),
  restrictedMode: z.boolean(),
  autoTrading: z.boolean(),
  /** Permitted asset category ids. */
  assetsGroupPermission: z.array(z.number()),
  /** Allowed leverage indexes per asset category id. */
  customLeverage: z.record(z.string(), z.array(z.number())),
  documents: z.object({
    doc_passport: ClientDocument,
    doc_address: ClientDocument,
    doc_funding_front: ClientDocument,
    doc_funding_back: ClientDocument,
  }),
  currency: z.string(),
  currencySymbol: z.string(),
});
export type ClientDetail = z.infer<typeof ClientDetail>;

/** One entry of a client's ledger. */
export const ClientLedgerEntry = z.object({
  id: z.number(),
  kind: z.string(),
  amount: DecimalText,
  balanceAfter: DecimalText,
  reference: z.string().nullable(),
  positionId: z.number().nullable(),
  createdAt: Instant,
});
export type ClientLedgerEntry = z.infer<typeof ClientLedgerEntry>;

/** A page of a client's ledger, newest first (GET /api/backoffice/clients/:id/ledger). */
export const ClientLedgerPage = StaffPage(ClientLedgerEntry);
export type ClientLedgerPage = z.infer<typeof ClientLedgerPage>;

/** A live session of a client. */
export const ClientSession = z.object({
  id: z.number(),
  /** The device as the browser named itself. */
  info: z.string(),
  ip: z.string(),
  createdAt: Instant,
  lastSeenAt: Instant,
  expiresAt: Instant,
});
export type ClientSession = z.infer<typeof ClientSession>;

/** The answer of ending every session of a client: how many ended. */
export const ClientSessionsRevoked = z.object({ revoked: z.number() });
export type ClientSessionsRevoked = z.infer<typeof ClientSessionsRevoked>;

/** An internal note on a client (never shown to the client). */
export const ClientNote = z.object({
  id: z.number(),
  body: z.string(),
  staffName: z.string(),
  createdAt: Instant,
});
export type ClientNote = z.infer<typeof ClientNote>;

/** The answer of mailing a client a password-reset link. */
export const ClientPasswordResetSent = z.object({ sent: z.literal(true) });
export type ClientPasswordResetSent = z.infer<typeof ClientPasswordResetSent>;

/** One audit row of a client's audit trail (the client page's audit tab): the audit log's row without the client's
 * name and e-mail, which the page already shows. */
export const ClientAuditRow = AuditLogRow.omit({ clientName: true, clientEmail: true });
export type ClientAuditRow = z.infer<typeof ClientAuditRow>;
