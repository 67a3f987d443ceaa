import fs from 'node:fs/promises';
import {
  BACKOFFICE_DEFAULTS,
  type BalancePayload,
  brandCurrency,
  CLIENT_LEVELS,
  CLIENT_PAGE_SIZE,
  type ClientAccount,
  type ClientListQuery,
  type ClientProfileInput,
  type ClientTradingInput,
  checkBirthDate,
  DOCUMENT_TYPES,
  type DocumentDetails,
  type DocumentExpiryState,
  type DocumentType,
  type DocumentUpload,
  documentExpires,
  documentExpiryState,
  grantsOnVerification,
  inBrandScope,
  type PositionsPayload,
  parseLeverageList,
  parsePathId,
  type StaffTransaction,
  toDecimal,
  unknownLeverageCategories,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { Database, Db } from '../../../db/client.js';
import { csvLine } from '../../../lib/csv.js';
import { AppError, invalidFields } from '../../../lib/errors.js';
import { type Brand, brandMinAge } from '../../brands/brands.service.js';
import { DOCUMENT_COLUMNS } from '../../kyc/documents.repo.js';
import type { DocumentsService } from '../../kyc/documents.service.js';
import type { SessionsService } from '../../sessions/sessions.service.js';
import type { StaffAuth } from '../../staff/policy.js';
import { auditStaffAction, changedFields } from '../../staff/staff-audit.js';
import { TradingAccountsRepo } from '../../trading-accounts/trading-accounts.repo.js';
import type { UserRow } from '../accounts.repo.js';
import { type CountryLookup, screenedDataChanged } from '../accounts.service.js';
import {
  type ClientAuditRow,
  type ClientFilter,
  type ClientListRow,
  ClientsRepo,
  type StaffUserChanges,
} from './clients-admin.repo.js';

/** A client of a brand outside the staff member's scope answers exactly as a missing one. */
export const clientNotFound = () => new AppError(404, 'NOT_FOUND', 'staff.clientNotFound');
export const documentNotFound = () => new AppError(404, 'NOT_FOUND', 'staff.documentNotFound');
export const documentMissing = () => new AppError(404, 'DOCUMENT_MISSING', 'staff.documentMissing');

type Request = Pick<FastifyRequest, 'ip' | 'log'>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A row of the client list (the API's ClientRow). */
export function presentClientRow(row: ClientListRow) {
  return {
    id: row.id,
    brandId: row.brand_id,
    brandSlug: row.brand_slug,
    pin: row.pin,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    countryId: row.country_id,
    countryName: row.country_name,
    verified: row.verified_account,
    level: row.level,
    balance: row.balance ?? '0.00',
    /** The balance's currency: the main account's, else the brand's account currency. */
    currency: row.account_currency ?? brandCurrency({ currency: row.brand_currency }),
    accountNumber: row.account_number,
    demoOnly: row.account_kind === 'demo',
    documentsWaiting: Number(row.documents_waiting),
    hasDeposited: row.has_deposited,
    tradingEnabled: row.trading_enabled,
    createdAt: iso(row.created_at) as string,
  };
}
export type ClientRowDto = ReturnType<typeof presentClientRow>;

/** The CSV export's columns, in order. */
export const CLIENT_CSV_COLUMNS = [
  'id',
  'brandSlug',
  'pin',
  'firstName',
  'lastName',
  'email',
  'phone',
  'countryName',
  'verified',
  'level',
  'balance',
  'currency',
  'documentsWaiting',
  'hasDeposited',
  'tradingEnabled',
  'createdAt',
] as const satisfies readonly (keyof ClientRowDto)[];

/** An audit row as the back office shows it (AuditRow of the API contract). */
export function presentAuditRow(row: ClientAuditRow) {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    actor: row.actor,
    staffName: row.staffName,
    role: row.role,
    brandId: row.brandId,
    brandSlug: row.brandSlug,
    userId: row.userId,
    action: row.action,
    subject: row.subject,
    before: row.before,
    after: row.after,
    reason: row.reason,
    ip: row.ip,
    details: row.details,
  };
}

/** The trading-related fields of a client, as audited (before/after) by the trading and verification actions. */
const tradingFieldsOf = (user: UserRow) => ({
  verifiedAccount: user.verifiedAccount,
  level: user.level,
  tradingEnabled: user.tradingEnabled,
  restrictedMode: user.restrictedMode,
  assetsGroupPermission: user.assetsGroupPermission,
  customLeverage: user.customLeverage,
});

const profileFieldsOf = (user: UserRow) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phone: user.phone,
  birthDate: user.birthDate,
  countryId: user.countryId,
  state: user.state,
  city: user.city,
  street: user.street,
  zipCode: user.zipCode,
});

