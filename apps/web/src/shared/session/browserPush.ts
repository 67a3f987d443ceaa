/**
 * Ends this browser's web push subscription, if it has one: after a logout the next person at this browser must not
 * see the last client's price alerts. The browser's push service then answers 404/410 for the endpoint and the server
 * drops it at its next push. Never throws (no service worker, no push support, a private window).
 */
export async function endBrowserPush(): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // nothing subscribed, or the browser would not say: nothing to end
  }
}
