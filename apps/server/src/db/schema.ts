import type {
  AppropriatenessConfig,
  AutoTradingSettings,
  BrandAutoTradingSettings,
  BrandPaymentProviderSettings,
  GroupCosts,
  HomeWidget,
  InstrumentGroup,
  JurisdictionPreset,
  LeverageClass,
  ProviderSecretField,
  ThemeFonts,
  ThemePalette,
} from '@openbroker/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * `brands.settings.trading`: the preset the brand picked and what it changed after. Every override is
 * optional; a group's `markup`, `commission` and `swap` each replace the preset's value as a whole. Checked and
 * resolved into the engine's profile by modules/brands/brand-trading.ts.
 */
export interface BrandTradingSettings {
  preset: JurisdictionPreset;
  /** Fraction of used margin (1 = 100 %) below which clients are warned. */
  marginCallLevel?: number;
  /** Fraction of used margin at or below which positions are closed; retail presets allow only ≥ 0.5. */
  stopOutLevel?: number;
  groups?: Partial<Record<InstrumentGroup, Partial<GroupCosts>>>;
  /** Caps per ESMA class; retail presets allow only lowering them; null on professional/custom = no caps. */
  leverageCaps?: Partial<Record<LeverageClass, number>> | null;
  /** Share of retail accounts that lost money (0–100), for the standard risk warning the site shows. */
  retailLossPercent?: number;
}

/** A brand's public and operational settings (white-label; architecture §7). */
export interface BrandSettings {
  currency: string;
  currencySymbol: string;
  minDeposit: number;
  /**
   * The largest single deposit in the brand's currency, on every method (pending bank wires too).
   * Absent: MAX_DEPOSIT_DEFAULT (1,000,000) from the domain.
   */
  maxDeposit?: number;
  /** Youngest age (years) at which a client may hold an account; absent: MIN_AGE_DEFAULT (18). */
  minAge?: number;
  languages: string[];
  features: {
    registrationEnabled: boolean;
    restrictedMode: boolean;
    economics: boolean;
    homeRedirectsToPlatform: boolean;
  };
  /**
   * Theme tokens (architecture §7). `primary` and `logoText` are always there; the rest is filled
   * with defaults derived from `primary` when absent (brands/brand-presenter.ts).
   */
  theme: {
    primary: string;
    logoText: string;
    light?: ThemePalette;
    dark?: ThemePalette;
    fonts?: ThemeFonts;
    /** Corner radius in px. */
    radius?: number;
    /** Square logo mark, SVG markup; served as /logo.svg and /favicon.svg on the brand's hosts. */
    logoSvg?: string;
    /** An uploaded logo: /media/<id>/<name>; wins over `logoSvg` where set. */
    logoUrl?: string;
    /** An uploaded favicon: /media/<id>/<name>. */
    faviconUrl?: string;
  };
  /** Query token of the read-only content calls (spec §7); random per brand. Absent: no content served. */
  contentToken?: string;
  /** Query token of the public form submissions (spec §7 forms token); random per brand. */
  formsToken?: string;
  /** Home widgets in display order (spec §2). Absent: market quotes only. */
  widgets?: HomeWidget[];
  /** Leaflet tile URL template for map components. */
  mapTileUrl?: string;
  /** One line about the brand: the home page's meta description. */
  tagline?: string;
  /** Registered office: the footer, the contact page and its map. */
  office?: { address: string; phone: string; lat: number; lng: number };
  legalName: string;
  copyright: string;
  supportEmail: string;
  homeSlug: string;
  /**
   * Public address of this brand's site, used in links sent by mail (reset links, auto-login
   * links). Absent: the server's PUBLIC_URL.
   */
  publicUrl?: string;
  /**
   * The brand's payment providers in display order (spec §9: methods appear only when their
   * provider settings exist). Secrets are never stored here: they come from configuration.
   */
  payments?: PaymentProviderSetting[];
  /** Back-office rules of the brand; absent parts take the domain's defaults (BACKOFFICE_DEFAULTS). */
  backoffice?: BrandBackofficeSettings;
  /**
   * Trading conditions: a jurisdiction preset and the broker's overrides (markups, commission,
   * swaps, levels, leverage caps); resolved by brands/brand-trading.ts `tradingProfileOf`. Absent: spec pricing.
   */
  trading?: BrandTradingSettings;
  /**
   * Symbols a dealer took off trading for this brand: clients see "Temporarily unavailable" and
   * cannot open, place orders on or modify them; closing stays possible. Absent: none.
   */
  haltedSymbols?: string[];
  /**
   * The public risk warning: when `computedRetailLoss` is on, the site shows the share of retail
   * accounts that lost money computed from the ledger over the last 12 months (reports/retail-loss) instead of
   * `trading.retailLossPercent`.
   */
  riskWarning?: { computedRetailLoss: boolean };
  /**
   * Auto-trading: the strategies clients may pick and their parameter ranges, the brand's leverage cap for
   * the strategy, and the kill switch. Absent: the domain's defaults (both strategies offered), not killed.
   */
  autoTrading?: BrandAutoTradingSettings;
  /**
   * Currencies a client may open live trading accounts in (ISO codes, docs/accounts.md). Absent: the brand's
   * `currency` only (domain `liveCurrenciesOf`).
   */
  accountCurrencies?: string[];
  /** What a new demo account starts with, in its currency, e.g. '10000.00'. Absent: '10000.00' (`demoBalanceOf`). */
  demoBalance?: string;
  /**
   * Compliance onboarding (docs/compliance.md): the appropriateness test, document expiry, screening and risk.
   * Absent parts: the test not required, the domain's defaults for the rest.
   */
  compliance?: BrandComplianceSettings;
}

/** A brand's compliance onboarding settings (docs/compliance.md); each check adds its own part. */
export interface BrandComplianceSettings {
  /** Clients take the appropriateness test before they trade on a live account (domain complianceBlock). */
  appropriatenessRequired?: boolean;
  /** The test's questionnaire, thresholds, block days and warn leverage cap; absent parts: the preset's default. */
  appropriateness?: Partial<AppropriatenessConfig>;
  /** ISO alpha-2 codes the risk score counts as high-risk countries; absent: the domain's default list. */
  highRiskCountries?: string[];
  /** Clients enter a document's number, issuing country and expiry date when they upload it (else compliance does). */
  clientEntersDocumentDetails?: boolean;
  /** Days after a proof of identity or address expired before deposits and trading stop (default 14). */
  documentGraceDays?: number;
}

/** How a brand's staff work (docs/backoffice.md). */
export interface BrandBackofficeSettings {
  /** 'automatic': verified when passport and address proof are approved (default); 'manual': compliance only. */
  verification?: 'automatic' | 'manual';
  /** Category ids a newly verified client may trade; absent: every category. */
  defaultPermissions?: number[];
  /** Category name → allowed leverage indexes granted at verification; absent: all leverages. */
  defaultLeverage?: Record<string, number[]>;
  /** A withdrawal above this amount (brand currency) needs a second finance approver; absent: 10,000. */
  fourEyesAbove?: number;
  /** Whether bonus and credit money may be withdrawn (free margin counts it); absent: false. */
  bonusWithdrawable?: boolean;
  /** Whether a client needs a verified account to request a withdrawal (BACKOFFICE_DEFAULTS: yes). */
  withdrawalsNeedVerification?: boolean;
}

/**
 * One payment provider entry of a brand (architecture §6): its settings as the brand editor reads them
 * (BrandPaymentProviderSettings) and its secrets, each sealed with AES-256-GCM under BRAND_SECRETS_KEY
 * (lib/secret-box.ts) and answered to the browser only masked.
 */