/**
 * The back office's client management: list, client page, profile, documents,
 * verification, trading permissions, sessions, notes, password reset. Every lookup checks the
 * client's brand against the staff member's scope; every change writes its audit row in the same
 * database transaction; changes that trading depends on reload the client's engine account.
 */
/** What the back office's client management uses. */
export interface ClientsServiceDeps {
  database: Database;
  reference: Pick<CountryLookup, 'countryExists'>;
  documents: Pick<DocumentsService, 'store' | 'reviewClient' | 'uploadsOf'>;
  /** The client's engine account: reloaded after a change trading depends on, read for the positions. */
  gateway: {
    refresh(accountId: number): Promise<void>;
    view(accountId: number): Promise<{ positions: PositionsPayload; balance?: BalancePayload } | undefined>;
  };
  /** The clients' sessions. */
  sessions: Pick<SessionsService, 'revokeAll'>;
  /** Mails a client a reset link; `inTransaction` (the audit row) commits with the reset. */
  passwordReset: {
    forgot(
      brand: Brand,
      email: string,
      meta: Request,
      inTransaction?: (tx: Db, user: { id: number }) => Promise<unknown>,
    ): Promise<boolean>;
  };
  /** A client's transactions as the money queues show them. */
  money: { clientTransactions(clientId: number, accountId?: number): Promise<StaffTransaction[]> };
  /** Told after staff changed a client's name, birth date or country (sanctions screening). */
  onScreenedDataChanged?: (userId: number) => Promise<void>;
}

export class ClientsService {
  private readonly repo: ClientsRepo;

  constructor(
    private readonly deps: ClientsServiceDeps,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.repo = new ClientsRepo(deps.database.db);
  }

  private get db(): Db {
    return this.deps.database.db;
  }

  /** The client's settings changed: every trading account of the client trades under them (docs/accounts.md). */
  private async refreshAccounts(userId: number): Promise<void> {
    for (const account of await new TradingAccountsRepo(this.db).listByUser(userId))
      await this.deps.gateway.refresh(account.id);
  }

  /** The brands in scope with their back-office settings. */
  async brands(auth: StaffAuth) {
    const list = await this.repo.brandsIn(auth.scope);
    return list.map((brand) => {
      const settings = brand.settings.backoffice ?? {};
      return {
        id: brand.id,
        slug: brand.slug,
        name: brand.name,
        currency: brand.settings.currency,
        currencySymbol: brand.settings.currencySymbol,
        backoffice: {
          verification: settings.verification ?? BACKOFFICE_DEFAULTS.verification,
          fourEyesAbove: settings.fourEyesAbove ?? BACKOFFICE_DEFAULTS.fourEyesAbove,
          bonusWithdrawable: settings.bonusWithdrawable ?? BACKOFFICE_DEFAULTS.bonusWithdrawable,
          defaultPermissions: settings.defaultPermissions ?? null,
          defaultLeverage: settings.defaultLeverage ?? null,
        },
      };
    });
  }

  /** Asset categories with their leverage lists, countries and levels: what the client page edits with. */
  async reference() {
    const [categories, countries] = await Promise.all([this.repo.categories(), this.repo.countries()]);
    return {
      assetCategories: categories.map((c) => ({
        id: c.id,
        name: c.name,
        leverages: parseLeverageList(c.leverage).map((l) => l.value),
      })),
      countries,
      levels: [...CLIENT_LEVELS],
    };
  }

  /** The list's filter within scope; a brand outside the scope answers as a missing one. */
  private filterOf(auth: StaffAuth, query: ClientListQuery): ClientFilter {
    const { brandId, page: _page, sort: _sort, order: _order, ...rest } = query;
    if (brandId !== undefined) {
      if (!inBrandScope(auth.scope, brandId)) throw new AppError(404, 'NOT_FOUND', 'error.notFound');
      return { ...rest, brandIds: [brandId] };
    }
    return { ...rest, brandIds: auth.scope.all ? null : auth.scope.brandIds };
  }

