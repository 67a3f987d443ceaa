import { describe, expect, it } from 'vitest';
import { pushNoticeOf } from './push.js';

describe('pushNoticeOf', () => {
  it('shows the alert the server sent and opens its page', () => {
    expect(
      pushNoticeOf('{"title":"BTCUSD ≥ 61000.00","body":"Bid 61000.50","tag":"alert-7","url":"/platform"}'),
    ).toEqual({
      title: 'BTCUSD ≥ 61000.00',
      body: 'Bid 61000.50',
      tag: 'alert-7',
      url: '/platform',
    });
  });

  it('never opens another site, and shows a plain notice for a broken payload', () => {
    expect(pushNoticeOf('{"title":"x","url":"https://evil.example"}').url).toBe('/platform');
    expect(pushNoticeOf('{"title":"x","url":"//evil.example"}').url).toBe('/platform');
    expect(pushNoticeOf('{"title":"x","url":"/\\\\evil.example"}').url).toBe('/platform');
    expect(pushNoticeOf('{"title":"x","url":"/\\t/evil.example"}').url).toBe('/platform');
    expect(pushNoticeOf('{"title":"x","url":"/platform/EURUSD?tab=alerts"}').url).toBe(
      '/platform/EURUSD?tab=alerts',
    );
    expect(pushNoticeOf('not json')).toMatchObject({ title: 'Price alert', url: '/platform' });
    expect(pushNoticeOf(null).url).toBe('/platform');
  });
});
