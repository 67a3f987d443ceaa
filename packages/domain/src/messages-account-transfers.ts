/**
 * Messages of trading accounts (opening, switching, demo resets), transfers between a client's own accounts and
 * the demo sign-up: the server's refusals (our texts). English here; German, Spanish and Italian below, for the web
 * app's resources (the client area loads them with its other languages).
 */
export const ACCOUNT_TRANSFERS_MESSAGES = {
  'accounts.currencyNotOffered': 'Live accounts in {{currency}} are not offered',
  'accounts.demoCurrencyNotOffered': 'Demo accounts in {{currency}} are not offered',
  'accounts.tooManyLive': 'You can hold at most {{max}} live accounts',
  'accounts.tooManyDemo': 'You can hold at most {{max}} demo accounts',
  'accounts.notDemo': 'Only a demo account can be reset',
  'accounts.profileRequired': 'Complete your profile before opening a live account',
  'accounts.resetFailed': 'The demo account could not be reset. Please try again.',
  'transfers.amountInvalid': 'Enter an amount such as 1000 or 1000.50',
  'transfers.amountDecimals': 'Use at most 2 decimals',
  'transfers.amountPositive': 'The amount must be above 0',
  'transfers.amountHuge': 'One transfer can move at most {{max}}',
  'transfers.sameAccount': 'Choose two different accounts',
  'transfers.demoAccount': 'Transfers are between live accounts only',
  'transfers.noFreeMargin': 'This account has no free margin to transfer',
  'transfers.aboveFreeMargin': 'You can transfer at most {{max}}',
  'transfers.creditZero': 'This amount converts to less than 0.01: transfer more',
  'transfers.noRate': 'There is no price for {{pair}} now. Try again when it trades.',
  'transfers.noPair': 'Transfers between {{from}} and {{to}} are not offered',
  'transfers.marketClosed': 'The {{pair}} market is closed. It opens {{time}} (UTC).',
  'transfers.marketClosedNoTime': 'The {{pair}} market is closed.',
  'transfers.requote':
    'The rate moved to {{rate}}: you would receive {{credit}}. Confirm again to transfer at it.',
  'transfers.failed': 'The transfer could not be booked; nothing was moved. Please try again.',
  'demo.disabled': 'Demo accounts are not offered here',
} as const;

/** A key of these messages (their German, Spanish and Italian are in messages-account-transfers-languages.ts). */
export type AccountTransfersKey = keyof typeof ACCOUNT_TRANSFERS_MESSAGES;
