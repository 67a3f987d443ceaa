/**
 * Back-office staff credentials and sessions: the staff password rule, the per-member address
 * allow-list, the second-factor lock after repeated wrong codes, and the idle limit of each role.
 * Pure: the server enforces these rules, the web app validates its forms with the same contracts.
 */
import { z } from 'zod';
import { passwordField } from './schemas/fields.js';
import { STAFF_ROLES, type StaffRole } from './staff.js';

const INVALID = { error: 'field.invalid' } as const;

/** The staff password rule: at least 12 characters, with a letter and a digit or sign among them. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

/** Whether a new staff password follows the rule (length, a letter, and something that is not a letter). */
export function isStrongStaffPassword(password: string): boolean {
  return (
    password.length >= STAFF_PASSWORD_MIN_LENGTH && /\p{L}/u.test(password) && /[^\p{L}\s]/u.test(password)
  );
}

/** POST /api/backoffice/auth/password: the member's own change; the current password is required. */
export const StaffPasswordChangeInput = z
  .object(
    {
      current_password: passwordField('current_password'),
      new_password: passwordField('new_password', STAFF_PASSWORD_MIN_LENGTH).refine(
        (v) => v.length < STAFF_PASSWORD_MIN_LENGTH || isStrongStaffPassword(v),
        { message: 'staff.passwordWeak' },
      ),
    },
    INVALID,
  )
  .superRefine((value, ctx) => {
    if (value.current_password === value.new_password) {
      ctx.addIssue({ code: 'custom', path: ['new_password'], message: 'staff.passwordUnchanged' });
    }
  });
export type StaffPasswordChangeInput = z.output<typeof StaffPasswordChangeInput>;

// ---------------------------------------------------------------------------------------------
// Address allow-list

/** An address as a number and its family, or null when the text is not an IPv4 or IPv6 address. */
interface ParsedAddress {
  v6: boolean;
  value: bigint;
}

function parseIpv4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = (value << 8n) | BigInt(n);
  }
  return value;
}

function parseIpv6(text: string): bigint | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.length > 45) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (const [i, piece] of pieces.entries()) {
      if (piece.includes('.')) {
        // an embedded IPv4 address, only as the last piece
        const v4 = i === pieces.length - 1 ? parseIpv4(piece) : null;
        if (v4 === null) return null;
        out.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(piece)) return null;
        out.push(Number.parseInt(piece, 16));
      }
    }
    return out;
  };
  const head = groupsOf(halves[0] ?? '');
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => 0), ...tail];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n);
}

const MAPPED_V4_PREFIX = 0xffffn << 32n;

/** An address, an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`, as Node shows IPv4 peers) read as IPv4. */
function parseAddress(text: string): ParsedAddress | null {
  const trimmed = text.trim();
  const v4 = parseIpv4(trimmed);
  if (v4 !== null) return { v6: false, value: v4 };
  const v6 = parseIpv6(trimmed);
  if (v6 === null) return null;
  if (v6 >> 32n === MAPPED_V4_PREFIX >> 32n) return { v6: false, value: v6 & 0xffffffffn };
  return { v6: true, value: v6 };
}

/** One entry of an allow-list: a network (CIDR) or a single address (all bits). */
interface Network {
  v6: boolean;
  base: bigint;
  bits: number;
}

function parseNetwork(entry: string): Network | null {
  const [address, prefix, extra] = entry.trim().split('/');
  if (extra !== undefined || !address) return null;
  const parsed = parseAddress(address);
  if (!parsed) return null;
  const width = parsed.v6 ? 128 : 32;
  if (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) return null;
  const bits = prefix === undefined ? width : Number(prefix);
  if (bits > width) return null;
  const mask = bits === 0 ? 0n : ((1n << BigInt(bits)) - 1n) << BigInt(width - bits);
  return { v6: parsed.v6, base: parsed.value & mask, bits };
}

/** Whether a text is a valid allow-list entry: an IPv4 or IPv6 address, or a network in CIDR notation. */
export const isAllowListEntry = (entry: string): boolean => parseNetwork(entry) !== null;

/**
 * Whether an address is allowed by a member's allow-list: null or empty means any address; else the
 * address must fall inside one of the entries (an unreadable address never does).
 */
export function addressAllowed(allowList: readonly string[] | null | undefined, address: string): boolean {
  if (!allowList || allowList.length === 0) return true;
  const parsed = parseAddress(address);
  if (!parsed) return false;
  return allowList.some((entry) => {
    const network = parseNetwork(entry);
    if (!network || network.v6 !== parsed.v6) return false;
    const width = network.v6 ? 128 : 32;
    const mask =
      network.bits === 0 ? 0n : ((1n << BigInt(network.bits)) - 1n) << BigInt(width - network.bits);
    return (parsed.value & mask) === network.base;
  });
}

