import type { MessageKey } from '@openbroker/domain';

/**
 * Back-office texts: money queues, approvals, adjustments, dealing, audit and staff management
 * (issue 13). German is complete by type: a key missing from BACKOFFICE_MONEY_DE is a compile error.
 */
export const BACKOFFICE_MONEY_EN = {
  'bo.menu.deposits': 'Deposits',
} as const;

export const BACKOFFICE_MONEY_DE: Record<keyof typeof BACKOFFICE_MONEY_EN, string> &
  Partial<Record<MessageKey, string>> = {
  'bo.menu.deposits': 'Einzahlungen',
  'staff.reasonRequired': 'Geben Sie einen Grund an: Er wird im Prüfprotokoll festgehalten.',
};
