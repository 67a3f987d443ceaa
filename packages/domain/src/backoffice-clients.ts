/**
 * Back-office rules about clients: the list's filters, automatic verification, what
 * verifying grants, and the trading settings staff may change. Pure: no database, no I/O.
 */
import { z } from 'zod';
import { hasForbiddenCharacters } from './bounds.js';
import { DocumentDetailsInput } from './document-details.js';
import { DOCUMENT_STATUS } from './documents.js';
import { emailField } from './schemas/fields.js';
import { ProfileUpdateInput } from './schemas/profile.js';
import { BACKOFFICE_DEFAULTS, BACKOFFICE_PAGE_SIZE } from './staff.js';

/** Account levels a client can have (the demo content's four: Basic, Silver, Gold, Platinum). */
export const CLIENT_LEVELS = ['Basic', 'Silver', 'Gold', 'Platinum'] as const;
export type ClientLevel = (typeof CLIENT_LEVELS)[number];

/** Columns the client list sorts on (server side). */
export const CLIENT_SORTS = ['createdAt', 'name', 'email', 'balance', 'pin'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

/** The highest page number a list accepts: far past any real list, low enough for a safe OFFSET. */
export const MAX_LIST_PAGE = 100_000;

const INVALID = { error: 'field.invalid' } as const;

/** A query-string flag: 'true'/'1' or 'false'/'0' ('' or absent: no filter). */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])], INVALID)
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === true || v === 'true' || v === '1'));

/** A positive whole number from a query string or JSON ('' or absent: none); huge or negative ones are invalid. */
const optionalId = z
  .union([z.number(), z.string()], INVALID)
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    const n = typeof v === 'number' ? v : /^\d{1,15}$/.test(v.trim()) ? Number(v) : Number.NaN;
    if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) {
      ctx.addIssue({ code: 'custom', message: 'field.invalid' });
      return z.NEVER;
    }
    return n;
  });

const isoDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** A 'YYYY-MM-DD' day ('' or absent: none). */
const optionalDay = z
  .string(INVALID)
  .trim()
  .optional()
  .refine((v) => v === undefined || v === '' || isoDay(v), { message: 'field.invalid' })
  .transform((v) => (v ? v : undefined));

/** GET /api/backoffice/clients (and its CSV export): search, filters, sort and page. */
export const ClientListQuery = z.object(
  {
    brandId: optionalId,
    /** Searches first and last name, e-mail, phone and PIN (case-insensitive, contains). */
    q: z
      .string(INVALID)
      .trim()
      .max(100, { message: 'field.maxChars' })
      .refine((v) => !hasForbiddenCharacters(v), { message: 'field.forbiddenCharacters' })
      .optional()
      .transform((v) => (v ? v : undefined)),
    verified: flag,
    documentsWaiting: flag,
    countryId: optionalId,
    registeredFrom: optionalDay,
    registeredTo: optionalDay,
    hasDeposited: flag,
    sort: z.enum(CLIENT_SORTS, INVALID).optional().default('createdAt'),
    order: z.enum(['asc', 'desc'], INVALID).optional().default('desc'),
    page: optionalId.refine((v) => v === undefined || v <= MAX_LIST_PAGE, { message: 'field.invalid' }),
  },
  INVALID,
);
export type ClientListQuery = z.output<typeof ClientListQuery>;

/** The page size of the client list (50 a page). */
export const CLIENT_PAGE_SIZE = BACKOFFICE_PAGE_SIZE;

