import type { ProfileUpdateInput, RegisterInput } from '@openbroker/domain';
import { titleFor } from '@openbroker/domain';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, invalidFields } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hashToken, newCode, newPin, newToken } from '../../lib/random.js';
import type { Brand } from '../brands/brands.service.js';
import type { SessionRow } from '../sessions/sessions.repo.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import { type ClientSessionRef, currentAccountOf } from '../trading-accounts/current-account.js';
import { type TradingAccountRow, TradingAccountsRepo } from '../trading-accounts/trading-accounts.repo.js';
import { AccountsRepo, USERS_EMAIL_INDEX, type UserRow } from './accounts.repo.js';
import type { LoginCodesRepo } from './login-codes.repo.js';

// Verifying against a throwaway hash when the e-mail is unknown keeps both answers equally slow,
// so response time does not reveal which e-mails have accounts.
const decoyHash = hashPassword('decoy-password-for-unknown-accounts');

export const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'auth.invalidCredentials');
export const emailTaken = () => new AppError(409, 'EMAIL_TAKEN', 'auth.emailTaken');
export const registrationDisabled = () => new AppError(403, 'REGISTRATION_DISABLED', 'register.disabled');
export const autoLoginFailed = () => new AppError(401, 'AUTO_LOGIN_FAILED', 'login.auto.error');
export const wrongCurrentPassword = () =>
  invalidFields([{ path: 'current_password', key: 'password.currentWrong' }]);

/** Where a session comes from: the client's info (browser, IP lookup) and address. */
export interface SessionMeta {
  info: string;
  ip: string;
}

export type Registration = RegisterInput & { source_page?: string | undefined };

export interface AccountsOptions {
  /** How long an auto-login code stays usable. */
  loginCodeTtlMs: number;
  now?: () => Date;
  /** Told after a registration or a change of the client's name, birth date or country (sanctions screening). */
  onScreenedDataChanged?: (userId: number) => Promise<void>;
}

/** Whether what sanctions screening looks at (name, birth date, country) changed. */
export const screenedDataChanged = (
  before: Pick<UserRow, 'firstName' | 'lastName' | 'birthDate' | 'countryId'>,
  after: Pick<UserRow, 'firstName' | 'lastName' | 'birthDate' | 'countryId'>,
) =>
  before.firstName !== after.firstName ||
  before.lastName !== after.lastName ||
  before.birthDate !== after.birthDate ||
  before.countryId !== after.countryId;

/** Pin and uniqid are random; a clash with an existing one is retried this often. */
const INSERT_ATTEMPTS = 5;

/** The countries a registration or a profile is checked against (the reference data's list). */
export interface CountryLookup {
  /** The country id of an ISO 3166 alpha-2 code ('DE'), or null when unknown. */
  countryIdOf(alpha2: string | null | undefined): Promise<number | null>;
  countryExists(id: number): Promise<boolean>;
}

export class AccountsService {
  private readonly now: () => Date;

