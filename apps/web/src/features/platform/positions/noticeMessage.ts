import { isMessageKey, type MessageParams } from '@openbroker/domain';
import type { TextMessage } from '../../../ui/forms.js';

/**
 * The reason the server gave for an order's end (rejected, cancelled), translated when shown; null when it gave
 * none this app knows.
 */
export function sentMessage(
  message: { key: string; params?: MessageParams } | null | undefined,
): TextMessage | null {
  if (!message || !isMessageKey(message.key)) return null;
  return message.params ? { key: message.key, params: message.params } : { key: message.key };
}
