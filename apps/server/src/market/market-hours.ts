/**
 * Trading hours: when an instrument is open, DST-correct, using the IANA time zones built into Intl
 * (no date library). A schedule is either `always` (crypto) or `weekly`: sessions given in the
 * exchange's local wall-clock time, e.g. Mon–Fri 09:30–16:00 America/New_York. A session whose close
 * is not after its open runs past midnight into the next day (CME: Sun–Thu 17:00 → next day 16:00
 * Chicago); `open === close` is a 24-hour session. Touching sessions merge, so forex's daily
 * 22:00 → 22:00 UTC sessions Sun–Thu form one open interval from Sunday 22:00 to Friday 22:00.
 *
 * All instants are epoch milliseconds (UTC); intervals are half-open [start, end): a market that
 * opens at 09:30 is open at 09:30:00.000 and closed at 16:00:00.000. A weekly schedule may list
 * `holidays` (local dates, 'YYYY-MM-DD'): no session starts on such a day, so `nextOpen` skips it.
 */

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One session per listed weekday, in the schedule's local time: `open`/`close` are "HH:MM" (close may be "24:00"). */
export interface Session {
  readonly days: readonly Weekday[];
  readonly open: string;
  readonly close: string;
}

export type TradingHours =
  | { readonly kind: 'always'; readonly description?: string }
  | {
      readonly kind: 'weekly';
      /** IANA time zone of the session times, e.g. "America/New_York" or "UTC". */
      readonly timeZone: string;
      readonly sessions: readonly Session[];
      /** Local dates ('YYYY-MM-DD') on which no session starts (exchange holidays). */
      readonly holidays?: readonly string[];
      readonly description?: string;
    };

type WeeklyHours = Extract<TradingHours, { kind: 'weekly' }>;

/** Anything with trading hours, e.g. an `Instrument`. */
export interface HasTradingHours {
  readonly hours: TradingHours;
}

/** A half-open UTC interval [start, end) in epoch ms. */
export interface Interval {
  readonly start: number;
  readonly end: number;
}

type Subject = HasTradingHours | TradingHours;
type At = Date | number;

const MINUTE = 60_000;
const DAY = 86_400_000;
const WEEK = 7 * DAY;
// Raw sessions are built this far beyond the queried range, so every merged interval that touches
// the range is complete (validation keeps merged intervals shorter than a week).
const BUILD_MARGIN = 9 * DAY;
const EXTEND_BY = 28 * DAY;
const MAX_CACHED_SPAN = 12 * 366 * DAY;
const LOOKAHEAD = 15 * DAY;
const REFERENCE_YEAR = { start: Date.UTC(2026, 0, 1), end: Date.UTC(2027, 0, 1) };

// ---- public API ----------------------------------------------------------------------------------

/** Whether the market is open at `at`. */
export function isOpen(subject: Subject, at: At): boolean {
  const hours = hoursOf(subject);
  return hours.kind === 'always' || calendarFor(hours).isOpen(toMs(at));
}

/** The first instant strictly after `at` when the market opens (closed → open); null if it never closes. */
export function nextOpen(subject: Subject, at: At): Date | null {
  const t = nextOpenMs(subject, toMs(at));
  return t === null ? null : new Date(t);
}

/** The first instant strictly after `at` when the market closes (open → closed); null if it never closes. */
export function nextClose(subject: Subject, at: At): Date | null {
  const t = nextCloseMs(subject, toMs(at));
  return t === null ? null : new Date(t);
}

/** `nextOpen` in epoch ms. */
export function nextOpenMs(subject: Subject, at: number): number | null {
  const hours = hoursOf(subject);
  return hours.kind === 'always' ? null : calendarFor(hours).nextOpen(at);
}

/** `nextClose` in epoch ms. */
export function nextCloseMs(subject: Subject, at: number): number | null {
  const hours = hoursOf(subject);
  return hours.kind === 'always' ? null : calendarFor(hours).nextClose(at);
}

/** The open intervals within [from, to), clipped to it, ascending. */
export function openIntervals(subject: Subject, from: At, to: At): Interval[] {
  const a = toMs(from);
  const b = toMs(to);
  if (!(b > a)) return [];
  const hours = hoursOf(subject);
  return hours.kind === 'always' ? [{ start: a, end: b }] : calendarFor(hours).intervals(a, b);
}

/** Milliseconds of open market within [from, to). */
export function openMsBetween(subject: Subject, from: number, to: number): number {
  if (!(to > from)) return 0;
  const hours = hoursOf(subject);
  return hours.kind === 'always' ? to - from : calendarFor(hours).openMs(from, to);
}

/**
 * Open milliseconds in an average year (the 2026 calendar, scaled to 365.25 days): the time base
 * for annualised volatility, so a stock open 6.5 h a weekday moves as much per year as its
 * volatility says.
 */
