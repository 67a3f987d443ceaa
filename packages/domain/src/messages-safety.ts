/** Messages: the client's safety (our texts). German in apps/web/src/app/i18n/safety.ts. */
export const SAFETY_MESSAGES = {
  // a new password equal to the current one (client, affiliate, reset link)
  'password.sameAsCurrent': 'The new password must be different from your current password',
  // an upload over spec §9's 2MB limit (UPLOAD_MAX_BYTES), instead of spec §8's general 'File not supported'
  'document.tooLarge': 'File is too large: at most 2 MB',
  // a client cancels a pending withdrawal (POST /api/transactions/cancel)
  'withdraw.cancelNotFound': 'This withdrawal was not found.',
  'withdraw.notCancellable':
    'This withdrawal can no longer be cancelled: it has already been paid, declined or cancelled.',
} as const;
