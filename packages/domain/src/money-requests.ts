/**
 * Staff money under two keys. Every balance movement a staff member starts (bonus, promotional bonus, credit,
 * correction, staff wire or card withdrawal) is a request that books nothing until a second member with the
 * approve permission approves it. Nobody approves their own request. Limits per brand and per role cap the size
 * of one request and the day's total per staff member and per client (sliced requests count together). Pure: the
 * server enforces these rules and the back office explains them with the same functions.
 */
import { z } from 'zod';
import { type Money, money, moneyToDecimalString, parseMoney } from './money.js';
import type { StaffRole } from './staff.js';
import { type FieldMessage, fieldMessage } from './validation.js';

export const MONEY_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type MoneyRequestStatus = (typeof MONEY_REQUEST_STATUSES)[number];

/** The three caps of one role on one brand, in the brand's currency (exact decimals). */
export interface MoneyLimits {
  /** The largest single request (its size, either sign). */
  maxSingle: Money;
  /** What one staff member may request in a UTC day, pending and approved requests together. */
  maxDailyPerMember: Money;
  /** What all staff together may request for one client in a UTC day. */
  maxDailyPerClient: Money;
}

/**
 * The caps when an admin has set none for a role on a brand: finance moves everyday sums, an admin more; every
 * other role has no money permission at all. Every request still needs a second key whatever its size.
 */
export const DEFAULT_MONEY_LIMITS: Readonly<Partial<Record<StaffRole, MoneyLimits>>> = Object.freeze({
  finance: { maxSingle: money(10_000), maxDailyPerMember: money(50_000), maxDailyPerClient: money(25_000) },
  admin: { maxSingle: money(100_000), maxDailyPerMember: money(500_000), maxDailyPerClient: money(250_000) },
});

const NO_LIMITS: MoneyLimits = {
  maxSingle: money(0),
  maxDailyPerMember: money(0),
  maxDailyPerClient: money(0),
};

/** The roles whose limits an admin sets (those that may request money). */
export const MONEY_LIMIT_ROLES = ['finance', 'admin'] as const satisfies readonly StaffRole[];
export type MoneyLimitRole = (typeof MONEY_LIMIT_ROLES)[number];

/**
 * A member's caps on a brand: for each cap, the largest any of their money roles allows (a member who is both
 * finance and admin works under the admin's caps). `set` holds what an admin set per role; the defaults fill the
 * rest. A member without a money role gets zero caps (any request is over the limit).
 */
export function limitsOf(
  roles: readonly StaffRole[],
  set: Readonly<Partial<Record<StaffRole, MoneyLimits>>>,
): MoneyLimits {
  let limits: MoneyLimits | null = null;
  for (const role of roles) {
    const own = set[role] ?? DEFAULT_MONEY_LIMITS[role];
    if (!own) continue;
    limits = limits
      ? {
          maxSingle: money(Math.max(limits.maxSingle, own.maxSingle)),
          maxDailyPerMember: money(Math.max(limits.maxDailyPerMember, own.maxDailyPerMember)),
          maxDailyPerClient: money(Math.max(limits.maxDailyPerClient, own.maxDailyPerClient)),
        }
      : own;
  }
  return limits ?? NO_LIMITS;
}

/** What the day already holds: the sizes of today's pending and approved requests, by this member and for this client. */
export interface RequestedToday {
  byMember: Money;
  forClient: Money;
}

/**
 * Why a request of this size (either sign) is over a cap, or null when it fits. Sliced requests count together:
 * what was requested today plus this one must stay within the day's caps. `currency` names the amounts in the
 * message ('EUR 10,000.00').
 */