export type PaymentProviderSetting = BrandPaymentProviderSettings & {
  secrets?: Partial<Record<ProviderSecretField, string>>;
};

/** Document status JSON kept per document type on the user (spec §3). */
export interface DocumentField {
  status: '0' | '1' | '2' | '3';
  note: string;
  updated: string | null;
}

/** Raw bytes (PostgreSQL bytea) as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  slug: varchar('slug', { length: 64 }).notNull().unique(),
  name: varchar('name', { length: 120 }).notNull(),
  /** Host names that resolve to this brand (architecture §7), lower-case, without port. */
  hosts: text('hosts').array().notNull().default(sql`'{}'::text[]`),
  settings: jsonb('settings').$type<BrandSettings>().notNull(),
  /**
   * 'draft' (created in the back office, not served on its hosts) or 'published' (live). A draft is published
   * by an administrator once its publish checklist is complete (docs/brands.md); seeded brands are published.
   */
  status: varchar('status', { length: 16 }).$type<'draft' | 'published'>().notNull().default('published'),
  /** When it was last published; null while it has never been. */
  publishedAt: timestamp('published_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  alpha2: varchar('alpha2', { length: 2 }).notNull().unique(),
  /** International calling code without '+', e.g. '44'. */
  phoneCode: varchar('phone_code', { length: 8 }).notNull(),
});

export const assetCategories = pgTable('asset_categories', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 32 }).notNull().unique(),
  /** Comma-separated leverage list as the spec shows it, e.g. '1,3,5,10,15,20,30'. */
  leverage: varchar('leverage', { length: 200 }).notNull(),
});

