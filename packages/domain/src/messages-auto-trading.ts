/** Auto-trading: server answers, decision reasons and journal lines (our texts). */
export const AUTO_TRADING_MESSAGES = {
  // the strategies' names
  'auto.strategy.trend': 'Trend follower (moving-average crossover)',
  'auto.strategy.meanReversion': 'Mean reversion (RSI)',

  // signals: why the strategy buys, sells or does nothing on the last closed candle (figures as it read them)
  'auto.reason.warmup':
    'Waiting for enough closed candles: the strategy needs {{needed}}, {{available}} are available so far.',
  'auto.reason.trend.crossUp':
    'The {{fast}}-candle average ({{smaFast}}) crossed above the {{slow}}-candle average ({{smaSlow}}); one candle before they were {{smaFastPrevious}} and {{smaSlowPrevious}}: buy.',
  'auto.reason.trend.crossDown':
    'The {{fast}}-candle average ({{smaFast}}) crossed below the {{slow}}-candle average ({{smaSlow}}); one candle before they were {{smaFastPrevious}} and {{smaSlowPrevious}}: sell.',
  'auto.reason.trend.above':
    'No crossover: the {{fast}}-candle average ({{smaFast}}) stays above the {{slow}}-candle average ({{smaSlow}}).',
  'auto.reason.trend.below':
    'No crossover: the {{fast}}-candle average ({{smaFast}}) stays below the {{slow}}-candle average ({{smaSlow}}).',
  'auto.reason.trend.equal':
    'No crossover: the {{fast}}-candle average and the {{slow}}-candle average are equal ({{smaSlow}}).',
  'auto.reason.mr.crossUp':
    'The RSI rose from {{rsiPrevious}} back above the oversold level {{oversold}} to {{rsi}}: buy.',
  'auto.reason.mr.crossDown':
    'The RSI fell from {{rsiPrevious}} back below the overbought level {{overbought}} to {{rsi}}: sell.',
  'auto.reason.mr.exitLong':
    'The RSI rose from {{rsiPrevious}} to {{rsi}}, reaching the exit level {{exitLevel}}: close buy positions.',
  'auto.reason.mr.exitShort':
    'The RSI fell from {{rsiPrevious}} to {{rsi}}, reaching the exit level {{exitLevel}}: close sell positions.',
  'auto.reason.mr.oversold':
    'No signal: the RSI ({{rsi}}) is below the oversold level {{oversold}}; the strategy buys when it rises back above it.',
  'auto.reason.mr.overbought':
    'No signal: the RSI ({{rsi}}) is above the overbought level {{overbought}}; the strategy sells when it falls back below it.',
  'auto.reason.mr.flat':
    'No signal: the close did not change over the candles the RSI reads, so the RSI says nothing now.',
  'auto.reason.mr.neutral':
    'No signal: the RSI is {{rsi}} (one candle before {{rsiPrevious}}), between the oversold level {{oversold}} and the overbought level {{overbought}}.',

  // closes: the same figures, worded as the close they cause
  'auto.close.trend.crossUp':
    'The {{fast}}-candle average ({{smaFast}}) crossed above the {{slow}}-candle average ({{smaSlow}}): the sell position is closed.',
  'auto.close.trend.crossDown':
    'The {{fast}}-candle average ({{smaFast}}) crossed below the {{slow}}-candle average ({{smaSlow}}): the buy position is closed.',
  'auto.close.mr.crossUp':
    'The RSI rose from {{rsiPrevious}} back above the oversold level {{oversold}} to {{rsi}}: the sell position is closed.',
  'auto.close.mr.crossDown':
    'The RSI fell from {{rsiPrevious}} back below the overbought level {{overbought}} to {{rsi}}: the buy position is closed.',
  'auto.close.mr.exitLong':
    'The RSI rose from {{rsiPrevious}} to {{rsi}}, reaching the exit level {{exitLevel}}: the buy position is closed.',
  'auto.close.mr.exitShort':
    'The RSI fell from {{rsiPrevious}} to {{rsi}}, reaching the exit level {{exitLevel}}: the sell position is closed.',

  // the stop loss and take profit of an open
  'auto.levels.buy':
    'Stop loss {{stopLoss}}: {{stopAtr}} × the average true range ({{atr}}) below the buy price {{price}}. Take profit {{takeProfit}}: {{takeProfitAtr}} × the average true range above it.',
  'auto.levels.sell':
    'Stop loss {{stopLoss}}: {{stopAtr}} × the average true range ({{atr}}) above the sell price {{price}}. Take profit {{takeProfit}}: {{takeProfitAtr}} × the average true range below it.',

  // holds: why a signal did not lead to a trade
  'auto.hold.noLongToClose': 'Nothing to close: the strategy has no buy position in {{symbol}}.',
  'auto.hold.noShortToClose': 'Nothing to close: the strategy has no sell position in {{symbol}}.',
  'auto.hold.symbolNotChosen':
    'Not opened: {{symbol}} is not among the instruments you chose for the strategy.',
  'auto.hold.noPrice': 'Not opened: there is no price for {{symbol}} right now.',
  'auto.hold.dailyLimit':
    "Not opened: today's result of auto trades ({{result}}) has reached your daily loss limit of {{limit}}.",
  'auto.hold.drawdownLimit':
    'Not opened: the result of auto trades since switching on ({{result}}) has reached your drawdown limit of {{limit}}.',
  'auto.hold.alreadyOpenBuy': 'Not opened: the strategy already holds a buy position in {{symbol}}.',
  'auto.hold.alreadyOpenSell': 'Not opened: the strategy already holds a sell position in {{symbol}}.',
  'auto.hold.maxPositions': 'Not opened: {{count}} auto positions are open, your maximum is {{max}}.',
  'auto.hold.noLeverage':
    'Not opened: none of the leverages allowed for {{symbol}} on your account is within your maximum of 1:{{max}}.',
  'auto.hold.amountTooSmall':
    'Not opened: the amount per trade would be {{amount}}, below the minimum of {{min}}.',
  'auto.hold.notEnoughMargin':
    'Not opened: the amount per trade of {{amount}} is more than the free margin of {{freeMargin}}.',
  'auto.hold.noVolatility': 'Not opened: the prices did not move, so no stop loss can be measured.',
  'auto.hold.stopsInvalid': 'Not opened: no valid stop loss and take profit can be set at the current price.',

  // answers of the server
  'auto.error.noSettings': 'Save your auto-trading settings before switching it on.',
  'auto.error.notVerified': 'Auto-trading can be switched on once your account is verified.',
  'auto.error.brandStopped': 'Your broker has stopped auto-trading for now, so it cannot be switched on.',
  'auto.error.dailyLimitReached':
    "Today's auto trades already reached your daily loss limit: switch auto-trading on again tomorrow (UTC) or raise the limit.",
  'auto.error.backtestBusy': 'Many backtests are running just now. Please try again in a few seconds.',
  'auto.error.noCandles': 'There are not enough {{timeframe}} candles of {{symbol}} for a backtest yet.',

  // journal lines: changes of state
  'auto.journal.switchedOn': 'Auto-trading switched on.',
  'auto.journal.switchedOff':
    'Auto-trading switched off by you. Open auto positions stay open with their stop loss and take profit.',
  'auto.journal.settings': 'Settings saved: {{strategy}} on {{timeframe}} candles, {{symbols}}.',
  'auto.journal.limitDaily':
    "Today's result of auto trades ({{result}}) reached your daily loss limit of {{limit}}: auto-trading is switched off.",
  'auto.journal.limitDrawdown':
    'The result of auto trades since switching on ({{result}}) reached your drawdown limit of {{limit}}: auto-trading is switched off.',
  'auto.journal.limitClose':
    'Closed because a loss limit was reached (you chose to close open auto positions then).',
  'auto.journal.brandStopped':
    'Your broker stopped auto-trading for all clients. Open auto positions keep their stop loss and take profit.',
  'auto.journal.refused': 'The trading engine refused this order; the reason is shown with it.',
  'auto.notice.title': 'Auto-trading switched off',

  // checks of the settings a client saves
  'auto.settings.invalid': 'The auto-trading settings are not complete. Please check them and save again.',
  'auto.settings.unknownStrategy': 'Choose one of the strategies offered.',
  'auto.settings.strategyNotOffered': 'Your broker does not offer this strategy.',
  'auto.settings.timeframeNotOffered': 'This timeframe is not offered for the strategy.',
  'auto.settings.required': 'Enter a value.',
  'auto.settings.notANumber': 'Enter a number.',
  'auto.settings.range': 'Choose a value from {{min}} to {{max}}.',
  'auto.settings.step': 'Choose a value in steps of {{step}} from {{min}}.',
  'auto.settings.wholeNumber': 'Enter a whole number.',
  'auto.settings.cents': 'Use at most two decimals.',
  'auto.settings.fastBelowSlow':
    'The fast average must count fewer candles than the slow average ({{slow}}).',
  'auto.settings.levelsOrder':
    'The levels must be in order: oversold ({{oversold}}) below the exit level, the exit level below overbought ({{overbought}}).',
  'auto.settings.symbolsRequired': 'Choose at least one instrument.',
  'auto.settings.tooManySymbols': 'Choose at most {{max}} instruments.',
  'auto.settings.symbolInvalid': 'This instrument name is not valid.',
  'auto.settings.symbolNotAllowed': 'The strategy cannot trade {{symbol}} on your account.',
  'auto.settings.amountMode': 'Choose a fixed amount or a percentage of the free margin.',
  'auto.settings.amountMin': 'The amount per trade must be at least {{min}}.',
  'auto.settings.leverageAboveCap': 'Your broker allows the strategy a leverage of at most 1:{{max}}.',
  'auto.settings.lossLimitMin': 'The loss limit must be at least {{min}}.',
  'auto.settings.closeOnLimit': 'Choose whether open auto positions are closed when a loss limit is reached.',
} as const;
