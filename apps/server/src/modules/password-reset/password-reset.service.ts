import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/random.js';
import type { AccountsRepo } from '../accounts/accounts.repo.js';
import { type Brand, brandBaseUrl } from '../brands/brands.service.js';
import type { MailLog, MailService } from '../mail/mail.service.js';
import { passwordResetMail } from '../mail/mail.templates.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { PasswordResetRepo } from './password-reset.repo.js';

/** A reset link works once, for an hour. */
export const RESET_TTL_MS = 60 * 60_000;

export const emailNotExist = () => new AppError(404, 'EMAIL_NOT_FOUND', 'auth.emailNotExist');
export const resetInvalid = () => new AppError(400, 'RESET_INVALID', 'password.resetInvalid');

/**
 * Forgot password (spec §7 /api/get/forgotPassword) and the reset that follows: a single-use
 * token, stored hashed, mailed as `<site>/password/reset/<token>`.
 */
export class PasswordResetService {
  constructor(
    private readonly repo: PasswordResetRepo,
    private readonly accounts: AccountsRepo,
    private readonly sessions: SessionsService,
    private readonly mail: MailService,
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Mails a reset link; an unknown e-mail is 404 'Email is not exist.' as spec §8 words it. `inTransaction`
   * (the back office's audit row) runs in the transaction that stores the reset and queues its mail, so the
   * three commit together.
   */
  async forgot(
    brand: Brand,
    email: string,
    meta: { ip: string; log: MailLog },
    inTransaction?: (tx: Db, user: { id: number }) => Promise<unknown>,
  ): Promise<void> {
    const user = await this.accounts.findByEmail(brand.id, email);
    if (!user) throw emailNotExist();
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
      return;
    }
    await this.repo.db.transaction(async (tx) => {
      await this.repo.create(reset, tx);
      await this.mail.send(brand, mail, meta.log, tx);
      await inTransaction(tx, user);
    });
    this.mail.wake();
  }

  /**
   * Sets the new password when the token is valid and unused, then ends every session of the
   * client (whoever knew the old password is logged out). Anything else: 400 'password.resetInvalid'.
   */
  async reset(token: string, newPassword: string): Promise<void> {
    const tokenHash = hashToken(token);
    // Checked before the deliberately slow hashing, so made-up tokens cost little.
    if (!(await this.repo.findUsable(tokenHash, this.now()))) throw resetInvalid();
    const userId = await this.repo.resetPassword(tokenHash, await hashPassword(newPassword), this.now());
    if (userId === undefined) throw resetInvalid();
    await this.sessions.revokeAll('client', userId);
  }
}
