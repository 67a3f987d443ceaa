/**
 * What the service worker shows for a push: the server sends `{title, body, tag, url}` (a price alert); anything
 * else is shown as a plain notice that opens the terminal. The click opens (or focuses) `url` on this site only.
 */
export interface PushNotice {
  title: string;
  body: string;
  tag: string | undefined;
  url: string;
}

const FALLBACK: PushNotice = { title: 'Price alert', body: '', tag: undefined, url: '/platform' };

/** Reads a push's JSON text; a broken or foreign payload becomes the plain notice. */
export function pushNoticeOf(text: string | null | undefined): PushNotice {
  if (!text) return FALLBACK;
  try {
    const data = JSON.parse(text) as Record<string, unknown>;
    const str = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : undefined);
    const url = str(data.url, 200);
    return {
      title: str(data.title, 120) ?? FALLBACK.title,
      body: str(data.body, 240) ?? '',
      tag: str(data.tag, 64),
      // only a path of this site: a push can never send the client elsewhere ('//x', '/\\x' and control characters
      // would let a browser read another host)
      url: url && /^\/(?![/\\])[^\s\\]*$/.test(url) ? url : FALLBACK.url,
    };
  } catch {
    return FALLBACK;
  }
}
