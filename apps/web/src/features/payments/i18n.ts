import type { MessageKey } from '@openbroker/domain';

/** Texts of deposits and withdrawals. */
export const PAYMENTS_EN = {
  'payment.deposit.title': 'Deposit funds',
  'payment.deposit.lead': 'Choose how you want to fund your account.',
  'payment.deposit.close': 'Back to the platform',
  'payment.deposit.noMethods':
    'No payment method is available yet. Please contact support to fund your account; online methods will be listed here once they are enabled.',
  'payment.withdraw.title': 'Request a withdrawal',
  'payment.withdraw.lead': 'Withdrawals are paid back to the method you deposited with.',
  'payment.withdraw.amount': 'Amount',
  'payment.withdraw.comments': 'Comments',
  'payment.withdraw.submit': 'Request withdrawal',
  'payment.withdraw.soon':
    'Requesting a withdrawal from the web app is not available yet. Please contact support.',
  'payments.action.deposit': 'Deposit',
  'payments.action.withdraw': 'Withdraw',
  'payments.action.history': 'Withdrawal history',
  'payments.action.viewDeposits': 'View my deposits',
  'payments.action.again': 'Make another deposit',
  'payments.action.tryAgain': 'Try again',
  'payments.action.trade': 'Start trading',
  'payments.action.chooseOther': 'Choose another method',
  'payments.step.method': 'Choose a payment method',
  'payments.step.amount': 'Enter the amount',
  'payments.method': 'Payment method',
  'payments.kind.card': 'Debit or credit card, with 3-D Secure',
  'payments.kind.wire': 'Transfer from your bank account',
  'payments.kind.alternative': 'Pay with your e-wallet account',
  'payments.kind.cashier': 'More ways to pay in one cashier',
  'payments.next.card':
    'Next you enter your card details on the secure page of {{method}}. Your bank may ask you to confirm the payment (3-D Secure).',
  'payments.next.wire': 'Next we show you our bank details and your personal reference for the transfer.',
  'payments.next.alternative': 'Next you approve the payment on the page of {{method}}.',
  'payments.next.cashier': 'The cashier opens on this page to complete the payment.',
  'payments.submit': 'Continue to payment',
  'payments.submit.amount': 'Deposit {{amount}}',
  'payments.leaving': 'Taking you to the secure payment page…',
  'payments.unreachable':
    'We could not reach the server, so we do not know yet whether your request arrived. Try again: it is sent with the same reference, so nothing is booked twice.',
  'payments.blocked.hint':
    'Deposits open as soon as your personal details and address are complete. It takes a minute.',
  'payments.copy': 'Copy {{label}}',
  'payments.copied': 'Copied',
  'payments.summary.title': 'Your deposit',
  'payments.summary.creditedTo': 'Credited to',
  'payments.summary.account': 'Trading account {{pin}}',
  'payments.summary.minimum': 'Minimum deposit',
  'payments.summary.amount': 'Amount',
  'payments.trust.title': 'Paying safely',
  'payments.trust.secure': 'Your card details stay with the payment provider',
  'payments.trust.secureBody':
    'Card numbers are entered on the provider’s secure page, never on this site, over an encrypted connection.',
  'payments.trust.tracked': 'Every payment on record',
  'payments.trust.trackedBody': 'Each deposit is listed with its status and reference under',
  'payments.trust.help': 'Questions about a payment?',
  'payments.wire.thanks': 'Thank you! Your deposit of {{amount}} is registered.',
  'payments.wire.title': 'Transfer {{amount}} to this account',
  'payments.wire.lead': 'Use these details in your online banking. Copy each one with the button beside it.',
  'payments.wire.referenceHint':
    'Always quote the reference: it is how we recognise your transfer and credit it to your account.',
  'payments.wire.after':
    'Your balance is credited as soon as the transfer has arrived and been matched; you can follow it under Transactions.',
  'payments.bank.amount': 'Amount',
  'payments.bank.beneficiary': 'Beneficiary',
  'payments.bank.bankName': 'Bank',
  'payments.bank.iban': 'IBAN',
  'payments.bank.bic': 'BIC / SWIFT',
  'payments.bank.reference': 'Reference',
  'payments.cashier.title': 'Complete your payment in the cashier',
  'payments.cashier.lead': 'The cashier opens in a moment. Follow its steps; this page shows the result.',
  'payments.cashier.opening': 'Opening the cashier…',
  'payments.cashier.open': 'Open the cashier',
  'payments.result.checking': 'Checking the payment with our records…',
  'payments.result.transactionId': 'Transaction ID',
  'payments.result.approved.title': 'Deposit received',
  'payments.result.approved.body':
    '{{amount}} has been added to your balance. You can start trading right away.',
  'payments.result.approved.bodyNoAmount':
    'The money has been added to your balance. You can start trading right away.',
  'payments.result.pending.title': 'We are confirming your payment',
  'payments.result.pending.body':
    'Your payment of {{amount}} is being confirmed by the payment provider. Your balance is updated as soon as it is; this usually takes a moment.',
  'payments.result.pending.bodyNoAmount':
    'Your payment is being confirmed by the payment provider. Your balance is updated as soon as it is; this usually takes a moment.',
  'payments.result.declined.title': 'Payment declined',
  'payments.result.declined.body':
    'Your bank or the payment provider did not accept the payment of {{amount}}, so your balance has not changed. Check the details and try again, or choose another method.',
  'payments.result.declined.bodyNoAmount':
    'Your bank or the payment provider did not accept the payment, so your balance has not changed. Check the details and try again, or choose another method.',
  'payments.result.cancelled.title': 'Payment cancelled',
  'payments.result.cancelled.body':
    'The payment of {{amount}} was cancelled before it was completed. Your balance has not changed.',
  'payments.result.cancelled.bodyNoAmount':
    'The payment was cancelled before it was completed. Your balance has not changed.',
  'payments.withdraw.available': 'Available to withdraw',
  'payments.withdraw.inPositions': 'Held in open positions',
  'payments.withdraw.max': 'Max',
  'payments.withdraw.remaining': '{{amount}} stays available for trading.',
  'payments.withdraw.commentsHint':
    'Tell us where the money should go, e.g. the card or the bank account (IBAN) in your name.',
  'payments.withdraw.noBalanceHint':
    'Withdrawals come from your free margin: your balance minus what open positions hold.',
  'payments.withdraw.success':
    'Your withdrawal request for {{amount}} has been received. We will review it and let you know; you can follow it below.',
  'payments.withdraw.pending': 'Pending requests',
  'payments.withdraw.noPending': 'You have no pending withdrawal requests.',
  'payments.withdraw.howTitle': 'How withdrawals work',
  'payments.withdraw.step1': 'You send a request',
  'payments.withdraw.step1Body': 'The amount is reserved from your free margin at once.',
  'payments.withdraw.step2': 'We review it',
  'payments.withdraw.step2Body': 'Our team checks the request and the account it goes to.',
  'payments.withdraw.step3': 'The money is on its way',
  'payments.withdraw.step3Body': 'Funds may take about seven business days to reach your account.',
} as const;

