import {
  type BrandScope,
  can,
  inBrandScope,
  lastInputAt,
  rolesWith,
  STAFF_INPUT_AGE_HEADER,
  type StaffPolicy,
  type StaffRole,
} from '@openbroker/domain';
import type { FastifyRequest, RouteOptions } from 'fastify';
import type { FastifySchema } from 'fastify/types/schema.js';
import { forbidden, notFound, unauthorized } from '../../lib/errors.js';
import type { SessionRow } from '../sessions/sessions.repo.js';
import type { StaffRow } from './staff.repo.js';
import {
  passwordChangeRequired,
  rolesOf,
  type StaffService,
  scopeOf,
  twoFactorRequired,
} from './staff.service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a back-office route needs; declared next to its schema with `withPolicy`. */
    policy?: StaffPolicy;
  }
}

/** The prefix of every back-office route; each must declare a policy (policy.test walks them). */
export const BACKOFFICE_PREFIX = '/api/backoffice/';

export interface StaffAuth {
  staff: StaffRow;
  roles: StaffRole[];
  scope: BrandScope;
  session: SessionRow;
  /** True until two-factor sign-in is set up: only enrolment, `me` and logout answer. */
  enrolmentOnly: boolean;
  /** True after an administrator reset the password: only the password change, `me` and logout answer. */
  passwordChangeOnly: boolean;
}

const authOf = new WeakMap<FastifyRequest, StaffAuth>();

/** The signed-in staff member of a request that passed its route's policy. */
export function staffOf(request: FastifyRequest): StaffAuth {
  const auth = authOf.get(request);
  if (!auth) throw unauthorized();
  return auth;
}

/** Records in scope: a brand outside the member's scope answers 404, as if it did not exist. */
export function assertBrandInScope(auth: StaffAuth, brandId: number): void {
  if (!inBrandScope(auth.scope, brandId)) throw notFound();
}

/** Brand ids in scope, as a repository's list query filters them: null means every brand. */
export type ScopeFilter = readonly number[] | null;

/** The brand ids a list may show: one brand (in scope, else 404) or every brand in scope. */
export function scopeFilter(auth: StaffAuth, brandId: number | undefined): ScopeFilter {
  if (brandId !== undefined) {
    assertBrandInScope(auth, brandId);
    return [brandId];
  }
  return auth.scope.all ? null : auth.scope.brandIds;
}

/** The staff member and request behind an action (audit: who, role, from where). */
export interface StaffActor {
  auth: StaffAuth;
  request: Pick<FastifyRequest, 'ip'>;
}

/** The bearer token of a staff call: only the header (a token never travels in a URL or a form here). */
function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

/** The policy a route declared, or undefined (which policy.test reports for /api/backoffice routes). */
export const policyOf = (route: Pick<RouteOptions, 'config'>): StaffPolicy | undefined =>
  (route.config as { policy?: StaffPolicy } | undefined)?.policy;

/**
 * The hook that enforces a route's policy (preValidation: before the body and params are validated,
 * so a caller without the right session learns nothing about them): a live staff session (client and affiliate
 * tokens are other kinds and never match), not disabled, two-factor sign-in set up unless the
 * route serves enrolment, and a role that grants the route's permission.
 */
export function enforcePolicy(policy: StaffPolicy, staff: StaffService) {
  return async (request: FastifyRequest): Promise<void> => {
    if (policy.public) return;
    const token = bearerOf(request);
    // The back office says how long ago the person last used the screen: a refresh nobody asked for
    // (a live desk, a queue) does not keep an unattended session alive.
    const inputAt = lastInputAt(request.headers[STAFF_INPUT_AGE_HEADER], Date.now());
    const session = token ? await staff.sessionService.authenticate(token, 'staff', inputAt) : undefined;
    const member = session ? await staff.byId(session.subjectId) : undefined;
    if (!session || !member || member.disabledAt) throw unauthorized();
    const auth: StaffAuth = {
      staff: member,
      roles: rolesOf(member),
      scope: scopeOf(member),
      session,
      enrolmentOnly: member.totpEnabledAt === null,
      passwordChangeOnly: member.passwordChangeRequired,
    };
    if (auth.enrolmentOnly && !policy.duringEnrolment) throw twoFactorRequired();
    if (auth.passwordChangeOnly && !policy.duringPasswordChange) throw passwordChangeRequired();
    if (policy.permission && !can(auth.roles, policy.permission)) throw forbidden();
    authOf.set(request, auth);
  };
}

/** The API description of a policy, appended to the route's summary ("needs: compliance or admin"). */
export function describePolicy(policy: StaffPolicy): string {
  if (policy.public) return 'no staff session needed';
  const who = policy.permission ? rolesWith(policy.permission).join(' or ') : 'any signed-in staff member';
  const scope = policy.brandScoped ? '; limited to the brands in scope (others answer 404)' : '';
  const enrol = policy.duringEnrolment ? '; also during two-factor enrolment' : '';
  return `Staff policy: ${who}${scope}${enrol}`;
}

export type StaffRouteSchema = FastifySchema & { summary?: string; tags?: string[] };

/**
 * A back-office route's options with its policy next to its schema: `config.policy` (what the
 * route walk checks), the preValidation hook that enforces it, bearer security and the needed roles in the
 * API description.
 */
export function withPolicy<S extends StaffRouteSchema>(policy: StaffPolicy, staff: StaffService, schema: S) {
  return {
    config: { policy },
    preValidation: enforcePolicy(policy, staff),
    schema: {
      ...schema,
      tags: schema.tags ?? ['backoffice'],
      summary: `${schema.summary ?? ''}${schema.summary ? '. ' : ''}${describePolicy(policy)}`,
      ...(policy.public ? {} : { security: [{ bearer: [] }] }),
    } as S,
  };
}

interface RouteRecord {
  method: RouteOptions['method'];
  url: string;
  policy: StaffPolicy | undefined;
}

const routesOf = new WeakMap<object, RouteRecord[]>();

/**
 * Watches route registration (Fastify onRoute): records every route for the route walk, and
 * refuses to register an /api/backoffice route without a policy, so none can be forgotten.
 */
export function guardBackofficeRoutes(app: {
  addHook(name: 'onRoute', hook: (route: RouteOptions) => void): unknown;
}): void {
  const records: RouteRecord[] = [];
  routesOf.set(app, records);
  app.addHook('onRoute', (route) => {
    const policy = policyOf(route);
    records.push({ method: route.method, url: route.url, policy });
    if (route.url.startsWith(BACKOFFICE_PREFIX) && !policy) {
      throw new Error(
        `${String(route.method)} ${route.url} is a back-office route without a policy (config.policy)`,
      );
    }
  });
}

/** Every route registered on an app guarded by `guardBackofficeRoutes`, with its policy. */
export const registeredRoutes = (app: object): readonly RouteRecord[] => routesOf.get(app) ?? [];
