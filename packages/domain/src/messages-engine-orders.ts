/** Messages: engine refusals of orders, partial closes and charges (our texts). */
export const ENGINE_ORDERS_MESSAGES = {
  'engineOrder.notFound': 'This order was not found. It may have been filled, cancelled or expired already.',
  'engineOrder.tooMany': 'You can have at most {{max}} pending orders. Cancel one before placing another.',
  'engineOrder.leverageCapped':
    'Leverage above 1:{{max}} is not available for this instrument on your account.',
  'engineOrder.commissionExceedsFreeMargin':
    'The amount plus the commission of {{commission}} is more than your free margin. Choose a smaller amount.',
  'engineOrder.rejectedFreeMargin':
    'Your order could not be filled: the account did not have enough free margin when the price was reached.',
  'engineOrder.rejectedStopOut':
    'Your order could not be filled: opening it would have put the account at its stop-out level.',
  'engineOrder.rejectedNotAllowed':
    'Your order could not be filled: trading this instrument with these settings is no longer allowed on your account.',
  'engineOrder.rejectedUnavailable':
    'Your order could not be filled because the instrument could not be traded at that moment. Please place it again.',
  'engineOrder.trailingInvalid': 'Enter a trailing distance greater than 0.',
  'engineOrder.trailingTooClose':
    'The trailing distance must be larger than the current spread ({{spread}}). Choose a larger distance.',
} as const;