/** The most entries one member's allow-list holds. */
export const MAX_ALLOW_LIST_ENTRIES = 50;

/**
 * An allow-list as sent: a list of addresses or CIDR networks (blank entries dropped, duplicates
 * removed), or null for any address. An empty list is stored as null (any address).
 */
export const StaffAllowList = z
  .array(z.string(INVALID).trim().max(49, { message: 'staff.allowListInvalid' }), INVALID)
  .max(MAX_ALLOW_LIST_ENTRIES, { message: 'staff.allowListTooLong' })
  .nullable()
  .transform((list, ctx) => {
    if (list === null) return null;
    const entries = [...new Set(list.filter((e) => e !== ''))];
    const bad = entries.find((e) => !isAllowListEntry(e));
    if (bad !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'staff.allowListInvalid', params: { entry: bad } });
      return z.NEVER;
    }
    return entries.length === 0 ? null : entries;
  });

/** Splits an allow-list as typed in a form (one entry per line, or separated by commas or spaces). */
export const splitAllowList = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter((e) => e !== '');

// ---------------------------------------------------------------------------------------------
// Second-factor lock

/** Wrong second factors (TOTP or recovery codes) in a row, from any address, before the second factor locks. */
export const SECOND_FACTOR_FAILURES_BEFORE_LOCK = 5;

/** How long each successive lock lasts, in minutes; after the last, every lock lasts as long as the last. */
export const SECOND_FACTOR_LOCK_MINUTES: readonly number[] = [1, 5, 15, 60, 240, 1440];

/** The length of a member's next lock, given how many locks they had since their last good sign-in. */
export function secondFactorLockMinutes(previousLocks: number): number {
  const i = Math.max(0, Math.min(Math.floor(previousLocks), SECOND_FACTOR_LOCK_MINUTES.length - 1));
  return SECOND_FACTOR_LOCK_MINUTES[i] ?? 1440;
}

// ---------------------------------------------------------------------------------------------
// Idle limits per role

/**
 * Each role's own idle limit in minutes when an administrator set none; a role not listed follows the
 * server's STAFF_SESSION_IDLE_MINUTES (15 by default). The dealer watches the live desk for long stretches
 * and gets a longer limit.
 */
export const DEFAULT_ROLE_IDLE_MINUTES: Readonly<Partial<Record<StaffRole, number>>> = { dealer: 30 };

export const MIN_IDLE_MINUTES = 1;
export const MAX_IDLE_MINUTES = 240;

/**
 * A member's idle limit: the shortest among their roles (the strictest role wins, so an admin who is also
 * a dealer keeps the admin's limit). Each role's limit is the administrator's setting, else its default,
 * else `serverDefault`.
 */
export function idleMinutesFor(
  roles: readonly StaffRole[],
  settings: Readonly<Partial<Record<StaffRole, number>>>,
  serverDefault: number,
): number {
  const limits = roles.map((role) => settings[role] ?? DEFAULT_ROLE_IDLE_MINUTES[role] ?? serverDefault);
  return limits.length === 0 ? serverDefault : Math.min(...limits);
}

const idleMinutes = z
  .number(INVALID)
  .int(INVALID)
  .min(MIN_IDLE_MINUTES, { message: 'staff.idleMinutesRange' })
  .max(MAX_IDLE_MINUTES, { message: 'staff.idleMinutesRange' });

/**
 * POST /api/backoffice/staff-settings/idle: each role's idle limit in minutes, or null for its default.
 * Roles left out stay as they are.
 */
export const StaffIdleLimitsInput = z.object(
  { limits: z.partialRecord(z.enum(STAFF_ROLES, INVALID), idleMinutes.nullable(), INVALID) },
  INVALID,
);
export type StaffIdleLimitsInput = z.output<typeof StaffIdleLimitsInput>;

/** The reason an administrator gives when disabling a member (audited). */
export const STAFF_DISABLE_REASON_MAX = 500;

/**
 * The header with which the back office tells, on every call, how many milliseconds ago the person last
 * used the screen (keys, pointer, touch). The server restarts the session's idle clock from that moment.
 */
export const STAFF_INPUT_AGE_HEADER = 'x-staff-input-age';

/**
 * The moment of the last input a call reports (its STAFF_INPUT_AGE_HEADER), or undefined when it reports
 * none or something unreadable (then the call itself counts as activity, as for API clients).
 */
export function lastInputAt(header: unknown, nowMs: number): Date | undefined {
  const text = Array.isArray(header) ? header[0] : header;
  if (typeof text !== 'string' || !/^\d{1,12}$/.test(text)) return undefined;
  return new Date(nowMs - Number(text));
}
