import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors.js';
import { tokenOf } from '../accounts/auth.js';
import type { Brand, BrandsService } from '../brands/brands.service.js';
import type { SessionRow } from '../sessions/sessions.repo.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { AffiliateRow } from './affiliates.repo.js';
import type { AffiliatesService } from './affiliates.service.js';

export interface AffiliateAuth {
  brand: Brand;
  affiliate: AffiliateRow;
  session: SessionRow;
  token: string;
}

/** What authenticating an affiliate call uses. */
export interface AffiliateAuthDeps {
  brands: BrandsService;
  sessions: SessionsService;
  affiliates: AffiliatesService;
}

/**
 * Authenticates an affiliate call (spec §6): a live session of kind 'affiliate' (a client's token
 * never passes) of an affiliate of the brand the request's host names, or 401.
 */
export function affiliateAuthenticator({ brands, sessions, affiliates }: AffiliateAuthDeps) {
  return async (request: FastifyRequest): Promise<AffiliateAuth> => {
    const brand = await brands.resolve(request.headers.host);
    const token = tokenOf(request);
    const session = token ? await sessions.authenticate(token, 'affiliate') : undefined;
    const affiliate = session ? await affiliates.affiliateFor(brand, session.subjectId) : undefined;
    if (!token || !session || !affiliate) throw unauthorized();
    return { brand, affiliate, session, token };
  };
}
