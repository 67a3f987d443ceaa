import type { MessageKey } from '@openbroker/domain';

/**
 * Back-office texts: the shell (sign-in, enrolment, menu), clients and KYC (issue 13). German is
 * complete by type: a key missing from BACKOFFICE_SHELL_DE is a compile error.
 */
export const BACKOFFICE_SHELL_EN = {
  'bo.title': 'Back office',
} as const;

export const BACKOFFICE_SHELL_DE: Record<keyof typeof BACKOFFICE_SHELL_EN, string> &
  Partial<Record<MessageKey, string>> = {
  'bo.title': 'Backoffice',
  'staff.clientNotFound': 'Dieser Kunde wurde nicht gefunden.',
};
