import type { MessageKey } from '@openbroker/domain';

/** Back office II (issue 15) texts of this area. German is complete by type: a key missing from BO_CONTENT_DE is a compile error. */
export const BO_CONTENT_EN = {} as const;

export const BO_CONTENT_DE: Record<keyof typeof BO_CONTENT_EN, string> & Partial<Record<MessageKey, string>> =
  {};
