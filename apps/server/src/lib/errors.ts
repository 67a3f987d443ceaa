import { type FieldMessage, formatMessage, type MessageKey, type MessageParams } from '@openbroker/domain';

/** A field-level problem, translated by the web app from its message key. */
export interface FieldError {
  path: string;
  key: MessageKey;
  params?: MessageParams;
  message: string;
}

/**
 * An expected failure with a stable machine code and a message key (architecture §4):
 * `{status: false, code, key, message}` with the HTTP status that fits.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly key: MessageKey,
    readonly params?: MessageParams,
    readonly errors?: FieldError[],
  ) {
    super(formatMessage({ key, ...(params ? { params } : {}) }));
  }

  toBody() {
    return {
      status: false as const,
      code: this.code,
      key: this.key,
      message: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

export const notFound = () => new AppError(404, 'NOT_FOUND', 'error.notFound');
export const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'error.unauthorized');
export const forbidden = () => new AppError(403, 'FORBIDDEN', 'error.forbidden');
export const validationFailed = (errors: FieldError[]) =>
  new AppError(400, 'VALIDATION_FAILED', 'error.validation', undefined, errors);

/** A 400 VALIDATION_FAILED answer from domain field messages (the same shape as schema failures). */
export const invalidFields = (messages: readonly FieldMessage[]) =>
  validationFailed(messages.map((m) => ({ ...m, message: formatMessage(m) })));
