import type { MessageKey } from '@openbroker/domain';

/** Texts of the client's referral page. */
export const REFERRALS_EN = {
  'referrals.title': 'Referrals',
  'referrals.lead': 'Share your personal link. Accounts opened through it are listed below.',
  'referrals.link': 'Your referral link',
  'referrals.noCode': 'Your referral link is not available yet.',
  'referrals.copy': 'Copy',
  'referrals.copied': 'Copied',
  'referrals.col.name': 'Name',
  'referrals.col.email': 'Email',
  'referrals.col.date': 'Date',
  'referrals.empty.hint':
    'Share your link: accounts opened through it appear here, with names shortened for privacy.',
  'referrals.count': 'Referred accounts: {{count}}',
} as const;

/** German: complete by type, a key missing here is a compile error. */
export const REFERRALS_DE: Record<keyof typeof REFERRALS_EN, string> & Partial<Record<MessageKey, string>> = {
  'referrals.title': 'Empfehlungen',
  'referrals.lead': 'Teilen Sie Ihren persönlichen Link. Über ihn eröffnete Konten werden unten aufgeführt.',
  'referrals.link': 'Ihr Empfehlungslink',
  'referrals.noCode': 'Ihr Empfehlungslink ist noch nicht verfügbar.',
  'referrals.copy': 'Kopieren',
  'referrals.copied': 'Kopiert',
  'referrals.col.name': 'Name',
  'referrals.col.email': 'E-Mail',
  'referrals.col.date': 'Datum',
  'referrals.empty.hint':
    'Teilen Sie Ihren Link: Darüber eröffnete Konten erscheinen hier, die Namen zum Schutz der Privatsphäre gekürzt.',
  'referrals.count': 'Geworbene Konten: {{count}}',
};
