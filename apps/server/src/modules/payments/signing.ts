import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 helpers shared by the sandbox provider (which signs) and our webhook and form
 * endpoints (which verify). Secrets never leave the server: each brand and provider uses the secret
 * stored in the brand editor, or, for a sandbox provider without one, one derived from the configured
 * PAYMENT_SANDBOX_SECRET (provider-secrets.ts).
 */

/** The secret one brand's provider signs with: HMAC(master, "<brand>:<provider>"). */
export function providerSecret(master: string, brandSlug: string, providerKey: string): string {
  return createHmac('sha256', master).update(`${brandSlug}:${providerKey}`).digest('hex');
}

/** Hex HMAC-SHA256 of a message. */
export function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Constant-time comparison of two hex signatures. */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export const WEBHOOK_SIGNATURE_HEADER = 'x-sandbox-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-sandbox-timestamp';

/** Headers of a webhook whose raw body is signed together with its timestamp (`<ts>.<body>`). */
export function signWebhook(secret: string, rawBody: string, nowMs: number): Record<string, string> {
  const ts = String(Math.floor(nowMs / 1000));
  return {
    [WEBHOOK_TIMESTAMP_HEADER]: ts,
    [WEBHOOK_SIGNATURE_HEADER]: `v1=${hmacHex(secret, `${ts}.${rawBody}`)}`,
  };
}

export type WebhookCheck = { ok: true } | { ok: false; reason: 'bad-signature' | 'stale-timestamp' };

/**
 * Verifies a webhook's signature over its exact raw body and that its timestamp is within `toleranceMs`.
 * Without a usable secret (`undefined`: see provider-secrets.ts) every call is a bad signature.
 */
export function verifyWebhook(
  secret: string | undefined,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  nowMs: number,
  toleranceMs: number,
): WebhookCheck {
  const ts = single(headers[WEBHOOK_TIMESTAMP_HEADER]);
  const signature = single(headers[WEBHOOK_SIGNATURE_HEADER]);
  if (!secret || !ts || !signature || !/^\d{1,12}$/.test(ts) || !signature.startsWith('v1='))
    return { ok: false, reason: 'bad-signature' };
  if (!sameSignature(hmacHex(secret, `${ts}.${rawBody}`), signature.slice(3)))
    return { ok: false, reason: 'bad-signature' };
  if (Math.abs(nowMs - Number(ts) * 1000) > toleranceMs) return { ok: false, reason: 'stale-timestamp' };
  return { ok: true };
}

/**
 * A signed, self-contained token (`<base64url JSON>.<hex HMAC>`): the sandbox keeps its payment
 * sessions in such tokens, so they survive a restart and work on every node without storage.
 */
export function sealToken(secret: string, payload: object): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${hmacHex(secret, body)}`;
}

/** The payload of a token sealed with `secret`, or undefined when it was altered or is malformed. */
export function openToken<T>(secret: string, token: string): T | undefined {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const body = token.slice(0, dot);
  if (!sameSignature(hmacHex(secret, body), token.slice(dot + 1))) return undefined;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
  } catch {
    return undefined;
  }
}

/**
 * Canonical string a posted form's fields are signed over: keys sorted, `key=value` joined by `&`
 * (spec §7: one provider returns a signature and data used to build a posted form).
 */
export function canonicalFields(data: Record<string, string>): string {
  return Object.keys(data)
    .sort()
    .map((key) => `${key}=${data[key]}`)
    .join('&');
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
