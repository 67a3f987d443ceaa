import type { MessageKey } from '@openbroker/domain';

/** Texts of trading from the chart (tradeLines/): the pending orders' lines and the order menu at a price. */
export const CHART_TRADE_EN = {
  'chart.trade.order.buy.limit': 'Buy limit #{{id}}',
  'chart.trade.order.buy.stop': 'Buy stop #{{id}}',
  'chart.trade.order.sell.limit': 'Sell limit #{{id}}',
  'chart.trade.order.sell.stop': 'Sell stop #{{id}}',
  'chart.trade.orderStopLoss': 'SL of order #{{id}}',
  'chart.trade.orderTakeProfit': 'TP of order #{{id}}',
  'chart.trade.at.buy.limit': 'Buy limit at {{price}}',
  'chart.trade.at.buy.stop': 'Buy stop at {{price}}',
  'chart.trade.at.sell.limit': 'Sell limit at {{price}}',
  'chart.trade.at.sell.stop': 'Sell stop at {{price}}',
  'chart.trade.menu': 'Order at {{price}}',
  'chart.trade.none': 'No price now: orders cannot be checked.',
  'chart.trade.lines': 'Positions and orders on the chart',
  'chart.trade.hint':
    'Drag SL, TP and order lines to change them · right-click or long-press for an order at a price',
};

export const CHART_TRADE_DE: Record<keyof typeof CHART_TRADE_EN, string> &
  Partial<Record<MessageKey, string>> = {
  'chart.trade.order.buy.limit': 'Buy Limit #{{id}}',
  'chart.trade.order.buy.stop': 'Buy Stop #{{id}}',
  'chart.trade.order.sell.limit': 'Sell Limit #{{id}}',
  'chart.trade.order.sell.stop': 'Sell Stop #{{id}}',
  'chart.trade.orderStopLoss': 'SL der Order #{{id}}',
  'chart.trade.orderTakeProfit': 'TP der Order #{{id}}',
  'chart.trade.at.buy.limit': 'Buy Limit bei {{price}}',
  'chart.trade.at.buy.stop': 'Buy Stop bei {{price}}',
  'chart.trade.at.sell.limit': 'Sell Limit bei {{price}}',
  'chart.trade.at.sell.stop': 'Sell Stop bei {{price}}',
  'chart.trade.menu': 'Order bei {{price}}',
  'chart.trade.none': 'Gerade kein Kurs: Orders können nicht geprüft werden.',
  'chart.trade.lines': 'Positionen und Orders im Chart',
  'chart.trade.hint':
    'SL-, TP- und Order-Linien ziehen, um sie zu ändern · Rechtsklick oder lang drücken für eine Order zu einem Kurs',
};

export const CHART_TRADE_ES: Record<keyof typeof CHART_TRADE_EN, string> = {
  'chart.trade.order.buy.limit': 'Compra limitada #{{id}}',
  'chart.trade.order.buy.stop': 'Compra stop #{{id}}',
  'chart.trade.order.sell.limit': 'Venta limitada #{{id}}',
  'chart.trade.order.sell.stop': 'Venta stop #{{id}}',
  'chart.trade.orderStopLoss': 'SL de la orden #{{id}}',
  'chart.trade.orderTakeProfit': 'TP de la orden #{{id}}',
  'chart.trade.at.buy.limit': 'Compra limitada a {{price}}',
  'chart.trade.at.buy.stop': 'Compra stop a {{price}}',
  'chart.trade.at.sell.limit': 'Venta limitada a {{price}}',
  'chart.trade.at.sell.stop': 'Venta stop a {{price}}',
  'chart.trade.menu': 'Orden a {{price}}',
  'chart.trade.none': 'Ahora no hay precio: no se pueden comprobar las órdenes.',
  'chart.trade.lines': 'Posiciones y órdenes en el gráfico',
  'chart.trade.hint':
    'Arrastre las líneas de SL, TP y órdenes para cambiarlas · clic derecho o pulsación larga para una orden a un precio',
};

export const CHART_TRADE_IT: Record<keyof typeof CHART_TRADE_EN, string> = {
  'chart.trade.order.buy.limit': 'Buy limit #{{id}}',
  'chart.trade.order.buy.stop': 'Buy stop #{{id}}',
  'chart.trade.order.sell.limit': 'Sell limit #{{id}}',
  'chart.trade.order.sell.stop': 'Sell stop #{{id}}',
  'chart.trade.orderStopLoss': "SL dell'ordine #{{id}}",
  'chart.trade.orderTakeProfit': "TP dell'ordine #{{id}}",
  'chart.trade.at.buy.limit': 'Buy limit a {{price}}',
  'chart.trade.at.buy.stop': 'Buy stop a {{price}}',
  'chart.trade.at.sell.limit': 'Sell limit a {{price}}',
  'chart.trade.at.sell.stop': 'Sell stop a {{price}}',
  'chart.trade.menu': 'Ordine a {{price}}',
  'chart.trade.none': 'Nessun prezzo ora: gli ordini non possono essere verificati.',
  'chart.trade.lines': 'Posizioni e ordini sul grafico',
  'chart.trade.hint':
    'Trascina le linee di SL, TP e ordini per modificarle · clic destro o pressione lunga per un ordine a un prezzo',
};
