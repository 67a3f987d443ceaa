/**
 * Web texts of the affiliate feature, kept apart from uiEn.ts so that features can grow their texts
 * independently. German is complete by type: a key missing from AFFILIATE_DE is a compile error.
 */
export const AFFILIATE_EN = {
  'affiliate.signedInAs': 'Signed in as {{name}} · {{email}}',
  'affiliate.link.title': 'Your tracking link',
  'affiliate.link.hint':
    'Visitors who open this link and then sign up are attributed to you. The first link a visitor opens counts.',
  'affiliate.link.code': 'Tracking code: {{code}}',
  'affiliate.copy': 'Copy',
  'affiliate.copied': 'Copied',
  'affiliate.copyLabel': 'Copy the link',
  'affiliate.period': 'Period',
  'affiliate.period.hint': 'Whole days in UTC; from and until are both included.',
  'affiliate.card.clicks': 'Link clicks',
  'affiliate.card.registrations': 'Registrations',
  'affiliate.card.depositors': 'First-time depositors',
  'affiliate.card.registrationRate': 'Click → registration',
  'affiliate.card.depositRate': 'Registration → deposit',
  'affiliate.card.note':
    'Clicks, registrations and first deposits are each counted on the day they happened within the period.',
  'affiliate.chart.title': 'Registrations and first deposits per day',
  'affiliate.chart.registrations': 'Registrations',
  'affiliate.chart.deposits': 'First deposits',
  'affiliate.chart.summary':
    '{{from}} to {{until}}: {{registrations}} registrations and {{deposits}} first deposits',
  'affiliate.chart.day':
    '{{day}}: {{registrations}} registrations, {{deposits}} first deposits, {{clicks}} clicks',
  'affiliate.accounts.title': 'Referred accounts',
  'affiliate.accounts.byCreated': 'Registered in the period',
  'affiliate.accounts.byTransactions': 'First deposit in the period',
  'affiliate.accounts.total':
    'Accounts: {{accounts}} · first-time depositors: {{depositors}} ({{rate}}) · first deposits: {{amount}}',
  'affiliate.export': 'Export CSV',
  'affiliate.col.firstName': 'First name',
  'affiliate.col.lastName': 'Last name',
  'affiliate.col.firstDeposit': 'First deposit',
  'affiliate.noDeposit': 'No deposit yet',
  'affiliate.loading': 'Loading…',
  'affiliate.loadFailed': 'The figures could not be loaded. Please try again.',
  'affiliate.retry': 'Try again',
  'affiliate.password.title': 'Change password',
  'affiliate.password.current': 'Current password',
  'affiliate.password.new': 'New password',
  'affiliate.password.confirm': 'Confirm new password',
  'affiliate.password.submit': 'Change password',
  'affiliate.password.done': 'Your password has been changed. Other sessions have been logged out.',
  'affiliate.sessionEnded': 'Your affiliate session has ended. Please log in again.',
  'referrals.empty.hint':
    'Share your link: accounts opened through it appear here, with names shortened for privacy.',
  'referrals.count': 'Referred accounts: {{count}}',
} as const;

export const AFFILIATE_DE: Record<keyof typeof AFFILIATE_EN, string> = {
  'affiliate.signedInAs': 'Angemeldet als {{name}} · {{email}}',
  'affiliate.link.title': 'Ihr Tracking-Link',
  'affiliate.link.hint':
    'Besucher, die diesen Link öffnen und sich dann registrieren, werden Ihnen zugeordnet. Es zählt der erste Link, den ein Besucher öffnet.',
  'affiliate.link.code': 'Tracking-Code: {{code}}',
  'affiliate.copy': 'Kopieren',
  'affiliate.copied': 'Kopiert',
  'affiliate.copyLabel': 'Link kopieren',
  'affiliate.period': 'Zeitraum',
  'affiliate.period.hint': 'Ganze Tage in UTC; Von- und Bis-Datum sind eingeschlossen.',
  'affiliate.card.clicks': 'Link-Klicks',
  'affiliate.card.registrations': 'Registrierungen',
  'affiliate.card.depositors': 'Ersteinzahler',
  'affiliate.card.registrationRate': 'Klick → Registrierung',
  'affiliate.card.depositRate': 'Registrierung → Einzahlung',
  'affiliate.card.note':
    'Klicks, Registrierungen und Ersteinzahlungen werden jeweils an dem Tag im Zeitraum gezählt, an dem sie stattfanden.',
  'affiliate.chart.title': 'Registrierungen und Ersteinzahlungen pro Tag',
  'affiliate.chart.registrations': 'Registrierungen',
  'affiliate.chart.deposits': 'Ersteinzahlungen',
  'affiliate.chart.summary':
    '{{from}} bis {{until}}: {{registrations}} Registrierungen und {{deposits}} Ersteinzahlungen',
  'affiliate.chart.day':
    '{{day}}: {{registrations}} Registrierungen, {{deposits}} Ersteinzahlungen, {{clicks}} Klicks',
  'affiliate.accounts.title': 'Geworbene Konten',
  'affiliate.accounts.byCreated': 'Im Zeitraum registriert',
  'affiliate.accounts.byTransactions': 'Ersteinzahlung im Zeitraum',
  'affiliate.accounts.total':
    'Konten: {{accounts}} · Ersteinzahler: {{depositors}} ({{rate}}) · Ersteinzahlungen: {{amount}}',
  'affiliate.export': 'CSV exportieren',
  'affiliate.col.firstName': 'Vorname',
  'affiliate.col.lastName': 'Nachname',
  'affiliate.col.firstDeposit': 'Ersteinzahlung',
  'affiliate.noDeposit': 'Noch keine Einzahlung',
  'affiliate.loading': 'Wird geladen…',
  'affiliate.loadFailed': 'Die Zahlen konnten nicht geladen werden. Bitte versuchen Sie es erneut.',
  'affiliate.retry': 'Erneut versuchen',
  'affiliate.password.title': 'Passwort ändern',
  'affiliate.password.current': 'Aktuelles Passwort',
  'affiliate.password.new': 'Neues Passwort',
  'affiliate.password.confirm': 'Neues Passwort bestätigen',
  'affiliate.password.submit': 'Passwort ändern',
  'affiliate.password.done': 'Ihr Passwort wurde geändert. Andere Sitzungen wurden abgemeldet.',
  'affiliate.sessionEnded': 'Ihre Partner-Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  'referrals.empty.hint':
    'Teilen Sie Ihren Link: Darüber eröffnete Konten erscheinen hier, die Namen zum Schutz der Privatsphäre gekürzt.',
  'referrals.count': 'Geworbene Konten: {{count}}',
};
