import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { unauthorized } from '../../lib/errors.js';
import { tokenOf } from '../accounts/auth.js';
import type { Brand } from '../brands/brands.service.js';
import type { SessionRow } from '../sessions/sessions.repo.js';
import type { AffiliateRow } from './affiliates.repo.js';

export interface AffiliateAuth {
  brand: Brand;
  affiliate: AffiliateRow;
  session: SessionRow;
  token: string;
}

/**
 * Authenticates an affiliate call (spec §6): a live session of kind 'affiliate' (a client's token
 * never passes) of an affiliate of the brand the request's host names, or 401.
 */
export function affiliateAuthenticator(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<AffiliateAuth> => {
    const brand = await ctx.brands.resolve(request.headers.host);
    const token = tokenOf(request);
    const session = token ? await ctx.sessions.authenticate(token, 'affiliate') : undefined;
    const affiliate = session ? await ctx.affiliates.affiliateFor(brand, session.subjectId) : undefined;
    if (!token || !session || !affiliate) throw unauthorized();
    return { brand, affiliate, session, token };
  };
}
