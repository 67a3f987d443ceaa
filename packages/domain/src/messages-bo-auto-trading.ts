/** Back office auto-trading: server answers of the brand's auto-trading settings and kill switch (our texts). */
export const BO_AUTO_TRADING_MESSAGES = {
  'boAuto.settingsInvalid': 'The auto-trading settings could not be read. Reload the page and try again.',
  'boAuto.unknownStrategy': 'There is no strategy called “{{strategy}}”.',
  'boAuto.unknownParam': '“{{param}}” is not a parameter of this strategy.',
  'boAuto.offeredInvalid': 'Say whether clients may choose this strategy (on or off).',
  'boAuto.timeframeUnknown': '“{{timeframe}}” is not a timeframe the product offers.',
  'boAuto.timeframesEmpty': 'Choose at least one timeframe, or stop offering the strategy.',
  'boAuto.notNumber': 'Enter a number.',
  'boAuto.belowProduct': 'At least {{min}}: the product’s range does not go lower.',
  'boAuto.aboveProduct': 'At most {{max}}: the product’s range does not go higher.',
  'boAuto.maxBelowMin': 'The highest value cannot be below the lowest ({{min}}).',
  'boAuto.defaultOutside':
    'The default must lie between the lowest ({{min}}) and the highest ({{max}}) value.',
  'boAuto.step': 'Use steps of {{step}} (for example {{example}}).',
  'boAuto.fastBelowSlow':
    'The fast average’s default must be shorter than the slow average’s default ({{slow}}), or the strategy never crosses.',
  'boAuto.levelsOrder':
    'The defaults must keep oversold ({{oversold}}) below the exit level ({{exitLevel}}) and the exit level below overbought ({{overbought}}).',
  'boAuto.leverageCap': 'The leverage cap must be a whole number from 1 to {{max}}, or empty for no cap.',
  'boAuto.killedInvalid': 'Say whether auto-trading stops (true) or runs again (false).',
  'boAuto.reasonRequired': 'Give the reason for stopping auto-trading; the audit log keeps it.',
} as const;