export const assets = pgTable(
  'assets',
  {
    id: serial('id').primaryKey(),
    symbol: varchar('symbol', { length: 32 }).notNull().unique(),
    /** Exchange-prefixed name, e.g. 'BINANCE:BTCUSDT'. */
    name: varchar('name', { length: 64 }).notNull(),
    displayName: varchar('display_name', { length: 120 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    assetCategoryId: integer('asset_category_id')
      .notNull()
      .references(() => assetCategories.id),
    precision: smallint('precision').notNull().default(2),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [index('assets_category_idx').on(t.assetCategoryId)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    birthDate: date('birth_date'),
    countryId: integer('country_id').references(() => countries.id),
    state: varchar('state', { length: 100 }).notNull().default(''),
    city: varchar('city', { length: 100 }).notNull().default(''),
    street: varchar('street', { length: 200 }).notNull().default(''),
    zipCode: varchar('zip_code', { length: 20 }).notNull().default(''),
    /** Client number shown in the header (spec §2). */
    pin: varchar('pin', { length: 12 }).notNull().unique(),
    level: varchar('level', { length: 32 }).notNull().default('Basic'),
    verifiedAccount: boolean('verified_account').notNull().default(false),
    autoTrading: boolean('auto_trading').notNull().default(false),
    /** Staff can stop a client from opening trades (open positions stay). */
    tradingEnabled: boolean('trading_enabled').notNull().default(true),
    /** Restricted mode for this client alone (spec §2: referrals hidden, level not linked), on top of the brand's. */
    restrictedMode: boolean('restricted_mode').notNull().default(false),
    /** Category name → allowed leverage indexes (spec §3). Absent category: all allowed. */
    customLeverage: jsonb('custom_leverage').$type<Record<string, number[]>>().notNull().default({}),
    /** Category ids the client may trade (spec §6). */
    assetsGroupPermission: jsonb('assets_group_permission').$type<number[]>().notNull().default([]),
    /** The client's own referral code (spec §3 uniqid). */
    uniqid: varchar('uniqid', { length: 32 }).notNull().unique(),
    docPassport: jsonb('doc_passport')
      .$type<DocumentField>()
      .notNull()
      .default({ status: '0', note: '', updated: null }),
    docAddress: jsonb('doc_address')
      .$type<DocumentField>()
      .notNull()
      .default({ status: '0', note: '', updated: null }),
    docFundingFront: jsonb('doc_funding_front')
      .$type<DocumentField>()
      .notNull()
      .default({ status: '0', note: '', updated: null }),
    docFundingBack: jsonb('doc_funding_back')
      .$type<DocumentField>()
      .notNull()
      .default({ status: '0', note: '', updated: null }),
    /**
     * The referral code sent at registration (spec §4 `ref`), as given: an affiliate's code or
     * another client's uniqid. Attributing it is the referrals module's job.
     */
    ref: varchar('ref', { length: 64 }),
    /** The landing page the client registered from (affiliate reports show it). */
    sourcePage: varchar('source_page', { length: 500 }),
    /** The affiliate the ref code belonged to at registration (first touch), if any. */
    affiliateId: integer('affiliate_id').references((): AnyPgColumn => affiliates.id),
    /** The client whose uniqid was the ref code at registration, if any. */
    referrerId: integer('referrer_id').references((): AnyPgColumn => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    // One account per e-mail per brand, case-insensitively.
    uniqueIndex('users_brand_email_uq').on(t.brandId, sql`lower(${t.email})`),
    index('users_affiliate_idx').on(t.affiliateId, t.createdAt),
    index('users_referrer_idx').on(t.referrerId),
    // the back office's client list: newest first per brand, 50 a page
    index('users_brand_created_idx').on(t.brandId, t.createdAt, t.id),
  ],
);

/**
 * A client's trading accounts (docs/accounts.md): live or demo, each in one currency with its own balance,
 * positions, orders and ledger. `balance` is written only by the ledger and always equals Σ of the account's
 * ledger_entries.amount (architecture §6). A client's first live account has the client's id (migration 0022).
 */
export const tradingAccounts = pgTable(
  'trading_accounts',
  {
    // serial, but defaulting to the clients' sequence (migration 0022): a client's first live account has the
    // client's id, and no other account ever takes an id a client has (decision 0028)
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    kind: varchar('kind', { length: 4 }).$type<'live' | 'demo'>().notNull(),
    /** ISO currency of every amount of the account. */
    currency: varchar('currency', { length: 3 }).notNull(),
    /** The number the client and staff see, e.g. 'L-100234-1'. */
    number: varchar('number', { length: 24 }).notNull().unique(),
    /** Booked balance in the account's currency; always equal to Σ of its ledger entries. */
    balance: numeric('balance', { precision: 20, scale: 2, mode: 'string' }).notNull().default('0'),
    createdAt: createdAt(),
  },
  (t) => [
    index('trading_accounts_user_idx').on(t.userId, t.id),
    check('trading_accounts_kind_check', sql`${t.kind} in ('live', 'demo')`),
  ],
);

export const affiliates = pgTable(
  'affiliates',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    /** Tracking code used in `/?ref=<code>` links. */
    code: varchar('code', { length: 32 }).notNull().unique(),
    /** Set by staff: a disabled affiliate cannot sign in and its sessions end; links still count. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('affiliates_brand_email_uq').on(t.brandId, sql`lower(${t.email})`)],
);

export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    /** One or more of the domain's STAFF_ROLES; what each may do is packages/domain/src/staff.ts. */
    roles: jsonb('roles').$type<string[]>().notNull().default(['admin']),
    /** Brand scope: null means every brand, else the ids of the brands this member works for. */
    brandIds: jsonb('brand_ids').$type<number[] | null>(),
    /** The TOTP secret (base32), encrypted with STAFF_TOTP_KEY (AES-256-GCM); null until enrolment starts. */
    totpSecret: text('totp_secret'),
    /** When two-factor sign-in was confirmed; until then a session may only enrol. */
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted, so a code is never accepted twice (RFC 6238 §5.2). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** SHA-256 of each unused one-time recovery code; a used one is removed. */
    recoveryCodeHashes: jsonb('recovery_code_hashes').$type<string[]>().notNull().default([]),
    /** A disabled member cannot sign in and their sessions end. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Set when an administrator reset the password: until the member chooses a new one, they can do nothing else. */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    /** The last successful sign-in and the address it came from, shown in staff management. */
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: varchar('last_login_ip', { length: 64 }),
    /** Addresses and CIDR networks the member may sign in from; null: any address. */
    ipAllowList: jsonb('ip_allow_list').$type<string[] | null>(),
    /** Wrong second factors in a row since the last good one or lock, from any address. */
    secondFactorFailures: integer('second_factor_failures').notNull().default(0),
    /** Locks since the last good sign-in: each lock lasts longer (SECOND_FACTOR_LOCK_MINUTES). */
    secondFactorLocks: integer('second_factor_locks').notNull().default(0),
    /** Until when the second factor is locked; an administrator can unlock it earlier. */
    secondFactorLockedUntil: timestamp('second_factor_locked_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_email_uq').on(sql`lower(${t.email})`)],
);

/** Each role's idle limit as an administrator set it (absent: the role's default, packages/domain staff-credentials). */
export const staffRoleSettings = pgTable('staff_role_settings', {
  role: varchar('role', { length: 32 }).primaryKey(),
  idleMinutes: integer('idle_minutes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Opaque bearer sessions, stored as SHA-256 of the token (architecture §8). */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** Whose session: a client, an affiliate or a staff member; tokens never cross kinds. */
    subjectType: varchar('subject_type', { length: 16 }).notNull(),
    subjectId: integer('subject_id').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    info: text('info').notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** This session's own idle limit (a staff member's role limit); null: the limit of its kind. */
    idleMs: integer('idle_ms'),
    /**
     * A client session's current trading account (docs/accounts.md); null: the client's first live account, else
     * the first demo one.
     */
    accountId: integer('account_id').references((): AnyPgColumn => tradingAccounts.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [index('sessions_subject_idx').on(t.subjectType, t.subjectId)],
);

/** One-time auto-login codes (spec §2 /autoLogin/{code}), stored as SHA-256 of the code. */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('login_codes_user_idx').on(t.userId)],
);

/** Single-use password reset tokens sent by mail, stored as SHA-256 of the token. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    /** Address the reset was requested from, for the operator. */
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Every mail the server sends, whether or not SMTP is configured: the audit of what was sent,
 * and the only copy when the server runs offline (read it with `npm run cli -- outbox`).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id').references(() => brands.id),
    to: varchar('to', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
    /** Set when the SMTP server accepted the mail; null when not sent (no SMTP_URL, pending or failed). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Why the last delivery attempt failed, for the operator. */
    error: text('error'),
    /** SMTP delivery attempts so far (mail/mail.worker.ts). */
    attempts: integer('attempts').notNull().default(0),
    /**
     * When the worker may try (again); null when there is nothing to do: sent, failed, or kept
     * without SMTP_URL. While an attempt runs it holds a lease (a crashed attempt is retried then).
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Set when the worker gave up after MAIL_MAX_ATTEMPTS attempts. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt), index('outbox_due_idx').on(t.nextAttemptAt)],
);

/** Notices shown to a brand's clients once (spec §2 pop-up notices modal); content is sanitised HTML. */
export const popups = pgTable(
  'popups',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    title: varchar('title', { length: 200 }).notNull(),
    /** HTML, sanitised when saved (architecture §8). */
    content: text('content').notNull(),
    active: boolean('active').notNull().default(true),
    /** A notice for one client only (a margin call); null: every client of the brand. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** What raised a client's notice, e.g. 'margin_call'; null for the brand's own popups. */
    kind: varchar('kind', { length: 32 }),
    /**
     * Who sees a brand popup: 'all' clients of the brand, only 'verified' or 'unverified' ones, or
     * 'client' (the one client in `userId`).
     */
    audience: varchar('audience', { length: 16 })
      .$type<'all' | 'verified' | 'unverified' | 'client'>()
      .notNull()
      .default('all'),
    /** Shown from this moment (null: at once) until `endsAt` (null: no end). */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** The staff member who created it (null: the system or the CLI). */
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('popups_brand_idx').on(t.brandId), index('popups_user_kind_idx').on(t.userId, t.kind)],
);

/** Which client closed which popup (spec §4: popups are marked read on close). */
export const popupReads = pgTable(
  'popup_reads',
  {
    popupId: integer('popup_id')
      .notNull()
      .references(() => popups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.popupId, t.userId] })],
);

/**
 * Uploaded verification documents (spec §3 doc_*), one row per upload; the file lives under
 * `<UPLOAD_DIR>/<userId>/<storedName>`, outside any served folder (architecture §8).
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** doc_passport, doc_address, doc_funding_front or doc_funding_back. */
    type: varchar('type', { length: 32 }).notNull(),
    /** Random file name on disk; never derived from the client's file name. */
    storedName: varchar('stored_name', { length: 100 }).notNull(),
    /** The client's file name, for staff only. */
    originalName: varchar('original_name', { length: 255 }).notNull().default(''),
    /** Detected from the content, not taken from the request. */
    mime: varchar('mime', { length: 64 }).notNull(),
    size: integer('size').notNull(),
    /** spec §4: '1' Processing, '2' Approved, '3' Rejected. */
    status: varchar('status', { length: 1 }).notNull().default('1'),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The document's number as printed (docs/compliance.md, "Documents"); null until entered. */
    documentNumber: varchar('document_number', { length: 30 }),
    /** ISO 3166 alpha-2 code of the issuing country (from the reference list). */
    issuingCountry: varchar('issuing_country', { length: 2 }),
    /** The last day the document is valid (YYYY-MM-DD). */
    expiresOn: date('expires_on', { mode: 'string' }),
    /** Who entered the details: 'client' (at upload, where the brand allows it) or 'staff'. */
    detailsBy: varchar('details_by', { length: 8 }),
    /** The expiry sweep told the client and compliance it is expiring (once; claimed by one cluster node). */
    expiringNotifiedAt: timestamp('expiring_notified_at', { withTimezone: true }),
    /** The expiry sweep handled its expiry: asked for a new upload, raised the task, set the block. */
    expiredNotifiedAt: timestamp('expired_notified_at', { withTimezone: true }),
  },
  (t) => [
    index('documents_user_type_idx').on(t.userId, t.type),
    index('documents_expires_on_idx')
      .on(t.expiresOn)
      .where(sql`${t.expiresOn} is not null and ${t.status} = '2'`),
  ],
);

/** Staff and operator actions (architecture §8: verify, approve, adjust balance, edit leverage). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** Who did it: 'staff:<id>', 'cli:<os user>' or 'system'. */
    actor: varchar('actor', { length: 120 }).notNull(),
    /** What was done, e.g. 'document.approve'. */
    action: varchar('action', { length: 64 }).notNull(),
    /** What it was done to, e.g. 'user:42'. */
    subject: varchar('subject', { length: 120 }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** The acting staff member's roles at the time ('admin,finance'); null for the CLI and the system. */
    role: varchar('role', { length: 120 }),
    /** The brand the action concerns, if any (brand-scoped audit screens filter on it). */
    brandId: integer('brand_id'),
    /** The client the action concerns, if any. */
    userId: integer('user_id'),
    /** The values before and after the change (changed fields only). */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** The reason staff gave (mandatory for money actions). */
    reason: text('reason'),
    /** The request's address (client-address.ts), for staff calls. */
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
    /** The previous row's `hash` ('' for the first row): the chain `audit:verify` checks. */
    prevHash: varchar('prev_hash', { length: 64 }).notNull().default(''),
    /** HMAC-SHA-256 with AUDIT_KEY over this row's content and `prev_hash` (modules/audit/audit-chain.ts). */
    hash: varchar('hash', { length: 64 }).notNull().default(''),
  },
  (t) => [
    index('audit_log_subject_idx').on(t.subject),
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_brand_idx').on(t.brandId, t.id),
    index('audit_log_user_idx').on(t.userId, t.id),
  ],
);

