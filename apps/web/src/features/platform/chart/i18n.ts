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

/** Texts of the chart's drawing tools and its list of drawings (drawings/). */
export const DRAWINGS_EN = {
  'draw.tools': 'Drawing tools',
  'draw.tool.trend': 'Trend line',
  'draw.tool.ray': 'Ray',
  'draw.tool.horizontal': 'Horizontal line',
  'draw.tool.rectangle': 'Rectangle',
  'draw.tool.fibonacci': 'Fibonacci retracement',
  'draw.tool.text': 'Text',
  'draw.hint.twoPoints': 'Click or tap two points on the chart, or drag. Esc cancels.',
  'draw.hint.onePoint': 'Click or tap where it goes. Esc cancels.',
  'draw.hint.selected': 'Selected: drag it to move it. Delete removes it, Esc drops the selection.',
  'draw.menu': 'Drawings',
  'draw.menu.label': 'Drawings on the chart ({{count}})',
  'draw.empty': 'No drawings yet. Pick a tool, then click on the chart.',
  'draw.delete': 'Delete drawing',
  'draw.deleteOne': 'Delete {{name}}',
  'draw.clear': 'Clear all',
  'draw.clearConfirm': 'Delete all {{count}}',
  'draw.max': 'At most {{max}} drawings on one chart. Delete one to add another.',
  'draw.text.label': 'Text of the note',
  'draw.text.add': 'Add',
};

type DrawingTexts = Record<keyof typeof DRAWINGS_EN, string>;

export const DRAWINGS_DE: DrawingTexts = {
  'draw.tools': 'Zeichenwerkzeuge',
  'draw.tool.trend': 'Trendlinie',
  'draw.tool.ray': 'Strahl',
  'draw.tool.horizontal': 'Horizontale Linie',
  'draw.tool.rectangle': 'Rechteck',
  'draw.tool.fibonacci': 'Fibonacci-Retracement',
  'draw.tool.text': 'Text',
  'draw.hint.twoPoints': 'Zwei Punkte im Chart anklicken oder antippen, oder ziehen. Esc bricht ab.',
  'draw.hint.onePoint': 'Dort klicken oder tippen, wo es hin soll. Esc bricht ab.',
  'draw.hint.selected': 'Ausgewählt: zum Verschieben ziehen. Entf löscht, Esc hebt die Auswahl auf.',
  'draw.menu': 'Zeichnungen',
  'draw.menu.label': 'Zeichnungen im Chart ({{count}})',
  'draw.empty': 'Noch keine Zeichnungen. Werkzeug wählen, dann in den Chart klicken.',
  'draw.delete': 'Zeichnung löschen',
  'draw.deleteOne': '{{name}} löschen',
  'draw.clear': 'Alle löschen',
  'draw.clearConfirm': 'Alle {{count}} löschen',
  'draw.max': 'Höchstens {{max}} Zeichnungen pro Chart. Löschen Sie eine, um eine neue anzulegen.',
  'draw.text.label': 'Text der Notiz',
  'draw.text.add': 'Hinzufügen',
};

export const DRAWINGS_ES: DrawingTexts = {
  'draw.tools': 'Herramientas de dibujo',
  'draw.tool.trend': 'Línea de tendencia',
  'draw.tool.ray': 'Rayo',
  'draw.tool.horizontal': 'Línea horizontal',
  'draw.tool.rectangle': 'Rectángulo',
  'draw.tool.fibonacci': 'Retroceso de Fibonacci',
  'draw.tool.text': 'Texto',
  'draw.hint.twoPoints': 'Haga clic o toque dos puntos del gráfico, o arrastre. Esc cancela.',
  'draw.hint.onePoint': 'Haga clic o toque donde debe ir. Esc cancela.',
  'draw.hint.selected': 'Seleccionado: arrástrelo para moverlo. Supr lo borra, Esc quita la selección.',
  'draw.menu': 'Dibujos',
  'draw.menu.label': 'Dibujos del gráfico ({{count}})',
  'draw.empty': 'Aún no hay dibujos. Elija una herramienta y haga clic en el gráfico.',
  'draw.delete': 'Borrar dibujo',
  'draw.deleteOne': 'Borrar {{name}}',
  'draw.clear': 'Borrar todo',
  'draw.clearConfirm': 'Borrar los {{count}}',
  'draw.max': 'Como máximo {{max}} dibujos por gráfico. Borre uno para añadir otro.',
  'draw.text.label': 'Texto de la nota',
  'draw.text.add': 'Añadir',
};

export const DRAWINGS_IT: DrawingTexts = {
  'draw.tools': 'Strumenti di disegno',
  'draw.tool.trend': 'Linea di tendenza',
  'draw.tool.ray': 'Semiretta',
  'draw.tool.horizontal': 'Linea orizzontale',
  'draw.tool.rectangle': 'Rettangolo',
  'draw.tool.fibonacci': 'Ritracciamento di Fibonacci',
  'draw.tool.text': 'Testo',
  'draw.hint.twoPoints': 'Fai clic o tocca due punti del grafico, oppure trascina. Esc annulla.',
  'draw.hint.onePoint': 'Fai clic o tocca dove va. Esc annulla.',
  'draw.hint.selected': 'Selezionato: trascinalo per spostarlo. Canc lo elimina, Esc toglie la selezione.',
  'draw.menu': 'Disegni',
  'draw.menu.label': 'Disegni sul grafico ({{count}})',
  'draw.empty': 'Ancora nessun disegno. Scegli uno strumento, poi fai clic sul grafico.',
  'draw.delete': 'Elimina disegno',
  'draw.deleteOne': 'Elimina {{name}}',
  'draw.clear': 'Elimina tutto',
  'draw.clearConfirm': 'Elimina tutti i {{count}}',
  'draw.max': 'Al massimo {{max}} disegni per grafico. Eliminane uno per aggiungerne un altro.',
  'draw.text.label': 'Testo della nota',
  'draw.text.add': 'Aggiungi',
};
