import type { SiteSettingsInput } from '@openbroker/domain';
import { queryString, staffRequest } from '../api.js';

/** GET/PUT /api/backoffice/content/singletons/settings?brandId (docs/content-editor.md). */
export interface SiteSettingsDoc {
  name: string;
  brandId: number;
  data: Partial<SiteSettingsInput> & Record<string, unknown>;
  updatedAt: string | null;
}

/** One message of the contact inbox. */
export interface InboxItem {
  id: number;
  brandId: number;
  brandSlug: string;
  form: string;
  values: Record<string, unknown>;
  createdAt: string;
  handled: boolean;
  handledAt: string | null;
  handledBy: string | null;
}

export interface InboxPage {
  items: InboxItem[];
  total: number;
  page: number;
  pageSize: number;
  open: number;
}

export type InboxStatusFilter = 'open' | 'handled' | '';

export const siteKeys = {
  settings: (brandId: number) => ['bo', 'site', 'settings', brandId] as const,
  inbox: ['bo', 'inbox'] as const,
};

const put = <T>(path: string, body: unknown) => staffRequest<T>(path, { method: 'PUT', body });

const settingsPath = (brandId: number) =>
  `/api/backoffice/content/singletons/settings${queryString({ brandId })}`;

export const siteApi = {
  settings: (brandId: number, signal?: AbortSignal) =>
    staffRequest<SiteSettingsDoc>(settingsPath(brandId), signal ? { signal } : {}),
  saveSettings: (brandId: number, body: SiteSettingsInput) =>
    put<SiteSettingsDoc>(settingsPath(brandId), body),
  inbox: (
    filter: { brandId?: number | undefined; status: InboxStatusFilter; page: number },
    signal?: AbortSignal,
  ) =>
    staffRequest<InboxPage>(
      `/api/backoffice/inbox${queryString({ brandId: filter.brandId, status: filter.status, page: filter.page > 1 ? filter.page : undefined })}`,
      signal ? { signal } : {},
    ),
  setHandled: (id: number, handled: boolean) =>
    staffRequest<InboxItem>(`/api/backoffice/inbox/${id}/handled`, { method: 'POST', body: { handled } }),
};
