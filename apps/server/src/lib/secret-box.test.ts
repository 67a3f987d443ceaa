import { describe, expect, it } from 'vitest';
import { assertSafeToServe, DEVELOPMENT_BRAND_SECRETS_KEY, loadConfig } from '../config.js';
import { SecretBox } from './secret-box.js';

describe('secret box (AES-256-GCM)', () => {
  const box = new SecretBox('a-test-key-of-at-least-thirty-two-characters');

  it('opens what it sealed; the sealed form shows nothing of the secret and differs every time', () => {
    const secret = 'sk_live_51HxYzAbCdEf0123456789';
    const once = box.seal(secret);
    const twice = box.seal(secret);
    expect(box.open(once)).toBe(secret);
    expect(box.open(twice)).toBe(secret);
    expect(once).not.toBe(twice);
    expect(once).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(once).not.toContain('sk_live');
    expect(once).not.toContain(Buffer.from(secret).toString('base64url').slice(0, 8));
  });

  it('refuses a value sealed under another key, an altered one and an unknown format', () => {
    const sealed = box.seal('whsec_0123456789abcdef');
    expect(() => new SecretBox('another-key-of-at-least-thirty-two-chars').open(sealed)).toThrow();
    const [v, iv, tag, body] = sealed.split(':') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64url')].join(':'))).toThrow();
    expect(() => box.open('plain-text')).toThrow(/unknown format/);
  });

  it('BRAND_SECRETS_KEY: required outside demo mode (named in the refusal), a demo uses the development key', () => {
    const production = {
      DATABASE_URL: 'postgres://u:p@db.example.com/openbroker',
      OPERATOR_TOKEN: 'operator-token-of-at-least-24-chars',
      PUBLIC_URL: 'https://broker.example.com',
      STAFF_TOTP_KEY: 'staff-totp-key-of-at-least-thirty-two-chars',
      AUDIT_KEY: 'audit-key-of-at-least-thirty-two-characters',
    };
    for (const key of [undefined, DEVELOPMENT_BRAND_SECRETS_KEY]) {
      const config = loadConfig({ ...production, ...(key ? { BRAND_SECRETS_KEY: key } : {}) });
      expect(() => assertSafeToServe(config)).toThrow(
        /BRAND_SECRETS_KEY must be set \(a random value of at least 32/,
      );
    }
    const set = loadConfig({ ...production, BRAND_SECRETS_KEY: 'brand-secrets-key-of-at-least-32-chars!' });
    expect(() => assertSafeToServe(set)).not.toThrow();
    expect(set.brandSecretsKey).toBe('brand-secrets-key-of-at-least-32-chars!');
    expect(() => loadConfig({ BRAND_SECRETS_KEY: 'short' })).toThrow(/BRAND_SECRETS_KEY must be at least 32/);
    const demo = loadConfig({ DEMO: 'true' });
    expect(demo.brandSecretsKey).toBe(DEVELOPMENT_BRAND_SECRETS_KEY);
    expect(() => assertSafeToServe(demo)).not.toThrow();
  });
});
