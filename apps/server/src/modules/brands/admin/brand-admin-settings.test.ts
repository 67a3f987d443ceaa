import type { PaymentProviderInput } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import type { PaymentProviderSetting } from '../../../db/schema.js';
import { SecretBox } from '../../../lib/secret-box.js';
import { openProviderSecrets } from '../../payments/provider-secrets.js';
import { mergeProviders, providerView } from './brand-admin-settings.js';

const box = new SecretBox('brand-secrets-key-of-this-unit-test-0123456789');
const card = (secrets: Partial<PaymentProviderInput>): PaymentProviderInput =>
  ({ key: 'card-1', type: 'sandbox-card', flow: 'redirect', ...secrets }) as PaymentProviderInput;

describe('payment provider secrets in brand settings', () => {
  it('seals a new secret, keeps a stored one sent empty or absent, removes one sent null', () => {
    const [first] = mergeProviders(
      [],
      [card({ apiKey: 'sk_live_abcdefghijkl1234', webhookSecret: 'whsec_zyxwvutsrq9876' })],
      box,
    );
    expect(first?.secrets?.apiKey).toMatch(/^v1:/);
    expect(JSON.stringify(first)).not.toContain('sk_live');
    expect(openProviderSecrets(first as PaymentProviderSetting, box)).toEqual({
      apiKey: 'sk_live_abcdefghijkl1234',
      webhookSecret: 'whsec_zyxwvutsrq9876',
    });
    const [kept] = mergeProviders(
      [first as PaymentProviderSetting],
      [card({ apiKey: '', webhookSecret: null })],
      box,
    );
    expect(kept?.secrets).toEqual({ apiKey: first?.secrets?.apiKey });
    const [renamed] = mergeProviders(
      [first as PaymentProviderSetting],
      [{ ...card({}), key: 'card-9' }],
      box,
    );
    // secrets belong to the provider key: a new key starts without them
    expect(renamed?.secrets).toBeUndefined();
  });

  it('answers only hints; a secret sealed under another key shows as set but unreadable', () => {
    const [stored] = mergeProviders(
      [],
      [card({ apiKey: 'sk_live_abcdefghijkl1234', webhookSecret: 'short' })],
      box,
    );
    expect(providerView(stored as PaymentProviderSetting, box).secretHints).toEqual({
      apiKey: '••••1234',
      webhookSecret: '••••',
    });
    const other = new SecretBox('another-brand-secrets-key-0123456789abcdef');
    expect(providerView(stored as PaymentProviderSetting, other).secretHints).toEqual({
      apiKey: '••••?',
      webhookSecret: '••••?',
    });
    expect(openProviderSecrets(stored as PaymentProviderSetting, other)).toEqual({});
  });
});