export function tradingYearMs(subject: Subject): number {
  const hours = hoursOf(subject);
  let cached = tradingYearCache.get(hours);
  if (cached === undefined) {
    const open = openMsBetween(hours, REFERENCE_YEAR.start, REFERENCE_YEAR.end);
    cached = (open * 365.25) / 365;
    tradingYearCache.set(hours, cached);
  }
  return cached;
}

/** Problems with a schedule (empty when it is valid), phrased for an operator editing the data file. */
export function tradingHoursProblems(hours: TradingHours): string[] {
  if (hours.kind === 'always') return [];
  const problems: string[] = [];
  if (!isValidTimeZone(hours.timeZone)) {
    problems.push(`time zone "${hours.timeZone}" is not an IANA time zone this Node.js knows`);
  }
  if (hours.sessions.length === 0) problems.push('a weekly schedule needs at least one session');
  hours.sessions.forEach((session, i) => {
    if (session.days.length === 0) problems.push(`session ${i + 1} has no days`);
    if (new Set(session.days).size !== session.days.length)
      problems.push(`session ${i + 1} lists a day twice`);
    for (const day of session.days) {
      if (!(WEEKDAYS as readonly string[]).includes(day)) {
        problems.push(`session ${i + 1}: "${day}" is not one of ${WEEKDAYS.join(', ')}`);
      }
    }
    for (const key of ['open', 'close'] as const) {
      if (parseClock(session[key]) === null) {
        problems.push(`session ${i + 1}: ${key} "${session[key]}" is not a time HH:MM from 00:00 to 24:00`);
      }
    }
  });
  (hours.holidays ?? []).forEach((day, i) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
      problems.push(`holiday ${i + 1}: "${day}" is not a date YYYY-MM-DD`);
  });
  if (problems.length > 0) return problems;
  // Merged open intervals must be shorter than a week, or the market never closes: use kind "always".
  const calendar = new WeeklyCalendar(hours);
  const sample = calendar.intervals(REFERENCE_YEAR.start, REFERENCE_YEAR.start + 5 * WEEK);
  if (sample.length === 0) problems.push('the sessions never open');
  if (sample.some((i) => i.end - i.start >= WEEK - MINUTE)) {
    problems.push('the sessions never close (they form an open period of a week or more); use kind "always"');
  }
  return problems;
}

// ---- time zones ----------------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Offset of `timeZone` from UTC at instant `t`, in ms (New York in winter: −18 000 000). */
export function zoneOffsetMs(timeZone: string, t: number): number {
  if (timeZone === 'UTC') return 0;
  let year = 0;
  let month = 0;
  let day = 0;
  let hour = 0;
  let minute = 0;
  let second = 0;
  for (const part of formatterFor(timeZone).formatToParts(t)) {
    switch (part.type) {
      case 'year':
        year = Number(part.value);
        break;
      case 'month':
        month = Number(part.value);
        break;
      case 'day':
        day = Number(part.value);
        break;
      case 'hour':
        hour = Number(part.value);
        break;
      case 'minute':
        minute = Number(part.value);
        break;
      case 'second':
        second = Number(part.value);
        break;
    }
  }
  const wallClock = Date.UTC(year, month - 1, day, hour, minute, second);
  return wallClock - (t - (((t % 1000) + 1000) % 1000));
}

/**
 * The UTC instant of a local wall-clock time: civil day `dayNumber` (days since 1970-01-01) at
 * `minutes` after local midnight in `timeZone`. An ambiguous time (clocks going back) gives the
 * earlier instant; a time skipped by clocks going forward is shifted forward by the gap (02:30 on
 * the US spring-forward night → 03:30 EDT), as Temporal's "compatible" disambiguation does.
 */
export function zonedTimeToUtc(timeZone: string, dayNumber: number, minutes: number): number {
  const local = dayNumber * DAY + minutes * MINUTE;
  if (timeZone === 'UTC') return local;
  // The true instant is within ±14 h of `local`; a day either side sees the offsets before and after
  // any single DST transition near it.
  const before = zoneOffsetMs(timeZone, local - DAY);
  const after = zoneOffsetMs(timeZone, local + DAY);
  let best = Number.POSITIVE_INFINITY;
  for (const offset of before === after ? [before] : [before, after]) {
    const t = local - offset;
    if (zoneOffsetMs(timeZone, t) === offset && t < best) best = t;
  }
  return Number.isFinite(best) ? best : local - before;
}

// ---- weekly calendars ----------------------------------------------------------------------------

interface ParsedSession {
  days: boolean[];
  open: number;
  close: number;
}

/** Merged open intervals of one weekly schedule, materialised lazily over a cached range of time. */
class WeeklyCalendar {
  private readonly sessions: ParsedSession[];
  private readonly holidays: ReadonlySet<string>;
  private starts: number[] = [];
  private ends: number[] = [];
  private lo = 0;
  private hi = 0;