  async list(auth: StaffAuth, query: ClientListQuery) {
    const page = query.page ?? 1;
    const { rows, total } = await this.repo.list(this.filterOf(auth, query), query, {
      limit: CLIENT_PAGE_SIZE,
      offset: (page - 1) * CLIENT_PAGE_SIZE,
    });
    return { items: rows.map(presentClientRow), total, page, pageSize: CLIENT_PAGE_SIZE };
  }

  /** Every matching client as CSV lines (a header first), read in batches so a big brand never sits in memory. */
  async *exportCsv(auth: StaffAuth, query: ClientListQuery): AsyncGenerator<string> {
    const filter = this.filterOf(auth, query);
    yield csvLine(CLIENT_CSV_COLUMNS);
    const batch = 1_000;
    for (let offset = 0; ; offset += batch) {
      const { rows } = await this.repo.list(filter, query, { limit: batch, offset });
      if (rows.length > 0) {
        yield rows
          .map((row) => {
            const dto = presentClientRow(row);
            return csvLine(CLIENT_CSV_COLUMNS.map((c) => dto[c]));
          })
          .join('');
      }
      if (rows.length < batch) return;
    }
  }

  /** The client and their brand when the brand is in scope; otherwise 404 as for a missing id. */
  async clientInScope(auth: StaffAuth, rawId: string): Promise<{ user: UserRow; brand: Brand }> {
    const id = parsePathId(rawId);
    const user = id === undefined ? undefined : await this.repo.user(id);
    if (!user || !inBrandScope(auth.scope, user.brandId)) throw clientNotFound();
    const brand = await this.repo.brand(user.brandId);
    if (!brand) throw clientNotFound();
    return { user, brand };
  }

  async detail(auth: StaffAuth, rawId: string) {
    const { user, brand } = await this.clientInScope(auth, rawId);
    return this.present(user, brand);
  }

  private async present(user: UserRow, brand: Brand) {
    const [row, latest] = await Promise.all([this.repo.row(user.id), this.repo.latestDocuments(user.id)]);
    if (!row) throw clientNotFound();
    const documents = Object.fromEntries(
      DOCUMENT_TYPES.map((type) => {
        const field = user[DOCUMENT_COLUMNS[type]];
        const upload = latest.find((d) => d.type === type);
        return [
          type,
          {
            status: field.status,
            note: field.note,
            updated: field.updated,
            documentId: upload?.id ?? null,
            mime: upload?.mime ?? null,
            originalName: upload?.originalName ?? null,
            size: upload?.size ?? null,
            documentNumber: upload?.documentNumber ?? null,
            issuingCountry: upload?.issuingCountry ?? null,
            expiresOn: upload?.expiresOn ?? null,
            expiry: documentExpires(type)
              ? documentExpiryState(upload?.expiresOn ?? null, this.now().getTime())
              : ('none' as const),
          },
        ];
      }),
    ) as Record<DocumentType, DocumentDto>;
    return {
      ...presentClientRow(row),
      birthDate: user.birthDate,
      state: user.state,
      city: user.city,
      street: user.street,
      zipCode: user.zipCode,
      restrictedMode: user.restrictedMode,
      autoTrading: user.autoTrading,
      assetsGroupPermission: user.assetsGroupPermission,
      customLeverage: user.customLeverage,
      documents,
      currency: brand.settings.currency,
      currencySymbol: brand.settings.currencySymbol,
    };
  }

  /** Compliance edits the profile with the client form's rules (spec §5) and the brand's minimum age. */
  async updateProfile(auth: StaffAuth, request: Request, rawId: string, input: ClientProfileInput) {
    const { user, brand } = await this.clientInScope(auth, rawId);
    const age = checkBirthDate(input.birth_date, { now: this.now(), minAge: brandMinAge(brand.settings) });
    if (age) throw invalidFields([{ path: 'birth_date', ...age }]);
    if (!(await this.deps.reference.countryExists(input.country_id))) {
      throw invalidFields([{ path: 'country_id', key: 'field.invalid', params: { title: 'Country' } }]);
    }
    if (await this.repo.emailTaken(brand.id, input.email, user.id)) {
      throw invalidFields([{ path: 'email', key: 'staff.emailTaken' }]);
    }
    const next: StaffUserChanges = {
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      phone: input.phone,
      birthDate: input.birth_date,
      countryId: input.country_id,
      state: input.state,
      city: input.city,
      street: input.street,
      zipCode: input.zip_code,
    };
    const diff = changedFields(profileFieldsOf(user), next);
    const updated = await this.db.transaction(async (tx) => {
      if (Object.keys(diff.after).length === 0) return user;
      const row = await this.repo.updateUser(tx, user.id, diff.after);
      await auditStaffAction(tx, auth, request, {
        action: 'client.profile',
        brandId: brand.id,
        userId: user.id,
        before: diff.before,
        after: diff.after,
      });
      return row;
    });
    if (updated !== user) this.onProfileChanged?.(user, updated);
    if (screenedDataChanged(user, updated)) await this.deps.onScreenedDataChanged?.(user.id);
    return this.present(updated, brand);
  }

