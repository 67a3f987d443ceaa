import { STAFF_INPUT_AGE_HEADER } from '@openbroker/domain';
import type { z } from 'zod';
import { ApiError, CLIENT_ERROR_CODES } from '../../api/ApiError.js';
import type { Envelope } from '../../api/types.js';

/**
 * Back-office API access: every call carries the staff bearer token kept in sessionStorage
 * (`ob.staff.token`, one tab's session), unwraps the `{status, data}` envelope and throws `ApiError`.
 * A 401 on a signed-in call ends the session: listeners (the session provider) send the staff member
 * back to sign-in.
 */

export const STAFF_TOKEN_KEY = 'ob.staff.token';

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readStaffToken(): string | null {
  try {
    return storage()?.getItem(STAFF_TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

export function writeStaffToken(token: string | null): void {
  try {
    if (token) storage()?.setItem(STAFF_TOKEN_KEY, token);
    else storage()?.removeItem(STAFF_TOKEN_KEY);
  } catch {
    // Disabled storage: the session lasts for this page only.
  }
  for (const listener of listeners) listener();
}

/** Called whenever the token changes (sign-in, sign-out, a 401). Returns the unsubscribe function. */
export function onStaffTokenChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface StaffRequestOptions<T = unknown> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /**
   * The answer's contract (packages/domain/src/contracts): `data` is parsed with it, so a screen gets exactly
   * the typed shape and an answer that drifted fails here as a bad response, not deep in a screen.
   */
  schema: z.ZodType<T>;
  body?: unknown;
  signal?: AbortSignal;
  /** Use this token instead of the stored one (enrolment answers a new token). */
  token?: string | null;
}

/** When the person last used the screen (keys, pointer, touch): the session provider keeps it up to date. */
let lastInputAt = Date.now();

/** Records input on the screen (the session provider calls it on every user action). */
export function markStaffInput(at: number = Date.now()): void {
  lastInputAt = Math.max(lastInputAt, at);
}

/**
 * Every call tells the server how long ago the person last used the screen, so a screen that only refreshes
 * data (a live desk, a queue) does not keep an unattended session alive: the server measures idleness by input.
 */
function authHeaders(token: string | null): Record<string, string> {
  if (!token) return {};
  return {
    Authorization: `Bearer ${token}`,
    [STAFF_INPUT_AGE_HEADER]: String(Math.max(0, Math.round(Date.now() - lastInputAt))),
  };
}

async function send(path: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
  try {
    return await fetch(path, { ...init, signal: signal ?? null });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, { code: CLIENT_ERROR_CODES.network, message: 'The server could not be reached.' });
  }
}

function expire(token: string | null): void {
  // Only the session this call used ends; a newer sign-in in between stays.
  if (token && readStaffToken() === token) writeStaffToken(null);
}

/** Calls a back-office route and resolves with the envelope's `data`. */
export async function staffRequest<T>(path: string, options: StaffRequestOptions<T>): Promise<T> {
  const token = options.token === undefined ? readStaffToken() : options.token;
  const method = options.method ?? (options.body !== undefined ? 'POST' : 'GET');
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders(token) };
  let body: string | undefined;
  if (method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body ?? {});
  }
  const response = await send(path, { method, headers, body }, options.signal);
  let payload: Envelope<T> | undefined;
  try {
    payload = (await response.json()) as Envelope<T>;
  } catch {
    payload = undefined;
  }
  if (response.status === 401) expire(token);
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
  // Field paths only: the call's path may carry ids a log should not collect.
  const where = parsed.error.issues.map((issue) => issue.path.map(String).join('.') || 'data').join(', ');
  throw new ApiError(response.status, {
    code: CLIENT_ERROR_CODES.badResponse,
    message: `The server's answer does not match its contract at: ${where}.`,
  });
}

/** Fetches a protected file (bytes) with the bearer token: a document to view, or an export. */
export async function staffBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const token = readStaffToken();
  const response = await send(path, { headers: authHeaders(token) }, signal);
  if (!response.ok) {
    if (response.status === 401) expire(token);
    let code = 'HTTP_ERROR';
    let message = response.statusText;
    try {
      const payload = (await response.json()) as { code?: string; message?: string };
      code = payload.code ?? code;
      message = payload.message ?? message;
    } catch {
      // A body that is not an error envelope: the status says enough.
    }
    throw new ApiError(response.status, { code, message });
  }
  return response.blob();
}

/** Downloads a protected file (a CSV export) with the bearer token and saves it as `filename`. */
export async function staffDownload(path: string, filename: string): Promise<void> {
  const blob = await staffBlob(path);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

/** Builds a query string from defined, non-empty values (`?a=1&b=x`, or '' when none). */
export function queryString(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