export function moneyLimitProblem(
  amount: Money,
  limits: MoneyLimits,
  today: RequestedToday,
  currency: string,
): FieldMessage | null {
  const size = Math.abs(amount);
  const name = (value: Money) => `${currency} ${moneyToDecimalString(value)}`;
  if (size > limits.maxSingle)
    return fieldMessage('amount', 'staff.limitSingle', { max: name(limits.maxSingle) });
  if (today.byMember + size > limits.maxDailyPerMember)
    return fieldMessage('amount', 'staff.limitDailyMember', {
      max: name(limits.maxDailyPerMember),
      used: name(today.byMember),
    });
  if (today.forClient + size > limits.maxDailyPerClient)
    return fieldMessage('amount', 'staff.limitDailyClient', {
      max: name(limits.maxDailyPerClient),
      used: name(today.forClient),
    });
  return null;
}

/**
 * Which caps a change raises: lowering a cap tightens control and applies at once; raising one is a proposal a
 * second admin confirms (nobody lifts a limit alone).
 */
export function raisedLimits(current: MoneyLimits, next: MoneyLimits): (keyof MoneyLimits)[] {
  return (['maxSingle', 'maxDailyPerMember', 'maxDailyPerClient'] as const).filter(
    (key) => next[key] > current[key],
  );
}

/** Start of the UTC day `at` falls in: the day the daily caps count. */
export function limitDayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

// ------------------------------------------------------------------------------ look-alike clients

/** A person's contact as compared: e-mail, phone and full name. */
export interface Contact {
  email: string;
  phone: string;
  name: string;
}

export type LookalikeField = 'email' | 'phone' | 'name';

/** An e-mail without case and without a '+tag' in its local part: the mailbox it reaches. */
const mailbox = (email: string): string => {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  return `${local.split('+')[0]}@${domain}`;
};
/** Whether two e-mail addresses reach the same mailbox (case and '+tags' aside): a member paying themselves. */
export const sameMailbox = (a: string, b: string): boolean =>
  a.trim() !== '' && b.trim() !== '' && mailbox(a) === mailbox(b);
const digits = (phone: string): string => phone.replace(/\D/g, '').replace(/^00/, '');
const fullName = (name: string): string =>
  name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * What a client shares with a staff member: the same mailbox (ignoring case and '+tags'), the same phone number
 * (the last 9 digits, so '+49 170…' and '0170…' match) or the same full name (ignoring case and accents). An
 * approval dialog warns about any of these: a member may be paying themselves.
 */
export function lookalikeFields(client: Contact, staff: Contact): LookalikeField[] {
  const found: LookalikeField[] = [];
  if (sameMailbox(client.email, staff.email)) found.push('email');
  const a = digits(client.phone);
  const b = digits(staff.phone);
  if (a.length >= 7 && b.length >= 7 && a.slice(-9) === b.slice(-9)) found.push('phone');
  if (fullName(client.name) && fullName(client.name) === fullName(staff.name)) found.push('name');
  return found;
}

/** Limits as an admin sends them. */
export const MoneyLimitsInput = z.object({
  maxSingle: z.string().max(24),
  maxDailyPerMember: z.string().max(24),
  maxDailyPerClient: z.string().max(24),
});

/** Limits from decimal strings ('10000.00'), or null when one is not a non-negative amount with at most 2 decimals. */
export function parseLimits(input: z.infer<typeof MoneyLimitsInput>): MoneyLimits | null {
  const parsed: Partial<MoneyLimits> = {};
  for (const key of ['maxSingle', 'maxDailyPerMember', 'maxDailyPerClient'] as const) {
    const text = input[key].trim();
    const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
    if (!match) return null;
    parsed[key] = parseMoney(`${match[1]}.${(match[2] ?? '').padEnd(2, '0')}`);
  }
  return parsed as MoneyLimits;
}

/** Limits as decimal strings (the API's form). */
export const limitsToDecimals = (limits: MoneyLimits) => ({
  maxSingle: moneyToDecimalString(limits.maxSingle),
  maxDailyPerMember: moneyToDecimalString(limits.maxDailyPerMember),
  maxDailyPerClient: moneyToDecimalString(limits.maxDailyPerClient),
});
