import type { MessageKey } from '@openbroker/domain';

/** Texts of the client's auto-trading screen and its journal. */
export const AUTO_TRADING_EN = {
  'at.title': 'Auto-trading',
  'at.nav': 'Auto-trading',
  'at.lead':
    'A published strategy trades for you within the limits you set. Test it on past prices first, then follow every decision it makes with the prices it used.',
  // status header
  'at.account':
    'Auto-trading of account {{number}} ({{kind}}): every account has its own switch, strategy, limits and journal.',
  'at.account.live': 'live',
  'at.account.demo': 'demo, virtual money',
  'at.status.label': 'Status',
  'at.status.on': 'Running',
  'at.status.off': 'Off',
  'at.status.stopped': 'Stopped',
  'at.status.since': 'Since {{time}}',
  'at.status.switch': 'Auto-trading on',
  'at.stopped.daily':
    "Auto-trading switched itself off on {{time}}: today's loss of the strategy's trades reached your daily loss limit.",
  'at.stopped.drawdown':
    'Auto-trading switched itself off on {{time}}: the loss of its trades since you switched it on reached your drawdown limit.',
  'at.stopped.brand': 'Your broker stopped auto-trading on {{time}}.',
  'at.stopped.again': 'Check your limits, then switch it on again when you are ready.',
  'at.killed':
    'Your broker has paused auto-trading for all accounts. Open positions keep their stop loss and take profit.',
  'at.block.noOffer': 'Your broker offers no strategy at the moment.',
  'at.block.noSettings': 'Choose a strategy and limits below and save them to switch auto-trading on.',
  'at.block.unverified': 'Verify your account to switch auto-trading on.',
  'at.block.unverifiedLink': 'Upload documents',
  'at.block.backtest':
    'Run a backtest of your saved settings before you switch auto-trading on for the first time.',
  'at.block.backtestLink': 'Go to the backtest',
  'at.unsaved': 'You have unsaved changes: the strategy runs with your saved settings.',
  'at.offNote':
    'Switching off stops new decisions at once; open positions keep their stop loss and take profit.',
  // the strategy in plain words
  'at.strategy.none': 'No strategy chosen yet.',
  'at.strategy.trend': 'Trend follower',
  'at.strategy.trend.sub': 'Moving-average crossover with an ATR stop',
  'at.strategy.meanReversion': 'Mean reversion',
  'at.strategy.meanReversion.sub': 'RSI bands with an ATR stop',
  'at.describe.trend':
    'Buys when the {{fast}}-candle average of {{timeframe}} closes crosses above the {{slow}}-candle average, and sells when it crosses below; an open position of the other side is closed first.',
  'at.describe.meanReversion':
    'Buys when the {{period}}-candle RSI of {{timeframe}} closes climbs back above {{oversold}}, and sells when it falls back below {{overbought}}; a long position closes when the RSI reaches {{exit}} from below, a short one when it reaches it from above.',
  'at.describe.stops':
    'Every trade gets a stop loss {{stop}} × ATR({{atr}}) and a take profit {{takeProfit}} × ATR away from its entry.',
  'at.describe.amountFixed': '{{amount}} per trade',
  'at.describe.amountPercent': '{{percent}} % of free margin per trade',
  'at.describe.limits':
    'Trades {{symbols}} with {{amount}}; open positions at most: {{positions}}; leverage up to 1:{{leverage}}.',
  'at.describe.stopKeep':
    'Switches itself off at a loss of {{daily}} in a day or {{drawdown}} since it was switched on; its open positions then keep their stop loss and take profit.',
  'at.describe.stopClose':
    'Switches itself off at a loss of {{daily}} in a day or {{drawdown}} since it was switched on, and then closes its open positions.',
  'at.describe.noSymbols': 'no instrument yet',
  'at.tf.1m': '1-minute',
  'at.tf.5m': '5-minute',
  'at.tf.15m': '15-minute',
  'at.tf.1h': '1-hour',
  'at.tf.4h': '4-hour',
  'at.tf.1D': 'daily',
  'at.tfName.1m': '1 minute',
  'at.tfName.5m': '5 minutes',
  'at.tfName.15m': '15 minutes',
  'at.tfName.1h': '1 hour',
  'at.tfName.4h': '4 hours',
  'at.tfName.1D': '1 day',
  // results
  'at.results.today': 'Today',
  'at.results.total': 'Total',
  'at.results.open': 'Open now',
  'at.results.trades': 'Closed trades: {{count}}',
  'at.results.positions': 'Positions: {{count}}',
  'at.positions.title': 'Open auto positions',
  'at.positions.empty': 'The strategy holds no position now.',
  'at.positions.platform': 'Open the platform',
  'at.col.instrument': 'Instrument',
  'at.col.amount': 'Amount',
  'at.col.openRate': 'Open',
  'at.col.slTp': 'SL / TP',
  'at.col.profit': 'Profit',
  'at.col.time': 'Time',
  'at.col.action': 'Action',
  'at.col.reason': 'Reason',
  'at.col.figures': 'Indicators and quote',
  'at.col.position': 'Position',
  'at.col.direction': 'Side',
  'at.col.opened': 'Opened',
  'at.col.closed': 'Closed',
  'at.col.exit': 'Exit',
  // settings
  'at.settings.title': 'Strategy and limits',
  'at.settings.lead': 'The broker sets the ranges; the server checks every decision against your limits.',
  'at.section.strategy': 'Strategy',
  'at.section.params': 'Parameters',
  'at.section.instruments': 'Instruments',
  'at.section.limits': 'Amount and risk limits',
  'at.field.strategy': 'Strategy',
  'at.field.timeframe': 'Candles',
  'at.field.timeframe.hint': 'The strategy decides once per closed candle of this length.',
  'at.param.fastPeriod': 'Fast average (candles)',
  'at.param.slowPeriod': 'Slow average (candles)',
  'at.param.atrPeriod': 'ATR period (candles)',
  'at.param.stopAtr': 'Stop loss (× ATR)',
  'at.param.takeProfitAtr': 'Take profit (× ATR)',
  'at.param.rsiPeriod': 'RSI period (candles)',
  'at.param.oversold': 'Oversold: buy above',
  'at.param.overbought': 'Overbought: sell below',
  'at.param.exitLevel': 'Exit level',
  'at.param.range': '{{min}} – {{max}}, step {{step}}',
  'at.field.symbols': 'Instruments the strategy may trade',
  'at.field.symbols.search': 'Search instruments',
  'at.field.symbols.selected': '{{count}} selected',
  'at.field.symbols.none': 'No instrument matches.',
  'at.field.symbols.remove': 'Remove {{symbol}}',
  'at.field.symbols.empty': 'No instrument chosen yet.',
  'at.field.amount': 'Amount per trade',
  'at.field.amount.fixed': 'Fixed amount',
  'at.field.amount.percent': '% of free margin',
  'at.field.amount.hintFixed': 'The margin each trade puts up, in {{currency}}.',
  'at.field.amount.hintPercent': 'A share of your free margin when the trade opens, rounded down to cents.',
  'at.field.maxPositions': 'Open positions at most',
  'at.field.maxLeverage': 'Leverage at most',
  'at.field.maxLeverage.hint': 'Each trade takes the highest leverage allowed on its instrument up to this.',
  'at.field.maxLeverage.capped': 'Your broker allows up to 1:{{max}} for auto-trading.',
  'at.field.dailyLossLimit': 'Daily loss limit',
  'at.field.dailyLossLimit.hint':
    "When the strategy's trades lose this much in a day (UTC, closed and open together), auto-trading switches off.",
  'at.field.drawdownLimit': 'Drawdown limit',
  'at.field.drawdownLimit.hint':
    'When they lose this much since you switched auto-trading on, it switches off.',
  'at.field.closeOnLimit': 'Close auto positions when a limit is hit',
  'at.field.closeOnLimit.hint': 'Otherwise they stay open with their stop loss and take profit.',
  'at.save': 'Save settings',
  'at.saved': 'Auto-trading settings saved.',
  'at.discard': 'Discard changes',
  'at.settings.invalid': 'Please correct the marked fields.',
  // backtest
  'at.backtest.title': 'Backtest',
  'at.backtest.lead':
    "Runs the settings in the form on the last 12 months of an instrument's candles (on 1-hour candles and longer; shorter candles go back 7 to 90 days), with the same code that trades live.",
  'at.backtest.symbol': 'Instrument',
  'at.backtest.run': 'Run backtest',
  'at.backtest.running': 'Testing…',
  'at.backtest.period': '{{from}} – {{to}} · {{candles}} candles',
  'at.backtest.depth.full':
    'The full 12 months are tested on 1-hour, 4-hour and daily candles only; shorter candles go back 7 to 90 days.',
  'at.backtest.depth.short':
    '{{timeframe}} candles are kept for {{days}} days, so this test covers at most the last {{days}} days, not 12 months. The full 12 months are tested on 1-hour, 4-hour and daily candles.',
  'at.backtest.stale': 'The settings changed since this test. Run it again to see their results.',
  'at.backtest.empty': 'Choose an instrument and run the test to see how the strategy would have done.',
  'at.backtest.invalid': 'Correct the settings first:',
  'at.backtest.fewer': 'Show fewer',
  'at.backtest.stoppedBy.daily': 'The daily loss limit would have switched auto-trading off on {{time}}.',
  'at.backtest.stoppedBy.drawdown': 'The drawdown limit would have switched auto-trading off on {{time}}.',
  'at.backtest.chart': 'Equity of the backtest',
  'at.backtest.trades': 'Latest trades',
  'at.backtest.noTrades': 'The strategy made no trade in this period.',
  'at.backtest.ready': 'Backtest of your saved settings done: you can switch auto-trading on.',
  'at.fig.netProfit': 'Net profit',
  'at.fig.trades': 'Trades',
  'at.fig.winRate': 'Win rate',
  'at.fig.profitFactor': 'Profit factor',
  'at.fig.maxDrawdown': 'Max drawdown',
  'at.fig.worstDay': 'Worst day',
  'at.fig.endBalance': 'End balance',
  'at.fig.start': 'start {{amount}}',
  'at.exit.signal': 'Signal',
  'at.exit.stopLoss': 'Stop loss',
  'at.exit.takeProfit': 'Take profit',
  'at.exit.end': 'Open at the end',
  'at.exit.limit': 'Loss limit',
  'at.risk.title': 'Risk warning',
  'at.risk.past':
    'Past results do not guarantee future results. A backtest trades past candles at their close with the spread; live trading also meets gaps, slippage and closed markets.',
  'at.risk.default':
    'CFDs are complex instruments and come with a high risk of losing money rapidly due to leverage. Consider whether you can afford to take the high risk of losing your money.',
  // journal
  'at.journal.title': 'Journal',
  'at.journal.lead':
    'Every decision of the strategy with the indicator values and the quote it used, and every signal your limits held back, newest first.',
  'at.journal.empty': 'No entry yet. The strategy writes here at every decision and change.',
  'at.journal.more': 'Load more',
  'at.journal.candle': 'Candle {{time}}',
  'at.journal.quote': 'Sell {{sell}} · Buy {{buy}}',
  'at.journal.position': '#{{id}}',
  'at.journal.positionTitle': 'Position #{{id}} on the platform',
  'at.action.open': 'Open',
  'at.action.close': 'Close',
  'at.action.refused': 'Refused',
  'at.action.skipped': 'Skipped',
  'at.action.limit': 'Loss limit',
  'at.action.switchedOn': 'Switched on',
  'at.action.switchedOff': 'Switched off',
  'at.action.brandStopped': 'Stopped by broker',
  'at.action.settings': 'Settings',
  'at.ind.smaFast': 'Fast SMA',
  'at.ind.smaSlow': 'Slow SMA',
  'at.ind.smaFastPrevious': 'Fast SMA before',
  'at.ind.smaSlowPrevious': 'Slow SMA before',
  'at.ind.atr': 'ATR',
  'at.ind.rsi': 'RSI',
  'at.ind.rsiPrevious': 'RSI before',
  'at.ind.close': 'Close',
  'at.ind.stopLoss': 'Stop loss',
  'at.ind.takeProfit': 'Take profit',
  // the switch elsewhere, the platform's badge and close explanation
  'at.switch.info':
    'A published strategy opens and closes positions for you within the limits you set. Read its rules, test it and follow every decision on the auto-trading page.',
  'at.switch.open': 'Strategy, limits and journal',
  'at.badge': 'AI',
  'at.badge.title': 'Opened by your auto-trading strategy',
  'at.why.strategy': 'Closed by your auto-trading strategy: {{reason}}',
  'at.why.strategyPlain': 'Closed by your auto-trading strategy.',
} as const;

