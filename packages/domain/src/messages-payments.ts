/** Messages of deposits and withdrawals in the client area (our texts). */
export const PAYMENTS_MESSAGES = {
  /**
   * The status note of a card, wallet or cashier deposit nobody finished at the provider within the configured
   * time (PAYMENT_PENDING_EXPIRY_MINUTES): stored as the transaction's note in English and recognised by the web
   * app, which shows it translated with an "Expired" badge.
   */
  'fix.depositExpired':
    'Expired: the payment was not completed at the provider in time. Nothing was credited; please start a new deposit.',
  // a client cancels a pending withdrawal (POST /api/transactions/cancel)
  'withdraw.cancelNotFound': 'This withdrawal was not found.',
  'withdraw.notCancellable':
    'This withdrawal can no longer be cancelled: it has already been paid, declined or cancelled.',
} as const;
