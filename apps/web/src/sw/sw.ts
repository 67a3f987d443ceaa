/**
 * The service worker of the installed app, served at /sw.js (built by the `service-worker` plugin in
 * vite.config.ts, which puts `SW_BUILD` in front of it). It keeps the app shell for offline use: the
 * home page and terminal shells and the hashed JS and CSS they load. Which request gets what is decided in
 * strategy.ts; nothing that carries a session is ever stored.
 */

import { pushNoticeOf } from './push.js';
import {
  CACHE_PREFIX,
  cacheStrategyFor,
  offlineShellFor,
  SHELL_PATHS,
  shellKeyFor,
  staleCaches,
} from './strategy.js';

/** Written by the build: its version (a new deploy, a new cache) and the files of the entry and the terminal. */
declare const SW_BUILD: { version: string; precache: string[] };

// The DOM library has no worker types, and both cannot be in one program: the little the worker uses.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { text(): string } | null;
}
interface NotificationClickEvent extends ExtendableEvent {
  notification: { close(): void; data?: { url?: string } };
}
interface WindowClient {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
  registration: {
    showNotification(
      title: string,
      options: { body: string; tag?: string; data: { url: string }; icon?: string },
    ): Promise<void>;
  };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const CACHE = `${CACHE_PREFIX}${SW_BUILD.version}`;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([...SHELL_PATHS, ...SW_BUILD.precache]))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(staleCaches(names, SW_BUILD.version).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

/** A page load: the network first (keeping the home and terminal shells fresh), the cached shell offline. */
async function shell(request: Request, url: URL): Promise<Response> {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    const key = shellKeyFor(url);
    // only a page asked for without a query is kept: a stored response remembers its address, query included
    if (key && url.search === '' && response.status === 200 && !response.redirected)
      await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(offlineShellFor(url));
    if (cached) return cached;
    throw error;
  }
}

/** A hashed build file: from the cache, else fetched and kept (its name changes with its content). */
async function asset(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.status === 200) await cache.put(request, response.clone());
  return response;
}

worker.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  const strategy = cacheStrategyFor(url, event.request, worker.location.origin);
  if (strategy === 'shell') event.respondWith(shell(event.request, url));
  else if (strategy === 'asset') event.respondWith(asset(event.request));
});

// A price alert pushed by the server (web push): shown as a notification, even with no tab open.
worker.addEventListener('push', (event) => {
  const notice = pushNoticeOf(event.data?.text());
  event.waitUntil(
    worker.registration.showNotification(notice.title, {
      body: notice.body,
      ...(notice.tag ? { tag: notice.tag } : {}),
      data: { url: notice.url },
      icon: '/icons/icon-192.png',
    }),
  );
});

// A click on it focuses an open terminal tab, else opens the terminal.
worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(
    pushNoticeOf(JSON.stringify({ title: '', url: event.notification.data?.url })).url,
    worker.location.origin,
  ).href;
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: false }).then(async (open) => {
      // an open terminal already shows the alert's notice: bring it forward rather than reload it
      const terminal = open.find((c) => new URL(c.url).pathname.startsWith('/platform'));
      if (terminal) return terminal.focus();
      return worker.clients.openWindow(url);
    }),
  );
});
