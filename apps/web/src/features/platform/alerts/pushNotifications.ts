import { PushSubscribeInput } from '@openbroker/domain';
import { alertsApi } from './alertsApi.js';

/** What this browser allows: push unsupported (or not over HTTPS/localhost), blocked by the user, or possible. */
export type PushSupport = 'unsupported' | 'denied' | 'available';

/** Whether this browser can receive web push for this site (a service worker, PushManager, a secure context). */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !window.isSecureContext) return 'unsupported';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'available';
}

/** A base64url VAPID key as the bytes `PushManager.subscribe` wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = `${base64url}${'='.repeat((4 - (base64url.length % 4)) % 4)}`
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return (await navigator.serviceWorker.getRegistration()) ?? undefined;
}

/** Whether this browser is subscribed for the signed-in client (asks the server about its endpoint). */
export async function isPushOn(token: string): Promise<boolean> {
  if (pushSupport() !== 'available') return false;
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription) return false;
  return (await alertsApi.pushStatus(token, subscription.endpoint)).subscribed;
}

/**
 * Asks for permission, subscribes this browser with the server's VAPID key and gives the subscription to the
 * server. Resolves false when the user refused or the browser cannot.
 */
export async function turnPushOn(token: string): Promise<boolean> {
  if (pushSupport() !== 'available') return false;
  if ((await Notification.requestPermission()) !== 'granted') return false;
  const reg = (await registration()) ?? (await navigator.serviceWorker.ready);
  const { public_key } = await alertsApi.pushKey();
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) }));
  const parsed = PushSubscribeInput.safeParse(subscription.toJSON());
  if (!parsed.success) return false;
  return (await alertsApi.subscribe(token, parsed.data)).subscribed;
}

/** Unsubscribes this browser, at the server and in the browser. */
export async function turnPushOff(token: string): Promise<void> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription) return;
  await alertsApi.unsubscribe(token, subscription.endpoint);
  await subscription.unsubscribe();
}
