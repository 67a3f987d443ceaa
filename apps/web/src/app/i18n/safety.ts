import type { MessageKey } from '@openbroker/domain';

/**
 * The client's safety: the forgot-password confirmation that says nothing about the address, and
 * cancelling a pending withdrawal. German is complete by type: a key missing from SAFETY_DE is a compile error;
 * it also carries the German of the domain's messages-safety.ts.
 */
export const SAFETY_EN = {
  // shown for every address (the server answers alike whether it has an account or not)
  'safety.forgot.sentTitle': 'Check your email',
  'safety.forgot.sentBody':
    'If an account exists for this address, we have sent it a link to choose a new password. It can take a few minutes to arrive.',
  // a pending withdrawal on /transactions/withdrawals
  'safety.withdraw.cancel': 'Cancel request',
  'safety.withdraw.cancelQuestion': 'Cancel this withdrawal of {{amount}}?',
  'safety.withdraw.cancelConfirm': 'Yes, cancel it',
  'safety.withdraw.cancelKeep': 'Keep it',
  'safety.withdraw.cancelled': 'The withdrawal was cancelled: {{amount}} is back in your balance.',
} as const;

export const SAFETY_DE: Record<keyof typeof SAFETY_EN, string> & Partial<Record<MessageKey, string>> = {
  'safety.forgot.sentTitle': 'Prüfen Sie Ihr E-Mail-Postfach',
  'safety.forgot.sentBody':
    'Wenn zu dieser Adresse ein Konto besteht, haben wir ihr einen Link gesendet, mit dem Sie ein neues Passwort wählen können. Es kann einige Minuten dauern, bis die E-Mail ankommt.',
  'safety.withdraw.cancel': 'Anfrage stornieren',
  'safety.withdraw.cancelQuestion': 'Diese Auszahlung über {{amount}} stornieren?',
  'safety.withdraw.cancelConfirm': 'Ja, stornieren',
  'safety.withdraw.cancelKeep': 'Behalten',
  'safety.withdraw.cancelled': 'Die Auszahlung wurde storniert: {{amount}} ist wieder in Ihrem Guthaben.',
  // domain messages-safety.ts
  'password.sameAsCurrent': 'Das neue Passwort muss sich von Ihrem aktuellen Passwort unterscheiden',
  'document.tooLarge': 'Die Datei ist zu groß: höchstens 2 MB',
  'withdraw.cancelNotFound': 'Diese Auszahlung wurde nicht gefunden.',
  'withdraw.notCancellable':
    'Diese Auszahlung kann nicht mehr storniert werden: Sie wurde bereits ausgezahlt, abgelehnt oder storniert.',
};
