/**
 * The `notice` push from the engine's events: what the client must hear at once. A position closed by
 * a level, a low margin, an AI trade or the broker (not one the client closed: closingReason 0 with cause manual);
 * an order that filled, was rejected when it fired, or expired. Each carries what it happened at.
 */
import { type Message, NoticePayload, type OrderDto, type PositionDto } from '@openbroker/domain';
import type { ClosedPositionRecord, EngineEvent, OrderRecord } from '../../engine/index.js';

export interface NoticeSource {
  position(accountId: number, positionId: number): PositionDto | undefined;
  orderDto(order: OrderRecord): OrderDto;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The closed position as the history shows it; from the record when the engine no longer lists it. */
function closedDto(source: NoticeSource, p: ClosedPositionRecord): PositionDto {
  return (
    source.position(p.accountId, p.id) ?? {
      id: p.id,
      symbol: p.symbol,
      symbolName: p.symbol,
      direction: p.direction,
      amount: p.amount,
      leverage: p.leverage,
      open_rate: p.openRate,
      open_date: iso(p.openedAt),
      closed_rate: p.closedRate,
      close_date: iso(p.closedAt),
      take_profit: p.takeProfit,
      stop_lost: p.stopLoss,
      profit: p.profit,
      protected: p.stopLoss === null ? 0 : 1,
      closingReason: p.reason,
      closingCause: p.cause,
      close_context: p.context ?? null,
    }
  );
}

export function noticesOf(events: readonly EngineEvent[], source: NoticeSource): NoticePayload[] {
  const notices: NoticePayload[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'position.closed': {
        const p = event.position;
        // the client's own close needs no explanation
        if (p.cause === 'manual' && p.reason === 0) break;
        const context = p.context ?? null;
        notices.push({
          id: `closed:${p.id}`,
          kind: 'closed',
          at: iso(p.closedAt),
          position: closedDto(source, p),
          cause: p.cause,
          reason: p.reason,
          closedRate: p.closedRate,
          quote: context ? { buy: context.quote.buy, sell: context.quote.sell } : null,
          ...(context?.level === undefined ? {} : { level: context.level }),
          ...(context?.equity === undefined ? {} : { equity: context.equity }),
          ...(context?.usedMargin === undefined ? {} : { usedMargin: context.usedMargin }),
          ...(context?.marginLevel === undefined ? {} : { marginLevel: context.marginLevel }),
        });
        break;
      }
      case 'order.filled':
        notices.push({
          id: `orderFilled:${event.order.id}`,
          kind: 'orderFilled',
          at: iso(event.at),
          order: source.orderDto({ ...event.order, status: 'filled', positionId: event.positionId }),
        });
        break;
      case 'order.rejected':
        notices.push({
          id: `orderRejected:${event.order.id}`,
          kind: 'orderRejected',
          at: iso(event.at),
          order: source.orderDto({ ...event.order, status: 'rejected', message: event.message }),
          message: event.message,
        });
        break;
      case 'order.cancelled':
        if (event.reason === 'expired')
          notices.push({
            id: `orderExpired:${event.order.id}`,
            kind: 'orderExpired',
            at: iso(event.at),
            order: source.orderDto({ ...event.order, status: 'expired' }),
          });
        break;
      default:
        break;
    }
  }
  return notices;
}

/**
 * The notice when the server switched a client's auto-trading off: a loss limit ('daily', 'drawdown') or
 * the broker's kill switch ('brand'), with the journal line's message. Checked against the domain's NoticePayload
 * (its 'autoTradingStopped' kind): undefined only for a message that does not fit it (the client still gets its popup).
 */
export function autoTradingStoppedNotice(
  accountId: number,
  reason: 'daily' | 'drawdown' | 'brand',
  message: Message,
  at: number,
): NoticePayload | undefined {
  const parsed = NoticePayload.safeParse({
    id: `autoTradingStopped:${accountId}:${at}`,
    kind: 'autoTradingStopped',
    at: iso(at),
    reason,
    message,
  });
  return parsed.success ? parsed.data : undefined;
}
