import type { MessageKey } from '@openbroker/domain';

/**
 * Market texts that screens outside the terminal show too: the asset-class tabs and prices of the site's market
 * widgets, buy and sell, the balance, and the trading-costs table of the transactions page. They load with the
 * app's entry; the terminal's own texts load with the terminal (features/platform/i18n.ts).
 */
export const SHARED_MARKET_EN = {
  'markets.tab.crypto': 'Crypto',
  'markets.tab.forex': 'Forex',
  'markets.tab.stocks': 'Stocks',
  'markets.tab.commodities': 'Commodities',
  'markets.tab.index': 'Indices',
  'summary.balance': 'Balance',
  'positions.dir.buy': 'Buy',
  'positions.dir.sell': 'Sell',
  'positions.showMore': 'Show {{count}} more',
  'ord.costs.commission': 'Commission charged at open',
  'ord.costs.swap': 'Overnight financing (swap) so far',
  'ord.costs.tab': 'Trading costs',
  'ord.costs.kind.commission': 'Commission',
  'ord.costs.kind.swap': 'Swap',
  'ord.costs.col.time': 'Time',
  'ord.costs.col.kind': 'Charge',
  'ord.costs.col.position': 'Position',
  'ord.costs.col.balanceAfter': 'Balance after',
  'ord.costs.totalCommission': 'Commissions',
  'ord.costs.totalSwap': 'Swaps',
  'ord.costs.emptyHint':
    'Commissions charged when positions open and overnight swaps charged at the 22:00 UTC rollover appear here.',
} as const;

export const SHARED_MARKET_DE: Record<keyof typeof SHARED_MARKET_EN, string> &
  Partial<Record<MessageKey, string>> = {
  'price.unavailable': 'Bald wieder verfügbar',
  'price.closed': 'Markt geschlossen: letzter Kurs',
  'markets.tab.crypto': 'Krypto',
  'markets.tab.forex': 'Devisen',
  'markets.tab.stocks': 'Aktien',
  'markets.tab.commodities': 'Rohstoffe',
  'markets.tab.index': 'Indizes',
  'summary.balance': 'Kontostand',
  'positions.dir.buy': 'Kauf',
  'positions.dir.sell': 'Verkauf',
  'positions.showMore': '{{count}} weitere anzeigen',
  'ord.costs.commission': 'Bei Eröffnung berechnete Kommission',
  'ord.costs.swap': 'Bisherige Übernachtfinanzierung (Swap)',
  'ord.costs.tab': 'Handelskosten',
  'ord.costs.kind.commission': 'Kommission',
  'ord.costs.kind.swap': 'Swap',
  'ord.costs.col.time': 'Zeit',
  'ord.costs.col.kind': 'Belastung',
  'ord.costs.col.position': 'Position',
  'ord.costs.col.balanceAfter': 'Saldo danach',
  'ord.costs.totalCommission': 'Kommissionen',
  'ord.costs.totalSwap': 'Swaps',
  'ord.costs.emptyHint':
    'Hier erscheinen Kommissionen, die bei der Eröffnung von Positionen berechnet werden, und Swaps, die beim Rollover um 22:00 UTC berechnet werden.',
};

export const SHARED_MARKET_ES: Partial<Record<keyof typeof SHARED_MARKET_EN | MessageKey, string>> = {
  'summary.balance': 'Saldo',
};

export const SHARED_MARKET_IT: Partial<Record<keyof typeof SHARED_MARKET_EN | MessageKey, string>> = {
  'summary.balance': 'Saldo',
};
