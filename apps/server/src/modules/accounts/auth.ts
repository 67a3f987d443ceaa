import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors.js';
import type { Brand, BrandsService } from '../brands/brands.service.js';
import type { SessionRow } from '../sessions/sessions.repo.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { TradingAccountRow } from '../trading-accounts/trading-accounts.repo.js';
import type { UserRow } from './accounts.repo.js';
import type { AccountsService } from './accounts.service.js';

/**
 * The bearer token of a request. The spec's calls carry it as `Authorization: Bearer`, in the
 * JSON body (`token`) or in the query (`?token=`); all three are accepted, the header first.
 */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  const body = request.body as { token?: unknown } | undefined;
  if (body && typeof body === 'object' && typeof body.token === 'string') return body.token;
  const query = request.query as { token?: unknown } | undefined;
  if (query && typeof query.token === 'string') return query.token;
  return undefined;
}

export interface ClientAuth {
  brand: Brand;
  user: UserRow;
  session: SessionRow;
  token: string;
  /**
   * The trading account the call acts on (docs/accounts.md): the request's optional `accountId` (body or query) when
   * it is one of the client's accounts (else 404), otherwise the session's current account. Read once, on first use.
   */
  account(): Promise<TradingAccountRow>;
}

/** The optional `accountId` as the request carries it (JSON body first, then the query). */
function rawAccountIdOf(request: FastifyRequest): unknown {
  const body = request.body as { accountId?: unknown } | undefined;
  if (body && typeof body === 'object' && !Buffer.isBuffer(body) && body.accountId !== undefined)
    return body.accountId;
  const query = request.query as { accountId?: unknown } | undefined;
  return query && typeof query === 'object' ? query.accountId : undefined;
}

/** accountIds requests named, read before their schema's validation (which may strip the key). */
const namedAccounts = new WeakMap<FastifyRequest, unknown>();

/** Keeps a request's optional `accountId` (the app's preValidation hook). */
export function rememberAccountId(request: FastifyRequest): void {
  const named = rawAccountIdOf(request);
  if (named !== undefined) namedAccounts.set(request, named);
}

/** The optional `accountId` a client-area request names (body or query), as it was sent. */
export function accountIdOf(request: FastifyRequest): unknown {
  return namedAccounts.has(request) ? namedAccounts.get(request) : rawAccountIdOf(request);
}

/**
 * Authenticates a client-area request: a live client session of a client of this brand, or 401.
 * `token` defaults to the request's own (header, body, query); multipart forms pass their field.
 */
export async function requireClient(
  request: FastifyRequest,
  deps: { sessions: SessionsService; accounts: AccountsService; brand: Brand },
  token: string | undefined = tokenOf(request),
): Promise<ClientAuth> {
  const session = token ? await deps.sessions.authenticate(token, 'client') : undefined;
  const user = session ? await deps.accounts.clientFor(deps.brand, session.subjectId) : undefined;
  if (!token || !session || !user) throw unauthorized();
  let account: Promise<TradingAccountRow> | undefined;
  return {
    brand: deps.brand,
    user,
    session,
    token,
    account: () => {
      account ??= deps.accounts.currentAccount(session, accountIdOf(request));
      return account;
    },
  };
}

/** What a client-area route needs to authenticate its requests. */
export interface ClientAuthDeps {
  sessions: SessionsService;
  accounts: AccountsService;
  brands: BrandsService;
}

/**
 * `requireClient` bound to the app's services and the request's brand, for route modules.
 * `formToken` is the token of a form the body parser does not see (a multipart field).
 */
export function clientAuthenticator({ sessions, accounts, brands }: ClientAuthDeps) {
  return async (request: FastifyRequest, formToken?: string): Promise<ClientAuth> =>
    requireClient(
      request,
      { sessions, accounts, brand: await brands.resolve(request.headers.host) },
      tokenOf(request) ?? formToken,
    );
}
