import { InboxItem, InboxPage, SiteSettingsDoc, type SiteSettingsInput } from '@openbroker/domain';
import { queryString, staffRequest } from '../api.js';

export type InboxStatusFilter = 'open' | 'handled' | '';

export const siteKeys = {
  settings: (brandId: number) => ['bo', 'site', 'settings', brandId] as const,
  inbox: ['bo', 'inbox'] as const,
};

const settingsPath = (brandId: number) =>
  `/api/backoffice/content/singletons/settings${queryString({ brandId })}`;

/** The back office's site settings (GET/PUT …/content/singletons/settings?brandId) and contact inbox. */
export const siteApi = {
  settings: (brandId: number, signal?: AbortSignal) =>
    staffRequest(settingsPath(brandId), { schema: SiteSettingsDoc, ...(signal ? { signal } : {}) }),
  saveSettings: (brandId: number, body: SiteSettingsInput) =>
    staffRequest(settingsPath(brandId), { schema: SiteSettingsDoc, method: 'PUT', body }),
  inbox: (
    filter: { brandId?: number | undefined; status: InboxStatusFilter; page: number },
    signal?: AbortSignal,
  ) =>
    staffRequest(
      `/api/backoffice/inbox${queryString({ brandId: filter.brandId, status: filter.status, page: filter.page > 1 ? filter.page : undefined })}`,
      { schema: InboxPage, ...(signal ? { signal } : {}) },
    ),
  setHandled: (id: number, handled: boolean) =>
    staffRequest(`/api/backoffice/inbox/${id}/handled`, {
      schema: InboxItem,
      method: 'POST',
      body: { handled },
    }),
};
