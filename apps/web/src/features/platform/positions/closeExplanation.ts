import { CLOSING_REASON, formatPrice } from '@openbroker/domain';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { strategyReasonMessage } from '../../../shared/auto-trading/strategyReason.js';
import type { TextMessage } from '../../../ui/forms.js';
import type { CloseContextView, PositionView } from '../trading/tradingContract.js';

/** Why a position closed, as the explanation names it. */
export type CloseCause =
  | 'manual'
  | 'stopLoss'
  | 'trailingStop'
  | 'takeProfit'
  | 'stopOut'
  | 'lossTermination'
  | 'broker'
  | 'partial';

const CAUSE_BY_NAME: Record<string, CloseCause> = {
  manual: 'manual',
  client: 'manual',
  stop_loss: 'stopLoss',
  stopLoss: 'stopLoss',
  trailing_stop: 'trailingStop',
  trailingStop: 'trailingStop',
  take_profit: 'takeProfit',
  takeProfit: 'takeProfit',
  stop_out: 'stopOut',
  stopOut: 'stopOut',
  low_margin: 'stopOut',
  loss_termination: 'lossTermination',
  lossTermination: 'lossTermination',
  broker: 'broker',
  ai_trade: 'broker',
  aiTrade: 'broker',
};

const CAUSE_BY_REASON: Record<number, CloseCause> = {
  [CLOSING_REASON.manual]: 'manual',
  [CLOSING_REASON.stopLoss]: 'stopLoss',
  [CLOSING_REASON.takeProfit]: 'takeProfit',
  [CLOSING_REASON.lowMargin]: 'stopOut',
  [CLOSING_REASON.aiTrade]: 'broker',
};

const CAUSE_KEY: Record<CloseCause, TranslationKey> = {
  manual: 'ord.why.manual',
  stopLoss: 'ord.why.stopLoss',
  trailingStop: 'ord.why.trailingStop',
  takeProfit: 'ord.why.takeProfit',
  stopOut: 'ord.why.stopOut',
  lossTermination: 'ord.why.lossTermination',
  broker: 'ord.why.broker',
  partial: 'ord.why.partial',
};

/** What a close explanation is built from: a closed position, and what a notice adds to it. */
export interface CloseFacts {
  position: PositionView;
  /** From a notice: the server closed it, so a 'manual' cause there means the broker, not the client. */
  automatic?: boolean;
  cause?: string | null;
  closedRate?: number | null;
  /** The SL/TP/termination level that fired. */
  level?: number | null;
  quote?: { buy: number; sell: number } | null;
  equity?: number | null;
  usedMargin?: number | null;
  marginLevel?: number | null;
}

/** The cause of a close: the server's name for it, else spec §3 closingReason (Low Margin without the account figures is the position's own loss limit). */
export function closeCause(facts: CloseFacts): CloseCause {
  const { position } = facts;
  if (position.part_of != null) return 'partial';
  const named = facts.cause ?? position.closingCause;
  const cause = named ? CAUSE_BY_NAME[named] : undefined;
  if (cause) return cause === 'manual' && facts.automatic ? 'broker' : cause;
  const context: Partial<CloseContextView> = position.close_context ?? {};
  const reason = position.closingReason;
  if (reason === CLOSING_REASON.lowMargin && (facts.equity ?? context.equity) == null && context.quote)
    return 'lossTermination';
  const byReason = reason === null ? 'manual' : (CAUSE_BY_REASON[reason] ?? 'manual');
  return byReason === 'manual' && facts.automatic ? 'broker' : byReason;
}

/** The reason the broker's staff gave for closing (close context {by: 'staff', reason}); null without one. */
export function brokerReason(context: unknown): string | null {
  const reason = (context as { reason?: unknown } | null | undefined)?.reason;
  return typeof reason === 'string' && reason.trim() !== '' ? reason.trim() : null;
}

/** Whether the client's auto-trading strategy closed it (closingReason 4 'AI Trade', close context by 'strategy'). */
export function closedByStrategy(facts: CloseFacts): boolean {
  const { position } = facts;
  if (position.part_of != null) return false;
  const named = facts.cause ?? position.closingCause;
  return (
    position.close_context?.by === 'strategy' ||
    named === 'ai_trade' ||
    named === 'aiTrade' ||
    position.closingReason === CLOSING_REASON.aiTrade
  );
}

/** "Closed by your auto-trading strategy", then the strategy's reason in the reader's language. */
function strategyLines(reason: string | undefined): TextMessage[] {
  const message = strategyReasonMessage(reason);
  if (message) return [{ key: 'at.why.strategyPlain' }, message];
  const text = reason?.trim();
  return [text ? { key: 'at.why.strategy', params: { reason: text } } : { key: 'at.why.strategyPlain' }];
}

/**
 * The explanation of a close in the client's terms: the cause (with its level), the quote and rate it
 * closed at, and for a stop-out the equity and used margin at that moment. Money values are formatted
 * by the caller's `money`.
 */
export function closeExplanation(facts: CloseFacts, money: (value: number) => string): TextMessage[] {
  const { position } = facts;
  const context: Partial<CloseContextView> = position.close_context ?? {};
  const cause = closeCause(facts);
  const level =
    facts.level ??
    context.level ??
    (cause === 'stopLoss' || cause === 'trailingStop'
      ? position.stop_lost
      : cause === 'takeProfit'
        ? position.take_profit
        : null);
  const staffReason = brokerReason(context);
  const lines: TextMessage[] = closedByStrategy(facts)
    ? strategyLines(context.reason)
    : [
        // a close by the broker's dealing desk says why, in the staff member's words
        cause === 'broker' && staffReason
          ? { key: 'dealing.closedByBroker', params: { reason: staffReason } }
          : {
              key: CAUSE_KEY[cause],
              params: { level: level == null ? '—' : formatPrice(level), leverage: position.leverage },
            },
      ];
  const rate = facts.closedRate ?? position.closed_rate;
  const quote = facts.quote ?? context.quote;
  if (rate != null && quote)
    lines.push({
      key: 'ord.why.quote',
      params: { rate: formatPrice(rate), sell: formatPrice(quote.sell), buy: formatPrice(quote.buy) },
    });
  else if (rate != null) lines.push({ key: 'ord.why.rate', params: { rate: formatPrice(rate) } });
  const equity = facts.equity ?? context.equity;
  const usedMargin = facts.usedMargin ?? context.usedMargin;
  if (equity != null && usedMargin != null) {
    const marginLevel =
      facts.marginLevel ?? context.marginLevel ?? (usedMargin > 0 ? (equity / usedMargin) * 100 : null);
    lines.push({
      key: 'ord.why.margin',
      params: {
        equity: money(equity),
        usedMargin: money(usedMargin),
        marginLevel: marginLevel == null ? '—' : `${marginLevel.toFixed(1)} %`,
      },
    });
  }
  return lines;
}
