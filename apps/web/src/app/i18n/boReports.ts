import type { MessageKey } from '@openbroker/domain';

/** Back office II (issue 15) texts of this area. German is complete by type: a key missing from BO_REPORTS_DE is a compile error. */
export const BO_REPORTS_EN = {} as const;

export const BO_REPORTS_DE: Record<keyof typeof BO_REPORTS_EN, string> & Partial<Record<MessageKey, string>> =
  {};
