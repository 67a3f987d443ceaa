import { PROVIDER_SECRET_FIELDS, type ProviderSecretField } from '@openbroker/domain';
import type { PaymentProviderSetting } from '../../db/schema.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Brand } from '../brands/brands.service.js';
import { providerSecret } from './signing.js';

/**
 * Where a payment provider's credentials come from: the secrets an admin entered in the brand
 * editor, sealed under BRAND_SECRETS_KEY (`settings.payments[].secrets`), opened with the same box. Only a
 * built-in sandbox provider without a stored secret falls back to the secret derived from
 * PAYMENT_SANDBOX_SECRET (decision 0009), so a demo works without any entry; once a secret is stored,
 * the derived one no longer signs anything for that provider.
 */
export interface SecretSource {
  /** PAYMENT_SANDBOX_SECRET, the master the sandbox's per-provider secrets derive from. */
  masterSecret: string;
  /** Opens the stored secrets (BRAND_SECRETS_KEY). */
  secretBox: SecretBox;
}

/** What an adapter signs, verifies and sends with for one provider of one brand. */
export interface ProviderCredentials {
  /**
   * Verifies the provider's webhooks. Undefined when none is usable (a stored secret sealed under another
   * BRAND_SECRETS_KEY, or a non-sandbox provider without one): every webhook is then refused.
   */
  webhookSecret: string | undefined;
  /** Signs what we hand the provider (a posted form's signature); undefined like `webhookSecret`. */
  apiKey: string | undefined;
  /** The merchant id the provider knows us by, when the editor set one. */
  merchantId: string | undefined;
}

/** The stored setting of a brand's provider by key (secrets still sealed). */
function settingOf(brand: Brand, key: string): PaymentProviderSetting | undefined {
  return (brand.settings.payments ?? []).find((p) => p.key === key);
}

/** The credentials of a brand's provider: stored ones first, the sandbox's derived secret only for a sandbox provider without one. */
export function credentialsOf(source: SecretSource, brand: Brand, providerKey: string): ProviderCredentials {
  const setting = settingOf(brand, providerKey);
  const stored = setting?.secrets ?? {};
  const open = setting ? openProviderSecrets(setting, source.secretBox) : {};
  const derived =
    setting?.type.startsWith('sandbox-') === true
      ? providerSecret(source.masterSecret, brand.slug, providerKey)
      : undefined;
  // A stored secret that cannot be opened is not replaced by the derived one: that would quietly accept
  // what the sandbox signs after the operator configured their own secret.
  const pick = (field: 'apiKey' | 'webhookSecret') => (stored[field] ? open[field] : derived);
  return {
    webhookSecret: pick('webhookSecret'),
    apiKey: pick('apiKey'),
    merchantId: setting?.merchantId || undefined,
  };
}

/**
 * A provider's secrets in plain text, for a payment adapter that calls the provider (never for an answer
 * to a browser). A secret sealed under another key is left out (it must be entered again).
 */
export function openProviderSecrets(
  provider: Pick<PaymentProviderSetting, 'secrets'>,
  box: SecretBox,
): Partial<Record<ProviderSecretField, string>> {
  const open: Partial<Record<ProviderSecretField, string>> = {};
  for (const field of PROVIDER_SECRET_FIELDS) {
    const sealed = provider.secrets?.[field];
    if (!sealed) continue;
    try {
      open[field] = box.open(sealed);
    } catch {
      // another BRAND_SECRETS_KEY sealed it
    }
  }
  return open;
}
