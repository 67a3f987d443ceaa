import { isMessageKey, MESSAGES_EN, type Message, type MessageKey } from '@openbroker/domain';
import type { ApiErrorBody, ApiFieldError } from './types.js';

/** Codes the client produces itself, when no server answer could be read. */
export const CLIENT_ERROR_CODES = { network: 'NETWORK_ERROR', badResponse: 'BAD_RESPONSE' } as const;

const KEY_BY_TEXT = new Map<string, MessageKey>(
  (Object.entries(MESSAGES_EN) as [MessageKey, string][]).map(([key, text]) => [text, key]),
);

/** A failed call: the server's error envelope, or a network failure described the same way. */
export class ApiError extends Error {
  readonly httpStatus: number;
  readonly code: string;
  readonly errors: ApiFieldError[];

  constructor(httpStatus: number, body: Pick<ApiErrorBody, 'code' | 'message' | 'errors'>) {
    super(body.message);
    this.name = 'ApiError';
    this.httpStatus = httpStatus;
    this.code = body.code;
    this.errors = body.errors ?? [];
  }

  get isUnauthorized(): boolean {
    return this.httpStatus === 401;
  }

  get isNetwork(): boolean {
    return this.code === CLIENT_ERROR_CODES.network || this.code === CLIENT_ERROR_CODES.badResponse;
  }

  /**
   * What to show the user. Server-side trouble (unreachable, 5xx, rate limit) gets the generic catalogue
   * message; a business refusal gets the screen's own spec message (`fallback`, e.g. 'login.error_message')
   * unless the server named a more precise catalogue message.
   */
  toMessage(fallback: Message): Message {
    if (this.isNetwork || this.httpStatus >= 500) return { key: 'error.internal' };
    if (this.httpStatus === 429) return { key: 'error.rateLimited' };
    if (this.httpStatus === 401 || this.httpStatus === 403) return fallback;
    const key = isMessageKey(this.message) ? this.message : KEY_BY_TEXT.get(this.message);
    return key ? { key } : fallback;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
