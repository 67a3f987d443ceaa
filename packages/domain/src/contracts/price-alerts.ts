import { z } from 'zod';
import { PRICE_ALERT_KINDS, PRICE_ALERT_SIDES, PRICE_ALERT_STATUSES } from '../price-alerts.js';
import { WireInstant as Instant } from './common.js';

/**
 * Client-area contracts of price alerts (/api/price-alerts…) and web push (/api/push…). Every alert route answers
 * the client's whole list, so the terminal replaces its copy with what the server kept.
 */

/** One alert as the client sees it: what it watches, its levels, its state. */
export const PriceAlertDto = z.object({
  id: z.number().int(),
  symbol: z.string(),
  kind: z.enum(PRICE_ALERT_KINDS),
  side: z.enum(PRICE_ALERT_SIDES),
  /** The level ('above', 'below') or the percentage ('move'). */
  value: z.number(),
  /** The brand's price when the alert was set (a move is measured from it). */
  base_price: z.number().nullable(),
  /** Fires at or above this price (null: no such level). */
  above: z.number().nullable(),
  /** Fires at or below this price (null: no such level). */
  below: z.number().nullable(),
  note: z.string().nullable(),
  status: z.enum(PRICE_ALERT_STATUSES),
  created_at: Instant,
  expires_at: Instant.nullable(),
  triggered_at: Instant.nullable(),
  /** The price that fired it. */
  triggered_price: z.number().nullable(),
});
export type PriceAlertDto = z.infer<typeof PriceAlertDto>;

/** The client's alerts, newest first, with the limit of active ones. */
export const PriceAlertList = z.object({ alerts: z.array(PriceAlertDto), max_active: z.number().int() });
export type PriceAlertList = z.infer<typeof PriceAlertList>;

/** GET /api/push/key: the server's VAPID public key (base64url), what a browser subscribes with. */
export const PushKey = z.object({ public_key: z.string() });
export type PushKey = z.infer<typeof PushKey>;

/**
 * Whether a push endpoint can be a browser maker's push service on the public internet: https on the default port, a
 * host name with a dot, no IP literal and no local name. The server POSTs each push (with retries) to this address,
 * so an address inside the operator's network (an admin port, a cloud metadata service) is refused.
 */
export function isPublicPushEndpoint(endpoint: string): boolean {
  const authority = /^https:\/\/([^/?#]*)/i.exec(endpoint)?.[1];
  // a user name or password, a port, an IPv6 literal ([…:…]): none is a push service's address
  if (!authority || /[@:[\]]/.test(authority)) return false;
  const host = authority.toLowerCase().replace(/\.$/, '');
  const labels = host.split('.');
  if (labels.length < 2) return false;
  // an IPv4 literal in any spelling a URL parser accepts (127.0.0.1, 0x7f.1, 2130706433 with a dot added)
  if (labels.every((label) => /^(0x[0-9a-f]*|\d+)$/.test(label))) return false;
  return !/(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/.test(host);
}

/** A push subscription as the browser gives it (PushSubscription.toJSON()): an https endpoint and its keys. */
export const PushSubscribeInput = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'priceAlerts.pushInvalid' })
    .max(1000, { error: 'priceAlerts.pushInvalid' })
    .refine(isPublicPushEndpoint, { error: 'priceAlerts.pushInvalid' }),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{40,200}={0,2}$/, { error: 'priceAlerts.pushInvalid' }),
    auth: z.string().regex(/^[A-Za-z0-9_-]{10,100}={0,2}$/, { error: 'priceAlerts.pushInvalid' }),
  }),
});
export type PushSubscribeInput = z.infer<typeof PushSubscribeInput>;

/** POST /api/push/unsubscribe: the browser's endpoint. */
export const PushUnsubscribeInput = z.object({ endpoint: z.string().max(1000) });

/** Whether this browser's endpoint is subscribed after the call. */
export const PushState = z.object({ subscribed: z.boolean() });
export type PushState = z.infer<typeof PushState>;
