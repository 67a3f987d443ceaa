import type { MessageKey } from '@openbroker/domain';

/** Every key of the domain's auto-trading catalogue (messages-auto-trading.ts): German must cover each of them. */
type AutoTradingMessageKey = Extract<MessageKey, `auto.${string}`>;

/**
 * German for the domain's auto-trading messages (strategy reasons, journal lines, limits, refusals;
 * domain messages-auto-trading.ts). Complete by type: an `auto.*` key missing here is a compile error. The back
 * office's `boAuto.*` keys may be added here too (optional).
 */
export const AUTO_TRADING_MESSAGES_DE: Record<AutoTradingMessageKey, string> &
  Partial<Record<MessageKey, string>> = {
  // the strategies' names
  'auto.strategy.trend': 'Trendfolger (Kreuzung gleitender Durchschnitte)',
  'auto.strategy.meanReversion': 'Rückkehr zum Mittelwert (RSI)',

  // signals
  'auto.reason.warmup':
    'Warten auf genügend abgeschlossene Kerzen: Die Strategie braucht {{needed}}, bisher sind {{available}} vorhanden.',
  'auto.reason.trend.crossUp':
    'Der {{fast}}-Kerzen-Durchschnitt ({{smaFast}}) hat den {{slow}}-Kerzen-Durchschnitt ({{smaSlow}}) nach oben gekreuzt; eine Kerze zuvor lagen sie bei {{smaFastPrevious}} und {{smaSlowPrevious}}: Kauf.',
  'auto.reason.trend.crossDown':
    'Der {{fast}}-Kerzen-Durchschnitt ({{smaFast}}) hat den {{slow}}-Kerzen-Durchschnitt ({{smaSlow}}) nach unten gekreuzt; eine Kerze zuvor lagen sie bei {{smaFastPrevious}} und {{smaSlowPrevious}}: Verkauf.',
  'auto.reason.trend.above':
    'Keine Kreuzung: Der {{fast}}-Kerzen-Durchschnitt ({{smaFast}}) bleibt über dem {{slow}}-Kerzen-Durchschnitt ({{smaSlow}}).',
  'auto.reason.trend.below':
    'Keine Kreuzung: Der {{fast}}-Kerzen-Durchschnitt ({{smaFast}}) bleibt unter dem {{slow}}-Kerzen-Durchschnitt ({{smaSlow}}).',
  'auto.reason.trend.equal':
    'Keine Kreuzung: Der {{fast}}-Kerzen-Durchschnitt und der {{slow}}-Kerzen-Durchschnitt sind gleich ({{smaSlow}}).',
  'auto.reason.mr.crossUp':
    'Der RSI ist von {{rsiPrevious}} wieder über die überverkaufte Schwelle {{oversold}} auf {{rsi}} gestiegen: Kauf.',
  'auto.reason.mr.crossDown':
    'Der RSI ist von {{rsiPrevious}} wieder unter die überkaufte Schwelle {{overbought}} auf {{rsi}} gefallen: Verkauf.',
  'auto.reason.mr.exitLong':
    'Der RSI ist von {{rsiPrevious}} auf {{rsi}} gestiegen und hat die Ausstiegsschwelle {{exitLevel}} erreicht: Kaufpositionen schließen.',
  'auto.reason.mr.exitShort':
    'Der RSI ist von {{rsiPrevious}} auf {{rsi}} gefallen und hat die Ausstiegsschwelle {{exitLevel}} erreicht: Verkaufspositionen schließen.',
  'auto.reason.mr.oversold':
    'Kein Signal: Der RSI ({{rsi}}) liegt unter der überverkauften Schwelle {{oversold}}; die Strategie kauft, wenn er wieder darüber steigt.',
  'auto.reason.mr.overbought':
    'Kein Signal: Der RSI ({{rsi}}) liegt über der überkauften Schwelle {{overbought}}; die Strategie verkauft, wenn er wieder darunter fällt.',
  'auto.reason.mr.flat':
    'Kein Signal: Der Schlusskurs hat sich über die Kerzen, die der RSI liest, nicht verändert, daher sagt der RSI jetzt nichts aus.',
  'auto.reason.mr.neutral':
    'Kein Signal: Der RSI liegt bei {{rsi}} (eine Kerze zuvor {{rsiPrevious}}), zwischen der überverkauften Schwelle {{oversold}} und der überkauften Schwelle {{overbought}}.',

  // closes
  'auto.close.trend.crossUp':
    'Der {{fast}}-Kerzen-Durchschnitt ({{smaFast}}) hat den {{slow}}-Kerzen-Durchschnitt ({{smaSlow}}) nach oben gekreuzt: Die Verkaufsposition wird geschlossen.',
  'auto.close.trend.crossDown':
    'Der {{fast}}-Kerzen-Durchschnitt ({{smaFast}}) hat den {{slow}}-Kerzen-Durchschnitt ({{smaSlow}}) nach unten gekreuzt: Die Kaufposition wird geschlossen.',
  'auto.close.mr.crossUp':
    'Der RSI ist von {{rsiPrevious}} wieder über die überverkaufte Schwelle {{oversold}} auf {{rsi}} gestiegen: Die Verkaufsposition wird geschlossen.',
  'auto.close.mr.crossDown':
    'Der RSI ist von {{rsiPrevious}} wieder unter die überkaufte Schwelle {{overbought}} auf {{rsi}} gefallen: Die Kaufposition wird geschlossen.',
  'auto.close.mr.exitLong':
    'Der RSI ist von {{rsiPrevious}} auf {{rsi}} gestiegen und hat die Ausstiegsschwelle {{exitLevel}} erreicht: Die Kaufposition wird geschlossen.',
  'auto.close.mr.exitShort':
    'Der RSI ist von {{rsiPrevious}} auf {{rsi}} gefallen und hat die Ausstiegsschwelle {{exitLevel}} erreicht: Die Verkaufsposition wird geschlossen.',

  // stop loss and take profit of an open
  'auto.levels.buy':
    'Stop Loss {{stopLoss}}: {{stopAtr}} × die durchschnittliche wahre Spanne ({{atr}}) unter dem Kaufpreis {{price}}. Take Profit {{takeProfit}}: {{takeProfitAtr}} × die durchschnittliche wahre Spanne darüber.',
  'auto.levels.sell':
    'Stop Loss {{stopLoss}}: {{stopAtr}} × die durchschnittliche wahre Spanne ({{atr}}) über dem Verkaufspreis {{price}}. Take Profit {{takeProfit}}: {{takeProfitAtr}} × die durchschnittliche wahre Spanne darunter.',

  // holds
  'auto.hold.noLongToClose': 'Nichts zu schließen: Die Strategie hat keine Kaufposition in {{symbol}}.',
  'auto.hold.noShortToClose': 'Nichts zu schließen: Die Strategie hat keine Verkaufsposition in {{symbol}}.',
  'auto.hold.symbolNotChosen':
    'Nicht eröffnet: {{symbol}} gehört nicht zu den Instrumenten, die Sie für die Strategie gewählt haben.',
  'auto.hold.noPrice': 'Nicht eröffnet: Für {{symbol}} gibt es gerade keinen Kurs.',
  'auto.hold.dailyLimit':
    'Nicht eröffnet: Das heutige Ergebnis der automatischen Trades ({{result}}) hat Ihr tägliches Verlustlimit von {{limit}} erreicht.',
  'auto.hold.drawdownLimit':
    'Nicht eröffnet: Das Ergebnis der automatischen Trades seit dem Einschalten ({{result}}) hat Ihr Drawdown-Limit von {{limit}} erreicht.',
  'auto.hold.alreadyOpenBuy': 'Nicht eröffnet: Die Strategie hält bereits eine Kaufposition in {{symbol}}.',
  'auto.hold.alreadyOpenSell':
    'Nicht eröffnet: Die Strategie hält bereits eine Verkaufsposition in {{symbol}}.',
  'auto.hold.maxPositions':
    'Nicht eröffnet: {{count}} automatische Positionen sind offen, Ihr Maximum ist {{max}}.',
  'auto.hold.noLeverage':
    'Nicht eröffnet: Keiner der Hebel, die Ihr Konto für {{symbol}} nutzen darf, liegt innerhalb Ihres Maximums von 1:{{max}}.',
  'auto.hold.amountTooSmall':
    'Nicht eröffnet: Der Betrag pro Trade wäre {{amount}}, weniger als das Minimum von {{min}}.',
  'auto.hold.notEnoughMargin':
    'Nicht eröffnet: Der Betrag pro Trade von {{amount}} ist höher als die freie Margin von {{freeMargin}}.',
  'auto.hold.noVolatility':
    'Nicht eröffnet: Die Kurse haben sich nicht bewegt, daher lässt sich kein Stop Loss bemessen.',
  'auto.hold.stopsInvalid':
    'Nicht eröffnet: Zum aktuellen Kurs lassen sich kein gültiger Stop Loss und Take Profit setzen.',

  // answers of the server
  'auto.error.noSettings':
    'Speichern Sie Ihre Einstellungen für den automatischen Handel, bevor Sie ihn einschalten.',
  'auto.error.notVerified':
    'Der automatische Handel kann eingeschaltet werden, sobald Ihr Konto verifiziert ist.',
  'auto.error.dailyLimitReached':
    'Die Auto-Trades von heute haben Ihr tägliches Verlustlimit bereits erreicht: Schalten Sie Auto-Trading morgen (UTC) wieder ein oder erhöhen Sie das Limit.',
  'auto.error.backtestBusy':
    'Gerade laufen viele Backtests. Bitte versuchen Sie es in einigen Sekunden erneut.',
  'auto.error.brandStopped':
    'Ihr Broker hat den automatischen Handel vorerst gestoppt, daher kann er nicht eingeschaltet werden.',
  'auto.error.noCandles':
    'Für einen Backtest gibt es noch nicht genügend {{timeframe}}-Kerzen von {{symbol}}.',

  // journal lines
  'auto.journal.switchedOn': 'Automatischer Handel eingeschaltet.',
  'auto.journal.switchedOff':
    'Automatischer Handel von Ihnen ausgeschaltet. Offene automatische Positionen bleiben mit ihrem Stop Loss und Take Profit offen.',
  'auto.journal.settings': 'Einstellungen gespeichert: {{strategy}} auf {{timeframe}}-Kerzen, {{symbols}}.',
  'auto.journal.limitDaily':
    'Das heutige Ergebnis der automatischen Trades ({{result}}) hat Ihr tägliches Verlustlimit von {{limit}} erreicht: Der automatische Handel ist ausgeschaltet.',
  'auto.journal.limitDrawdown':
    'Das Ergebnis der automatischen Trades seit dem Einschalten ({{result}}) hat Ihr Drawdown-Limit von {{limit}} erreicht: Der automatische Handel ist ausgeschaltet.',
  'auto.journal.limitClose':
    'Geschlossen, weil ein Verlustlimit erreicht wurde (Sie haben gewählt, offene automatische Positionen dann zu schließen).',
  'auto.journal.brandStopped':
    'Ihr Broker hat den automatischen Handel für alle Kunden gestoppt. Offene automatische Positionen behalten ihren Stop Loss und Take Profit.',
  'auto.journal.refused': 'Die Handelsplattform hat diesen Auftrag abgelehnt; der Grund steht dabei.',
  'auto.notice.title': 'Automatischer Handel ausgeschaltet',

  // checks of the settings
  'auto.settings.invalid':
    'Die Einstellungen für den automatischen Handel sind unvollständig. Bitte prüfen Sie sie und speichern Sie erneut.',
  'auto.settings.unknownStrategy': 'Wählen Sie eine der angebotenen Strategien.',
  'auto.settings.strategyNotOffered': 'Ihr Broker bietet diese Strategie nicht an.',
  'auto.settings.timeframeNotOffered': 'Dieser Zeitrahmen wird für die Strategie nicht angeboten.',
  'auto.settings.required': 'Geben Sie einen Wert ein.',
  'auto.settings.notANumber': 'Geben Sie eine Zahl ein.',
  'auto.settings.range': 'Wählen Sie einen Wert von {{min}} bis {{max}}.',
  'auto.settings.step': 'Wählen Sie einen Wert in Schritten von {{step}} ab {{min}}.',
  'auto.settings.wholeNumber': 'Geben Sie eine ganze Zahl ein.',
  'auto.settings.cents': 'Verwenden Sie höchstens zwei Nachkommastellen.',
  'auto.settings.fastBelowSlow':
    'Der schnelle Durchschnitt muss weniger Kerzen zählen als der langsame Durchschnitt ({{slow}}).',
  'auto.settings.levelsOrder':
    'Die Schwellen müssen in Reihenfolge liegen: überverkauft ({{oversold}}) unter der Ausstiegsschwelle, die Ausstiegsschwelle unter überkauft ({{overbought}}).',
  'auto.settings.symbolsRequired': 'Wählen Sie mindestens ein Instrument.',
  'auto.settings.tooManySymbols': 'Wählen Sie höchstens {{max}} Instrumente.',
  'auto.settings.symbolInvalid': 'Dieser Instrumentname ist ungültig.',
  'auto.settings.symbolNotAllowed': 'Die Strategie kann {{symbol}} auf Ihrem Konto nicht handeln.',
  'auto.settings.amountMode': 'Wählen Sie einen festen Betrag oder einen Prozentsatz der freien Margin.',
  'auto.settings.amountMin': 'Der Betrag pro Trade muss mindestens {{min}} betragen.',
  'auto.settings.leverageAboveCap': 'Ihr Broker erlaubt der Strategie einen Hebel von höchstens 1:{{max}}.',
  'auto.settings.lossLimitMin': 'Das Verlustlimit muss mindestens {{min}} betragen.',
  'auto.settings.closeOnLimit':
    'Wählen Sie, ob offene automatische Positionen geschlossen werden, wenn ein Verlustlimit erreicht ist.',
};
