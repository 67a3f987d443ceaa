import {
  type ContentComponent,
  ContentMediaUpload,
  ContentPageDetail,
  ContentPageRow,
  ContentPageVersion,
  ContentVersionRow,
} from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, CLIENT_ERROR_CODES } from '../../../api/ApiError.js';
import type { Envelope } from '../../../api/types.js';
import { queryString, readStaffToken, staffRequest, writeStaffToken } from '../api.js';

/** Content pages in the back office: the editor's calls to /api/backoffice/content. */

/** The page languages (the server's CONTENT_LANGUAGES): en, de, it, es. */
export { CONTENT_LANGUAGES } from '@openbroker/domain';

export interface SaveBody {
  title: string;
  description: string;
  slug: string;
  components: ContentComponent[];
  baseVersion: number;
}

const BASE = '/api/backoffice/content/pages';

/**
 * Reads an answer's envelope (or throws ApiError) and parses its `data` with the answer's contract, as
 * staffRequest does, for the page save and uploads.
 */
async function unwrap<T>(response: Response, token: string | null, schema: z.ZodType<T>): Promise<T> {
  let payload: Envelope<T> | undefined;
  try {
    payload = (await response.json()) as Envelope<T>;
  } catch {
    payload = undefined;
  }
  if (response.status === 401 && token && readStaffToken() === token) writeStaffToken(null);
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
  const parsed = schema.safeParse(payload.data);
  if (parsed.success) return parsed.data;
  // Field paths only: the call's path carries ids a log should not collect.
  const where = parsed.error.issues.map((issue) => issue.path.map(String).join('.') || 'data').join(', ');
  throw new ApiError(response.status, {
    code: CLIENT_ERROR_CODES.badResponse,
    message: `The server's answer does not match its contract at: ${where}.`,
  });
}

async function send<T>(path: string, init: RequestInit, schema: z.ZodType<T>): Promise<T> {
  const token = readStaffToken();
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers });
  } catch {
    throw new ApiError(0, { code: CLIENT_ERROR_CODES.network, message: 'The server could not be reached.' });
  }
  return unwrap(response, token, schema);
}

const ContentPageRows = z.array(ContentPageRow);
const ContentVersionRows = z.array(ContentVersionRow);

export const contentApi = {
  list: (brandId: number, lang: string, signal?: AbortSignal) =>
    staffRequest(`${BASE}${queryString({ brandId, lang })}`, {
      schema: ContentPageRows,
      ...(signal ? { signal } : {}),
    }),
  create: (body: { brandId: number; slug: string; lang: string; title: string; description?: string }) =>
    staffRequest(BASE, { schema: ContentPageRow, method: 'POST', body }),
  get: (id: number, signal?: AbortSignal) =>
    staffRequest(`${BASE}/${id}`, { schema: ContentPageDetail, ...(signal ? { signal } : {}) }),
  save: (id: number, body: SaveBody) =>
    send(
      `${BASE}/${id}`,
      { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
      ContentPageDetail,
    ),
  versions: (id: number, signal?: AbortSignal) =>
    staffRequest(`${BASE}/${id}/versions`, { schema: ContentVersionRows, ...(signal ? { signal } : {}) }),
  version: (id: number, version: number, signal?: AbortSignal) =>
    staffRequest(`${BASE}/${id}/versions/${version}`, {
      schema: ContentPageVersion,
      ...(signal ? { signal } : {}),
    }),
  restore: (id: number, version: number) =>
    staffRequest(`${BASE}/${id}/versions/${version}/restore`, {
      schema: ContentPageDetail,
      method: 'POST',
      body: {},
    }),
  publish: (id: number, version: number) =>
    staffRequest(`${BASE}/${id}/publish`, { schema: ContentPageRow, method: 'POST', body: { version } }),
  unpublish: (id: number) =>
    staffRequest(`${BASE}/${id}/unpublish`, { schema: ContentPageRow, method: 'POST', body: {} }),
  upload: (brandId: number, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return send(
      `/api/backoffice/content/media${queryString({ brandId })}`,
      { method: 'POST', body: form },
      ContentMediaUpload,
    );
  },
};

export const pagesKey = (brandId: number | undefined, lang: string) => [
  'bo',
  'content',
  'pages',
  brandId,
  lang,
];
export const pageKey = (id: number) => ['bo', 'content', 'page', id];
export const versionsKey = (id: number) => ['bo', 'content', 'versions', id];

export function usePages(brandId: number | undefined, lang: string) {
  return useQuery({
    queryKey: pagesKey(brandId, lang),
    queryFn: ({ signal }) => contentApi.list(brandId as number, lang, signal),
    enabled: brandId !== undefined,
  });
}

export function usePage(id: number) {
  return useQuery({
    queryKey: pageKey(id),
    queryFn: ({ signal }) => contentApi.get(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    // The editor holds its own copy; a background refetch must not replace what is being edited.
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useVersions(id: number, enabled: boolean) {
  return useQuery({
    queryKey: versionsKey(id),
    queryFn: ({ signal }) => contentApi.versions(id, signal),
    enabled,
  });
}

/** Invalidates the lists after a change of one page. */
export function useInvalidateContent() {
  const queryClient = useQueryClient();
  return (id?: number) => {
    void queryClient.invalidateQueries({ queryKey: ['bo', 'content', 'pages'] });
    if (id !== undefined) void queryClient.invalidateQueries({ queryKey: versionsKey(id) });
  };
}

export function useCreatePage() {
  const invalidate = useInvalidateContent();
  return useMutation({
    mutationFn: contentApi.create,
    onSuccess: () => invalidate(),
  });
}