  constructor(
    private readonly repo: AccountsRepo,
    private readonly sessions: SessionsService,
    private readonly loginCodes: LoginCodesRepo,
    private readonly reference: CountryLookup,
    private readonly options: AccountsOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** spec §7 login: the same answer whether the e-mail or the password was wrong. */
  async login(brand: Brand, input: { email: string; password: string } & SessionMeta) {
    const user = await this.repo.findByEmail(brand.id, input.email);
    const matches = await verifyPassword(user?.passwordHash ?? (await decoyHash), input.password);
    if (!user || !matches) throw invalidCredentials();
    const { token } = await this.sessions.issue('client', user.id, { info: input.info, ip: input.ip });
    return { user, token };
  }

  /** The client behind a session, provided it still exists and belongs to this brand. */
  async clientFor(brand: Brand, userId: number): Promise<UserRow | undefined> {
    const user = await this.repo.findById(userId);
    return user && user.brandId === brand.id ? user : undefined;
  }

  /**
   * The trading account a client's call acts on (docs/accounts.md): `requested` (an optional `accountId`) when it is
   * one of the client's accounts — else 404, whoever's it is —, otherwise the session's current account.
   */
  currentAccount(session: ClientSessionRef, requested?: unknown): Promise<TradingAccountRow> {
    return currentAccountOf(new TradingAccountsRepo(this.repo.db), session, requested);
  }

  /** spec §6: visitors may register only where the brand enables it. */
  assertRegistrationOpen(brand: Brand): void {
    if (!brand.settings.features.registrationEnabled) throw registrationDisabled();
  }

  /**
   * spec §7 register: creates the client (country from the phone number, spec §5) with its first live trading
   * account in the brand's currency (docs/accounts.md), keeps the referral code and landing page, and logs the new
   * client in.
   */
  async register(brand: Brand, input: Registration, meta: SessionMeta) {
    this.assertRegistrationOpen(brand);
    if (await this.repo.findByEmail(brand.id, input.email)) throw emailTaken();
    const countryId = await this.reference.countryIdOf(input.country);
    const passwordHash = await hashPassword(input.password);
    // Attribution: the code the browser stored on its first visit through a link decides,
    // once, whether an affiliate or a client brought this account; codes of other brands count for nothing.
    const owner = input.ref ? await this.repo.findReferralOwner(brand.id, input.ref) : undefined;
    const user = await this.insertWithFreshCodes(
      {
        brandId: brand.id,
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone,
        countryId,
        ref: input.ref ?? null,
        sourcePage: input.source_page ?? null,
        affiliateId: owner && 'affiliateId' in owner ? owner.affiliateId : null,
        referrerId: owner && 'referrerId' in owner ? owner.referrerId : null,
      },
      brand.settings.currency,
    );
    await this.options.onScreenedDataChanged?.(user.id);
    const { token } = await this.sessions.issue('client', user.id, meta);
    return { user, token };
  }

  /**
   * "Try a demo" (POST /api/demo, modules/trading-accounts): a client with e-mail and password only — no name,
   * phone or country, so no KYC — whose first account is opened by `openFirst` in the same transaction (a demo
   * account with its virtual money). Same e-mail rule and answer as `register`; logs the new client in.
   */
  async registerDemo(
    brand: Brand,
    input: { email: string; password: string; ref?: string | undefined },
    meta: SessionMeta,
    openFirst: (tx: Db, user: UserRow) => Promise<{ accountId: number }>,
  ) {
    if (await this.repo.findByEmail(brand.id, input.email)) throw emailTaken();
    const passwordHash = await hashPassword(input.password);
    const owner = input.ref ? await this.repo.findReferralOwner(brand.id, input.ref) : undefined;
    let accountId = 0;
    const user = await this.insertWithFreshCodes(
      {
        brandId: brand.id,
        email: input.email,
        passwordHash,
        firstName: '',
        lastName: '',
        phone: '',
        countryId: null,
        ref: input.ref ?? null,
        sourcePage: 'demo',
        affiliateId: owner && 'affiliateId' in owner ? owner.affiliateId : null,
        referrerId: owner && 'referrerId' in owner ? owner.referrerId : null,
      },
      brand.settings.currency,
      async (tx, created) => {
        accountId = (await openFirst(tx, created)).accountId;
      },
    );
    const { token, session } = await this.sessions.issue('client', user.id, meta);
    return { user, token, session, accountId };
  }

  private async insertWithFreshCodes(
    values: Omit<Parameters<AccountsRepo['insert']>[0], 'pin' | 'uniqid'>,
    currency: string,
    /** Opens the client's first account instead of a live one in `currency` (a demo sign-up). */
    openFirst?: (tx: Db, user: UserRow) => Promise<void>,
  ): Promise<UserRow> {
    for (let attempt = 1; ; attempt++) {
      try {
        // the client and its first live account commit together: a client never exists without an account
        return await this.repo.db.transaction(async (tx) => {
          const user = await new AccountsRepo(tx).insert({ ...values, pin: newPin(), uniqid: newCode() });
          if (openFirst) {
            await openFirst(tx as unknown as Db, user);
            return user;
          }
          await new TradingAccountsRepo(tx).open({
            // the first live account has the client's id (decision 0028)
            id: user.id,
            userId: user.id,
            brandId: user.brandId,
            pin: user.pin,
            kind: 'live',
            currency: currency,
          });
          return user;
        });
      } catch (error) {
        // Two sign-ups with the same e-mail at the same moment: the index decides, the loser hears 409.
        if (isUniqueViolation(error, USERS_EMAIL_INDEX)) throw emailTaken();
        if (!isUniqueViolation(error) || attempt >= INSERT_ATTEMPTS) throw error;
      }
    }
  }

  /**
   * A one-time auto-login code for a client (operator command); the link is /autoLogin/{code}. `inTransaction`
   * (the operator's audit row) runs in the insert's transaction, so the code and its record commit together.
   */
  async createLoginCode(
    brand: Brand,
    email: string,
    inTransaction?: (tx: Db, created: { user: UserRow; expiresAt: Date }) => Promise<unknown>,
  ) {
    const user = await this.repo.findByEmail(brand.id, email);
    if (!user) return undefined;
    const code = newToken();
    const expiresAt = new Date(this.now().getTime() + this.options.loginCodeTtlMs);
    const values = { userId: user.id, codeHash: hashToken(code), expiresAt };
    if (inTransaction) {
      await this.loginCodes.db.transaction(async (tx) => {
        await this.loginCodes.create(values, tx);
        await inTransaction(tx, { user, expiresAt });
      });
    } else {
      await this.loginCodes.create(values);
    }
    return { user, code, expiresAt };
  }

  /** spec §7 login/{code}: a valid code logs its client in once; used, expired or unknown → 401. */
  async loginWithCode(brand: Brand, code: string, meta: SessionMeta) {
    if (!code || code.length > 200) throw autoLoginFailed();
    const used = await this.loginCodes.consume(hashToken(code), brand.id, this.now());
    const user = used && (await this.clientFor(brand, used.userId));
    if (!user) throw autoLoginFailed();
    const { token } = await this.sessions.issue('client', user.id, meta);
    return { user, token };
  }

  /** spec §7 update: the profile fields of spec §5; the country must exist. */
  async updateProfile(user: UserRow, input: ProfileUpdateInput): Promise<UserRow> {
    if (!(await this.reference.countryExists(input.country_id))) {
      throw invalidFields([
        { path: 'country_id', key: 'field.invalid', params: { title: titleFor('country_id') } },
      ]);
    }
    const updated = await this.repo.update(user.id, {
      firstName: input.first_name,
      lastName: input.last_name,
      phone: input.phone,
      birthDate: input.birth_date,
      countryId: input.country_id,
      state: input.state,
      city: input.city,
      street: input.street,
      zipCode: input.zip_code,
    });
    if (screenedDataChanged(user, updated)) await this.options.onScreenedDataChanged?.(user.id);
    for (const listener of this.profileListeners) listener(user, updated);
    return updated;
  }

  private readonly profileListeners = new Set<(before: UserRow, after: UserRow) => void>();

  /** Tells `listener` after a client changed their profile (the compliance checks look at the country again). */
  onProfileChanged(listener: (before: UserRow, after: UserRow) => void): () => void {
    this.profileListeners.add(listener);
    return () => {
      this.profileListeners.delete(listener);
    };
  }

  /**
   * spec §7 updatePassword, after checking the current password (a stolen token alone must
   * not take the account); a wrong one changes nothing. Every other session of the client ends; this
   * one stays.
   */
  async changePassword(
    user: UserRow,
    current: SessionRow,
    input: { current_password: string; new_password: string },
  ): Promise<UserRow> {
    if (!(await verifyPassword(user.passwordHash, input.current_password))) throw wrongCurrentPassword();
    const updated = await this.repo.update(user.id, { passwordHash: await hashPassword(input.new_password) });
    await this.sessions.revokeAll('client', user.id, current.id);
    return updated;
  }
}
