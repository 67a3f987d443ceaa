import {
  ClientScreening,
  SCREENING_MATCH_STATUSES,
  type ScreeningDecisionInput,
  ScreeningImportResult,
  type ScreeningListFormat,
  ScreeningListImport,
  ScreeningMatch,
  type ScreeningMatchStatus,
  ScreeningQueuePage,
} from '@openbroker/domain';
import { z } from 'zod';
import { ApiError, CLIENT_ERROR_CODES } from '../../../api/ApiError.js';
import { readStaffToken, staffRequest } from '../api.js';

/** The back office's screening calls, each answer parsed with its contract. */
export const screeningApi = {
  queue: (status: ScreeningMatchStatus | '', signal?: AbortSignal) =>
    staffRequest(`/api/backoffice/screening/matches${status ? `?status=${status}` : ''}`, {
      schema: ScreeningQueuePage,
      ...(signal ? { signal } : {}),
    }),
  decide: (id: number, body: ScreeningDecisionInput) =>
    staffRequest(`/api/backoffice/screening/matches/${id}/decision`, {
      method: 'POST',
      body,
      schema: ScreeningMatch,
    }),
  lists: (signal?: AbortSignal) =>
    staffRequest('/api/backoffice/screening/lists', {
      schema: z.array(ScreeningListImport),
      ...(signal ? { signal } : {}),
    }),
  ofClient: (clientId: number, signal?: AbortSignal) =>
    staffRequest(`/api/backoffice/clients/${clientId}/screening`, {
      schema: ClientScreening,
      ...(signal ? { signal } : {}),
    }),
};

export const isMatchStatus = (value: string | null): value is ScreeningMatchStatus =>
  (SCREENING_MATCH_STATUSES as readonly string[]).includes(value ?? '');

/** Uploads a list file (multipart `format`, `file`) with the staff token; the answer is parsed with its contract. */
export async function importScreeningList(
  format: ScreeningListFormat,
  file: File,
): Promise<ScreeningImportResult> {
  const form = new FormData();
  form.append('format', format);
  form.append('file', file, file.name);
  const token = readStaffToken();
  let response: Response;
  try {
    response = await fetch('/api/backoffice/screening/lists', {
      method: 'POST',
      headers: token ? { Authorization: `Bearer ${token}`, Accept: 'application/json' } : {},
      body: form,
    });
  } catch {
    throw new ApiError(0, { code: CLIENT_ERROR_CODES.network, message: 'The server could not be reached.' });
  }
  const payload = (await response.json().catch(() => undefined)) as
    | { status: true; data: unknown }
    | { status: false; code: string; key?: string; message: string; errors?: [] }
    | undefined;
  if (payload?.status === true && response.ok) {
    const parsed = ScreeningImportResult.safeParse(payload.data);
    if (parsed.success) return parsed.data;
    throw new ApiError(response.status, {
      code: CLIENT_ERROR_CODES.badResponse,
      message: "The server's answer does not match its contract.",
    });
  }
  const error = payload && payload.status === false ? payload : undefined;
  throw new ApiError(response.status, {
    code: error?.code ?? 'HTTP_ERROR',
    ...(error?.key ? { key: error.key } : {}),
    message: error?.message ?? response.statusText,
    errors: error?.errors ?? [],
  });
}
