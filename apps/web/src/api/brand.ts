import { PublicBrand } from '@openbroker/domain';
import { apiRequest } from './client.js';

/** GET /api/brand: the requesting host's brand (contract: the domain's contracts/brand-public.ts). */
export const brandApi = {
  get: (signal?: AbortSignal) =>
    apiRequest('/api/brand', { schema: PublicBrand, ...(signal ? { signal } : {}) }),
};
