import { ApiError, CLIENT_ERROR_CODES } from '../../api/ApiError.js';
import type { Envelope } from '../../api/types.js';

/**
 * Back-office API access (issue 13): every call carries the staff bearer token kept in sessionStorage
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

export interface StaffRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Use this token instead of the stored one (enrolment answers a new token). */
  token?: string | null;
}

function authHeaders(token: string | null): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
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
export async function staffRequest<T>(path: string, options: StaffRequestOptions = {}): Promise<T> {
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
  return payload.data;
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

/** A paged list answer of the back office (50 a page). */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The signed-in staff member (GET /api/backoffice/me). */
export interface StaffDto {
  id: number;
  email: string;
  name: string;
  roles: string[];
  brandScope: { all: true } | { all: false; brandIds: readonly number[] };
  permissions: string[];
  twoFactorEnabled: boolean;
  /** Minutes without activity after which the server ends the session (its STAFF_SESSION_IDLE_MINUTES). */
  sessionIdleMinutes: number;
}

export interface BrandDto {
  id: number;
  slug: string;
  name: string;
  currency: string;
  currencySymbol: string;
  backoffice: {
    verification: 'automatic' | 'manual';
    fourEyesAbove: number | string;
    bonusWithdrawable: boolean;
    defaultPermissions: number[] | null;
    defaultLeverage: Record<string, number[]> | null;
  };
}

export interface ReferenceDto {
  assetCategories: { id: number; name: string; leverages: number[] }[];
  countries: { id: number; name: string; alpha2: string }[];
  levels: string[];
}

/** Generic access for screens: the request helpers in one object (for hooks that prefer injection). */
export function useStaffApi() {
  return { request: staffRequest, download: staffDownload, blob: staffBlob };
}
