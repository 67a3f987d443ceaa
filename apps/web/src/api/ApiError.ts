import { isMessageKey, MESSAGES_EN, type Message, type MessageKey } from '@openbroker/domain';
import type { ApiErrorBody, ApiFieldError } from './types.js';

/** Codes the client produces itself, when no server answer could be read. */
export const CLIENT_ERROR_CODES = { network: 'NETWORK_ERROR', badResponse: 'BAD_RESPONSE' } as const;

const KEY_BY_TEXT = new Map<string, MessageKey>(
  (Object.entries(MESSAGES_EN) as [MessageKey, string][]).map(([key, text]) => [text, key]),
);

/** A failed call: the server's error envelope, or a network failure described the same way. */
/** Keys that only say which HTTP class a refusal was; a screen's own message says more. */
const GENERIC_KEYS: ReadonlySet<MessageKey> = new Set([
  'error.unauthorized',
  'error.forbidden',
  'error.notFound',
  'error.internal',
]);

export class ApiError extends Error {
  readonly httpStatus: number;
  readonly code: string;
  /** The catalogue key the server named, if it is one this app knows. */
  readonly key: MessageKey | null;
  readonly errors: ApiFieldError[];

  constructor(httpStatus: number, body: Pick<ApiErrorBody, 'code' | 'message' | 'errors' | 'key'>) {
    super(body.message);
    this.name = 'ApiError';
    this.httpStatus = httpStatus;
    this.code = body.code;
    this.key =
      [body.key, body.message].find((k): k is MessageKey => !!k && isMessageKey(k)) ??
      KEY_BY_TEXT.get(body.message) ??
      null;
    this.errors = body.errors ?? [];
  }

  get isUnauthorized(): boolean {
    return this.httpStatus === 401;
  }

  get isNetwork(): boolean {
    return this.code === CLIENT_ERROR_CODES.network || this.code === CLIENT_ERROR_CODES.badResponse;
  }

  /**
   * What to show the user, always a catalogue message (translated when shown, never the raw text): the
   * precise message the server named ('auth.emailTaken', 'document.notSupported', ...); else, for
   * server-side trouble (unreachable, 5xx, rate limit), the generic catalogue message; else the screen's
   * own spec message (`fallback`, e.g. 'login.error_message').
   */
  toMessage(fallback: Message): Message {
    if (this.isNetwork) return { key: 'error.internal' };
    // A throttled login names its own wait message ('auth.throttled'); any other 429 is the generic one.
    if (this.httpStatus === 429)
      return { key: this.key === 'auth.throttled' ? this.key : 'error.rateLimited' };
    // A precise server message wins, also for 5xx ('mail.sendFailed': the reset mail could not be sent).
    if (this.key && !GENERIC_KEYS.has(this.key)) return { key: this.key };
    if (this.httpStatus >= 500) return { key: 'error.internal' };
    return fallback;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
