import { AppropriatenessSettings, BrandComplianceSettings } from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffRequest } from '../api.js';

/** The compliance tab's calls: the brand's appropriateness test, its document and risk settings. */

export const appropriatenessKey = (id: number) => ['bo', 'brands', 'appropriateness', id] as const;
export const brandComplianceKey = (id: number) => ['bo', 'brands', 'compliance', id] as const;

const testUrl = (id: number) => `/api/backoffice/brands/${id}/appropriateness`;
const complianceUrl = (id: number) => `/api/backoffice/brands/${id}/compliance`;

export function useAppropriatenessSettings(id: number) {
  return useQuery({
    queryKey: appropriatenessKey(id),
    queryFn: ({ signal }) => staffRequest(testUrl(id), { schema: AppropriatenessSettings, signal }),
  });
}

/** Saves the brand's test; the answer (the test as stored) replaces the cached one. */
export function useSaveAppropriateness(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<AppropriatenessSettings, 'preset' | 'isDefault'>) =>
      staffRequest(testUrl(id), { schema: AppropriatenessSettings, method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(appropriatenessKey(id), saved),
  });
}

export function useBrandComplianceSettings(id: number) {
  return useQuery({
    queryKey: brandComplianceKey(id),
    queryFn: ({ signal }) => staffRequest(complianceUrl(id), { schema: BrandComplianceSettings, signal }),
  });
}

/** Saves the brand's document and risk settings; the answer replaces the cached ones. */
export function useSaveBrandCompliance(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BrandComplianceSettings) =>
      staffRequest(complianceUrl(id), { schema: BrandComplianceSettings, method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(brandComplianceKey(id), saved),
  });
}
