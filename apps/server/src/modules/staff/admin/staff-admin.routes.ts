import {
  StaffCreated,
  StaffCreateInput,
  StaffIdleLimitsInput,
  StaffMember,
  StaffMemberList,
  StaffPasswordReset,
  StaffRoleIdleLimits,
  StaffUpdateInput,
} from '@openbroker/domain';
import { z } from 'zod';
import { type App, ErrorBody, ok } from '../../../http.js';
import { staffOf, withPolicy } from '../policy.js';
import type { StaffService } from '../staff.service.js';
import type { StaffAdminService } from './staff-admin.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['backoffice: staff'];

/** `:id` as sent; anything but a member in scope answers the same 404. */
const StaffParams = z.object({ id: z.string().max(32) });
const idOf = (raw: string) => (/^\d{1,10}$/.test(raw) ? Number(raw) : 0);

/** What the staff management routes use. */
export interface StaffAdminRoutesDeps {
  staff: StaffService;
  staffAdmin: StaffAdminService;
}

/** Staff management: admins list, create and change staff members; each change audited. */
export async function staffAdminRoutes(app: App, { staff, staffAdmin: admin }: StaffAdminRoutesDeps) {
  const policy = { permission: 'staff.manage', brandScoped: true } as const;

  app.get(
    '/api/backoffice/staff',
    withPolicy(policy, staff, {
      tags,
      summary:
        'Staff members in the reader’s scope (an admin limited to some brands sees the members whose brands are all theirs)',
      response: { 200: ok(StaffMemberList), ...errors },
    }),
    async (request) => ({ status: true as const, data: await admin.list(staffOf(request)) }),
  );

  app.post(
    '/api/backoffice/staff',
    withPolicy(policy, staff, {
      tags,
      summary:
        'Creates a staff member (brandIds null: every brand). Answers the initial password this once and the address ' +
        'where they sign in and set up two-factor sign-in. 409 STAFF_EMAIL_TAKEN; a brand outside the scope: 404',
      body: StaffCreateInput,
      response: { 200: ok(StaffCreated), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await admin.create(staffOf(request), request.body, request),
    }),
  );

  app.post(
    '/api/backoffice/staff/:id',
    withPolicy(policy, staff, {
      tags,
      summary:
        'Changes roles, brand scope (brandIds, null: every brand), disabled (disabling needs a reason, audited, ' +
        'and ends their sessions) or ipAllowList (addresses or CIDR networks they may sign in from; null: any). ' +
        '409 CANNOT_DISABLE_SELF, CANNOT_REMOVE_OWN_ADMIN',
      params: StaffParams,
      body: StaffUpdateInput,
      response: { 200: ok(StaffMember), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await admin.update(staffOf(request), idOf(request.params.id), request.body, request),
    }),
  );

  app.post(
    '/api/backoffice/staff/:id/reset-2fa',
    withPolicy(policy, staff, {
      tags,
      summary:
        'Resets two-factor sign-in (a lost phone): secret and recovery codes are removed, their sessions end, and ' +
        'their next sign-in can only enrol again',
      params: StaffParams,
      response: { 200: ok(StaffMember), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await admin.resetTwoFactor(staffOf(request), idOf(request.params.id), request),
    }),
  );

  app.post(
    '/api/backoffice/staff/:id/reset-password',
    withPolicy(policy, staff, {
      tags,
      summary:
        'Resets the password (forgotten): answers a temporary password this once, ends their sessions, and at ' +
        'their next sign-in they must choose a new password before anything else',
      params: StaffParams,
      response: { 200: ok(StaffPasswordReset), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await admin.resetPassword(staffOf(request), idOf(request.params.id), request),
    }),
  );

  app.post(
    '/api/backoffice/staff/:id/unlock-2fa',
    withPolicy(policy, staff, {
      tags,
      summary:
        'Unlocks the second factor locked after wrong codes (audited); the count and the growing lock time ' +
        'start again',
      params: StaffParams,
      response: { 200: ok(StaffMember), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await admin.unlockSecondFactor(staffOf(request), idOf(request.params.id), request),
    }),
  );

  const settingsPolicy = { permission: 'staff.manage', brandScoped: false } as const;

  app.get(
    '/api/backoffice/staff-settings/idle',
    withPolicy(settingsPolicy, staff, {
      tags,
      summary:
        "Each role's idle limit in minutes (a member's sessions end after the shortest of their roles' limits " +
        'without input)',
      response: { 200: ok(StaffRoleIdleLimits), ...errors },
    }),
    async () => ({ status: true as const, data: await admin.idleLimits() }),
  );

  app.post(
    '/api/backoffice/staff-settings/idle',
    withPolicy(settingsPolicy, staff, {
      tags,
      summary:
        "Sets roles' idle limits ({limits: {dealer: 60, support: null}}; null: the role's default), audited. " +
        'Sessions started afterwards follow them. Only an administrator for every brand (else 403)',
      body: StaffIdleLimitsInput,
      response: { 200: ok(StaffRoleIdleLimits), ...errors },
    }),
    async (request) => ({
      status: true as const,
      data: await admin.setIdleLimits(staffOf(request), request.body, request),
    }),
  );
}
