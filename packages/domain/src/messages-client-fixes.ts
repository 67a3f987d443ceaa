/** Messages: client-area fixes from the walkthrough: page titles, card page, expiry (our texts). */
export const CLIENT_FIXES_MESSAGES = {
  /**
   * The status note of a card, wallet or cashier deposit nobody finished at the provider within the configured
   * time (PAYMENT_PENDING_EXPIRY_MINUTES): stored as the transaction's note in English and recognised by the web
   * app, which shows it translated with an "Expired" badge.
   */
  'fix.depositExpired':
    'Expired: the payment was not completed at the provider in time. Nothing was credited; please start a new deposit.',
} as const;
