import { marginLevel, type RiskState, riskState, roundMoney, type TradingProfile } from '@openbroker/domain';
import { useLiveSummary } from '../trading/liveFigures.js';
import { useTradingProfile } from './tradingProfile.js';

export interface MarginLevelNow {
  /** Equity ÷ used margin in percent; null without open positions (no margin in use). */
  level: number | null;
  state: RiskState;
  profile: TradingProfile;
  /** Whether the summary has arrived. */
  known: boolean;
}

/**
 * The account's margin level from the live summary (domain `marginLevel`, `riskState`): used margin is what
 * the open positions lock, i.e. balance − free margin (spec §9).
 */
export function useMarginLevel(): MarginLevelNow {
  const summary = useLiveSummary();
  const profile = useTradingProfile();
  if (!summary) return { level: null, state: 'none', profile, known: false };
  const used = roundMoney(summary.balance - summary.freeMargin);
  const level = marginLevel(summary.equity, used);
  return { level, state: riskState(level, profile), profile, known: true };
}

/** A fraction of the profile (1.0) as the percent the client reads (100). */
export const asPercent = (fraction: number): number => Math.round(fraction * 10_000) / 100;
