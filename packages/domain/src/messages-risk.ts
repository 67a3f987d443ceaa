/** Messages: risk rules: margin level, liquidation, pending orders, trailing stops, partial close, presets (our texts). */
export const RISK_MESSAGES = {
  // pending orders: the level's side of the current dealing price
  'order.buyLimitBelow': 'A buy limit must be below the current buy price {{value}}',
  'order.buyStopAbove': 'A buy stop must be above the current buy price {{value}}',
  'order.sellLimitAbove': 'A sell limit must be above the current sell price {{value}}',
  'order.sellStopBelow': 'A sell stop must be below the current sell price {{value}}',
  // pending orders: expiry
  'order.expiryInPast': 'The expiry must be in the future',
  'order.expiryTooFar': 'The expiry can be at most one year ahead',
  // trailing stops
  'order.trailingTooClose': 'The trailing distance must be at least {{min}}',
  'order.trailingTooFar': 'The trailing distance can be at most {{max}}',
  // partial close
  'order.partialCloseLeavesTooLittle':
    'You can close at most {{max}} of this position, so that {{min}} stays open. To close all of it, use Close.',
  'order.partialCloseTooSmall': 'This position is too small to close in part. To close it, use Close.',
  // jurisdiction caps
  'risk.leverageAboveCap': 'The highest leverage for this instrument is 1:{{max}}',
} as const;
