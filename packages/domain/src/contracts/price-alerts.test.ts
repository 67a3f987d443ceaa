import { describe, expect, it } from 'vitest';
import { isPublicPushEndpoint, PushSubscribeInput } from './price-alerts.js';

describe('push endpoints the server will post to', () => {
  it("takes the browser makers' push services", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://web.push.apple.com/QGx1',
      'https://db5p.notify.windows.com/w/?token=AwYAAA',
    ])
      expect(isPublicPushEndpoint(endpoint), endpoint).toBe(true);
  });

  it('refuses addresses inside the operator network: IP literals, local names, ports, credentials', () => {
    for (const endpoint of [
      'https://127.0.0.1/push',
      'https://10.0.0.5/x',
      'https://0x7f.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://localhost/x',
      'https://LOCALHOST./x',
      'https://db.internal/x',
      'https://printer.local/x',
      'https://metadata/computeMetadata',
      'https://fcm.googleapis.com:8443/x',
      'https://user:pw@fcm.googleapis.com/x',
      'http://fcm.googleapis.com/x',
      '',
    ])
      expect(isPublicPushEndpoint(endpoint), endpoint).toBe(false);
  });

  it('the subscription contract refuses them with the push message', () => {
    const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };
    const refused = PushSubscribeInput.safeParse({ endpoint: 'https://192.168.1.1/push', keys });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('priceAlerts.pushInvalid');
    expect(
      PushSubscribeInput.safeParse({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys }).success,
    ).toBe(true);
  });
});