  /** Heard after staff changed a client's profile (the compliance checks look at the country again). */
  onProfileChanged?: (before: UserRow, after: UserRow) => void;

  /** A document's bytes for the inline viewer: only a document of this client, in scope. */
  async documentFile(auth: StaffAuth, rawId: string, rawDocumentId: string) {
    const { user } = await this.clientInScope(auth, rawId);
    const documentId = parsePathId(rawDocumentId);
    const document = documentId === undefined ? undefined : await this.repo.document(user.id, documentId);
    if (!document) throw documentNotFound();
    let content: Buffer;
    try {
      content = await fs.readFile(this.deps.documents.store.pathOf(user.id, document.storedName));
    } catch {
      throw documentNotFound();
    }
    return { document, content };
  }

  /**
   * Approve or reject the latest document of a type with a note the client sees (spec §4), through
   * the same service as the CLI: automatic verification follows when the brand's rule says so.
   */
  async reviewDocument(
    auth: StaffAuth,
    request: Request,
    rawId: string,
    type: DocumentType,
    input: { decision: 'approve' | 'reject'; note: string } & Partial<DocumentDetails>,
  ) {
    const { user, brand } = await this.clientInScope(auth, rawId);
    const { decision, note, documentNumber, issuingCountry, expiresOn } = input;
    const details = { documentNumber, issuingCountry, expiresOn };
    const review = { type, decision, note, details, actor: auth.staff.email };
    const result = await this.deps.documents.reviewClient(brand, user, review, (tx, step) =>
      auditStaffAction(tx, auth, request, {
        action: step.action,
        brandId: brand.id,
        userId: user.id,
        before: step.before,
        after: step.after,
        reason: step.reason,
        details: step.details,
      }),
    );
    if (!result.ok) throw documentMissing();
    if (result.verified) await this.refreshAccounts(user.id);
    return this.present(result.user, brand);
  }

  /** Every upload of the client, newest first, with its details, where it stands on its expiry and its history. */
  async documentUploads(auth: StaffAuth, rawId: string): Promise<DocumentUpload[]> {
    const { user } = await this.clientInScope(auth, rawId);
    const now = this.now().getTime();
    return (await this.deps.documents.uploadsOf(user.id)).map(({ upload, history }) => ({
      documentId: upload.id,
      type: upload.type as DocumentType,
      status: upload.status as DocumentUpload['status'],
      note: upload.note,
      originalName: upload.originalName,
      mime: upload.mime,
      size: upload.size,
      uploadedAt: upload.createdAt.toISOString(),
      reviewedAt: upload.reviewedAt?.toISOString() ?? null,
      documentNumber: upload.documentNumber,
      issuingCountry: upload.issuingCountry,
      expiresOn: upload.expiresOn,
      detailsBy: (upload.detailsBy as DocumentUpload['detailsBy']) ?? null,
      expiry: documentExpires(upload.type as DocumentType)
        ? documentExpiryState(upload.expiresOn, now)
        : 'none',
      history: history.map((step) => ({
        action: step.action as DocumentUpload['history'][number]['action'],
        actor: step.actor,
        note: step.note,
        at: step.createdAt.toISOString(),
      })),
    }));
  }

  /**
   * Verification on or off. Verifying grants the brand's default permissions and leverages unless
   * compliance set others; unverifying blocks new trades at once (the engine account is reloaded),
   * open positions stay.
   */
  async setVerification(
    auth: StaffAuth,
    request: Request,
    rawId: string,
    input: { verified: boolean; reason?: string | undefined },
  ) {
    const { user, brand } = await this.clientInScope(auth, rawId);
    const categoryIds = (await this.repo.categories()).map((c) => c.id);
    const updated = await this.db.transaction(async (tx) => {
      if (user.verifiedAccount === input.verified) return user;
      const changes: StaffUserChanges = input.verified
        ? {
            verifiedAccount: true,
            ...grantsOnVerification(user, brand.settings.backoffice ?? {}, categoryIds),
          }
        : { verifiedAccount: false };
      const diff = changedFields(tradingFieldsOf(user), changes);
      const row = await this.repo.updateUser(tx, user.id, changes);
      await auditStaffAction(tx, auth, request, {
        action: input.verified ? 'client.verify' : 'client.unverify',
        brandId: brand.id,
        userId: user.id,
        before: diff.before,
        after: diff.after,
        reason: input.reason || null,
      });
      return row;
    });
    await this.refreshAccounts(user.id);
    return this.present(updated, brand);
  }

