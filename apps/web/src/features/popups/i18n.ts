import type { MessageKey } from '@openbroker/domain';

/** Texts of the pop-ups shown to clients. */
export const POPUPS_EN = {
  'popup.next': 'Next',
  'popup.gotIt': 'Got it',
  'popup.more_one': 'One more notice',
  'popup.more_other': '{{count}} more notices',
} as const;

/** German: complete by type, a key missing here is a compile error. */
export const POPUPS_DE: Record<keyof typeof POPUPS_EN, string> & Partial<Record<MessageKey, string>> = {
  'popup.next': 'Weiter',
  'popup.gotIt': 'Verstanden',
  'popup.more_one': 'Eine weitere Mitteilung',
  'popup.more_other': '{{count}} weitere Mitteilungen',
};
