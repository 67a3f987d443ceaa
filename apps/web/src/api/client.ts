import type { z } from 'zod';
import { ApiError, CLIENT_ERROR_CODES } from './ApiError.js';
import type { Envelope } from './types.js';

export interface RequestOptions<T = unknown> {
  method?: 'GET' | 'POST' | 'PUT';
  /** JSON body. For authenticated calls the token is added to it too, as the spec's calls carry it (§7). */
  body?: Record<string, unknown>;
  /** Multipart body (file uploads); the token is added to it as a field too. */
  form?: FormData;
  /** Bearer token; omit for the calls the spec marks as not bearer-authenticated. */
  token?: string | null;
  /** Extra request headers (e.g. the payments' `Idempotency-Key`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * The answer's contract (a contract of the domain's contracts/, `NoData` for a call that answers no data):
   * `data` is parsed with it, so the screens get exactly the typed shape, and an answer that drifted from it
   * fails here as a bad response instead of somewhere deep in a screen. Every call names one.
   */
  schema: z.ZodType<T>;
}

/** The browser's description of itself, sent as `info` with logins (spec §7). */
export const browserInfo = (): string => (typeof navigator === 'undefined' ? '' : navigator.userAgent);

/**
 * Calls the REST API and unwraps the `{status, data}` envelope. Resolves with `data` parsed with
 * `options.schema`; rejects with an `ApiError` for an error envelope, a non-2xx answer, an
 * unreadable answer or one that does not match its schema, or no answer at all.
 */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { token, signal } = options;
  const method = options.method ?? (options.body || options.form ? 'POST' : 'GET');
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | FormData | undefined;
  if (options.form) {
    // Fields first, file last: a streaming multipart parser sees the token and type before the file.
    // The browser sets the multipart Content-Type with its boundary.
    const form = new FormData();
    if (token) form.set('token', token);
    for (const [name, value] of options.form) form.append(name, value);
    body = form;
  } else if (method === 'POST' || method === 'PUT') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(token ? { ...options.body, token } : (options.body ?? {}));
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body, signal: signal ?? null });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, { code: CLIENT_ERROR_CODES.network, message: 'The server could not be reached.' });
  }

  let payload: Envelope<T> | undefined;
  try {
    payload = (await response.json()) as Envelope<T>;
  } catch {
    payload = undefined;
  }
  if (!payload || typeof payload !== 'object' || !('status' in payload)) {
    throw new ApiError(response.status, {
      code: CLIENT_ERROR_CODES.badResponse,
      message: `The server answered ${response.status} without a readable body.`,
    });
  }
  if (payload.status !== true || !response.ok) {
    const error = payload.status === false ? payload : undefined;
    throw new ApiError(response.status, {
      code: error?.code ?? 'HTTP_ERROR',
      ...(error?.key ? { key: error.key } : {}),
      message: error?.message ?? response.statusText,
      errors: error?.errors ?? [],
    });
  }
  const parsed = options.schema.safeParse(payload.data);
  if (parsed.success) return parsed.data;
  // Field paths only: never the path of the call (GET /api/transactions/get/{token} carries the token).
  const where = parsed.error.issues.map((issue) => issue.path.map(String).join('.') || 'data').join(', ');
  throw new ApiError(response.status, {
    code: CLIENT_ERROR_CODES.badResponse,
    message: `The server's answer does not match its contract at: ${where}.`,
  });
}