  constructor(private readonly hours: WeeklyHours) {
    this.sessions = hours.sessions.map((s) => ({
      days: WEEKDAYS.map((d) => s.days.includes(d)),
      open: parseClock(s.open) ?? 0,
      close: parseClock(s.close) ?? 0,
    }));
    this.holidays = new Set(hours.holidays ?? []);
  }

  isOpen(t: number): boolean {
    this.ensure(t, t + 1);
    const i = this.indexAtOrBefore(t);
    return i >= 0 && t < (this.ends[i] as number);
  }

  nextOpen(t: number): number | null {
    this.ensure(t, t + LOOKAHEAD);
    const i = this.indexAtOrBefore(t) + 1;
    return i < this.starts.length ? (this.starts[i] as number) : null;
  }

  nextClose(t: number): number | null {
    this.ensure(t, t + LOOKAHEAD);
    let i = this.indexAtOrBefore(t);
    if (i < 0 || t >= (this.ends[i] as number)) i += 1;
    return i < this.ends.length ? (this.ends[i] as number) : null;
  }

  intervals(from: number, to: number): Interval[] {
    this.ensure(from, to);
    const out: Interval[] = [];
    for (let i = Math.max(0, this.indexAtOrBefore(from)); i < this.starts.length; i++) {
      const start = this.starts[i] as number;
      if (start >= to) break;
      const a = Math.max(from, start);
      const b = Math.min(to, this.ends[i] as number);
      if (b > a) out.push({ start: a, end: b });
    }
    return out;
  }

  openMs(from: number, to: number): number {
    this.ensure(from, to);
    let sum = 0;
    for (let i = Math.max(0, this.indexAtOrBefore(from)); i < this.starts.length; i++) {
      const start = this.starts[i] as number;
      if (start >= to) break;
      const a = Math.max(from, start);
      const b = Math.min(to, this.ends[i] as number);
      if (b > a) sum += b - a;
    }
    return sum;
  }

  /** Largest i with starts[i] ≤ t, or −1. */
  private indexAtOrBefore(t: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((this.starts[mid] as number) <= t) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }

  private ensure(from: number, to: number): void {
    if (this.hi > this.lo && from >= this.lo && to <= this.hi) return;
    // Grow geometrically (by at least the span already cached), so walking across a year rebuilds
    // a handful of times, not once a month.
    const pad = Math.max(EXTEND_BY, Math.min(this.hi - this.lo, MAX_CACHED_SPAN / 4));
    let lo = from - pad;
    let hi = to + pad;
    if (this.hi > this.lo && Math.max(hi, this.hi) - Math.min(lo, this.lo) <= MAX_CACHED_SPAN) {
      lo = from < this.lo ? lo : this.lo;
      hi = to > this.hi ? hi : this.hi;
    }
    this.build(lo, hi);
  }

  private build(lo: number, hi: number): void {
    const raw: Array<[number, number]> = [];
    const tz = this.hours.timeZone;
    const firstDay = Math.floor((lo - BUILD_MARGIN) / DAY);
    const lastDay = Math.ceil((hi + BUILD_MARGIN) / DAY);
    for (let day = firstDay; day <= lastDay; day++) {
      const weekday = (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
      // `day` is a civil day of the schedule's zone; its date names it in the holiday list
      if (this.holidays.size > 0 && this.holidays.has(new Date(day * DAY).toISOString().slice(0, 10)))
        continue;
      for (const s of this.sessions) {
        if (!s.days[weekday]) continue;
        const start = zonedTimeToUtc(tz, day, s.open);
        const end = zonedTimeToUtc(tz, s.close > s.open ? day : day + 1, s.close);
        if (end > start) raw.push([start, end]);
      }
    }
    raw.sort((x, y) => x[0] - y[0]);
    const starts: number[] = [];
    const ends: number[] = [];
    for (const [start, end] of raw) {
      const last = ends.length - 1;
      if (last >= 0 && start <= (ends[last] as number)) {
        if (end > (ends[last] as number)) ends[last] = end;
      } else {
        starts.push(start);
        ends.push(end);
      }
    }
    this.starts = starts;
    this.ends = ends;
    this.lo = lo;
    this.hi = hi;
  }
}

const calendars = new WeakMap<WeeklyHours, WeeklyCalendar>();
const tradingYearCache = new WeakMap<TradingHours, number>();

function calendarFor(hours: WeeklyHours): WeeklyCalendar {
  let calendar = calendars.get(hours);
  if (!calendar) {
    calendar = new WeeklyCalendar(hours);
    calendars.set(hours, calendar);
  }
  return calendar;
}

function hoursOf(subject: Subject): TradingHours {
  return 'kind' in subject ? subject : subject.hours;
}

function toMs(at: At): number {
  return typeof at === 'number' ? at : at.getTime();
}

/** "HH:MM" → minutes after midnight (0–1440), or null. */
function parseClock(text: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2]);
  if (m > 59 || h > 24 || (h === 24 && m !== 0)) return null;
  return h * 60 + m;
}