/** German: complete by type, a key missing here is a compile error. */
export const AUTO_TRADING_DE: Record<keyof typeof AUTO_TRADING_EN, string> &
  Partial<Record<MessageKey, string>> = {
  'at.title': 'Auto-Trading',
  'at.nav': 'Auto-Trading',
  'at.account':
    'Auto-Trading des Kontos {{number}} ({{kind}}): Jedes Konto hat seinen eigenen Schalter, seine Strategie, Grenzen und sein Journal.',
  'at.account.live': 'Live',
  'at.account.demo': 'Demo, virtuelles Geld',
  'at.lead':
    'Eine veröffentlichte Strategie handelt für Sie innerhalb der Grenzen, die Sie setzen. Testen Sie sie zuerst mit vergangenen Kursen und verfolgen Sie dann jede ihrer Entscheidungen mit den Kursen, die sie verwendet hat.',
  'at.status.label': 'Status',
  'at.status.on': 'Aktiv',
  'at.status.off': 'Aus',
  'at.status.stopped': 'Gestoppt',
  'at.status.since': 'Seit {{time}}',
  'at.status.switch': 'Auto-Trading an',
  'at.stopped.daily':
    'Auto-Trading hat sich am {{time}} selbst abgeschaltet: Der heutige Verlust der Strategie-Trades hat Ihr Tagesverlustlimit erreicht.',
  'at.stopped.drawdown':
    'Auto-Trading hat sich am {{time}} selbst abgeschaltet: Der Verlust seiner Trades seit dem Einschalten hat Ihr Drawdown-Limit erreicht.',
  'at.stopped.brand': 'Ihr Broker hat Auto-Trading am {{time}} gestoppt.',
  'at.stopped.again': 'Prüfen Sie Ihre Limits und schalten Sie es wieder ein, wenn Sie bereit sind.',
  'at.killed':
    'Ihr Broker hat Auto-Trading für alle Konten angehalten. Offene Positionen behalten ihren Stop-Loss und Take-Profit.',
  'at.block.noOffer': 'Ihr Broker bietet derzeit keine Strategie an.',
  'at.block.noSettings':
    'Wählen Sie unten Strategie und Limits und speichern Sie sie, um Auto-Trading einzuschalten.',
  'at.block.unverified': 'Verifizieren Sie Ihr Konto, um Auto-Trading einzuschalten.',
  'at.block.unverifiedLink': 'Dokumente hochladen',
  'at.block.backtest':
    'Führen Sie einen Backtest Ihrer gespeicherten Einstellungen durch, bevor Sie Auto-Trading zum ersten Mal einschalten.',
  'at.block.backtestLink': 'Zum Backtest',
  'at.unsaved':
    'Sie haben ungespeicherte Änderungen: Die Strategie handelt mit Ihren gespeicherten Einstellungen.',
  'at.offNote':
    'Ausschalten stoppt neue Entscheidungen sofort; offene Positionen behalten ihren Stop-Loss und Take-Profit.',
  'at.strategy.none': 'Noch keine Strategie gewählt.',
  'at.strategy.trend': 'Trendfolger',
  'at.strategy.trend.sub': 'Kreuzung gleitender Durchschnitte mit ATR-Stopp',
  'at.strategy.meanReversion': 'Mean Reversion',
  'at.strategy.meanReversion.sub': 'RSI-Bänder mit ATR-Stopp',
  'at.describe.trend':
    'Kauft, wenn der {{fast}}-Kerzen-Durchschnitt der {{timeframe}}-Schlusskurse den {{slow}}-Kerzen-Durchschnitt nach oben kreuzt, und verkauft, wenn er ihn nach unten kreuzt; eine offene Position der Gegenseite wird zuerst geschlossen.',
  'at.describe.meanReversion':
    'Kauft, wenn der {{period}}-Kerzen-RSI der {{timeframe}}-Schlusskurse wieder über {{oversold}} steigt, und verkauft, wenn er wieder unter {{overbought}} fällt; eine Long-Position schließt, wenn der RSI {{exit}} von unten erreicht, eine Short-Position, wenn er es von oben erreicht.',
  'at.describe.stops':
    'Jeder Trade erhält einen Stop-Loss {{stop}} × ATR({{atr}}) und einen Take-Profit {{takeProfit}} × ATR vom Einstieg entfernt.',
  'at.describe.amountFixed': '{{amount}} pro Trade',
  'at.describe.amountPercent': '{{percent}} % der freien Margin pro Trade',
  'at.describe.limits':
    'Handelt {{symbols}} mit {{amount}}; offene Positionen höchstens: {{positions}}; Hebel bis 1:{{leverage}}.',
  'at.describe.stopKeep':
    'Schaltet sich bei einem Verlust von {{daily}} an einem Tag oder {{drawdown}} seit dem Einschalten ab; seine offenen Positionen behalten dann ihren Stop-Loss und Take-Profit.',
  'at.describe.stopClose':
    'Schaltet sich bei einem Verlust von {{daily}} an einem Tag oder {{drawdown}} seit dem Einschalten ab und schließt dann seine offenen Positionen.',
  'at.describe.noSymbols': 'noch kein Instrument',
  'at.tf.1m': '1-Minuten',
  'at.tf.5m': '5-Minuten',
  'at.tf.15m': '15-Minuten',
  'at.tf.1h': '1-Stunden',
  'at.tf.4h': '4-Stunden',
  'at.tf.1D': 'Tages',
  'at.tfName.1m': '1 Minute',
  'at.tfName.5m': '5 Minuten',
  'at.tfName.15m': '15 Minuten',
  'at.tfName.1h': '1 Stunde',
  'at.tfName.4h': '4 Stunden',
  'at.tfName.1D': '1 Tag',
  'at.results.today': 'Heute',
  'at.results.total': 'Gesamt',
  'at.results.open': 'Jetzt offen',
  'at.results.trades': 'Geschlossene Trades: {{count}}',
  'at.results.positions': 'Positionen: {{count}}',
  'at.positions.title': 'Offene Auto-Positionen',
  'at.positions.empty': 'Die Strategie hält derzeit keine Position.',
  'at.positions.platform': 'Zur Plattform',
  'at.col.instrument': 'Instrument',
  'at.col.amount': 'Betrag',
  'at.col.openRate': 'Eröffnung',
  'at.col.slTp': 'SL / TP',
  'at.col.profit': 'Gewinn',
  'at.col.time': 'Zeit',
  'at.col.action': 'Aktion',
  'at.col.reason': 'Grund',
  'at.col.figures': 'Indikatoren und Kurs',
  'at.col.position': 'Position',
  'at.col.direction': 'Seite',
  'at.col.opened': 'Eröffnet',
  'at.col.closed': 'Geschlossen',
  'at.col.exit': 'Ausstieg',
  'at.settings.title': 'Strategie und Limits',
  'at.settings.lead':
    'Der Broker legt die Spannen fest; der Server prüft jede Entscheidung gegen Ihre Limits.',
  'at.section.strategy': 'Strategie',
  'at.section.params': 'Parameter',
  'at.section.instruments': 'Instrumente',
  'at.section.limits': 'Betrag und Risikolimits',
  'at.field.strategy': 'Strategie',
  'at.field.timeframe': 'Kerzen',
  'at.field.timeframe.hint': 'Die Strategie entscheidet einmal pro abgeschlossener Kerze dieser Länge.',
  'at.param.fastPeriod': 'Schneller Durchschnitt (Kerzen)',
  'at.param.slowPeriod': 'Langsamer Durchschnitt (Kerzen)',
  'at.param.atrPeriod': 'ATR-Periode (Kerzen)',
  'at.param.stopAtr': 'Stop-Loss (× ATR)',
  'at.param.takeProfitAtr': 'Take-Profit (× ATR)',
  'at.param.rsiPeriod': 'RSI-Periode (Kerzen)',
  'at.param.oversold': 'Überverkauft: Kauf darüber',
  'at.param.overbought': 'Überkauft: Verkauf darunter',
  'at.param.exitLevel': 'Ausstiegsniveau',
  'at.param.range': '{{min}} – {{max}}, Schritt {{step}}',
  'at.field.symbols': 'Instrumente, die die Strategie handeln darf',
  'at.field.symbols.search': 'Instrumente suchen',
  'at.field.symbols.selected': '{{count}} gewählt',
  'at.field.symbols.none': 'Kein Instrument passt.',
  'at.field.symbols.remove': '{{symbol}} entfernen',
  'at.field.symbols.empty': 'Noch kein Instrument gewählt.',
  'at.field.amount': 'Betrag pro Trade',
  'at.field.amount.fixed': 'Fester Betrag',
  'at.field.amount.percent': '% der freien Margin',
  'at.field.amount.hintFixed': 'Die Margin, die jeder Trade einsetzt, in {{currency}}.',
  'at.field.amount.hintPercent':
    'Ein Anteil Ihrer freien Margin beim Eröffnen des Trades, auf Cent abgerundet.',
  'at.field.maxPositions': 'Höchstens offene Positionen',
  'at.field.maxLeverage': 'Höchstens Hebel',
  'at.field.maxLeverage.hint':
    'Jeder Trade nimmt den höchsten auf seinem Instrument erlaubten Hebel bis zu diesem Wert.',
  'at.field.maxLeverage.capped': 'Ihr Broker erlaubt für Auto-Trading bis 1:{{max}}.',
  'at.field.dailyLossLimit': 'Tagesverlustlimit',
  'at.field.dailyLossLimit.hint':
    'Verlieren die Trades der Strategie an einem Tag (UTC, geschlossen und offen zusammen) so viel, schaltet sich Auto-Trading ab.',
  'at.field.drawdownLimit': 'Drawdown-Limit',
  'at.field.drawdownLimit.hint':
    'Verlieren sie seit dem Einschalten von Auto-Trading so viel, schaltet es sich ab.',
  'at.field.closeOnLimit': 'Auto-Positionen schließen, wenn ein Limit erreicht ist',
  'at.field.closeOnLimit.hint': 'Sonst bleiben sie mit ihrem Stop-Loss und Take-Profit offen.',
  'at.save': 'Einstellungen speichern',
  'at.saved': 'Auto-Trading-Einstellungen gespeichert.',
  'at.discard': 'Änderungen verwerfen',
  'at.settings.invalid': 'Bitte korrigieren Sie die markierten Felder.',
  'at.backtest.title': 'Backtest',
  'at.backtest.lead':
    'Testet die Einstellungen im Formular mit den Kerzen der letzten 12 Monate eines Instruments (auf 1-Stunden-Kerzen und länger; kürzere Kerzen reichen 7 bis 90 Tage zurück), mit demselben Code, der live handelt.',
  'at.backtest.symbol': 'Instrument',
  'at.backtest.run': 'Backtest starten',
  'at.backtest.running': 'Teste…',
  'at.backtest.period': '{{from}} – {{to}} · {{candles}} Kerzen',
  'at.backtest.depth.full':
    'Die vollen 12 Monate werden nur auf 1-Stunden-, 4-Stunden- und Tageskerzen getestet; kürzere Kerzen reichen 7 bis 90 Tage zurück.',
  'at.backtest.depth.short':
    '{{timeframe}}-Kerzen werden {{days}} Tage lang aufbewahrt, daher deckt dieser Test höchstens die letzten {{days}} Tage ab, nicht 12 Monate. Die vollen 12 Monate werden auf 1-Stunden-, 4-Stunden- und Tageskerzen getestet.',
  'at.backtest.stale':
    'Die Einstellungen haben sich seit diesem Test geändert. Starten Sie ihn erneut, um ihre Ergebnisse zu sehen.',
  'at.backtest.empty':
    'Wählen Sie ein Instrument und starten Sie den Test, um zu sehen, wie die Strategie abgeschnitten hätte.',
  'at.backtest.invalid': 'Korrigieren Sie zuerst die Einstellungen:',
  'at.backtest.fewer': 'Weniger anzeigen',
  'at.backtest.stoppedBy.daily': 'Das Tagesverlustlimit hätte Auto-Trading am {{time}} abgeschaltet.',
  'at.backtest.stoppedBy.drawdown': 'Das Drawdown-Limit hätte Auto-Trading am {{time}} abgeschaltet.',
  'at.backtest.chart': 'Kapitalverlauf des Backtests',
  'at.backtest.trades': 'Letzte Trades',
  'at.backtest.noTrades': 'Die Strategie hat in diesem Zeitraum nicht gehandelt.',
  'at.backtest.ready':
    'Backtest Ihrer gespeicherten Einstellungen erledigt: Sie können Auto-Trading einschalten.',
  'at.fig.netProfit': 'Nettogewinn',
  'at.fig.trades': 'Trades',
  'at.fig.winRate': 'Trefferquote',
  'at.fig.profitFactor': 'Profitfaktor',
  'at.fig.maxDrawdown': 'Max. Drawdown',
  'at.fig.worstDay': 'Schlechtester Tag',
  'at.fig.endBalance': 'Endsaldo',
  'at.fig.start': 'Start {{amount}}',
  'at.exit.signal': 'Signal',
  'at.exit.stopLoss': 'Stop-Loss',
  'at.exit.takeProfit': 'Take-Profit',
  'at.exit.end': 'Am Ende offen',
  'at.exit.limit': 'Verlustlimit',
  'at.risk.title': 'Risikohinweis',
  'at.risk.past':
    'Vergangene Ergebnisse sind keine Garantie für künftige Ergebnisse. Ein Backtest handelt vergangene Kerzen zum Schlusskurs mit dem Spread; live kommen Kurslücken, Slippage und geschlossene Märkte hinzu.',
  'at.risk.default':
    'CFDs sind komplexe Instrumente und gehen wegen des Hebels mit dem hohen Risiko einher, schnell Geld zu verlieren. Überlegen Sie, ob Sie es sich leisten können, das hohe Risiko eines Verlusts Ihres Geldes einzugehen.',
  'at.journal.title': 'Journal',
  'at.journal.lead':
    'Jede Entscheidung der Strategie mit den Indikatorwerten und dem Kurs, die sie verwendet hat, und jedes Signal, das Ihre Limits zurückgehalten haben, die neueste zuerst.',
  'at.journal.empty': 'Noch kein Eintrag. Die Strategie schreibt hier bei jeder Entscheidung und Änderung.',
  'at.journal.more': 'Mehr laden',
  'at.journal.candle': 'Kerze {{time}}',
  'at.journal.quote': 'Verkauf {{sell}} · Kauf {{buy}}',
  'at.journal.position': '#{{id}}',
  'at.journal.positionTitle': 'Position #{{id}} auf der Plattform',
  'at.action.open': 'Eröffnet',
  'at.action.close': 'Geschlossen',
  'at.action.refused': 'Abgelehnt',
  'at.action.skipped': 'Übersprungen',
  'at.action.limit': 'Verlustlimit',
  'at.action.switchedOn': 'Eingeschaltet',
  'at.action.switchedOff': 'Ausgeschaltet',
  'at.action.brandStopped': 'Vom Broker gestoppt',
  'at.action.settings': 'Einstellungen',
  'at.ind.smaFast': 'Schneller SMA',
  'at.ind.smaSlow': 'Langsamer SMA',
  'at.ind.smaFastPrevious': 'Schneller SMA davor',
  'at.ind.smaSlowPrevious': 'Langsamer SMA davor',
  'at.ind.atr': 'ATR',
  'at.ind.rsi': 'RSI',
  'at.ind.rsiPrevious': 'RSI davor',
  'at.ind.close': 'Schluss',
  'at.ind.stopLoss': 'Stop-Loss',
  'at.ind.takeProfit': 'Take-Profit',
  'at.switch.info':
    'Eine veröffentlichte Strategie eröffnet und schließt Positionen für Sie innerhalb der Grenzen, die Sie setzen. Lesen Sie ihre Regeln, testen Sie sie und verfolgen Sie jede Entscheidung auf der Auto-Trading-Seite.',
  'at.switch.open': 'Strategie, Limits und Journal',
  'at.badge': 'KI',
  'at.badge.title': 'Von Ihrer Auto-Trading-Strategie eröffnet',
  'at.why.strategy': 'Von Ihrer Auto-Trading-Strategie geschlossen: {{reason}}',
  'at.why.strategyPlain': 'Von Ihrer Auto-Trading-Strategie geschlossen.',
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
