import {
  type AffiliateFilterInput,
  accountTotals,
  dayEnd,
  dayStart,
  type Funnel,
  funnelByDay,
  utcDay,
} from '@openbroker/domain';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, invalidFields } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { newCode, newToken } from '../../lib/random.js';
import type { Brand } from '../brands/brands.service.js';
import type { SessionRow } from '../sessions/sessions.repo.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import {
  AFFILIATES_EMAIL_INDEX,
  type AffiliateRow,
  AffiliatesRepo,
  type ReferredAccountRow,
} from './affiliates.repo.js';

// Same reason as the client login: an unknown e-mail takes as long to refuse as a wrong password.
const decoyHash = hashPassword('decoy-password-for-unknown-affiliates');

export const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'auth.invalidCredentials');
export const wrongCurrentPassword = () => invalidFields([{ path: 'password', key: 'password.currentWrong' }]);

/** Tracking codes are 8 characters: client uniqids are 10, so the two kinds of code never clash. */
export const AFFILIATE_CODE_LENGTH = 8;
const INSERT_ATTEMPTS = 5;

export interface SessionMeta {
  info: string;
  ip: string;
}

/** One referred account with its first-time deposit (spec §3 Affiliate account). */
export interface AffiliateReport {
  accounts: ReferredAccountRow[];
  totals: ReturnType<typeof accountTotals>;
}

/** Thrown by `create` when the brand already has an affiliate with that e-mail. */
export class AffiliateEmailTakenError extends Error {
  override name = 'AffiliateEmailTakenError';
}

/**
 * Affiliates (spec §1, §6): partners of one brand with their own login and their own sessions
 * (subject type 'affiliate'; a client token never opens them), who see only the accounts their
 * tracking code brought, with first-time deposits and the clicks → registrations → deposits funnel.
 */
/** What an audit row of a created affiliate records as its `after` (back office and CLI alike); no password. */
export function affiliateAuditAfter(affiliate: {
  email: string;
  firstName: string;
  lastName: string;
  code: string;
}): { email: string; firstName: string; lastName: string; code: string } {
  const { email, firstName, lastName, code } = affiliate;
  return { email, firstName, lastName, code };
}

