import {
  type FieldMessage,
  isMessageKey,
  type Message,
  type MessageParams,
  zodIssuesToMessages,
} from '@openbroker/domain';
import type { ReactNode } from 'react';
import { Alert, Form } from 'react-bootstrap';
import type {
  FieldError,
  FieldErrors,
  FieldValues,
  Path,
  Resolver,
  UseFormRegisterReturn,
  UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ApiError } from '../api/ApiError.js';
import type { TranslationKey } from '../lib/i18n/keys.js';
import './forms.css';

/** A text to show: a catalogue message (spec texts) or one of the app's own texts, with its values. */
export interface TextMessage {
  key: TranslationKey;
  params?: MessageParams;
}

/**
 * Form plumbing shared by every screen: the domain's zod schemas validate (their issues are catalogue
 * keys with params), and messages are translated when rendered, so they follow a language switch.
 */

const ROOT_ERROR = 'root.server';

/** react-hook-form keeps a string per error; a Message travels as JSON in it. */
export const encodeMessage = (message: Message): string => JSON.stringify(message);

export function decodeMessage(text: string | undefined): Message | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Message;
    if (parsed && typeof parsed.key === 'string') return parsed;
  } catch {
    // not JSON: a bare key
  }
  return isMessageKey(text) ? { key: text } : null;
}

function toFieldErrors<T extends FieldValues>(messages: readonly FieldMessage[]): FieldErrors<T> {
  const errors: Record<string, FieldError> = {};
  for (const { path, ...message } of messages) {
    const name = path === '' ? ROOT_ERROR : path;
    if (errors[name]) continue; // first message per field, as the spec shows one at a time
    errors[name] = { type: 'validation', message: encodeMessage(message) };
  }
  return errors as FieldErrors<T>;
}

/** A react-hook-form resolver over a domain schema. */
export function domainResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    return { values: {}, errors: toFieldErrors<z.input<S>>(zodIssuesToMessages(result.error)) };
  };
}

/**
 * Puts a failed call's field errors (`errors: [{path, key, params}]`) on the form's fields and returns the
 * form-level message to show (the screen's own spec message unless the server named a better one).
 */
export function applyServerError<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues>,
  error: ApiError,
  fallback: Message,
): Message {
  for (const fieldError of error.errors) {
    const path = Array.isArray(fieldError.path) ? fieldError.path.join('.') : fieldError.path;
    if (path && isMessageKey(fieldError.key)) {
      const message: Message = fieldError.params
        ? { key: fieldError.key, params: fieldError.params }
        : { key: fieldError.key };
      form.setError(path as Path<T>, { type: 'server', message: encodeMessage(message) });
    }
  }
  return error.toMessage(fallback);
}

type LooseT = (key: string, options?: Record<string, unknown>) => string;

/**
 * Translates a Message; `title` replaces the English field title the domain put in `params.title`.
 * A Message's key is only known at run time, so its params cannot be checked against the template's
 * placeholders at compile time; the domain builds them together.
 */
export function useMessageText(): (message: TextMessage, title?: string) => string {
  const { t } = useTranslation();
  return (message, title) => {
    const params = { ...message.params, ...(title && message.params?.title !== undefined ? { title } : {}) };
    return (t as unknown as LooseT)(message.key, params);
  };
}

/** The invalid-feedback line under a field. */
export function FieldFeedback({ error, title }: { error: FieldError | undefined; title?: string }) {
  const text = useMessageText();
  const message = decodeMessage(error?.message);
  if (!message) return null;
  return (
    <Form.Control.Feedback type="invalid" className="d-block">
      {text(message, title)}
    </Form.Control.Feedback>
  );
}

/** A form-level message (server refusal, success) in an alert box. */
export function FormAlert({
  message,
  variant = 'danger',
  children,
}: {
  message: Message | null;
  variant?: 'danger' | 'success' | 'warning' | 'info';
  children?: ReactNode;
}) {
  const text = useMessageText();
  if (!message) return null;
  return (
    <Alert variant={variant} className="ob-form-alert" role={variant === 'danger' ? 'alert' : 'status'}>
      {text(message)}
      {children}
    </Alert>
  );
}

/**
 * spec §5: text inputs are trimmed on blur. Wraps a registration so the visible value is trimmed when
 * the field loses focus.
 */
export function trimOnBlur<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues>,
  registration: UseFormRegisterReturn<Path<T>>,
): UseFormRegisterReturn<Path<T>> {
  return {
    ...registration,
    onBlur: async (event) => {
      const target = event.target as HTMLInputElement | HTMLTextAreaElement;
      const trimmed = target.value.trim();
      if (trimmed !== target.value) {
        form.setValue(registration.name, trimmed as never, { shouldDirty: true });
      }
      return registration.onBlur(event);
    },
  };
}