  /** Level, trading on/off, restricted mode, permitted categories and allowed leverages. */
  async setTrading(auth: StaffAuth, request: Request, rawId: string, input: ClientTradingInput) {
    const { user, brand } = await this.clientInScope(auth, rawId);
    const categories = (await this.reference()).assetCategories;
    const unknownIds = (input.assetsGroupPermission ?? []).filter(
      (id) => !categories.some((c) => c.id === id),
    );
    if (unknownIds.length > 0) {
      throw invalidFields([
        { path: 'assetsGroupPermission', key: 'staff.unknownCategory', params: { id: unknownIds[0] ?? 0 } },
      ]);
    }
    const badLeverage = input.customLeverage
      ? unknownLeverageCategories(input.customLeverage, categories)
      : [];
    if (badLeverage.length > 0) {
      throw invalidFields([
        {
          path: `customLeverage.${badLeverage[0]}`,
          key: 'staff.unknownLeverage',
          params: { name: badLeverage[0] ?? '' },
        },
      ]);
    }
    const changes: StaffUserChanges = {
      ...(input.level !== undefined ? { level: input.level } : {}),
      ...(input.tradingEnabled !== undefined ? { tradingEnabled: input.tradingEnabled } : {}),
      ...(input.restrictedMode !== undefined ? { restrictedMode: input.restrictedMode } : {}),
      ...(input.assetsGroupPermission !== undefined
        ? { assetsGroupPermission: [...new Set(input.assetsGroupPermission)].sort((a, b) => a - b) }
        : {}),
      ...(input.customLeverage !== undefined
        ? {
            customLeverage: Object.fromEntries(
              Object.entries(input.customLeverage).map(([k, v]) => [
                k,
                [...new Set(v)].sort((a, b) => a - b),
              ]),
            ),
          }
        : {}),
    };
    const diff = changedFields(tradingFieldsOf(user), changes);
    const changed = Object.keys(diff.after).length > 0;
    const updated = await this.db.transaction(async (tx) => {
      if (!changed) return user;
      const row = await this.repo.updateUser(tx, user.id, diff.after);
      await auditStaffAction(tx, auth, request, {
        action: 'client.trading',
        brandId: brand.id,
        userId: user.id,
        before: diff.before,
        after: diff.after,
        reason: input.reason || null,
      });
      return row;
    });
    if (changed) await this.refreshAccounts(user.id);
    return this.present(updated, brand);
  }

  /** One of the client's accounts by id; another client's or an unknown id answers 404 as a missing client. */
  private async ownAccount(userId: number, accountId: number | undefined): Promise<number | undefined> {
    if (accountId === undefined) return undefined;
    const accounts = await this.repo.accounts(userId);
    if (!accounts.some((a) => a.id === accountId)) throw clientNotFound();
    return accountId;
  }