/** Internal notes staff keep on a client; never shown to the client. */
export const clientNotes = pgTable(
  'client_notes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('client_notes_user_idx').on(t.userId, t.id)],
);

/**
 * Four-eyes approvals: a withdrawal above the brand's threshold is paid only after two
 * different finance members approved it; the first approval is a row here, the second decides.
 */
export const transactionApprovals = pgTable(
  'transaction_approvals',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('transaction_approvals_uq').on(t.transactionId, t.staffId)],
);

/** Money columns: exact decimals, read and written as strings (never floats). */
const money = (name: string) => numeric(name, { precision: 20, scale: 2, mode: 'string' });
const rate = (name: string) => numeric(name, { precision: 30, scale: 10, mode: 'string' });

/**
 * Where position ids come from: the trading engine reserves them in blocks (`nextval`), so no two
 * processes on one database ever allocate the same id (trading/position-ids.ts).
 */
// an integer column's sequence: ids stay below 2^31 − 1, as the column requires
export const positionsIdSeq = pgSequence('positions_id_seq', { maxValue: 2147483647 });

/**
 * Positions, open and closed (spec §3 Position). Ids come from `positions_id_seq`, taken by the trading
 * engine; a row is inserted when a position opens and completed when it closes, in the same
 * transaction as the ledger entries of that close.
 */
export const positions = pgTable(
  'positions',
  {
    id: integer('id').primaryKey().default(sql`nextval('positions_id_seq')`),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The trading account it belongs to (user_id stays: the owner, by which reports group). */
    accountId: integer('account_id')
      .notNull()
      .references((): AnyPgColumn => tradingAccounts.id),
    symbol: varchar('symbol', { length: 32 }).notNull(),
    direction: varchar('direction', { length: 4 }).$type<'buy' | 'sell'>().notNull(),
    /** Margin put up. */
    amount: money('amount').notNull(),
    leverage: integer('leverage').notNull(),
    openRate: rate('open_rate').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    stopLoss: rate('stop_loss'),
    takeProfit: rate('take_profit'),
    closedRate: rate('closed_rate'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** spec §3 closingReason: 0 Manually, 1 Stop Loss, 2 Take Profit, 3 Low Margin, 4 AI Trade. */
    closingReason: smallint('closing_reason'),
    /** What closed it, finer than the reason: manual, stop_loss, take_profit, loss_termination, stop_out. */
    closeCause: varchar('close_cause', { length: 20 }),
    /** Realised profit or loss. */
    profit: money('profit'),
    /** The part of a loss the balance could not cover, booked to the broker. */
    shortfall: money('shortfall'),
    /** A trailing stop's distance as a price difference; null without one. */
    trailingDistance: rate('trailing_distance'),
    /** Commission charged for it so far (≥ 0; its ledger entries are the negative of it). */
    commission: money('commission').notNull().default('0'),
    /** Swaps booked for it so far, signed as booked (negative: the client paid). */
    swap: money('swap').notNull().default('0'),
    /** The pending order it was opened from, if any. */
    orderId: integer('order_id'),
    /** For a closed part of a partially closed position: the position it was cut from. */
    partOf: integer('part_of'),
    /** What the close saw: dealing quote, the level hit, and equity / margin at a stop-out. */
    closeContext: jsonb('close_context').$type<Record<string, unknown>>(),
    /** Who opened it: 'client', or 'auto' for the client's auto-trading strategy. */
    origin: varchar('origin', { length: 8 }).$type<'client' | 'auto'>().notNull().default('client'),
  },
  (t) => [
    index('positions_user_closed_idx').on(t.userId, t.closedAt),
    index('positions_account_closed_idx').on(t.accountId, t.closedAt),
    index('positions_part_of_idx').on(t.partOf),
    // reports: volume and realised P/L per day
    index('positions_opened_idx').on(t.openedAt),
    index('positions_closed_at_idx').on(t.closedAt),
  ],
);

/**
 * Pending orders: limit and stop orders waiting for their level. Ids come from the positions'
 * sequence (the engine's one allocator). A row is inserted when placed and updated as it changes state, in the
 * same transaction as the position a fill opens.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The trading account it belongs to (user_id stays: the owner, by which reports group). */
    accountId: integer('account_id')
      .notNull()
      .references((): AnyPgColumn => tradingAccounts.id),
    symbol: varchar('symbol', { length: 32 }).notNull(),
    direction: varchar('direction', { length: 4 }).$type<'buy' | 'sell'>().notNull(),
    /** limit or stop. */
    orderType: varchar('order_type', { length: 8 }).$type<'limit' | 'stop'>().notNull(),
    /** The level at which it fires (dealing price of its direction). */
    price: rate('price').notNull(),
    /** Margin the position will put up. */
    amount: money('amount').notNull(),
    leverage: integer('leverage').notNull(),
    stopLoss: rate('stop_loss'),
    takeProfit: rate('take_profit'),
    trailingDistance: rate('trailing_distance'),
    /** {kind:'gtc'} | {kind:'eod'} | {kind:'date', at}. */
    expiry: jsonb('expiry').$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** open, filled, cancelled, expired or rejected. */
    status: varchar('status', { length: 12 }).notNull(),
    /** The position a fill opened. */
    positionId: integer('position_id'),
    /** Why it was rejected (a domain message: key and params). */
    message: jsonb('message').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When it left the open state (filled, cancelled, expired, rejected). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_user_status_idx').on(t.userId, t.status),
    index('orders_account_status_idx').on(t.accountId, t.status),
    index('orders_open_idx').on(t.status).where(sql`${t.status} = 'open'`),
  ],
);

/**
 * Client commands executed, by the id the client gave them: a row is inserted in the same transaction as
 * the command's effects, so a command id is executed at most once (a second insert aborts its transaction) and a
 * re-sent command is answered from here — the position or order it concerned — instead of executed again.
 */
