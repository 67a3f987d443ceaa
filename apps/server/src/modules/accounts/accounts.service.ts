import { AppError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { Brand } from '../brands/brands.service.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { AccountsRepo, UserRow } from './accounts.repo.js';

// Verifying against a throwaway hash when the e-mail is unknown keeps both answers equally slow,
// so response time does not reveal which e-mails have accounts.
const decoyHash = hashPassword('decoy-password-for-unknown-accounts');

export const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'auth.invalidCredentials');

export class AccountsService {
  constructor(
    private readonly repo: AccountsRepo,
    private readonly sessions: SessionsService,
  ) {}

  /** spec §7 login: the same answer whether the e-mail or the password was wrong. */
  async login(brand: Brand, input: { email: string; password: string; info: string; ip: string }) {
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
}
