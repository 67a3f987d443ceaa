import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An opaque URL-safe token with 256 bits of entropy (sessions, reset links, login codes). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** SHA-256 hex of a token: what the database keeps instead of the token itself. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A human-friendly code without look-alike characters (referral codes). */
export function newCode(length = 10): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return code;
}

/** A numeric client PIN that never starts with 0. */
export const newPin = (digits = 7): string => String(randomInt(10 ** (digits - 1), 10 ** digits));