export const tradeCommands = pgTable(
  'trade_commands',
  {
    accountId: integer('account_id')
      .notNull()
      .references((): AnyPgColumn => tradingAccounts.id),
    /** The client's command id: 1..64 of [A-Za-z0-9_-]. */
    commandId: varchar('command_id', { length: 64 }).notNull(),
    /** The engine command type: open, close, update, adjust, place_order, update_order, cancel_order. */
    type: varchar('type', { length: 20 }).notNull(),
    /** The position it concerned (the socket answer's position), if any. */
    positionId: integer('position_id'),
    /** The order it concerned (the socket answer's order), if any. */
    orderId: integer('order_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.commandId] })],
);

/**
 * The append-only ledger (architecture §6): every change of a client's balance is one row, written
 * in the same transaction as its cause, with the balance after it.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The trading account it belongs to (user_id stays: the owner, by which reports group). */
    accountId: integer('account_id')
      .notNull()
      .references((): AnyPgColumn => tradingAccounts.id),
    /** deposit, withdrawal, bonus, credit, adjustment, realised_pnl, negative_balance_protection, commission or swap. */
    kind: varchar('kind', { length: 32 }).notNull(),
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    /** The position whose close, commission or swap this books, if any. */
    positionId: integer('position_id').references(() => positions.id),
    /** The cause outside trading (a transaction id, a staff action), if any. */
    reference: varchar('reference', { length: 120 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_user_idx').on(t.userId, t.id),
    index('ledger_account_idx').on(t.accountId, t.id),
    // reports: figures per day and kind
    index('ledger_created_kind_idx').on(t.createdAt, t.kind),
    // A cause is booked once: a replayed deposit or webhook cannot book twice (architecture §6).
    uniqueIndex('ledger_kind_reference_uq').on(t.accountId, t.kind, t.reference),
    // The same for a close: trading entries have no reference (NULLs never collide above), so a
    // position's realised profit, its shortfall and its commission are each booked at most once by this
    // index. Swaps are booked every night: each carries the reference 'swap:<position>:<day>' instead,
    // which the index above keeps unique.
    uniqueIndex('ledger_position_kind_uq')
      .on(t.positionId, t.kind)
      .where(sql`${t.positionId} is not null and ${t.kind} <> 'swap'`),
  ],
);

// ------------------------------------------------------------------------------------------------ payments

/**
 * Deposits, withdrawals, bonuses and credits (spec §3 Transaction; architecture §6). A row is the
 * request and its lifecycle; the money moves only through ledger entries whose reference is
 * `tx:<id>`, written in the same database transaction as the status change that causes them.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The trading account it belongs to (user_id stays: the owner, by which reports group). */
    accountId: integer('account_id')
      .notNull()
      .references((): AnyPgColumn => tradingAccounts.id),
    /** Public reference shown to the client and used by staff (spec §3 transaction_id). */
    reference: varchar('reference', { length: 32 }).notNull().unique(),
    /** spec §9 type ids: deposits 1, 2, 3, 9, 11; bonuses 4, 10; credits 5; withdrawals 6, 7, 8. */
    typeId: smallint('type_id').notNull(),
    /** 1 Pending, 2 Approved, 3 Declined, 4 Cancelled (domain TRANSACTION_STATUS). */
    statusId: smallint('status_id').notNull(),
    /** spec §9 payment method id: 1 card, 2 bank wire, 3 alternative, 6 withdraw, 9 cashier. */
    method: smallint('method').notNull(),
    /** The brand's provider entry that handles it, e.g. 'card-1', 'wire'. */
    provider: varchar('provider', { length: 64 }).notNull(),
    /** Signed as the client sees it: a withdrawal is negative (spec §7). */
    amount: money('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** Withdrawal comments (spec §3 Withdrawal). */
    comments: text('comments').notNull().default(''),
    /** The client's Idempotency-Key header; a retried create returns the first result. */
    idempotencyKey: varchar('idempotency_key', { length: 128 }),
    /** SHA-256 of the request that used the key, to refuse the same key with another payload. */
    requestHash: varchar('request_hash', { length: 64 }),
    /** The provider's own id for the payment, when it has one. */
    providerReference: varchar('provider_reference', { length: 128 }),
    /** Why it was declined or cancelled, for the client and staff. */
    statusNote: text('status_note').notNull().default(''),
    /** Who decided a manual transaction (bank wire, withdrawal): 'staff:<id>', 'cli:<user>'. */
    decidedBy: varchar('decided_by', { length: 120 }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('transactions_user_idx').on(t.userId, t.createdAt),
    index('transactions_account_idx').on(t.accountId, t.createdAt),
    index('transactions_brand_status_idx').on(t.brandId, t.statusId),
    // reports: completed money per day
    index('transactions_completed_idx').on(t.completedAt).where(sql`${t.statusId} = 2`),
    uniqueIndex('transactions_idempotency_uq').on(t.userId, t.idempotencyKey),
  ],
);

/**
 * Staff money under two keys: a balance movement a staff member starts (bonus, credit, correction, staff
 * withdrawal) is a request here; it books nothing until a second member approves it (never the requester — the
 * check constraint holds that even against a faulty service). Approving writes the client's transaction and one
 * ledger entry in the same database transaction as the decision.
 */
export const staffMoneyRequests = pgTable(
  'staff_money_requests',
  {
    id: serial('id').primaryKey(),
    reference: varchar('reference', { length: 32 }).notNull().unique(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The trading account it belongs to (user_id stays: the owner, by which reports group). */
    accountId: integer('account_id')
      .notNull()
      .references((): AnyPgColumn => tradingAccounts.id),
    /** The domain's ADJUSTMENT_KINDS. */
    kind: varchar('kind', { length: 40 }).notNull(),
    /** Signed as it books on the balance (a withdrawal is negative). */
    amount: money('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    reason: text('reason').notNull(),
    /** pending, approved, rejected or cancelled (the domain's MONEY_REQUEST_STATUSES). */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => staffUsers.id),
    decidedBy: integer('decided_by').references(() => staffUsers.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason').notNull().default(''),
    /** The client transaction an approval booked. */
    transactionReference: varchar('transaction_reference', { length: 32 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_money_requests_status_idx').on(t.status, t.brandId, t.id),
    index('staff_money_requests_user_idx').on(t.userId, t.createdAt),
    index('staff_money_requests_account_idx').on(t.accountId, t.createdAt),
    index('staff_money_requests_requester_idx').on(t.requestedBy, t.createdAt),
    check(
      'staff_money_requests_status_check',
      sql`${t.status} IN ('pending', 'approved', 'rejected', 'cancelled')`,
    ),
    check(
      'staff_money_requests_two_keys',
      sql`${t.decidedBy} IS NULL OR ${t.status} = 'cancelled' OR ${t.decidedBy} <> ${t.requestedBy}`,
    ),
  ],
);

/** The caps an admin set on staff money requests per brand and role; a raise waits for a second admin. */
export const staffMoneyLimits = pgTable(
  'staff_money_limits',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    role: varchar('role', { length: 32 }).notNull(),
    maxSingle: money('max_single').notNull(),
    maxDailyMember: money('max_daily_member').notNull(),
    maxDailyClient: money('max_daily_client').notNull(),
    proposedSingle: money('proposed_single'),
    proposedDailyMember: money('proposed_daily_member'),
    proposedDailyClient: money('proposed_daily_client'),
    proposedBy: integer('proposed_by').references(() => staffUsers.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'staff_money_limits_pk', columns: [t.brandId, t.role] })],
);

/**
 * Every webhook call a provider made, valid or not: the replay guard (one row per transaction event)
 * and the operator's evidence when a payment is disputed.
 */
export const paymentWebhooks = pgTable(
  'payment_webhooks',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 64 }).notNull(),
    /** The provider's event id; a replayed event has the same one. Null when unreadable. */
    eventId: varchar('event_id', { length: 128 }),
    transactionId: integer('transaction_id').references(() => transactions.id),
    /** applied, duplicate, rejected:<reason>. */
    outcome: varchar('outcome', { length: 64 }).notNull(),
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One row per event of a transaction: providers (one merchant account per brand) only promise
    // event ids unique within their own account, so an id is never compared across transactions.
    uniqueIndex('payment_webhooks_tx_event_uq').on(t.transactionId, t.eventId),
  ],
);

// ------------------------------------------------------------------------------------------------- content

/** A content page per brand and language (spec §3 Content page; architecture §7). */
export const contentPages = pgTable(
  'content_pages',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    slug: varchar('slug', { length: 120 }).notNull(),
    /** en, de, it or es. */
    lang: varchar('lang', { length: 5 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    description: varchar('description', { length: 400 }).notNull().default(''),
    published: boolean('published').notNull().default(true),
    /** The component tree: [{component, settings, columns?, children?}] (spec §3). html is sanitised on save. */
    components: jsonb('components').$type<unknown[]>().notNull().default([]),
    /** The newest saved version number (0: never saved in the back office). */
    headVersion: integer('head_version').notNull().default(0),
    /** The version whose tree `components` holds, i.e. what the public site shows (null: the seed's). */
    publishedVersion: integer('published_version'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('content_pages_brand_slug_lang_uq').on(t.brandId, t.slug, t.lang)],
);

/**
 * Every save of a page in the back office: its title, description and sanitised component tree.
 * Append-only; restoring an old version saves it again as the newest one.
 */
export const contentPageVersions = pgTable(
  'content_page_versions',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id')
      .notNull()
      .references(() => contentPages.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    description: varchar('description', { length: 400 }).notNull().default(''),
    components: jsonb('components').$type<unknown[]>().notNull(),
    /** The staff member who saved it. */
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('content_page_versions_page_version_uq').on(t.pageId, t.version)],
);

/**
 * Files staff upload for a brand: logos, favicons and content images, checked by content (magic
 * bytes, SVG sanitised) and kept in the database so every node serves them. Served at /media/<id>/<name>.
 */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    /** A safe file name (letters, digits, dot, dash, underscore). */
    name: varchar('name', { length: 120 }).notNull(),
    /** The content type found in the bytes (never the one the browser claimed). */
    contentType: varchar('content_type', { length: 64 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    data: bytea('data').notNull(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('media_brand_idx').on(t.brandId, t.createdAt)],
);

/** Named per-brand settings documents (spec §3 Site settings), e.g. 'settings'. */
export const contentSingletons = pgTable(
  'content_singletons',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    name: varchar('name', { length: 64 }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.name] })],
);

/** Contact and other public form submissions, kept and mailed to the brand (spec §7 forms/submit). */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    form: varchar('form', { length: 64 }).notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    /** When staff marked it handled (contact inbox); null: not handled. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by'),
    createdAt: createdAt(),
  },
  (t) => [index('form_submissions_brand_idx').on(t.brandId, t.createdAt)],
);

/** Economic calendar events (spec §2 /economic-calendar), shared by all brands. */
export const economicEvents = pgTable(
  'economic_events',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** ISO currency the event moves, e.g. 'USD'. */
    currency: varchar('currency', { length: 3 }).notNull(),
    country: varchar('country', { length: 2 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    /** 1 low, 2 medium, 3 high. */
    impact: smallint('impact').notNull(),
    actual: varchar('actual', { length: 32 }),
    forecast: varchar('forecast', { length: 32 }),
    previous: varchar('previous', { length: 32 }),
  },
  (t) => [index('economic_events_at_idx').on(t.at)],
);

// ---------------------------------------------------------------------------------------------- affiliates

/** Visits through a tracking link `/?ref=<code>`, counted per code and day (the funnel's first step). */
export const referralClicks = pgTable(
  'referral_clicks',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    code: varchar('code', { length: 64 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.code, t.day] })],
);