/** German: complete by type, a key missing here is a compile error. */
export const PAYMENTS_DE: Record<keyof typeof PAYMENTS_EN, string> & Partial<Record<MessageKey, string>> = {
  'deposit.minimum': 'Mindesteinzahlung {{min}} {{currency}}',
  'deposit.maximum': 'Höchsteinzahlung {{max}} {{currency}}',
  'withdraw.maximum': 'Die maximale Auszahlung beträgt {{max}}',
  'withdraw.notVerified':
    'Auszahlungen gehen nur an verifizierte Konten. Laden Sie Ihre Dokumente unter „Mein Konto“ hoch, um verifiziert zu werden.',
  'withdraw.noBalance': 'Sie haben kein Guthaben zum Auszahlen',
  'withdraw.agreement':
    'Mir ist bewusst, dass ausgezahlte Beträge etwa sieben Werktage benötigen können, bis sie auf meinem Konto eingehen.',
  'payment.methodUnavailable':
    'Diese Zahlungsmethode ist nicht verfügbar. Bitte wählen Sie eine andere oder wenden Sie sich an den Support.',
  'payment.idempotencyConflict':
    'Diese Anfrage wurde bereits mit anderen Angaben gesendet. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  'payment.transactionNotFound': 'Diese Transaktion wurde nicht gefunden.',
  'payment.alreadyFinal': 'Diese Transaktion ist bereits {{status}} und kann nicht mehr geändert werden.',
  'payment.providerFailed':
    'Der Zahlungsanbieter war nicht erreichbar. Es wurde nichts belastet; bitte versuchen Sie es in ein paar Minuten erneut.',
  'webhook.badSignature': 'Die Signatur des Webhooks ist ungültig.',
  'webhook.staleTimestamp': 'Der Zeitstempel des Webhooks liegt außerhalb des erlaubten Zeitfensters.',
  'webhook.mismatch': 'Der Webhook passt nicht zur Transaktion (Betrag oder Währung).',
  'webhook.malformed': 'Der Inhalt des Webhooks konnte nicht gelesen werden.',
  'payment.deposit.title': 'Geld einzahlen',
  'payment.deposit.lead': 'Wählen Sie, wie Sie Ihr Konto aufladen möchten.',
  'payment.deposit.close': 'Zurück zur Plattform',
  'payment.deposit.noMethods':
    'Es ist noch keine Zahlungsmethode verfügbar. Bitte wenden Sie sich an den Support, um Ihr Konto aufzuladen; Online-Zahlungsmethoden erscheinen hier, sobald sie freigeschaltet sind.',
  'payment.withdraw.title': 'Auszahlung beantragen',
  'payment.withdraw.lead': 'Auszahlungen erfolgen über die Methode, mit der Sie eingezahlt haben.',
  'payment.withdraw.amount': 'Betrag',
  'payment.withdraw.comments': 'Kommentar',
  'payment.withdraw.submit': 'Auszahlung beantragen',
  'payment.withdraw.soon':
    'Auszahlungen können in der Web-App noch nicht beantragt werden. Bitte wenden Sie sich an den Support.',
  'payments.action.deposit': 'Einzahlen',
  'payments.action.withdraw': 'Auszahlen',
  'payments.action.history': 'Auszahlungsverlauf',
  'payments.action.viewDeposits': 'Meine Einzahlungen ansehen',
  'payments.action.again': 'Weitere Einzahlung',
  'payments.action.tryAgain': 'Erneut versuchen',
  'payments.action.trade': 'Jetzt handeln',
  'payments.action.chooseOther': 'Andere Methode wählen',
  'payments.step.method': 'Zahlungsmethode wählen',
  'payments.step.amount': 'Betrag eingeben',
  'payments.method': 'Zahlungsmethode',
  'payments.kind.card': 'Debit- oder Kreditkarte, mit 3-D Secure',
  'payments.kind.wire': 'Überweisung von Ihrem Bankkonto',
  'payments.kind.alternative': 'Mit Ihrem E-Wallet-Konto bezahlen',
  'payments.kind.cashier': 'Weitere Zahlungswege in einer Kasse',
  'payments.next.card':
    'Als Nächstes geben Sie Ihre Kartendaten auf der sicheren Seite von {{method}} ein. Ihre Bank bittet Sie eventuell, die Zahlung zu bestätigen (3-D Secure).',
  'payments.next.wire':
    'Als Nächstes zeigen wir Ihnen unsere Bankverbindung und Ihren persönlichen Verwendungszweck.',
  'payments.next.alternative': 'Als Nächstes bestätigen Sie die Zahlung auf der Seite von {{method}}.',
  'payments.next.cashier': 'Die Kasse öffnet sich auf dieser Seite, um die Zahlung abzuschließen.',
  'payments.submit': 'Weiter zur Zahlung',
  'payments.submit.amount': '{{amount}} einzahlen',
  'payments.leaving': 'Weiterleitung zur sicheren Zahlungsseite…',
  'payments.unreachable':
    'Der Server war nicht erreichbar, daher wissen wir noch nicht, ob Ihre Anfrage angekommen ist. Versuchen Sie es erneut: Sie wird mit derselben Kennung gesendet, nichts wird doppelt gebucht.',
  'payments.blocked.hint':
    'Einzahlungen sind möglich, sobald Ihre persönlichen Daten und Ihre Adresse vollständig sind. Das dauert nur eine Minute.',
  'payments.copy': '{{label}} kopieren',
  'payments.copied': 'Kopiert',
  'payments.summary.title': 'Ihre Einzahlung',
  'payments.summary.creditedTo': 'Gutschrift auf',
  'payments.summary.account': 'Handelskonto {{pin}}',
  'payments.summary.minimum': 'Mindesteinzahlung',
  'payments.summary.amount': 'Betrag',
  'payments.trust.title': 'Sicher bezahlen',
  'payments.trust.secure': 'Ihre Kartendaten bleiben beim Zahlungsanbieter',
  'payments.trust.secureBody':
    'Kartennummern geben Sie auf der sicheren Seite des Anbieters ein, nie auf dieser Website, über eine verschlüsselte Verbindung.',
  'payments.trust.tracked': 'Jede Zahlung nachvollziehbar',
  'payments.trust.trackedBody': 'Jede Einzahlung steht mit Status und Kennung unter',
  'payments.trust.help': 'Fragen zu einer Zahlung?',
  'payments.wire.thanks': 'Vielen Dank! Ihre Einzahlung über {{amount}} ist registriert.',
  'payments.wire.title': 'Überweisen Sie {{amount}} auf dieses Konto',
  'payments.wire.lead':
    'Verwenden Sie diese Angaben in Ihrem Online-Banking. Mit der Schaltfläche daneben kopieren Sie jede Angabe.',
  'payments.wire.referenceHint':
    'Geben Sie immer den Verwendungszweck an: Nur so erkennen wir Ihre Überweisung und schreiben sie Ihrem Konto gut.',
  'payments.wire.after':
    'Ihr Guthaben wird gutgeschrieben, sobald die Überweisung eingegangen und zugeordnet ist; den Stand sehen Sie unter Transaktionen.',
  'payments.bank.amount': 'Betrag',
  'payments.bank.beneficiary': 'Empfänger',
  'payments.bank.bankName': 'Bank',
  'payments.bank.iban': 'IBAN',
  'payments.bank.bic': 'BIC / SWIFT',
  'payments.bank.reference': 'Verwendungszweck',
  'payments.cashier.title': 'Schließen Sie die Zahlung in der Kasse ab',
  'payments.cashier.lead':
    'Die Kasse öffnet sich gleich. Folgen Sie ihren Schritten; diese Seite zeigt das Ergebnis.',
  'payments.cashier.opening': 'Kasse wird geöffnet…',
  'payments.cashier.open': 'Kasse öffnen',
  'payments.result.checking': 'Die Zahlung wird mit unseren Unterlagen abgeglichen…',
  'payments.result.transactionId': 'Transaktions-ID',
  'payments.result.approved.title': 'Einzahlung erhalten',
  'payments.result.approved.body':
    '{{amount}} wurden Ihrem Guthaben gutgeschrieben. Sie können sofort mit dem Handel beginnen.',
  'payments.result.approved.bodyNoAmount':
    'Der Betrag wurde Ihrem Guthaben gutgeschrieben. Sie können sofort mit dem Handel beginnen.',
  'payments.result.pending.title': 'Wir bestätigen Ihre Zahlung',
  'payments.result.pending.body':
    'Ihre Zahlung über {{amount}} wird vom Zahlungsanbieter bestätigt. Ihr Guthaben wird aktualisiert, sobald das geschehen ist; das dauert meist nur einen Moment.',
  'payments.result.pending.bodyNoAmount':
    'Ihre Zahlung wird vom Zahlungsanbieter bestätigt. Ihr Guthaben wird aktualisiert, sobald das geschehen ist; das dauert meist nur einen Moment.',
  'payments.result.declined.title': 'Zahlung abgelehnt',
  'payments.result.declined.body':
    'Ihre Bank oder der Zahlungsanbieter hat die Zahlung über {{amount}} nicht angenommen; Ihr Guthaben ist unverändert. Prüfen Sie die Angaben und versuchen Sie es erneut, oder wählen Sie eine andere Methode.',
  'payments.result.declined.bodyNoAmount':
    'Ihre Bank oder der Zahlungsanbieter hat die Zahlung nicht angenommen; Ihr Guthaben ist unverändert. Prüfen Sie die Angaben und versuchen Sie es erneut, oder wählen Sie eine andere Methode.',
  'payments.result.cancelled.title': 'Zahlung abgebrochen',
  'payments.result.cancelled.body':
    'Die Zahlung über {{amount}} wurde vor dem Abschluss abgebrochen. Ihr Guthaben ist unverändert.',
  'payments.result.cancelled.bodyNoAmount':
    'Die Zahlung wurde vor dem Abschluss abgebrochen. Ihr Guthaben ist unverändert.',
  'payments.withdraw.available': 'Verfügbar zur Auszahlung',
  'payments.withdraw.inPositions': 'In offenen Positionen gebunden',
  'payments.withdraw.max': 'Max.',
  'payments.withdraw.remaining': '{{amount}} bleiben für den Handel verfügbar.',
  'payments.withdraw.commentsHint':
    'Teilen Sie uns mit, wohin das Geld gehen soll, z. B. die Karte oder das Bankkonto (IBAN) auf Ihren Namen.',
  'payments.withdraw.noBalanceHint':
    'Auszahlungen kommen aus Ihrer freien Marge: Ihrem Guthaben abzüglich der in offenen Positionen gebundenen Beträge.',
  'payments.withdraw.success':
    'Ihr Auszahlungsantrag über {{amount}} ist eingegangen. Wir prüfen ihn und melden uns; den Stand sehen Sie unten.',
  'payments.withdraw.pending': 'Offene Anträge',
  'payments.withdraw.noPending': 'Sie haben keine offenen Auszahlungsanträge.',
  'payments.withdraw.howTitle': 'So funktionieren Auszahlungen',
  'payments.withdraw.step1': 'Sie stellen einen Antrag',
  'payments.withdraw.step1Body': 'Der Betrag wird sofort von Ihrer freien Marge reserviert.',
  'payments.withdraw.step2': 'Wir prüfen ihn',
  'payments.withdraw.step2Body': 'Unser Team prüft den Antrag und das Zielkonto.',
  'payments.withdraw.step3': 'Das Geld ist unterwegs',
  'payments.withdraw.step3Body': 'Es kann etwa sieben Werktage dauern, bis das Geld auf Ihrem Konto ist.',
  // Clients meet this refusal on the withdrawal screen; the back-office money texts carry it too.
  'withdraw.bonusNotWithdrawable':
    'Bonus- und Kreditguthaben können nicht ausgezahlt werden. Sie können bis zu {{max}} auszahlen.',
  'withdraw.cancelNotFound': 'Diese Auszahlung wurde nicht gefunden.',
  'tradingAccount.notFound': 'Dieses Handelskonto wurde nicht gefunden.',
  'tradingAccount.demoNoPayments':
    'Ein Demokonto verwaltet virtuelles Geld: Ein- und Auszahlungen sind nicht möglich. Wechseln Sie zu einem Live-Konto.',
  'withdraw.notCancellable':
    'Diese Auszahlung kann nicht mehr storniert werden: Sie wurde bereits ausgezahlt, abgelehnt oder storniert.',
};

export const PAYMENTS_ES: Partial<Record<keyof typeof PAYMENTS_EN | MessageKey, string>> = {
  'deposit.maximum': 'Depósito máximo {{max}} {{currency}}',
  'tradingAccount.notFound': 'No se encontró esta cuenta de trading.',
  'tradingAccount.demoNoPayments':
    'Una cuenta demo usa dinero virtual: no admite depósitos ni retiros. Cambie a una cuenta real.',
};

export const PAYMENTS_IT: Partial<Record<keyof typeof PAYMENTS_EN | MessageKey, string>> = {
  'deposit.maximum': 'Deposito massimo {{max}} {{currency}}',
  'tradingAccount.notFound': 'Questo conto di trading non è stato trovato.',
  'tradingAccount.demoNoPayments':
    'Un conto demo usa denaro virtuale: non consente depositi né prelievi. Passa a un conto reale.',
};
