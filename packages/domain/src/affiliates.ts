/**
 * Affiliate and referral arithmetic (spec §2 /affiliate and /referrals, §3 Affiliate account and
 * Referral): UTC days, the clicks → registrations → first-time deposits funnel, conversion rates and
 * the masking of referred clients' names and e-mails. Pure: every input, including dates, is an argument.
 */
import type { AffiliateFunnel, AffiliateFunnelDay } from './contracts/affiliates.js';
import { sumMoney, toMoneyString } from './money.js';

/** A calendar day 'YYYY-MM-DD' in UTC. */
export type IsoDay = string;

/** The longest period the affiliate filter accepts, in days (from and until both count). */
export const AFFILIATE_MAX_RANGE_DAYS = 366;

const DAY_MS = 86_400_000;

/** The UTC calendar day of a timestamp (an ISO string or a Date). */
export function utcDay(value: string | Date): IsoDay {
  return (typeof value === 'string' ? new Date(value) : value).toISOString().slice(0, 10);
}

/** The first instant of a UTC day. */
export function dayStart(day: IsoDay): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/** The first instant after a UTC day: `[dayStart(from), dayEnd(until))` covers both days whole. */
export function dayEnd(day: IsoDay): Date {
  return new Date(dayStart(day).getTime() + DAY_MS);
}

/** How many days `from`…`until` spans, both included (1 for the same day; ≤ 0 when until < from). */
export function daysInRange(from: IsoDay, until: IsoDay): number {
  return Math.round((dayStart(until).getTime() - dayStart(from).getTime()) / DAY_MS) + 1;
}

/** Every UTC day from `from` to `until`, both included, in order. */
export function eachDay(from: IsoDay, until: IsoDay): IsoDay[] {
  const days: IsoDay[] = [];
  const end = dayStart(until).getTime();
  for (let t = dayStart(from).getTime(); t <= end; t += DAY_MS) days.push(utcDay(new Date(t)));
  return days;
}

/** The default affiliate filter period: the last 30 days up to and including `today` (UTC). */
export function lastDays(today: Date, days = 30): { from: IsoDay; until: IsoDay } {
  const until = utcDay(today);
  return { from: utcDay(new Date(dayStart(until).getTime() - (days - 1) * DAY_MS)), until };
}

/**
 * A conversion rate as a fraction (0.25 = 25 %), or null when nothing could convert (`of` is 0).
 * Not capped: registrations in a period can outnumber the clicks counted in it.
 */
export function conversionRate(converted: number, of: number): number | null {
  return of > 0 ? converted / of : null;
}

/** What the funnel needs to know about one referred account. */
export interface FunnelAccount {
  /** Registration time (ISO). */
  created_at: string;
  /** The first-time deposit's time (ISO), or null when the account has not deposited. */
  first_deposit_at: string | null;
  /** A demo sign-up ("Try a demo": the client's first account was a demo one): counted apart from registrations. */
  demo?: boolean;
}

/** One day of the funnel, and the funnel of a period (contracts/affiliates.ts: the answer both panels read). */
export type FunnelDay = AffiliateFunnelDay;
export type Funnel = AffiliateFunnel;

/**
 * The clicks → registrations → first-time deposits funnel per UTC day of `from`…`until`: clicks by
 * the day they were counted, registrations by registration day, first-time deposits by the day of
 * the deposit. Events outside the period are left out. Demo sign-ups (virtual money) are counted apart on their
 * registration day and are not registrations: the rates are of live registrations only.
 */
export function funnelByDay(
  accounts: readonly FunnelAccount[],
  clicks: readonly { day: IsoDay; clicks: number }[],
  from: IsoDay,
  until: IsoDay,
): Funnel {
  const byDay = new Map<IsoDay, FunnelDay>(
    eachDay(from, until).map((day) => [
      day,
      { day, clicks: 0, registrations: 0, demo_signups: 0, first_deposits: 0 },
    ]),
  );
  for (const c of clicks) {
    const entry = byDay.get(c.day);
    if (entry) entry.clicks += c.clicks;
  }
  for (const account of accounts) {
    const registered = byDay.get(utcDay(account.created_at));
    if (registered) {
      if (account.demo) registered.demo_signups += 1;
      else registered.registrations += 1;
    }
    const deposited = account.first_deposit_at ? byDay.get(utcDay(account.first_deposit_at)) : undefined;
    if (deposited) deposited.first_deposits += 1;
  }
  const days = [...byDay.values()];
  const sum = (pick: (d: FunnelDay) => number) => days.reduce((total, d) => total + pick(d), 0);
  const totalClicks = sum((d) => d.clicks);
  const registrations = sum((d) => d.registrations);
  const demoSignups = sum((d) => d.demo_signups);
  const firstDeposits = sum((d) => d.first_deposits);
  return {
    days,
    clicks: totalClicks,
    registrations,
    demo_signups: demoSignups,
    first_deposits: firstDeposits,
    registration_rate: conversionRate(registrations, totalClicks),
    deposit_rate: conversionRate(firstDeposits, registrations),
  };
}

/** Totals of a list of referred accounts (the affiliate table). */
export interface AccountTotals {
  accounts: number;
  /** Accounts with a first-time deposit. */
  first_time_depositors: number;
  /** first-time depositors ÷ accounts, null for an empty list. */
  conversion_rate: number | null;
  /** Σ first-deposit amounts, two decimals. */
  first_deposits_total: string;
}

/** Totals of the listed accounts; `transaction` is the first-time deposit or null. */
export function accountTotals(
  accounts: readonly { transaction: { amount: string } | null }[],
): AccountTotals {
  const deposits = accounts.flatMap((a) => (a.transaction ? [a.transaction.amount] : []));
  return {
    accounts: accounts.length,
    first_time_depositors: deposits.length,
    conversion_rate: conversionRate(deposits.length, accounts.length),
    first_deposits_total: toMoneyString(sumMoney(deposits)),
  };
}

/** One word kept to its first two letters (one for a word of one or two), then '***'. */
function maskWord(word: string): string {
  const letters = [...word];
  return `${letters.slice(0, letters.length > 2 ? 2 : 1).join('')}***`;
}

/**
 * A referred client's name as another client may see it (spec §2 /referrals): each word cut to its
 * first two letters, 'John Smith' → 'Jo*** Sm***'. Blank stays blank.
 */
export function maskName(name: string): string {
  return name.trim().split(/\s+/).filter(Boolean).map(maskWord).join(' ');
}

/**
 * An e-mail masked like a name: 'john.smith@example.com' → 'jo***@ex***.com'. The local part and the
 * domain name are cut; the top-level domain stays, so the reader still recognises the kind of address.
 */
export function maskEmail(email: string): string {
  const value = email.trim();
  const at = value.lastIndexOf('@');
  if (at < 0) return value === '' ? '' : maskWord(value);
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const maskedDomain = dot > 0 ? `${maskWord(domain.slice(0, dot))}${domain.slice(dot)}` : maskWord(domain);
  return `${maskWord(local)}@${maskedDomain}`;
}
