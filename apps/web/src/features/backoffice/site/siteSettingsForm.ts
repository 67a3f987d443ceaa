import { type SiteSettingsDoc, SiteSettingsInput, zodIssuesToMessages } from '@openbroker/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { encodeMessage } from '../../../ui/forms.js';

export type SettingsForm = z.input<typeof SiteSettingsInput>;
export type SettingsValues = z.output<typeof SiteSettingsInput>;

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const links = (value: unknown) =>
  Array.isArray(value)
    ? value
        .filter((l): l is { title?: unknown; url?: unknown } => typeof l === 'object' && l !== null)
        .map((l) => ({ title: str(l.title), url: str(l.url) }))
    : [];

/**
 * The domain schema as a react-hook-form resolver with nested errors (`menu.1.url` → errors.menu[1].url),
 * so the link lists find their rows' messages.
 */
export const settingsResolver: Resolver<SettingsForm, unknown, SettingsValues> = async (values) => {
  const result = await SiteSettingsInput.safeParseAsync(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const { path, ...message } of zodIssuesToMessages(result.error)) {
    const parts = path === '' ? ['root', 'server'] : path.split('.');
    let node = errors;
    for (let i = 0; i < parts.length - 1; i++) {
      const part = parts[i] as string;
      node[part] ??= /^\d+$/.test(parts[i + 1] ?? '') ? [] : {};
      node = node[part] as Record<string, unknown>;
    }
    const leaf = parts.at(-1) as string;
    node[leaf] ??= { type: 'validation', message: encodeMessage(message) };
  }
  return { values: {}, errors: errors as FieldErrors<SettingsForm> };
};

/** The form's values from the stored document (missing fields empty, so an old document opens too). */
export function settingsDefaults(doc: SiteSettingsDoc['data']): SettingsForm {
  const pc = (doc.platform_components ?? {}) as Record<string, unknown>;
  return {
    copyright: str(doc.copyright),
    legal_name: str(doc.legal_name),
    legal_text: str(doc.legal_text),
    risk_warning: str(doc.risk_warning),
    support_email: str(doc.support_email),
    phone: str(doc.phone),
    address: str(doc.address),
    mapTileUrl: str(doc.mapTileUrl),
    menu: links(doc.menu),
    footer_links: links(doc.footer_links),
    // a screen is on unless switched off (domain platformComponentsOf)
    platform_components: {
      referrals: pc.referrals !== false,
      account_levels: pc.account_levels !== false,
      auto_trading: pc.auto_trading !== false,
    },
  };
}
