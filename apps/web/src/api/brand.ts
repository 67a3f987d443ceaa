import { apiRequest } from './client.js';
import type { Brand } from './types.js';

export const brandApi = {
  get: (signal?: AbortSignal) => apiRequest<Brand>('/api/brand', signal ? { signal } : {}),
};