export class AffiliatesService {
  constructor(
    private readonly repo: AffiliatesRepo,
    private readonly sessions: SessionsService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** spec §7 /api/affiliate/login: the same answer whether the e-mail or the password was wrong. */
  async login(brand: Brand, input: { email: string; password: string }, meta: SessionMeta) {
    const affiliate = await this.repo.findByEmail(brand.id, input.email);
    const matches = await verifyPassword(affiliate?.passwordHash ?? (await decoyHash), input.password);
    // A disabled affiliate is refused with the same answer: nothing tells a guesser the password was right.
    if (!affiliate || !matches || affiliate.disabledAt) throw invalidCredentials();
    const { token } = await this.sessions.issue('affiliate', affiliate.id, meta);
    return { affiliate, token };
  }

  /**
   * The affiliate behind a session, provided it still exists, belongs to this brand and is not disabled (a
   * session that outlived a disable, e.g. on another node before its revocation landed, opens nothing).
   */
  async affiliateFor(brand: Brand, affiliateId: number): Promise<AffiliateRow | undefined> {
    const affiliate = await this.repo.findById(affiliateId);
    return affiliate && affiliate.brandId === brand.id && !affiliate.disabledAt ? affiliate : undefined;
  }

  /** A new password after checking the current one; the affiliate's other sessions end. */
  async changePassword(
    affiliate: AffiliateRow,
    current: SessionRow,
    input: { password: string; new_password: string },
  ): Promise<void> {
    if (!(await verifyPassword(affiliate.passwordHash, input.password))) throw wrongCurrentPassword();
    await this.repo.setPasswordHash(affiliate.id, await hashPassword(input.new_password));
    await this.sessions.revokeAll('affiliate', affiliate.id, current.id);
  }

  /**
   * spec §7 /api/affiliate/get: the affiliate's accounts registered (`created_at`) or first
   * deposited (`transactions`) within `from`…`until`, whole UTC days both included, with totals.
   */
  async report(affiliate: AffiliateRow, filter: AffiliateFilterInput): Promise<AffiliateReport> {
    // clients with demo accounts only hold virtual money: no conversion, no commission (counted apart in the funnel)
    const accounts = (await this.repo.referredAccounts(affiliate, periodOf(filter), filter.where)).filter(
      (a) => a.live,
    );
    return {
      accounts,
      totals: accountTotals(
        accounts.map((a) => ({ transaction: a.firstDeposit ? { amount: a.firstDeposit.amount } : null })),
      ),
    };
  }

  /**
   * The funnel of a period (the panel's cards and chart): clicks on the tracking code, registrations
   * and first-time deposits, each counted on its own UTC day within `from`…`until`.
   */
  async funnel(
    affiliate: AffiliateRow,
    filter: Pick<AffiliateFilterInput, 'from' | 'until'>,
  ): Promise<Funnel> {
    const [accounts, clicks] = await Promise.all([
      this.repo.referredAccounts(affiliate, periodOf(filter), 'either'),
      this.repo.clicksPerDay(affiliate.brandId, affiliate.code, filter.from, filter.until),
    ]);
    return funnelByDay(
      accounts.map((a) => ({
        created_at: a.createdAt.toISOString(),
        first_deposit_at: a.firstDeposit?.at.toISOString() ?? null,
        demo: a.demo,
      })),
      clicks,
      filter.from,
      filter.until,
    );
  }

  /**
   * Counts a visit through a tracking link on today's UTC day, when the code is an affiliate's on
   * this brand; other codes (a client's uniqid, a typo, another brand's code) count nothing.
   * The browser sends a code at most once a day (documented in docs/affiliates.md).
   */
  async countClick(brand: Brand, code: string): Promise<void> {
    const affiliate = await this.repo.findByCode(brand.id, code);
    if (affiliate) await this.repo.addClick(brand.id, affiliate.code, utcDay(this.now()));
  }

  /**
   * A new affiliate of a brand (operator command, back office): a generated password and tracking code, both
   * shown once. Codes are retried on the rare clash. `inTransaction` (the back office's audit row) runs in the
   * insert's transaction, so the affiliate and its record commit together.
   */
  async create(
    brand: Pick<Brand, 'id'>,
    input: { email: string; firstName: string; lastName: string },
    inTransaction?: (tx: Db, affiliate: AffiliateRow) => Promise<unknown>,
  ) {
    if (await this.repo.findByEmail(brand.id, input.email)) throw new AffiliateEmailTakenError();
    const password = newAffiliatePassword();
    const passwordHash = await hashPassword(password);
    for (let attempt = 1; ; attempt++) {
      try {
        const values = {
          brandId: brand.id,
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          code: newCode(AFFILIATE_CODE_LENGTH),
        };
        const affiliate = inTransaction
          ? await this.repo.db.transaction(async (tx) => {
              const row = await new AffiliatesRepo(tx).insert(values);
              await inTransaction(tx, row);
              return row;
            })
          : await this.repo.insert(values);
        return { affiliate, password };
      } catch (error) {
        if (isUniqueViolation(error, AFFILIATES_EMAIL_INDEX)) throw new AffiliateEmailTakenError();
        if (!isUniqueViolation(error) || attempt >= INSERT_ATTEMPTS) throw error;
      }
    }
  }
}

/** A generated affiliate password (16 characters, shown once; only its hash is kept). */
export const newAffiliatePassword = (): string => newToken().slice(0, 16);

/** The instants of a filter's whole UTC days: [start of from, start of the day after until). */
function periodOf(filter: Pick<AffiliateFilterInput, 'from' | 'until'>) {
  return { start: dayStart(filter.from), end: dayEnd(filter.until) };
}
