import type { MessageKey } from '@openbroker/domain';

/** Back office II (issue 15) texts of this area. German is complete by type: a key missing from BO_DEALING_DE is a compile error. */
export const BO_DEALING_EN = {} as const;

export const BO_DEALING_DE: Record<keyof typeof BO_DEALING_EN, string> & Partial<Record<MessageKey, string>> =
  {};
