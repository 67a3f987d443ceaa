/** Messages of the client's account: passwords and document uploads (our texts). */
export const ACCOUNTS_MESSAGES = {
  // a new password equal to the current one (client, affiliate, reset link)
  'password.sameAsCurrent': 'The new password must be different from your current password',
  // an upload over spec §9's 2MB limit (UPLOAD_MAX_BYTES), instead of spec §8's general 'File not supported'
  'document.tooLarge': 'File is too large: at most 2 MB',
  // an accountId that is not one of the client's trading accounts (another client's, another brand's, unknown)
  'tradingAccount.notFound': 'This trading account was not found.',
  // a deposit or withdrawal asked for on a demo account (docs/accounts.md)
  'tradingAccount.demoNoPayments':
    'A demo account holds virtual money: it cannot deposit or withdraw. Switch to a live account.',
} as const;
