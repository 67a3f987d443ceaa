import type { MessageKey } from '@openbroker/domain';

/** Back office II (issue 15) texts of this area. German is complete by type: a key missing from BO_ENGAGE_DE is a compile error. */
export const BO_ENGAGE_EN = {} as const;

export const BO_ENGAGE_DE: Record<keyof typeof BO_ENGAGE_EN, string> & Partial<Record<MessageKey, string>> =
  {};
