import { describe, expect, it } from 'vitest';
import { BrandCreateInput, BrandUpdateInput, isHostName, maskSecret, PaymentsInput } from './brand-admin.js';
import { validateInput } from './schemas/issues.js';

describe('brand editor schemas', () => {
  it('host names: DNS labels or IPv4, lower-cased, no port, no scheme, none twice', () => {
    expect(isHostName('broker.example.com')).toBe(true);
    expect(isHostName('127.0.0.1')).toBe(true);
    for (const bad of [
      '',
      'https://x.com',
      'x.com:3000',
      '-x.com',
      'a..b',
      'x_y.com',
      `${'a'.repeat(64)}.com`,
    ])
      expect(isHostName(bad), bad).toBe(false);
    const result = validateInput(BrandUpdateInput, {
      hosts: [' Broker.Example.COM ', 'broker.example.com', 'bad host'],
    });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.errors).toEqual([
        { path: 'hosts.1', key: 'boBrands.hostTwice', params: { host: 'broker.example.com' } },
        { path: 'hosts.2', key: 'boBrands.host', params: { title: 'Hosts', host: 'bad host' } },
      ]);
  });

  it('a new brand needs a slug, colours as #rrggbb and a known currency', () => {
    const good = {
      slug: 'nova',
      name: 'Nova',
      hosts: ['nova.example.com'],
      currency: 'USD',
      legalName: 'Nova Ltd.',
      supportEmail: 'HELP@nova.example.com',
      primary: '#7A1FD6',
      accent: '#00b386',
    };
    const parsed = validateInput(BrandCreateInput, good);
    expect(parsed.ok && parsed.value).toMatchObject({
      primary: '#7a1fd6',
      supportEmail: 'help@nova.example.com',
    });
    const bad = validateInput(BrandCreateInput, {
      ...good,
      slug: 'No Way',
      currency: 'JPY',
      primary: 'red',
      extra: 1,
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.map((e) => e.path).sort()).toEqual(['', 'currency', 'primary', 'slug']);
  });

  it('payment methods: one key once; secrets bounded; unknown fields refused', () => {
    const twice = validateInput(PaymentsInput, [
      { key: 'card-1', type: 'sandbox-card', flow: 'redirect' },
      { key: 'card-1', type: 'sandbox-cashier', title: 'Cashier' },
    ]);
    expect(!twice.ok && twice.errors[0]).toMatchObject({ path: '1.key', key: 'boBrands.providerKeyTwice' });
    const big = validateInput(PaymentsInput, [
      { key: 'card-1', type: 'sandbox-card', flow: 'redirect', apiKey: 'x'.repeat(501), secrets: {} },
    ]);
    expect(big.ok).toBe(false);
  });

  it('masks a secret to its last four characters, a short one entirely', () => {
    expect(maskSecret('sk_live_abcdefgh1234')).toBe('••••1234');
    expect(maskSecret('short')).toBe('••••');
  });
});
