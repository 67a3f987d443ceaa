import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encrypts small secrets at rest with AES-256-GCM under a key from the configuration: staff TOTP
 * secrets (STAFF_TOTP_KEY) and brands' payment provider secrets (BRAND_SECRETS_KEY), so a copy of
 * the database alone gives away neither a second factor nor a provider's API key. The stored form is `v1:<iv>:<tag>:<ciphertext>`, base64url parts; a tampered or
 * foreign value fails to open rather than yielding garbage.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    // Any configured string of enough length becomes exactly 32 bytes of key.
    this.key = createHash('sha256').update(keyMaterial, 'utf8').digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), sealed]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join(':');
  }

  /** The plain secret; throws when the value was sealed with another key or altered. */
  open(stored: string): string {
    const [version, iv, tag, sealed] = stored.split(':');
    if (version !== 'v1' || !iv || !tag || sealed === undefined)
      throw new Error('secret-box: unknown format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
