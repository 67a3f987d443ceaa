import type { MessageKey } from '@openbroker/domain';

/** Client-area walkthrough fixes. German is complete by type: a key missing from CLIENT_FIXES_DE is a compile error. */
export const CLIENT_FIXES_EN = {
  // window titles ('Page · Brand', app/useDocumentTitle.ts)
  'fix.title.login': 'Log in',
  'fix.title.register': 'Open an account',
  'fix.title.forgotPassword': 'Forgot password',
  'fix.title.resetPassword': 'New password',
  'fix.title.autoLogin': 'Signing in',
  'fix.title.affiliate': 'Affiliates',
  'fix.title.referrals': 'Referrals',
  'fix.title.deposit': 'Deposit',
  'fix.title.withdraw': 'Withdraw',
  'fix.title.notFound': 'Page not found',
  'fix.title.platform': '{{symbol}} · Trading platform',
  'fix.title.enrol': 'Two-factor set-up',
  // a deposit abandoned at its provider (server: PAYMENT_PENDING_EXPIRY_MINUTES)
  'fix.status.expired': 'Expired',
} as const;

/** A key of the client-area fixes. */
export type ClientFixesKey = keyof typeof CLIENT_FIXES_EN;

export const CLIENT_FIXES_DE: Record<keyof typeof CLIENT_FIXES_EN, string> &
  Partial<Record<MessageKey, string>> = {
  'fix.title.login': 'Anmelden',
  'fix.title.register': 'Konto eröffnen',
  'fix.title.forgotPassword': 'Passwort vergessen',
  'fix.title.resetPassword': 'Neues Passwort',
  'fix.title.autoLogin': 'Anmeldung läuft',
  'fix.title.affiliate': 'Partner',
  'fix.title.referrals': 'Empfehlungen',
  'fix.title.deposit': 'Einzahlung',
  'fix.title.withdraw': 'Auszahlung',
  'fix.title.notFound': 'Seite nicht gefunden',
  'fix.title.platform': '{{symbol}} · Handelsplattform',
  'fix.title.enrol': 'Zwei-Faktor-Einrichtung',
  'fix.status.expired': 'Abgelaufen',
  'fix.depositExpired':
    'Abgelaufen: Die Zahlung wurde beim Zahlungsanbieter nicht rechtzeitig abgeschlossen. Es wurde nichts gutgeschrieben; bitte starten Sie eine neue Einzahlung.',
};
