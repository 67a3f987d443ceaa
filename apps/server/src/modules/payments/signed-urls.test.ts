import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countries } from '../../db/schema.js';
import { registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { type Brand, brandPublicUrl } from '../brands/brands.service.js';
import { type SandboxSession, sandboxSessionKey } from './providers.js';
import { openToken } from './signing.js';

describe(`signed payment URLs use the brand's configured address, never the Host header (${testDbKind})`, async () => {
  const { app, runtime, config } = await createTestServer({
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    PUBLIC_URL: 'http://localhost:3000',
  });
  const { ctx } = runtime;
  const { db } = ctx.database;
  const masterSecret = ctx.config.paymentSandboxSecret as string;

  /** A client of the brand `host` serves, with the complete profile deposits need. */
  const clientOn = async (host: string) => {
    const client = await registerClient(app, {}, { host });
    const [germany] = await db.select().from(countries).where(eq(countries.alpha2, 'DE'));
    const res = await app.inject({
      method: 'POST',
      url: '/api/accounts/update',
      headers: { host },
      payload: {
        token: client.token,
        first_name: 'Hal',
        last_name: 'Host',
        phone: '+49 151 2345 6789',
        birth_date: '1988-02-03',
        country_id: germany?.id,
        state: 'Berlin',
        city: 'Berlin',
        street: 'Unter den Linden 1',
        zip_code: '10117',
      },
    });
    expect(res.statusCode).toBe(200);
    return client;
  };

  /** The return and webhook URLs sealed into a hosted-page card deposit made with this Host header. */
  const hostedPageUrls = async (token: string, host: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/transactions/create',
      headers: { host },
      payload: { token, amount: 250, method: 1, provider: 'card-1' },
    });
    expect(res.statusCode).toBe(200);
    const next = res.json().data.next;
    expect(next.type).toBe('redirect');
    const sealed = new URL(next.url, 'http://x').searchParams.get('s') ?? '';
    const session = openToken<SandboxSession>(sandboxSessionKey(masterSecret), sealed);
    return { returnUrl: session?.returnUrl, webhookUrl: session?.webhookUrl };
  };

  /** The return and webhook URLs in the signed fields of a posted-form card deposit. */
  const postedFormUrls = async (token: string, host: string) => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/transactions/create',
      headers: { host },
      payload: { token, amount: 250, method: 1, provider: 'card-2' },
    });
    expect(created.statusCode).toBe(200);
    const form = await app.inject({
      method: 'POST',
      url: '/api/transaction/send/card-2',
      headers: { host },
      payload: { token, transaction_id: created.json().data.transaction_id },
    });
    expect(form.statusCode).toBe(200);
    const { data } = form.json().data;
    return { returnUrl: data.return_url, webhookUrl: data.webhook_url };
  };

  it('a forged Host that reaches the default brand only by fallback gets PUBLIC_URL', async () => {
    const client = await clientOn('localhost');
    for (const urls of [
      await hostedPageUrls(client.token, 'evil.example.com'),
      await postedFormUrls(client.token, 'evil.example.com:8443'),
    ]) {
      expect(urls.returnUrl).toMatch(/^http:\/\/localhost:3000\/payment\/creditCard\?transaction=TX-/);
      expect(urls.webhookUrl).toMatch(/^http:\/\/localhost:3000\/api\/transaction\/update\/card-[12]$/);
    }
  });

  it("a brand's own host name is kept, with PUBLIC_URL's scheme and port, not the request's port", async () => {
    const client = await clientOn('aurora.localhost');
    const urls = await hostedPageUrls(client.token, 'aurora.localhost:6666');
    expect(urls.returnUrl).toMatch(/^http:\/\/aurora\.localhost:3000\/payment\/creditCard\?/);
    expect(urls.webhookUrl).toBe('http://aurora.localhost:3000/api/transaction/update/card-1');
    // The default brand's other names: a client on 127.0.0.1 returns where its session lives.
    const demo = await clientOn('localhost');
    expect((await hostedPageUrls(demo.token, '127.0.0.1:3000')).returnUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:3000\/payment\//,
    );
    expect(config.publicUrl).toBe('http://localhost:3000');
  });
});

describe('brandPublicUrl', () => {
  const site = { publicUrl: 'https://broker.example.com', defaultBrand: 'main' };
  const brand = (slug: string, hosts: string[], publicUrl?: string): Brand =>
    ({ id: 1, slug, name: slug, hosts, settings: { ...(publicUrl ? { publicUrl } : {}) } }) as Brand;

  it("uses the brand's publicUrl setting whatever the request says", () => {
    const b = brand('side', ['side.example.com'], 'https://trade.side.example.com/');
    expect(brandPublicUrl(b, site, 'side.example.com')).toBe('https://trade.side.example.com');
    expect(brandPublicUrl(b, site, 'evil.example.com')).toBe('https://trade.side.example.com');
  });

  it('gives the default brand PUBLIC_URL for any host that is not one of its own', () => {
    const main = brand('main', ['localhost']);
    expect(brandPublicUrl(main, site, 'evil.example.com')).toBe('https://broker.example.com');
    expect(brandPublicUrl(main, site, undefined)).toBe('https://broker.example.com');
    expect(brandPublicUrl(main, site, 'localhost:8080')).toBe('https://localhost');
  });

  it("gives another brand its first host name on PUBLIC_URL's scheme, port and path", () => {
    const other = brand('other', ['other.example.com', 'www.other.example.com']);
    const withPort = { ...site, publicUrl: 'https://broker.example.com:8443/app/' };
    expect(brandPublicUrl(other, withPort, 'evil.example.com')).toBe('https://other.example.com:8443/app');
    expect(brandPublicUrl(other, withPort, 'www.other.example.com')).toBe(
      'https://www.other.example.com:8443/app',
    );
  });
});
