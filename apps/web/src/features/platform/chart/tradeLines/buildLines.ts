import type { TFunction } from 'i18next';
import type { OrderView, PositionView } from '../../trading/tradingContract.js';
import type { TradeLine } from './tradeLines.js';

export interface LineInput {
  symbol: string;
  positions: readonly PositionView[];
  orders: readonly OrderView[];
  /** Each position's liquidation price now (domain `liquidationPrice`), when known. */
  liquidation: (id: number) => number | null;
  /** Each position's profit now at the closing price, null without a live price. */
  profit: (position: PositionView) => number | null;
  t: TFunction;
  money: { format: (value: number) => string; signed: (value: number) => string };
}

/**
 * A position's entry label: side and number, amount and leverage, and the live profit when there is a price
 * ("Buy #3 · $5,000.00 1:2 · +$12.34").
 */
export function positionTitle(
  position: PositionView,
  profit: number | null,
  t: TFunction,
  money: LineInput['money'],
): string {
  const side = t(position.direction === 'buy' ? 'chart.line.buy' : 'chart.line.sell', { id: position.id });
  const size = `${money.format(position.amount)} 1:${position.leverage}`;
  return profit === null ? `${side} · ${size}` : `${side} · ${size} · ${money.signed(profit)}`;
}

/**
 * The lines of the symbol on screen: each open position's entry (with its live profit), stop loss (a trailing
 * stop's current level, which the server moves: not draggable), take profit and liquidation price; each pending
 * order's level and its SL/TP. Stop losses, take profits and orders' levels can be dragged, and an entry while its
 * position lacks a stop loss or take profit (a drag out of it sets one).
 */
export function buildTradeLines(input: LineInput): TradeLine[] {
  const { t, symbol } = input;
  const lines: TradeLine[] = [];
  for (const position of input.positions) {
    if (position.symbol !== symbol) continue;
    const id = position.id;
    lines.push({
      key: `position-${id}-entry`,
      kind: 'entry',
      price: position.open_rate,
      title: positionTitle(position, input.profit(position), t, input.money),
      // dragging out of the entry adds the stop loss or take profit it lacks
      drag: !position.stop_lost || !position.take_profit ? { owner: 'position', id, field: 'entry' } : null,
    });
    if (position.stop_lost) {
      const trailing = position.trailing_stop != null;
      lines.push({
        key: `position-${id}-stop_lost`,
        kind: trailing ? 'trailing' : 'stopLoss',
        price: position.stop_lost,
        title: trailing ? t('term.chart.trailing', { id }) : t('chart.line.stopLoss', { id }),
        drag: trailing ? null : { owner: 'position', id, field: 'stop_lost' },
      });
    }
    if (position.take_profit)
      lines.push({
        key: `position-${id}-take_profit`,
        kind: 'takeProfit',
        price: position.take_profit,
        title: t('chart.line.takeProfit', { id }),
        drag: { owner: 'position', id, field: 'take_profit' },
      });
    const liquidation = input.liquidation(id);
    if (liquidation)
      lines.push({
        key: `position-${id}-liquidation`,
        kind: 'liquidation',
        price: liquidation,
        title: t('term.chart.liquidation', { id }),
        drag: null,
      });
  }
  for (const order of input.orders) {
    if (order.symbol !== symbol || order.status !== 'open') continue;
    const id = order.id;
    lines.push({
      key: `order-${id}-price`,
      kind: 'order',
      price: order.price,
      title: t(`chart.trade.order.${order.direction}.${order.type}`, { id }),
      drag: { owner: 'order', id, field: 'price' },
    });
    if (order.stop_lost)
      lines.push({
        key: `order-${id}-stop_lost`,
        kind: 'orderStopLoss',
        price: order.stop_lost,
        title: t('chart.trade.orderStopLoss', { id }),
        drag: { owner: 'order', id, field: 'stop_lost' },
      });
    if (order.take_profit)
      lines.push({
        key: `order-${id}-take_profit`,
        kind: 'orderTakeProfit',
        price: order.take_profit,
        title: t('chart.trade.orderTakeProfit', { id }),
        drag: { owner: 'order', id, field: 'take_profit' },
      });
  }
  return lines;
}
