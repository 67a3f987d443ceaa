import type { BrandAdminView, BrandListItem, BrandUpdateInput } from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, CLIENT_ERROR_CODES } from '../../../api/ApiError.js';
import { readStaffToken, staffRequest } from '../api.js';

/** The brand editor's calls (issue 15): list, one brand, create, change a section, upload a file, trading. */

export const BRANDS_OVERVIEW_KEY = ['bo', 'brands', 'overview'] as const;
export const brandKey = (id: number) => ['bo', 'brands', 'admin', id] as const;
export const tradingKey = (id: number) => ['bo', 'brands', 'trading', id] as const;

export function useBrandsOverview(enabled: boolean) {
  return useQuery({
    queryKey: BRANDS_OVERVIEW_KEY,
    queryFn: ({ signal }) => staffRequest<BrandListItem[]>('/api/backoffice/brands/overview', { signal }),
    enabled,
  });
}

export function useBrandAdmin(id: number, enabled: boolean) {
  return useQuery({
    queryKey: brandKey(id),
    queryFn: ({ signal }) => staffRequest<BrandAdminView>(`/api/backoffice/brands/${id}`, { signal }),
    enabled: enabled && id > 0,
  });
}

/** Saves one or more sections; the answer (the brand as stored) replaces the cached one. */
export function useSaveBrand(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<BrandUpdateInput>) =>
      staffRequest<BrandAdminView>(`/api/backoffice/brands/${id}`, { method: 'PATCH', body: change }),
    onSuccess: (brand) => {
      queryClient.setQueryData(brandKey(id), brand);
      // names and hosts show in the list and in every brand filter
      void queryClient.invalidateQueries({ queryKey: ['bo', 'brands'], exact: true });
      void queryClient.invalidateQueries({ queryKey: BRANDS_OVERVIEW_KEY });
    },
  });
}

export interface UploadedMedia {
  id: number;
  name: string;
  contentType: string;
  size: number;
  url: string;
}

/** Uploads a brand file (multipart `file`) with the staff token; the server judges it by content. */
export async function uploadBrandMedia(brandId: number, file: File, purpose: string): Promise<UploadedMedia> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file, file.name);
  const token = readStaffToken();
  let response: Response;
  try {
    response = await fetch(`/api/backoffice/brands/${brandId}/media`, {
      method: 'POST',
      headers: token ? { Authorization: `Bearer ${token}`, Accept: 'application/json' } : {},
      body: form,
    });
  } catch {
    throw new ApiError(0, { code: CLIENT_ERROR_CODES.network, message: 'The server could not be reached.' });
  }
  const payload = (await response.json().catch(() => undefined)) as
    | { status: true; data: UploadedMedia }
    | { status: false; code: string; key?: string; message: string; errors?: [] }
    | undefined;
  if (payload?.status === true && response.ok) return payload.data;
  const error = payload && payload.status === false ? payload : undefined;
  throw new ApiError(response.status, {
    code: error?.code ?? 'HTTP_ERROR',
    ...(error?.key ? { key: error.key } : {}),
    message: error?.message ?? response.statusText,
    errors: error?.errors ?? [],
  });
}
