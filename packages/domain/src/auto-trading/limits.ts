/**
 * The client's loss limits: when auto-trading must switch itself off, and the words for it. Results and
 * limits are money in the account's currency (whole cents); the comparison is done in integer cents, exactly.
 */
import type { Message } from '../messages.js';
import { formatMoney } from '../money.js';
import type { AutoAccountState, AutoDecision, AutoLimits, LossLimit } from './types.js';

const cents = (value: number) => Math.round(value * 100);

/** Whether a loss reaches a limit: a result of −limit or worse (a limit of 0 or less is never reached). */
const reached = (result: number, limit: number) => limit > 0 && cents(result) <= -cents(limit);

/**
 * Which loss limit the account's auto trades have reached, or null: the drawdown limit (since switching on) when
 * `totalResult ≤ −drawdownLimit`, else the daily one when `dailyResult ≤ −dailyLossLimit`. Reaching it exactly counts.
 */
export function lossLimitHit(
  account: Pick<AutoAccountState, 'dailyResult' | 'totalResult'>,
  limits: Pick<AutoLimits, 'dailyLossLimit' | 'drawdownLimit'>,
): LossLimit | null {
  if (reached(account.totalResult, limits.drawdownLimit)) return 'drawdown';
  if (reached(account.dailyResult, limits.dailyLossLimit)) return 'daily';
  return null;
}

/** The figures of a reached limit for its messages: the result and the limit, formatted as money. */
function limitFigures(
  limit: LossLimit,
  account: Pick<AutoAccountState, 'dailyResult' | 'totalResult'>,
  limits: Pick<AutoLimits, 'dailyLossLimit' | 'drawdownLimit'>,
) {
  return limit === 'daily'
    ? { result: formatMoney(account.dailyResult), limit: formatMoney(limits.dailyLossLimit) }
    : { result: formatMoney(account.totalResult), limit: formatMoney(limits.drawdownLimit) };
}

/** The journal line (and the pop-up's text) when a loss limit switches auto-trading off. */
export function lossLimitMessage(
  limit: LossLimit,
  account: Pick<AutoAccountState, 'dailyResult' | 'totalResult'>,
  limits: Pick<AutoLimits, 'dailyLossLimit' | 'drawdownLimit'>,
): Message {
  return {
    key: limit === 'daily' ? 'auto.journal.limitDaily' : 'auto.journal.limitDrawdown',
    params: limitFigures(limit, account, limits),
  };
}

/** Why an open was skipped because a loss limit is reached (decide's hold reason). */
export function lossLimitHoldReason(
  limit: LossLimit,
  account: Pick<AutoAccountState, 'dailyResult' | 'totalResult'>,
  limits: Pick<AutoLimits, 'dailyLossLimit' | 'drawdownLimit'>,
): Message {
  return {
    key: limit === 'daily' ? 'auto.hold.dailyLimit' : 'auto.hold.drawdownLimit',
    params: limitFigures(limit, account, limits),
  };
}

/**
 * What happens to the open auto positions when a loss limit is reached: a close of each (all instruments, by id)
 * when the client chose `closeOnLimit`, else nothing — they keep their stop loss and take profit.
 */
export function lossLimitCloses(
  account: Pick<AutoAccountState, 'openAuto'>,
  limits: Pick<AutoLimits, 'closeOnLimit'>,
  candleTime: number,
): AutoDecision[] {
  if (!limits.closeOnLimit) return [];
  return [...account.openAuto]
    .sort((a, b) => a.id - b.id)
    .map((p) => ({
      kind: 'close' as const,
      symbol: p.symbol,
      positionId: p.id,
      direction: p.direction,
      reason: { key: 'auto.journal.limitClose' },
      indicators: {},
      candleTime,
    }));
}
