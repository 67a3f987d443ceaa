import type { MessageKey } from '@openbroker/domain';

/** Back office II (issue 15) texts of this area. German is complete by type: a key missing from BO_BRANDS_DE is a compile error. */
export const BO_BRANDS_EN = {} as const;

export const BO_BRANDS_DE: Record<keyof typeof BO_BRANDS_EN, string> & Partial<Record<MessageKey, string>> =
  {};
