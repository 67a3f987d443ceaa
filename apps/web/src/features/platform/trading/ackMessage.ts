import { isMessageKey, MESSAGES_EN, type Message, type MessageKey } from '@openbroker/domain';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import type { TextMessage } from '../../../ui/forms.js';
import { PLATFORM_EN } from '../i18n.js';
import type { TradeAck } from './tradingStore.js';

const KEY_BY_TEXT = new Map<string, MessageKey>(
  (Object.entries(MESSAGES_EN) as [MessageKey, string][]).map(([key, text]) => [text, key]),
);

// The server names catalogue messages; the client's own reasons (no answer, offline) are the platform's texts.
const isTranslationKey = (key: unknown): key is TranslationKey =>
  typeof key === 'string' && (Object.hasOwn(MESSAGES_EN, key) || Object.hasOwn(PLATFORM_EN, key));

type Rejection = Extract<TradeAck, { status: false }>;

/**
 * What to show for a refused command: the catalogue message the server named (translated when shown,
 * never its raw English text), or the generic one when it named none this app knows.
 */
export function ackMessage(ack: Rejection): TextMessage {
  const key = isTranslationKey(ack.key) ? ack.key : KEY_BY_TEXT.get(ack.message);
  if (!key) return { key: 'error.internal' };
  const params = 'params' in ack ? ack.params : undefined;
  return params ? { key, params } : { key };
}

/** The server's field messages of a refusal ('amount', 'stop_lost', ...), first one per field. */
export function ackFieldMessages(ack: Rejection): Record<string, Message> {
  const byPath: Record<string, Message> = {};
  if (!('errors' in ack) || !Array.isArray(ack.errors)) return byPath;
  for (const error of ack.errors) {
    const path = Array.isArray(error.path) ? error.path.join('.') : String(error.path ?? '');
    if (!path || Object.hasOwn(byPath, path) || !isMessageKey(error.key)) continue;
    byPath[path] = error.params ? { key: error.key, params: error.params } : { key: error.key };
  }
  return byPath;
}
