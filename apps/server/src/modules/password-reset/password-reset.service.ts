import type { Db } from '../../db/client.js';
import { AppError, invalidFields } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/random.js';
import type { AccountsRepo } from '../accounts/accounts.repo.js';
import { type Brand, brandBaseUrl } from '../brands/brands.service.js';
import type { MailLog, MailService } from '../mail/mail.service.js';
import { passwordResetMail } from '../mail/mail.templates.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { PasswordResetRepo } from './password-reset.repo.js';

/** A reset link works once, for an hour. */
export const RESET_TTL_MS = 60 * 60_000;

export const resetInvalid = () => new AppError(400, 'RESET_INVALID', 'password.resetInvalid');
/** a reset to the password the client already has changes nothing; said on the field. */
export const sameAsCurrent = () => invalidFields([{ path: 'new_password', key: 'password.sameAsCurrent' }]);

/**
 * Forgot password (spec §7 /api/get/forgotPassword) and the reset that follows: a single-use
 * token, stored hashed, mailed as `<site>/password/reset/<token>`.
 */
export class PasswordResetService {
  /** Requests answered but still at work (`request`), so a shutdown or a test can wait for them. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly repo: PasswordResetRepo,
    private readonly accounts: AccountsRepo,
    private readonly sessions: SessionsService,
    private readonly mail: MailService,
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * The public forgot password: nothing in the answer, its status or its time may tell whether the
   * e-mail has an account. So the request only starts the work and is answered at once, the same way for every
   * e-mail; the lookup, the reset and its mail happen after the answer (`forgot`). A failure there is logged
   * (never the e-mail) and the client asks again.
   */
  request(brand: Brand, email: string, meta: { ip: string; log: MailLog }): void {
    const work = this.forgot(brand, email, meta)
      .then(() => undefined)
      .catch((error: unknown) => meta.log.error({ err: error }, 'password reset request failed'));
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /** Resolves once every request started by `request` has finished (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Mails a reset link to the client with this e-mail; false, and nothing stored or mailed, when the brand has
   * no such client. `inTransaction` (the back office's audit row) runs in the transaction that stores the reset
   * and queues its mail, so the three commit together.
   */
  async forgot(
    brand: Brand,
    email: string,
    meta: { ip: string; log: MailLog },
    inTransaction?: (tx: Db, user: { id: number }) => Promise<unknown>,
  ): Promise<boolean> {
    const user = await this.accounts.findByEmail(brand.id, email);
    if (!user) return false;
    const token = newToken();
    const reset = {
      userId: user.id,
      tokenHash: hashToken(token),
      ip: meta.ip.slice(0, 64),
      expiresAt: new Date(this.now().getTime() + RESET_TTL_MS),
    };
    const link = `${brandBaseUrl(brand, this.publicUrl)}/password/reset/${token}`;
    const mail = passwordResetMail(
      brand,
      { email: user.email, firstName: user.firstName },
      link,
      RESET_TTL_MS / 60_000,
    );
    if (!inTransaction) {
      await this.repo.create(reset);
      await this.mail.send(brand, mail, meta.log);
      return true;
    }
    await this.repo.db.transaction(async (tx) => {
      await this.repo.create(reset, tx);
      await this.mail.send(brand, mail, meta.log, tx);
      await inTransaction(tx, user);
    });
    this.mail.wake();
    return true;
  }

  /**
   * Sets the new password when the token is valid and unused, then ends every session of the
   * client (whoever knew the old password is logged out). Anything else: 400 'password.resetInvalid'.
   * The client's current password is refused as the new one, and the link stays usable.
   */
  async reset(token: string, newPassword: string): Promise<void> {
    const tokenHash = hashToken(token);
    // Checked before the deliberately slow hashing, so made-up tokens cost little.
    const usable = await this.repo.findUsable(tokenHash, this.now());
    if (!usable) throw resetInvalid();
    const user = await this.accounts.findById(usable.userId);
    if (user && (await verifyPassword(user.passwordHash, newPassword))) throw sameAsCurrent();
    const userId = await this.repo.resetPassword(tokenHash, await hashPassword(newPassword), this.now());
    if (userId === undefined) throw resetInvalid();
    await this.sessions.revokeAll('client', userId);
  }
}