  /** The client's ledger entries, 50 a page; with `accountId` (one of the client's accounts) of that account only. */
  async ledger(auth: StaffAuth, rawId: string, page: number, accountId?: number) {
    const { user } = await this.clientInScope(auth, rawId);
    const account = await this.ownAccount(user.id, accountId);
    const { rows, total } = await this.repo.ledger(
      user.id,
      { limit: CLIENT_PAGE_SIZE, offset: (page - 1) * CLIENT_PAGE_SIZE },
      account,
    );
    return {
      items: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        amount: r.amount,
        balanceAfter: r.balanceAfter,
        reference: r.reference,
        positionId: r.positionId,
        createdAt: r.createdAt.toISOString(),
      })),
      total,
      page,
      pageSize: CLIENT_PAGE_SIZE,
    };
  }

  /**
   * The client's trading accounts with their booked balance and currency, and the engine's equity and margin
   * (each account is loaded into its book if it was not). Live first, then demo.
   */
  async accounts(auth: StaffAuth, rawId: string): Promise<ClientAccount[]> {
    const { user } = await this.clientInScope(auth, rawId);
    const rows = await this.repo.accounts(user.id);
    return Promise.all(
      rows.map(async (row) => {
        const view = await this.deps.gateway.view(row.id);
        const open = view?.positions.open ?? [];
        const margin = open.reduce((sum, p) => sum.plus(toDecimal(p.amount)), toDecimal(0));
        return {
          id: row.id,
          number: row.number,
          kind: row.kind,
          currency: row.currency,
          balance: toDecimal(row.balance).toFixed(2),
          equity: view?.balance
            ? toDecimal(view.balance.equity).toFixed(2)
            : toDecimal(row.balance).toFixed(2),
          margin: margin.toFixed(2),
          openPositions: open.length,
          createdAt: row.createdAt.toISOString(),
        };
      }),
    );
  }

  /** Open positions and history, from the trading engine (the account is loaded if it was not). */
  async positions(auth: StaffAuth, rawId: string) {
    const { user } = await this.clientInScope(auth, rawId);
    // the client's default account (first live, else first demo)
    const account = await new TradingAccountsRepo(this.db).defaultOf(user.id);
    return (account && (await this.deps.gateway.view(account.id)))?.positions ?? { open: [], history: [] };
  }

  async transactions(auth: StaffAuth, rawId: string, accountId?: number) {
    const { user } = await this.clientInScope(auth, rawId);
    // the money module's StaffTransaction, the same the queues show
    return this.deps.money.clientTransactions(user.id, await this.ownAccount(user.id, accountId));
  }

  async sessions(auth: StaffAuth, rawId: string) {
    const { user } = await this.clientInScope(auth, rawId);
    const rows = await this.repo.liveSessions(user.id, this.now());
    return rows.map((s) => ({
      id: s.id,
      info: s.info,
      ip: s.ip,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
    }));
  }

  /**
   * Ends every session of the client (their open sockets close too, through the sessions module's
   * listeners), with its audit row in the revocation's transaction.
   */
  async revokeSessions(auth: StaffAuth, request: Request, rawId: string) {
    const { user, brand } = await this.clientInScope(auth, rawId);
    const live = await this.repo.liveSessions(user.id, this.now());
    await this.deps.sessions.revokeAll('client', user.id, undefined, (tx) =>
      auditStaffAction(tx, auth, request, {
        action: 'client.sessions.revoke',
        brandId: brand.id,
        userId: user.id,
        details: { revoked: live.length },
      }),
    );
    return { revoked: live.length };
  }

  async notes(auth: StaffAuth, rawId: string) {
    const { user } = await this.clientInScope(auth, rawId);
    return (await this.repo.notes(user.id)).map((n) => ({ ...n, createdAt: n.createdAt.toISOString() }));
  }

  async addNote(auth: StaffAuth, request: Request, rawId: string, body: string) {
    const { user, brand } = await this.clientInScope(auth, rawId);
    const note = await this.db.transaction(async (tx) => {
      const row = await this.repo.addNote(tx, { userId: user.id, staffId: auth.staff.id, body });
      await auditStaffAction(tx, auth, request, {
        action: 'client.note',
        brandId: brand.id,
        userId: user.id,
        after: { noteId: row.id },
      });
      return row;
    });
    return {
      id: note.id,
      body: note.body,
      staffName: auth.staff.name,
      createdAt: note.createdAt.toISOString(),
    };
  }

  /** The reset mail the client's own "forgot password" sends (same template, link and expiry). */
  async sendPasswordReset(auth: StaffAuth, request: Request, rawId: string) {
    const { user, brand } = await this.clientInScope(auth, rawId);
    // the reset, its mail and the audit row commit together
    await this.deps.passwordReset.forgot(brand, user.email, { ip: request.ip, log: request.log }, (tx) =>
      auditStaffAction(tx, auth, request, {
        action: 'client.passwordReset',
        brandId: brand.id,
        userId: user.id,
      }),
    );
    return { sent: true as const };
  }

  async audit(auth: StaffAuth, rawId: string) {
    const { user } = await this.clientInScope(auth, rawId);
    return (await this.repo.audit(user.id, 100)).map(presentAuditRow);
  }
}

export interface DocumentDto {
  status: '0' | '1' | '2' | '3';
  note: string;
  updated: string | null;
  documentId: number | null;
  mime: string | null;
  originalName: string | null;
  size: number | null;
  documentNumber: string | null;
  issuingCountry: string | null;
  expiresOn: string | null;
  expiry: DocumentExpiryState;
}
