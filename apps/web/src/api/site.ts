import type { PlatformContactInput } from '@openbroker/domain';
import { apiRequest } from './client.js';

export const siteApi = {
  /**
   * The platform contact page (spec §7 'POST contact endpoint'; its path is not in the spec). The path
   * must match the server's contact route.
   */
  sendContact: (input: PlatformContactInput, token?: string | null) =>
    apiRequest<unknown>('/api/contact', { body: input, token: token ?? null }),
};
