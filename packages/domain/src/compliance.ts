/**
 * A client's compliance standing and what it stops (docs/compliance.md). Four checks feed one status: sanctions and
 * PEP screening, the appropriateness test, the expiry of the proof of identity and address, and the risk score's
 * enhanced due diligence. `complianceBlock` is the one rule of what that status stops: the engine applies it to
 * every new trade and pending order, payments to every deposit and withdrawal request, and the client area
 * explains it with the same answer.
 */
import type { Message } from './messages.js';

export const SCREENING_STATUSES = ['clear', 'pending', 'confirmed'] as const;
/** clear: no open match; pending: a possible match awaits compliance's review; confirmed: compliance confirmed it. */
export type ScreeningStatus = (typeof SCREENING_STATUSES)[number];

export const APPROPRIATENESS_OUTCOMES = ['pass', 'warn', 'block'] as const;
/** pass: trades; warn: trades once the client acknowledged the warning; block: no trading until a date. */
export type AppropriatenessOutcome = (typeof APPROPRIATENESS_OUTCOMES)[number];

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** What compliance raises a task for (assigned to a member, with a due date, closed with a note). */
export const COMPLIANCE_TASK_KINDS = [
  'document_expiring',
  'document_expired',
  'screening_match',
  'high_risk',
  'manual_review',
] as const;
export type ComplianceTaskKind = (typeof COMPLIANCE_TASK_KINDS)[number];

export type ComplianceAction = 'trade' | 'deposit' | 'withdraw';

/** Times are epoch milliseconds. */
export interface ComplianceStatus {
  screening: ScreeningStatus;
  appropriateness: {
    /** The brand asks its clients to take the test before they trade live. */
    required: boolean;
    /** null: not taken yet. */
    outcome: AppropriatenessOutcome | null;
    /** The client acknowledged a warn outcome's warning. */
    acknowledged: boolean;
    /** A block outcome's end: after it the client may take the test again. */
    blockedUntil: number | null;
    /** The brand's leverage cap for a warn outcome (domain appropriatenessLeverageCap); absent: none. */
    warnLeverageCap?: number | null;
  };
  /** From when an expired proof of identity or address stops deposits and trading (expiry + the brand's grace). */
  documentsBlockFrom: number | null;
  risk: {
    level: RiskLevel;
    /** A high-risk client's enhanced due diligence documents are not approved yet. */
    eddRequired: boolean;
  };
}

/** A client nothing has been found about: what a client without a compliance record has. */
export const CLEAR_COMPLIANCE: ComplianceStatus = {
  screening: 'clear',
  appropriateness: { required: false, outcome: null, acknowledged: false, blockedUntil: null },
  documentsBlockFrom: null,
  risk: { level: 'low', eddRequired: false },
};

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Why a client's compliance standing stops this action on this account, or null when it does not.
 * - a confirmed screening match stops everything at once, on every account (no service to a listed person);
 * - a possible match awaiting review stops new trades and deposits on live accounts; withdrawals stay open;
 * - an expired proof of identity or address, past the brand's grace period, stops live trades and deposits;
 * - the appropriateness test (where the brand requires it) gates live trading: not taken, blocked until a date,
 *   block over (take it again), or a warning not yet acknowledged;
 * - a high-risk client's deposits wait for the enhanced due diligence documents.
 * Demo accounts hold virtual money: only a confirmed match stops them.
 */
export function complianceBlock(
  status: ComplianceStatus,
  action: ComplianceAction,
  now: number,
  accountKind: 'live' | 'demo' = 'live',
): Message | null {
  if (status.screening === 'confirmed') return { key: 'compliance.screeningConfirmed' };
  if (accountKind === 'demo') return null;
  if (action === 'withdraw') return null;
  if (status.screening === 'pending') return { key: 'compliance.screeningPending' };
  if (status.documentsBlockFrom !== null && status.documentsBlockFrom <= now)
    return { key: 'compliance.documentExpired' };
  if (action === 'deposit') return status.risk.eddRequired ? { key: 'compliance.eddRequired' } : null;
  const test = status.appropriateness;
  if (!test.required) return null;
  if (test.outcome === null) return { key: 'compliance.appropriatenessRequired' };
  if (test.outcome === 'block') {
    return test.blockedUntil !== null && test.blockedUntil > now
      ? { key: 'compliance.appropriatenessBlocked', params: { date: isoDay(test.blockedUntil) } }
      : { key: 'compliance.appropriatenessRetake' };
  }
  if (test.outcome === 'warn' && !test.acknowledged) return { key: 'compliance.appropriatenessWarning' };
  return null;
}

/** Every action's answer at once: what the client area shows and the back office summarises. */
export function complianceBlocks(
  status: ComplianceStatus,
  now: number,
  accountKind: 'live' | 'demo' = 'live',
): Record<ComplianceAction, Message | null> {
  return {
    trade: complianceBlock(status, 'trade', now, accountKind),
    deposit: complianceBlock(status, 'deposit', now, accountKind),
    withdraw: complianceBlock(status, 'withdraw', now, accountKind),
  };
}