/**
 * A trading account's auto-trading (migration 0029: it was the client's): strategy with parameters and limits, saved
 * before switching on, and its switch `enabled` (`users.auto_trading`, the spec's flag, says whether any of the
 * client's accounts has it on). `enabled_at` starts the drawdown count; `stopped_*` says why the server switched it
 * off (a loss limit or the brand's kill switch).
 */
export const autoTradingSettings = pgTable(
  'auto_trading_settings',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => tradingAccounts.id),
    /** The account's owner. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    enabled: boolean('enabled').notNull().default(false),
    settings: jsonb('settings').$type<AutoTradingSettings>().notNull(),
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    stoppedReason: varchar('stopped_reason', { length: 16 }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auto_trading_settings_user_idx').on(t.userId)],
);

/**
 * A trading account's auto-trading journal: every decision the strategy acted on (open, close, refused by the
 * engine) with its reason, indicator values, the quote and the position, and every change of state (switched on
 * or off, a loss limit, the brand's kill switch). Append-only.
 */
export const autoTradingJournal = pgTable(
  'auto_trading_journal',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The trading account whose strategy wrote the line (migration 0029). */
    accountId: integer('account_id')
      .notNull()
      .references(() => tradingAccounts.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    action: varchar('action', { length: 16 }).notNull(),
    symbol: varchar('symbol', { length: 32 }),
    direction: varchar('direction', { length: 4 }).$type<'buy' | 'sell'>(),
    reason: jsonb('reason').$type<Record<string, unknown>>().notNull(),
    indicators: jsonb('indicators').$type<Record<string, number>>().notNull().default({}),
    quote: jsonb('quote').$type<{ buy: number; sell: number }>(),
    candleTime: timestamp('candle_time', { withTimezone: true }),
    positionId: integer('position_id'),
    outcome: jsonb('outcome').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('auto_trading_journal_user_idx').on(t.userId, t.id),
    index('auto_trading_journal_account_idx').on(t.accountId, t.id),
  ],
);

/**
 * A client's named lists of markets in the terminal; `favourites` marks the one list the star fills (created with
 * the client's first call, kept until the client is). The client's order of lists is the order they were made.
 */
export const watchlists = pgTable(
  'watchlists',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 40 }).notNull(),
    favourites: boolean('favourites').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('watchlists_user_idx').on(t.userId, t.id),
    uniqueIndex('watchlists_one_favourites_idx').on(t.userId).where(sql`${t.favourites}`),
  ],
);

/** The catalogue symbols of a watchlist, each once, in the client's order (`position` from 0). */
export const watchlistSymbols = pgTable(
  'watchlist_symbols',
  {
    watchlistId: integer('watchlist_id')
      .notNull()
      .references(() => watchlists.id, { onDelete: 'cascade' }),
    symbol: varchar('symbol', { length: 32 }).notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.watchlistId, t.symbol] })],
);

/**
 * A client's trading settings, kept on the server so they follow the client to every device: one-click trading
 * (switched on only with a risk acknowledgement, see `oneClickAcknowledgements`) and the default one-click size of
 * each instrument the client set one for.
 */
export const tradingSettings = pgTable('trading_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  oneClick: boolean('one_click').notNull().default(false),
  sizes: jsonb('sizes').$type<{ symbol: string; amount: number; leverage: number }[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every risk acknowledgement a client gave to switch one-click trading on: when, and from which session. */
export const oneClickAcknowledgements = pgTable(
  'one_click_acknowledgements',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_click_acknowledgements_user_idx').on(t.userId, t.id)],
);

/**
 * A client's chart layout of one symbol in the terminal: the indicators and drawings (domain `chartLayouts.ts`,
 * checked before they are kept), one row per client and symbol, gone with the client.
 */
export const chartLayouts = pgTable(
  'chart_layouts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbol: varchar('symbol', { length: 32 }).notNull(),
    layout: jsonb('layout').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.symbol] })],
);

/** A feed quote of a fill's window: [time in ms, bid, ask]. */
export type FillWindowQuote = [number, number, number];

/**
 * The fill audit of a position's open or close (one row each; a partial close's part is a position of its own): the
 * feed quote the engine dealt at, the brand's markup, pip and tick then in force and the brand quote, stored in the
 * trade's transaction; the feed's quotes a minute either side, stored once that minute passed ('pending' until
 * then; 'partial' when the server restarted within it and part of the window was lost). Kept with the position.
 */
