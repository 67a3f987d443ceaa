import {
  BrandAdminView,
  BrandListItem,
  BrandMedia,
  BrandPublication,
  type BrandUpdateInput,
} from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, CLIENT_ERROR_CODES } from '../../../api/ApiError.js';
import { readStaffToken, staffRequest } from '../api.js';

/** The brand editor's calls: list, one brand, create, change a section, upload a file, trading. */

export const BRANDS_OVERVIEW_KEY = ['bo', 'brands', 'overview'] as const;
export const brandKey = (id: number) => ['bo', 'brands', 'admin', id] as const;
export const tradingKey = (id: number) => ['bo', 'brands', 'trading', id] as const;
export const publicationKey = (id: number) => ['bo', 'brands', 'publication', id] as const;

/** The brand's status and publish checklist (read again whenever the page is focused: fixes happen elsewhere). */
export function useBrandPublication(id: number, enabled: boolean) {
  return useQuery({
    queryKey: publicationKey(id),
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/brands/${id}/publication`, { schema: BrandPublication, signal }),
    enabled: enabled && id > 0,
    refetchOnWindowFocus: 'always',
  });
}

/** Publishes the brand (or returns it to draft); the answer replaces the cached checklist. */
export function useSetPublished(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publish: boolean) =>
      staffRequest(`/api/backoffice/brands/${id}/${publish ? 'publish' : 'unpublish'}`, {
        schema: BrandPublication,
        method: 'POST',
      }),
    onSuccess: (publication) => {
      queryClient.setQueryData(publicationKey(id), publication);
      void queryClient.invalidateQueries({ queryKey: brandKey(id) });
      void queryClient.invalidateQueries({ queryKey: BRANDS_OVERVIEW_KEY });
    },
  });
}

export function useBrandsOverview(enabled: boolean) {
  return useQuery({
    queryKey: BRANDS_OVERVIEW_KEY,
    queryFn: ({ signal }) =>
      staffRequest('/api/backoffice/brands/overview', { schema: BrandListItem.array(), signal }),
    enabled,
  });
}

export function useBrandAdmin(id: number, enabled: boolean) {
  return useQuery({
    queryKey: brandKey(id),
    queryFn: ({ signal }) => staffRequest(`/api/backoffice/brands/${id}`, { schema: BrandAdminView, signal }),
    enabled: enabled && id > 0,
  });
}

/** Saves one or more sections; the answer (the brand as stored) replaces the cached one. */
export function useSaveBrand(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<BrandUpdateInput>) =>
      staffRequest(`/api/backoffice/brands/${id}`, { schema: BrandAdminView, method: 'PATCH', body: change }),
    onSuccess: (brand) => {
      queryClient.setQueryData(brandKey(id), brand);
      // the publish checklist above the tabs reads the support address and payment methods a tab saves
      void queryClient.invalidateQueries({ queryKey: publicationKey(id) });
      // names and hosts show in the list and in every brand filter
      void queryClient.invalidateQueries({ queryKey: ['bo', 'brands'], exact: true });
      void queryClient.invalidateQueries({ queryKey: BRANDS_OVERVIEW_KEY });
    },
  });
}

/**
 * Uploads a brand file (multipart `file`) with the staff token; the server judges it by content. The answer is
 * parsed with its contract like every staff answer.
 */
export async function uploadBrandMedia(brandId: number, file: File, purpose: string): Promise<BrandMedia> {
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
    | { status: true; data: unknown }
    | { status: false; code: string; key?: string; message: string; errors?: [] }
    | undefined;
  if (payload?.status === true && response.ok) {
    const parsed = BrandMedia.safeParse(payload.data);
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
