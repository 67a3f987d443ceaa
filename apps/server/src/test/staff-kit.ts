import type { StaffRole } from '@openbroker/domain';
import { generate } from 'otplib';
import { expect } from 'vitest';
import type { App } from '../http.js';
import { uniqueEmail } from './factories.js';
import type { TestServer } from './harness.js';

export interface StaffSession {
  id: number;
  email: string;
  password: string;
  /** A full staff session (two-factor sign-in set up), for `Authorization: Bearer`. */
  token: string;
}

/**
 * A new staff member with these roles and brand scope (null: every brand), enrolled in two-factor
 * sign-in through the API as a person would, and signed in. Each call makes a new member, so tests
 * never replay a TOTP code (a code is accepted once per member).
 */
export async function staffSession(
  server: TestServer,
  roles: StaffRole[],
  brandIds: number[] | null = null,
): Promise<StaffSession> {
  const app = server.app;
  const email = uniqueEmail('staff');
  const { staff, password } = await server.runtime.ctx.staff.create(
    { email, name: `Test ${roles.join(' ')}`, roles, brandIds },
    'test',
  );
  const login = await app.inject({
    method: 'POST',
    url: '/api/backoffice/auth/login',
    payload: { email, password },
  });
  expect(login.statusCode, login.body).toBe(200);
  const enrolment = login.json().data.token as string;
  const start = await staffCall(app, 'POST', '/api/backoffice/auth/enrol/start', enrolment, {});
  expect(start.statusCode, start.body).toBe(200);
  const code = await generate({ secret: start.json().data.secret });
  const confirm = await staffCall(app, 'POST', '/api/backoffice/auth/enrol/confirm', enrolment, { code });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { id: staff.id, email, password, token: confirm.json().data.token };
}

/** A back-office call with a bearer token (JSON body for POST, PATCH, PUT). */
export const staffCall = (
  app: App,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: unknown,
) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** One admin per test server who gives the second key to the adjustments tests book. */
const checkers = new WeakMap<TestServer, Promise<StaffSession>>();

/**
 * Books a staff adjustment as the back office does, under two keys: `makerToken` requests it and a second member
 * (an admin of this server) approves it. Answers the approval's response, or the request's when it was refused.
 */
export async function bookAdjustment(
  server: TestServer,
  makerToken: string,
  clientId: number,
  body: { kind: string; amount: string; reason: string },
) {
  let checker = checkers.get(server);
  if (!checker) {
    checker = staffSession(server, ['admin']);
    checkers.set(server, checker);
  }
  const requested = await staffCall(
    server.app,
    'POST',
    `/api/backoffice/clients/${clientId}/adjustments`,
    makerToken,
    body,
  );
  if (requested.statusCode !== 200) return requested;
  const reference = requested.json().data.request.reference as string;
  return staffCall(
    server.app,
    'POST',
    `/api/backoffice/money-requests/${reference}/approve`,
    (await checker).token,
    {},
  );
}