export const fillAudits = pgTable(
  'fill_audits',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The trading account it belongs to (user_id stays: the owner, by which reports group). */
    accountId: integer('account_id')
      .notNull()
      .references((): AnyPgColumn => tradingAccounts.id),
    positionId: integer('position_id').notNull(),
    kind: varchar('kind', { length: 5 }).$type<'open' | 'close'>().notNull(),
    symbol: varchar('symbol', { length: 32 }).notNull(),
    direction: varchar('direction', { length: 4 }).$type<'buy' | 'sell'>().notNull(),
    cause: varchar('cause', { length: 20 }).notNull(),
    partOf: integer('part_of'),
    filledAt: timestamp('filled_at', { withTimezone: true }).notNull(),
    fillPrice: rate('fill_price').notNull(),
    feedBid: rate('feed_bid').notNull(),
    feedAsk: rate('feed_ask').notNull(),
    feedAt: timestamp('feed_at', { withTimezone: true }).notNull(),
    markupUnit: varchar('markup_unit', { length: 7 }).$type<'percent' | 'pips'>().notNull(),
    markupValue: rate('markup_value').notNull(),
    pipSize: rate('pip_size').notNull(),
    tick: rate('tick'),
    quoteBuy: rate('quote_buy').notNull(),
    quoteSell: rate('quote_sell').notNull(),
    windowState: varchar('window_state', { length: 8 })
      .$type<'pending' | 'complete' | 'partial'>()
      .notNull()
      .default('pending'),
    windowQuotes: jsonb('window_quotes').$type<FillWindowQuote[]>(),
  },
  (t) => [
    uniqueIndex('fill_audits_position_kind_idx').on(t.positionId, t.kind),
    index('fill_audits_user_idx').on(t.userId, t.positionId),
    index('fill_audits_account_idx').on(t.accountId, t.positionId),
    index('fill_audits_pending_idx').on(t.filledAt).where(sql`${t.windowState} = 'pending'`),
  ],
);

/** Prices of price alerts: NUMERIC(30,10) read as numbers (levels on the instrument's tick, like the engine's). */
const alertPrice = (name: string) => numeric(name, { precision: 30, scale: 10, mode: 'number' });

/**
 * A client's price alerts in the terminal: the brand's bid or ask of a symbol at or above / at or below a level,
 * or a move either way from `base_price`. Active until it fires (once: `triggered_at`, `triggered_price`) or
 * expires; `updated_at` moves with every change (cluster nodes pick up each other's changes by it).
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The trading account it belongs to (user_id stays: the owner, by which reports group). */
    accountId: integer('account_id')
      .notNull()
      .references((): AnyPgColumn => tradingAccounts.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    symbol: varchar('symbol', { length: 32 }).notNull(),
    kind: varchar('kind', { length: 8 }).$type<'above' | 'below' | 'move'>().notNull(),
    side: varchar('side', { length: 4 }).$type<'bid' | 'ask'>().notNull(),
    value: alertPrice('value').notNull(),
    basePrice: alertPrice('base_price'),
    above: alertPrice('above'),
    below: alertPrice('below'),
    note: varchar('note', { length: 140 }),
    status: varchar('status', { length: 10 })
      .$type<'active' | 'triggered' | 'expired'>()
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    triggeredAt: timestamp('triggered_at', { withTimezone: true }),
    triggeredPrice: alertPrice('triggered_price'),
  },
  (t) => [
    index('price_alerts_user_idx').on(t.userId, t.id),
    index('price_alerts_account_idx').on(t.accountId, t.id),
    index('price_alerts_active_idx').on(t.status, t.expiresAt),
    index('price_alerts_updated_idx').on(t.updatedAt),
    check('price_alerts_kind_check', sql`${t.kind} in ('above', 'below', 'move')`),
    check('price_alerts_side_check', sql`${t.side} in ('bid', 'ask')`),
    check('price_alerts_status_check', sql`${t.status} in ('active', 'triggered', 'expired')`),
  ],
);

/** The server's VAPID key pair for web push: made at the first start, kept (one row, id 1). */
export const pushKeys = pgTable(
  'push_keys',
  {
    id: integer('id').primaryKey(),
    publicKey: varchar('public_key', { length: 200 }).notNull(),
    privateKey: varchar('private_key', { length: 200 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('push_keys_one_row', sql`${t.id} = 1`)],
);

/** A client's browsers that accept web push (one row per endpoint). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: varchar('endpoint', { length: 1000 }).notNull(),
    p256dh: varchar('p256dh', { length: 200 }).notNull(),
    auth: varchar('auth', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** Pushes waiting to be sent to one subscription, retried with backoff by the push worker. */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    payload: text('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    error: varchar('error', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('push_outbox_due_idx').on(t.nextAttemptAt),
    index('push_outbox_subscription_idx').on(t.subscriptionId),
  ],
);

// ------------------------------------------------------------------------------------ account transfers

/**
 * Transfers between two of a client's own live trading accounts (docs/accounts.md): what was debited and
 * credited, in which currencies, at which rate of which pair. The money moves only through the two `transfer`
 * ledger entries whose reference is `transfer:<id>`, written in the same database transaction as this row.
 * `command_id`: the client's key, so a replayed request books once.
 */
export const accountTransfers = pgTable(
  'account_transfers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fromAccountId: integer('from_account_id')
      .notNull()
      .references(() => tradingAccounts.id),
    toAccountId: integer('to_account_id')
      .notNull()
      .references(() => tradingAccounts.id),
    debitAmount: numeric('debit_amount', { precision: 20, scale: 2, mode: 'string' }).notNull(),
    debitCurrency: varchar('debit_currency', { length: 3 }).notNull(),
    creditAmount: numeric('credit_amount', { precision: 20, scale: 2, mode: 'string' }).notNull(),
    creditCurrency: varchar('credit_currency', { length: 3 }).notNull(),
    /** 1 unit of the debit currency in the credit currency, as shown ('1' for the same currency). */
    rate: varchar('rate', { length: 40 }).notNull(),
    /** The feed pair the rate comes from; null for the same currency. */
    pair: varchar('pair', { length: 16 }),
    commandId: varchar('command_id', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_transfers_user_idx').on(t.userId, t.id),
    uniqueIndex('account_transfers_command_uq').on(t.userId, t.commandId),
    check('account_transfers_amounts_check', sql`${t.debitAmount} > 0 and ${t.creditAmount} > 0`),
  ],
);

// ------------------------------------------------------------------------------------ client compliance

/**
 * A client's compliance standing (docs/compliance.md), the input of the domain's `complianceBlock`: screening
 * status, the appropriateness outcome, when expired documents stop the client, the risk score. Each check writes
 * its own columns through the compliance status repository; a client without a row is clear.
 */
export const clientCompliance = pgTable(
  'client_compliance',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    screeningStatus: varchar('screening_status', { length: 16 }).notNull().default('clear'),
    appropriatenessOutcome: varchar('appropriateness_outcome', { length: 8 }),
    appropriatenessAcknowledgedAt: timestamp('appropriateness_acknowledged_at', { withTimezone: true }),
    appropriatenessBlockedUntil: timestamp('appropriateness_blocked_until', { withTimezone: true }),
    documentsBlockFrom: timestamp('documents_block_from', { withTimezone: true }),
    riskScore: integer('risk_score').notNull().default(0),
    riskLevel: varchar('risk_level', { length: 8 }).notNull().default('low'),
    eddRequired: boolean('edd_required').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'client_compliance_screening_check',
      sql`${t.screeningStatus} in ('clear', 'pending', 'confirmed')`,
    ),
    check(
      'client_compliance_outcome_check',
      sql`${t.appropriatenessOutcome} is null or ${t.appropriatenessOutcome} in ('pass', 'warn', 'block')`,
    ),
    check('client_compliance_risk_check', sql`${t.riskLevel} in ('low', 'medium', 'high')`),
  ],
);

// ------------------------------------------------------------------------------------ appropriateness test