/** A path id (`:id`, `:documentId`): digits only, a safe positive integer; anything else is a 404. */
export function parsePathId(raw: string): number | undefined {
  if (!/^\d{1,10}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 0 && n <= 2_147_483_647 ? n : undefined;
}

/** The document fields of a client that verification looks at (spec §3 doc_*). */
export interface VerificationDocuments {
  docPassport: { status: string };
  docAddress: { status: string };
}

/** A brand's verification rule: 'automatic' (default) or 'manual' (compliance only). */
export type VerificationMode = 'automatic' | 'manual';

/**
 * Whether a client becomes verified on their own now: the brand verifies automatically,
 * the client is not verified yet, and both the passport and the address proof are approved.
 */
export function verifiesAutomatically(
  client: VerificationDocuments & { verified: boolean },
  mode: VerificationMode | undefined,
): boolean {
  return (
    (mode ?? BACKOFFICE_DEFAULTS.verification) === 'automatic' &&
    !client.verified &&
    client.docPassport.status === DOCUMENT_STATUS.approved &&
    client.docAddress.status === DOCUMENT_STATUS.approved
  );
}

/** A client's trading permissions: category ids and leverage indexes per category name. */
export interface TradingGrants {
  assetsGroupPermission: number[];
  customLeverage: Record<string, number[]>;
}

/**
 * What verifying grants: the brand's default permissions and leverages (absent: every
 * category, every leverage, as the seed's verified client has), unless compliance already set
 * others (a non-empty list or map stays as it is).
 */
export function grantsOnVerification(
  current: TradingGrants,
  brand: {
    defaultPermissions?: number[] | undefined;
    defaultLeverage?: Record<string, number[]> | undefined;
  },
  allCategoryIds: readonly number[],
): TradingGrants {
  return {
    assetsGroupPermission:
      current.assetsGroupPermission.length > 0
        ? [...current.assetsGroupPermission]
        : [...(brand.defaultPermissions ?? allCategoryIds)],
    customLeverage:
      Object.keys(current.customLeverage).length > 0
        ? { ...current.customLeverage }
        : { ...(brand.defaultLeverage ?? {}) },
  };
}

const reasonField = z
  .string(INVALID)
  .trim()
  .max(1000, { message: 'field.maxChars' })
  .refine((v) => !hasForbiddenCharacters(v, { multiline: true }), {
    message: 'field.forbiddenCharacters',
  });

const leverageIndexes = z.array(z.number(INVALID).int(INVALID).min(0).max(99), INVALID).max(100);

/** POST /api/backoffice/clients/:id/trading: any of these; what is absent stays. */
export const ClientTradingInput = z.object(
  {
    level: z.enum(CLIENT_LEVELS, INVALID).optional(),
    tradingEnabled: z.boolean(INVALID).optional(),
    restrictedMode: z.boolean(INVALID).optional(),
    assetsGroupPermission: z
      .array(z.number(INVALID).int(INVALID).positive(INVALID).max(2_147_483_647), INVALID)
      .max(100)
      .optional(),
    /** Category name (lower case) → allowed 0-based indexes of its leverage list; {} allows every leverage. */
    customLeverage: z
      .record(z.string().trim().toLowerCase().min(1).max(32), leverageIndexes, INVALID)
      .optional(),
    reason: reasonField.optional(),
  },
  INVALID,
);
export type ClientTradingInput = z.output<typeof ClientTradingInput>;

/** POST /api/backoffice/clients/:id/verification {verified, reason}. */
export const ClientVerificationInput = z.object(
  { verified: z.boolean(INVALID), reason: reasonField.optional() },
  INVALID,
);

/** POST /api/backoffice/clients/:id/documents/:type/review {decision, note}: a rejection says why. */
export const DocumentReviewInput = z
  .object(
    {
      decision: z.enum(['approve', 'reject'], INVALID),
      note: reasonField.optional().default(''),
      // the document's details, entered or corrected by compliance while reviewing (each optional)
      ...DocumentDetailsInput.shape,
    },
    INVALID,
  )
  .superRefine((value, ctx) => {
    if (value.decision === 'reject' && value.note === '') {
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'staff.rejectionNoteRequired' });
    }
  });

/** POST /api/backoffice/clients/:id/notes {body}: an internal note, never shown to the client. */
export const ClientNoteInput = z.object(
  {
    body: z
      .string(INVALID)
      .trim()
      .min(1, { message: 'staff.noteRequired' })
      .max(5000, { message: 'field.maxChars' })
      .refine((v) => !hasForbiddenCharacters(v, { multiline: true }), {
        message: 'field.forbiddenCharacters',
      }),
  },
  INVALID,
);

/**
 * Leverage indexes that do not exist in a category's list, per category name (the list is the
 * category's '1,3,5,10' CSV): compliance cannot allow a leverage the category does not offer.
 */
export function unknownLeverageCategories(
  customLeverage: Record<string, number[]>,
  categories: readonly { name: string; leverages: readonly number[] }[],
): string[] {
  const byName = new Map(categories.map((c) => [c.name.trim().toLowerCase(), c.leverages.length]));
  return Object.entries(customLeverage)
    .filter(([name, indexes]) => {
      const size = byName.get(name);
      return size === undefined || indexes.some((i) => i >= size);
    })
    .map(([name]) => name);
}

/**
 * PATCH /api/backoffice/clients/:id/profile: the client's own profile form (ProfileUpdateInput, spec §5,
 * with the brand's birth-date rule applied by the server) plus the e-mail, which only staff change.
 */
export const ClientProfileInput = ProfileUpdateInput.extend({
  email: emailField('email', { lowerCase: true }),
});
export type ClientProfileInput = z.output<typeof ClientProfileInput>;
