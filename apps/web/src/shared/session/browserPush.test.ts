import { afterEach, describe, expect, it, vi } from 'vitest';
import { endBrowserPush } from './browserPush.js';

const original = Object.getOwnPropertyDescriptor(navigator, 'serviceWorker');

function withServiceWorker(value: unknown) {
  Object.defineProperty(navigator, 'serviceWorker', { value, configurable: true });
}

afterEach(() => {
  if (original) Object.defineProperty(navigator, 'serviceWorker', original);
  else Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('a logout ends the browser’s push subscription', () => {
  it("unsubscribes this browser, so the next person here never sees the last client's alerts", async () => {
    const unsubscribe = vi.fn(async () => true);
    withServiceWorker({
      getRegistration: async () => ({ pushManager: { getSubscription: async () => ({ unsubscribe }) } }),
    });
    await endBrowserPush();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('does nothing, and never throws, without a subscription, push support or a service worker', async () => {
    withServiceWorker({
      getRegistration: async () => ({ pushManager: { getSubscription: async () => null } }),
    });
    await expect(endBrowserPush()).resolves.toBeUndefined();
    withServiceWorker({ getRegistration: async () => undefined });
    await expect(endBrowserPush()).resolves.toBeUndefined();
    withServiceWorker({
      getRegistration: async () => {
        throw new Error('blocked');
      },
    });
    await expect(endBrowserPush()).resolves.toBeUndefined();
  });
});