/**
 * Every attempt at the appropriateness test (docs/compliance.md): the questionnaire version answered, the answers
 * (question id → option id), score and outcome, a block's end and when the client acknowledged a warning. The
 * client's standing (client_compliance) follows the newest attempt.
 */
export const appropriatenessAttempts = pgTable(
  'appropriateness_attempts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    version: varchar('version', { length: 40 }).notNull(),
    answers: jsonb('answers').$type<Record<string, string>>().notNull(),
    score: integer('score').notNull(),
    outcome: varchar('outcome', { length: 8 }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appropriateness_attempts_user_idx').on(t.userId, t.id),
    check('appropriateness_attempts_outcome_check', sql`${t.outcome} in ('pass', 'warn', 'block')`),
  ],
);
// ------------------------------------------------------------------------------ compliance tasks and risk

/**
 * A compliance task (docs/compliance.md "Compliance tasks"): raised by a check (document expiring, screening
 * match, high risk) or by staff (manual review), assigned to a member of the brand's staff with a due date,
 * closed with a note. The same subject is open at most once per client: raising it again changes nothing.
 */
export const complianceTasks = pgTable(
  'compliance_tasks',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** COMPLIANCE_TASK_KINDS. */
    kind: varchar('kind', { length: 32 }).notNull(),
    /** What it is about, e.g. 'document:12:expiring', 'risk:high'; unique per client while open. */
    subject: varchar('subject', { length: 120 }).notNull(),
    summary: text('summary').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    assignedTo: integer('assigned_to').references(() => staffUsers.id),
    /** 'open' or 'closed'. */
    status: varchar('status', { length: 8 }).notNull().default('open'),
    closingNote: text('closing_note'),
    closedBy: integer('closed_by').references(() => staffUsers.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The member who created a manual review; null for a task a check raised. */
    createdBy: integer('created_by').references(() => staffUsers.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('compliance_tasks_open_subject_uq').on(t.userId, t.subject).where(sql`${t.status} = 'open'`),
    index('compliance_tasks_brand_status_idx').on(t.brandId, t.status, t.dueAt),
    check(
      'compliance_tasks_kind_check',
      sql`${t.kind} in ('document_expiring', 'document_expired', 'screening_match', 'high_risk', 'manual_review')`,
    ),
    check('compliance_tasks_status_check', sql`${t.status} in ('open', 'closed')`),
  ],
);

/**
 * A client's source-of-funds answers (docs/compliance.md "Risk score"): employment, income band, where the money
 * comes from, the deposits they expect a year, whether they are a politically exposed person. One row per client;
 * answering again replaces it. The risk score reads it.
 */
export const sourceOfFunds = pgTable('source_of_funds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  employmentStatus: varchar('employment_status', { length: 16 }).notNull(),
  annualIncome: varchar('annual_income', { length: 16 }).notNull(),
  source: varchar('source', { length: 16 }).notNull(),
  expectedDeposits: varchar('expected_deposits', { length: 16 }).notNull(),
  pep: boolean('pep').notNull().default(false),
  answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
});
// ------------------------------------------------------------------------------------ document reviews

/**
 * The history of each upload (docs/compliance.md, "Documents"): the upload itself, every approval or rejection with
 * its note and who decided, and compliance editing the details. Rows are only added; a new upload never replaces
 * an older one's history.
 */
export const documentReviews = pgTable(
  'document_reviews',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** uploaded, approve, reject or details. */
    action: varchar('action', { length: 16 }).notNull(),
    /** 'client', a staff member's e-mail, or the operator's name. */
    actor: varchar('actor', { length: 255 }).notNull(),
    note: text('note').notNull().default(''),
    /** The details entered with this step (number, country, expiry), when any. */
    details: jsonb('details').$type<Record<string, string | null>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('document_reviews_document_idx').on(t.documentId, t.id),
    check('document_reviews_action_check', sql`${t.action} in ('uploaded', 'approve', 'reject', 'details')`),
  ],
);

// ------------------------------------------------------------------------------------ sanctions and PEP screening

/** One import of a sanctions or PEP list (docs/compliance.md "Screening"): the file, its hash, who and when. */
export const screeningLists = pgTable(
  'screening_lists',
  {
    id: serial('id').primaryKey(),
    /** The format and so the source: eu, un, ofac, pep. */
    source: varchar('source', { length: 8 }).notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    /** SHA-256 of the file, hex. */
    fileHash: varchar('file_hash', { length: 64 }).notNull(),
    entryCount: integer('entry_count').notNull(),
    /** 'staff:<id>', 'cli' or 'seed'. */
    importedBy: varchar('imported_by', { length: 64 }).notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    /** When every client was screened again against this import (null: still running or not yet). */
    screenedAt: timestamp('screened_at', { withTimezone: true }),
  },
  (t) => [check('screening_lists_source_check', sql`${t.source} in ('eu', 'un', 'ofac', 'pep')`)],
);

/** The persons of a list import; only the latest import of each source is screened against. */
export const screeningEntries = pgTable(
  'screening_entries',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => screeningLists.id, { onDelete: 'cascade' }),
    source: varchar('source', { length: 8 }).notNull(),
    /** The list's own reference of the person (EU logicalId, UN DATAID, OFAC ent_num, PEP id). */
    ref: varchar('ref', { length: 64 }).notNull(),
    names: jsonb('names').$type<string[]>().notNull(),
    birthDates: jsonb('birth_dates').$type<string[]>().notNull(),
    programme: varchar('programme', { length: 300 }).notNull().default(''),
    countries: jsonb('countries').$type<string[]>().notNull().default([]),
  },
  (t) => [index('screening_entries_list_idx').on(t.listId)],
);

/** What a possible match keeps of the list entry (the queue reads the same after a newer import). */
export interface ScreeningMatchEntry {
  names: string[];
  birthDates: string[];
  programme: string;
  countries: string[];
}

/** What a possible match keeps of the client's data it was raised on. */
export interface ScreeningMatchClient {
  firstName: string;
  lastName: string;
  birthDate: string | null;
  country: string | null;
}

/**
 * A possible match of a client with a list entry: pending until compliance clears or confirms it with a reason.
 * One row per client, entry and client data: a cleared match is not raised again until the client's name or birth
 * date changes.
 */
export const screeningMatches = pgTable(
  'screening_matches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    /** The import that raised it (null once that import is gone). */
    listId: integer('list_id').references(() => screeningLists.id, { onDelete: 'set null' }),
    source: varchar('source', { length: 8 }).notNull(),
    entryRef: varchar('entry_ref', { length: 64 }).notNull(),
    entry: jsonb('entry').$type<ScreeningMatchEntry>().notNull(),
    matchedName: varchar('matched_name', { length: 300 }).notNull(),
    score: integer('score').notNull(),
    /** same, year or unknown (domain compareBirthDates). */
    birthDateAgreement: varchar('birth_date_agreement', { length: 8 }).notNull(),
    /** The domain's screeningFingerprint of the client's data. */
    clientFingerprint: varchar('client_fingerprint', { length: 300 }).notNull(),
    clientData: jsonb('client_data').$type<ScreeningMatchClient>().notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    reason: text('reason'),
    /** 'staff:<id>'. */
    decidedBy: varchar('decided_by', { length: 64 }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('screening_matches_seen_uq').on(t.userId, t.source, t.entryRef, t.clientFingerprint),
    index('screening_matches_queue_idx').on(t.status, t.brandId, t.id),
    index('screening_matches_user_idx').on(t.userId, t.id),
    check('screening_matches_status_check', sql`${t.status} in ('pending', 'cleared', 'confirmed')`),
  ],
);
