import { useRef } from 'react';

/**
 * A random version-4 UUID. `crypto.randomUUID` exists only in secure contexts (https or localhost); a
 * self-hosted broker reached over plain http on a LAN address still gets a key from `getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

interface Attempt {
  key: string;
  /** What was sent, so an unchanged resend is recognised as the same attempt. */
  fingerprint: string;
  /** True once the server answered (yes or no): the next submit is a new attempt. */
  settled: boolean;
}

export interface AttemptKeys {
  /**
   * The key to send for a payload: the open attempt's key when the same payload is sent again after the
   * server could not be reached (it may have booked it), else a fresh key for a new attempt.
   */
  keyFor: (payload: unknown) => string;
  /** The server answered the current attempt; whatever is sent next is a new attempt. */
  settle: () => void;
}

/**
 * Idempotency keys per submit attempt. A network failure leaves the outcome unknown, so resending the
 * same payload must reuse the key (the server then answers with the first result instead of booking
 * twice); any answer from the server closes the attempt.
 */
export function useAttemptKeys(): AttemptKeys {
  const current = useRef<Attempt | null>(null);
  return {
    keyFor: (payload) => {
      const fingerprint = JSON.stringify(payload);
      const open = current.current;
      if (open && !open.settled && open.fingerprint === fingerprint) return open.key;
      const attempt = { key: newIdempotencyKey(), fingerprint, settled: false };
      current.current = attempt;
      return attempt.key;
    },
    settle: () => {
      if (current.current) current.current.settled = true;
    },
  };
}
