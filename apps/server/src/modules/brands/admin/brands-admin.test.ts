import { STANDARD_RISK_WARNING } from '@openbroker/domain';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, brands, media } from '../../../db/schema.js';
import { createTestServer, testDbKind } from '../../../test/harness.js';
import { staffCall, staffSession } from '../../../test/staff-kit.js';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body with one file field (and optional text fields), as a browser sends it. */
function multipart(
  file: { name: string; type: string; content: Buffer },
  fields: Record<string, string> = {},
) {
  const boundary = `----ob${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const NEW_BRAND = {
  slug: 'nova',
  name: 'Nova Markets',
  hosts: ['nova.example.com', 'www.nova.example.com'],
  currency: 'USD',
  legalName: 'Nova Markets Ltd.',
  supportEmail: 'help@nova.example.com',
  primary: '#7a1fd6',
  accent: '#ff9900',
};

describe(`brand editor API (${testDbKind})`, async () => {
  const server = await createTestServer();
  const { app, runtime } = server;
  const db = runtime.ctx.database.db;
  const admin = await staffSession(server, ['admin']);
  const brandIdOf = async (slug: string) => {
    const [row] = await db.select({ id: brands.id }).from(brands).where(eq(brands.slug, slug));
    return row?.id as number;
  };
  const demoId = await brandIdOf('demo');
  const auroraId = await brandIdOf('aurora');
  const publicBrand = async (host: string) =>
    (await app.inject({ method: 'GET', url: '/api/brand', headers: { host } })).json().data;
  const rowOf = async (id: number) => (await db.select().from(brands).where(eq(brands.id, id)))[0];
  const lastAudit = async (action: string, brandId: number) =>
    (
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.brandId, brandId)))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];
  const upload = (token: string, brandId: number, file: { name: string; type: string; content: Buffer }) => {
    const body = multipart(file, { purpose: 'logo' });
    return app.inject({
      method: 'POST',
      url: `/api/backoffice/brands/${brandId}/media`,
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  it('an admin creates a brand that works on its host once published: name, currency, theme from its colours, content tokens', async () => {
    const res = await staffCall(app, 'POST', '/api/backoffice/brands', admin.token, NEW_BRAND);
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({
      slug: 'nova',
      name: 'Nova Markets',
      hosts: NEW_BRAND.hosts,
      status: 'draft',
    });
    expect(created.theme.light.primary).toBe('#7a1fd6');
    expect(created.clientArea.currency).toBe('USD');
    // a draft until published (brand-drafts.test.ts covers the checklist)
    expect(
      (await app.inject({ method: 'GET', url: '/api/brand', headers: { host: 'nova.example.com' } }))
        .statusCode,
    ).toBe(404);
    const published = await staffCall(
      app,
      'POST',
      `/api/backoffice/brands/${created.id}/publish`,
      admin.token,
    );
    expect(published.statusCode, published.body).toBe(200);
    const site = await publicBrand('nova.example.com');
    expect(site).toMatchObject({ slug: 'nova', name: 'Nova Markets', currency: 'USD', currencySymbol: '$' });
    expect(site.theme.light.primary).toBe('#7a1fd6');
    expect(site.theme.dark.primary).toMatch(/^#[0-9a-f]{6}$/);
    expect(site.contentToken).toMatch(/^[\w-]{40,}$/);
    expect(site.formsToken).not.toBe(site.contentToken);
    // its site settings document exists at once (the public header and footer read it), with its legal lines
    const settings = await app.inject({
      method: 'GET',
      url: `/api/singletons/get/settings?token=${encodeURIComponent(site.contentToken)}`,
      headers: { host: 'nova.example.com' },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(JSON.stringify(settings.json())).toContain(site.copyright);
    const audit = await lastAudit('brand.create', created.id);
    expect(audit?.actor).toBe(`staff:${admin.id}`);
    expect(audit?.after).toMatchObject({ slug: 'nova', name: 'Nova Markets' });
    expect(JSON.stringify(audit?.after)).not.toContain(site.contentToken);
    const list = (await staffCall(app, 'GET', '/api/backoffice/brands/overview', admin.token)).json().data;
    expect(list.find((b: { slug: string }) => b.slug === 'nova')).toMatchObject({
      currency: 'USD',
      clients: 0,
      status: 'published',
    });
    expect(list.find((b: { slug: string }) => b.slug === 'demo').clients).toBeGreaterThan(0);
  });

  it('a new brand starts with the standard risk warning; its retail-loss sentence shows once the brand has a figure', async () => {
    const id = await brandIdOf('nova');
    const doc = await staffCall(
      app,
      'GET',
      `/api/backoffice/content/singletons/settings?brandId=${id}`,
      admin.token,
    );
    expect(doc.statusCode, doc.body).toBe(200);
    expect(doc.json().data.data.risk_warning).toBe(STANDARD_RISK_WARNING.en);
    expect(STANDARD_RISK_WARNING.en).toContain('{{retailLoss}}');
    expect(STANDARD_RISK_WARNING.de).toContain('{{retailLoss}}');

    const site = await publicBrand('nova.example.com');
    const publicWarning = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/singletons/get/settings?token=${encodeURIComponent(site.contentToken)}`,
          headers: { host: 'nova.example.com' },
        })
      ).json().data.risk_warning as string;
    // no figure yet (none written, none computed): the sentence is left out, never the raw placeholder
    const without = await publicWarning();
    expect(without).toMatch(/^CFDs are complex instruments .* losing your money\.$/);
    expect(without).not.toContain('{{');
    expect(without).not.toContain('retail investor accounts');

    const url = `/api/backoffice/brands/${id}/trading`;
    const saved = await staffCall(app, 'PUT', url, admin.token, { preset: 'esma', retailLossPercent: 72.5 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await publicWarning()).toContain('72.5% of retail investor accounts lose money when trading CFDs');
  });

  it('a slug or host already in use is refused with the field, and nothing is created', async () => {
    const before = (await db.select({ id: brands.id }).from(brands)).length;
    const res = await staffCall(app, 'POST', '/api/backoffice/brands', admin.token, {
      ...NEW_BRAND,
      slug: 'nova-two',
      hosts: ['fresh.example.com', 'aurora.localhost'],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({
        path: 'hosts.1',
        key: 'boBrands.hostTaken',
        message: 'The host name aurora.localhost is already used by another brand.',
      }),
    ]);
    const slug = await staffCall(app, 'POST', '/api/backoffice/brands', admin.token, {
      ...NEW_BRAND,
      hosts: ['other.example.com'],
    });
    expect(slug.statusCode).toBe(400);
    expect(slug.json().errors[0]).toMatchObject({ path: 'slug', key: 'boBrands.slugTaken' });
    expect((await db.select({ id: brands.id }).from(brands)).length).toBe(before);
  });

  it('updates take effect on the public site at once and are audited with the changed fields only', async () => {
    const url = `/api/backoffice/brands/${auroraId}`;
    const view = (await staffCall(app, 'GET', url, admin.token)).json().data;
    // the public brand is cached now; the update must drop it
    expect((await publicBrand('aurora.localhost')).name).toBe(view.name);
    const light = { ...view.theme.light, primary: '#123456' };
    const dark = { ...view.theme.dark, background: '#010203' };
    const res = await staffCall(app, 'PATCH', url, admin.token, {
      name: 'Aurora Prime',
      theme: { ...view.theme, light, dark },
      clientArea: {
        ...view.clientArea,
        minDeposit: 500,
        features: { ...view.clientArea.features, registrationEnabled: false, homeRedirectsToPlatform: true },
        widgets: ['ticker-tape', 'market-quotes'],
      },
      legal: { ...view.legal, supportEmail: 'Desk@Aurora.example.com', address: '1 Harbour Road, Limassol' },
      backoffice: {
        verification: 'manual',
        defaultPermissions: [1, 2],
        defaultLeverage: { [view.categories[0].name]: [0, 1] },
        fourEyesAbove: 2500,
        bonusWithdrawable: false,
      },
      riskWarning: { computedRetailLoss: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const site = await publicBrand('aurora.localhost');
    expect(site).toMatchObject({
      name: 'Aurora Prime',
      minDeposit: 500,
      supportEmail: 'desk@aurora.example.com',
    });
    expect(site.features).toMatchObject({ registrationEnabled: false, homeRedirectsToPlatform: true });
    expect(site.widgets).toEqual(['ticker-tape', 'market-quotes']);
    expect(site.theme.light.primary).toBe('#123456');
    expect(site.theme.dark.background).toBe('#010203');
    expect(site.address).toBe('1 Harbour Road, Limassol');
    const row = await rowOf(auroraId);
    expect(row?.settings.backoffice).toMatchObject({
      verification: 'manual',
      defaultPermissions: [1, 2],
      fourEyesAbove: 2500,
    });
    expect(row?.settings.riskWarning).toEqual({ computedRetailLoss: true });
    // trading settings are not part of this edit and stay as they were
    expect(row?.settings.trading?.preset).toBe('esma');
    const audit = await lastAudit('brand.update', auroraId);
    expect(audit?.before).toMatchObject({ name: view.name, minDeposit: view.clientArea.minDeposit });
    expect(audit?.after).toMatchObject({ name: 'Aurora Prime', minDeposit: 500 });
    expect(audit?.after).not.toHaveProperty('hosts');
    expect(audit?.after).not.toHaveProperty('currency');
  });

  it('sets the live account currencies and the demo balance; an empty list or an absurd balance changes nothing', async () => {
    const url = `/api/backoffice/brands/${demoId}`;
    const view = (await staffCall(app, 'GET', url, admin.token)).json().data;
    // the seeded demo brand offers EUR, USD and GBP live accounts and the default demo money
    expect(view.clientArea.accountCurrencies).toEqual(['EUR', 'USD', 'GBP']);
    expect(view.clientArea.demoBalance).toBe(10_000);
    const change = (patch: Record<string, unknown>) =>
      staffCall(app, 'PATCH', url, admin.token, { clientArea: { ...view.clientArea, ...patch } });

    const ok = await change({ accountCurrencies: ['USD', 'CHF', 'USD'], demoBalance: 50_000 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.clientArea).toMatchObject({
      accountCurrencies: ['USD', 'CHF'],
      demoBalance: 50_000,
    });
    expect((await rowOf(demoId))?.settings).toMatchObject({
      accountCurrencies: ['USD', 'CHF'],
      demoBalance: '50000.00',
    });

    for (const bad of [
      { accountCurrencies: [] },
      { accountCurrencies: ['JPY'] },
      { demoBalance: 0 },
      { demoBalance: 10.5 },
      { demoBalance: 1e12 },
    ]) {
      const refused = await change(bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await rowOf(demoId))?.settings).toMatchObject({
      accountCurrencies: ['USD', 'CHF'],
      demoBalance: '50000.00',
    });

    const back = await change({ accountCurrencies: view.clientArea.accountCurrencies, demoBalance: 10_000 });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('a bad value answers 400 with a message per field and changes nothing, even in a valid section sent with it', async () => {
    const url = `/api/backoffice/brands/${auroraId}`;
    const before = await rowOf(auroraId);
    const view = (await staffCall(app, 'GET', url, admin.token)).json().data;
    const res = await staffCall(app, 'PATCH', url, admin.token, {
      name: 'Should Not Stick',
      theme: { ...view.theme, light: { ...view.theme.light, accent: 'red' } },
      clientArea: { ...view.clientArea, minDeposit: -5 },
      hosts: ['aurora.localhost', 'bad host!'],
      legal: { ...view.legal, legalName: 'Evil\u0007Corp' },
    });
    expect(res.statusCode, res.body).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining(['theme.light.accent', 'clientArea.minDeposit', 'hosts.1', 'legal.legalName']),
    );
    const colour = res.json().errors.find((e: { path: string }) => e.path === 'theme.light.accent');
    expect(colour).toMatchObject({
      key: 'boBrands.colour',
      message: 'Accent must be a colour written like #0b5cff',
    });
    // a host of another brand, together with a valid change: refused, nothing written
    const clash = await staffCall(app, 'PATCH', url, admin.token, {
      name: 'Should Not Stick',
      hosts: ['aurora.localhost', 'localhost'],
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors).toEqual([
      expect.objectContaining({ path: 'hosts.1', key: 'boBrands.hostTaken' }),
    ]);
    const unknown = await staffCall(app, 'PATCH', url, admin.token, {
      backoffice: { ...view.backoffice, defaultPermissions: [999] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ key: 'boBrands.unknownCategory' });
    expect(await rowOf(auroraId)).toEqual(before);
    expect((await publicBrand('localhost')).slug).toBe('demo');
  });

  it('payment secrets are stored encrypted, answered only as hints, kept when sent empty, never audited', async () => {
    const url = `/api/backoffice/brands/${auroraId}`;
    const view = (await staffCall(app, 'GET', url, admin.token)).json().data;
    const apiKey = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';
    const webhookSecret = 'whsec_9f8e7d6c5b4a39281706';
    const card = view.payments.find((p: { type: string }) => p.type === 'sandbox-card');
    const { secretHints: _hints, ...cardInput } = card;
    const others = view.payments
      .filter((p: { key: string }) => p.key !== card.key)
      .map(({ secretHints: _s, ...p }: { secretHints: unknown }) => p);
    const res = await staffCall(app, 'PATCH', url, admin.token, {
      payments: [{ ...cardInput, merchantId: 'M-1001', apiKey, webhookSecret }, ...others],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(apiKey);
    expect(res.body).not.toContain(webhookSecret);
    const saved = res.json().data.payments.find((p: { key: string }) => p.key === card.key);
    expect(saved).toMatchObject({
      merchantId: 'M-1001',
      secretHints: { apiKey: '••••p7dc', webhookSecret: '••••1706' },
    });
    const stored = JSON.stringify((await rowOf(auroraId))?.settings.payments);
    expect(stored).not.toContain(apiKey);
    expect(stored).not.toContain('4eC39HqLyjWD');
    expect(stored).toMatch(/"apiKey":"v1:[\w-]+:[\w-]+:[\w-]+"/);
    const audit = await lastAudit('brand.update', auroraId);
    expect(JSON.stringify(audit)).not.toContain(apiKey);
    expect(JSON.stringify(audit)).not.toMatch(/v1:[\w-]+:[\w-]+:/);
    // read back: hints only
    const read = await staffCall(app, 'GET', url, admin.token);
    expect(read.body).not.toContain(apiKey);
    // sent empty: kept; null: removed
    const again = await staffCall(app, 'PATCH', url, admin.token, {
      payments: [{ ...cardInput, merchantId: 'M-1001', apiKey: '', webhookSecret: null }, ...others],
    });
    expect(again.statusCode, again.body).toBe(200);
    const hints = again.json().data.payments.find((p: { key: string }) => p.key === card.key).secretHints;
    expect(hints).toEqual({ apiKey: '••••p7dc' });
    // the public brand never carries provider settings
    expect(JSON.stringify(await publicBrand('aurora.localhost'))).not.toMatch(/secret|apiKey|M-1001/i);
  });

  it('uploads are judged by content: a real PNG is served with its type; a lying file is refused; SVG is sanitised', async () => {
    const png = await upload(admin.token, auroraId, {
      name: 'Logo Final.PNG',
      type: 'image/png',
      content: PNG,
    });
    expect(png.statusCode, png.body).toBe(200);
    const file = png.json().data;
    expect(file).toMatchObject({ contentType: 'image/png', name: 'Logo-Final.png', size: PNG.length });
    const served = await app.inject({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await app.inject({ method: 'GET', url: `/media/${file.id}/other.png` })).statusCode).toBe(404);

    const liar = await upload(admin.token, auroraId, {
      name: 'logo.png',
      type: 'image/png',
      content: Buffer.from('<html><body><script>alert(1)</script></body></html>'),
    });
    expect(liar.statusCode).toBe(400);
    expect(liar.json().errors[0]).toMatchObject({ path: 'file', key: 'boBrands.fileType' });
    const polyglot = await upload(admin.token, auroraId, {
      name: 'x.png',
      type: 'image/png',
      content: Buffer.concat([PNG, Buffer.from('<script>alert(1)</script>')]),
    });
    expect(polyglot.statusCode).toBe(400);
    expect(polyglot.json().errors[0].key).toBe('boBrands.fileUnsafe');

    const svg = await upload(admin.token, auroraId, {
      name: 'mark.svg',
      type: 'image/svg+xml',
      content: Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)">' +
          '<script>alert(2)</script><a href="javascript:alert(3)"><rect width="10" height="10" fill="#f00"/></a>' +
          '<foreignObject><iframe src="https://evil.example"></iframe></foreignObject></svg>',
      ),
    });
    expect(svg.statusCode, svg.body).toBe(200);
    const svgFile = await app.inject({ method: 'GET', url: svg.json().data.url });
    expect(svgFile.headers['content-type']).toBe('image/svg+xml');
    expect(svgFile.headers['content-security-policy']).toContain('sandbox');
    expect(svgFile.body).toMatch(/^<svg/);
    expect(svgFile.body).not.toMatch(/script|onload|javascript:|iframe|foreignObject/i);
    expect(svgFile.body).toContain('<rect');
    const [row] = await db.select().from(media).where(eq(media.id, svg.json().data.id));
    expect(row?.data.toString('utf8')).not.toMatch(/script/i);
    expect(await lastAudit('brand.media.upload', auroraId)).toMatchObject({
      subject: `media:${svg.json().data.id}`,
    });

    // the theme can use its own uploads as logo and favicon, not another brand's
    const url = `/api/backoffice/brands/${auroraId}`;
    const view = (await staffCall(app, 'GET', url, admin.token)).json().data;
    const set = await staffCall(app, 'PATCH', url, admin.token, {
      theme: { ...view.theme, logoUrl: file.url, faviconUrl: svg.json().data.url },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await publicBrand('aurora.localhost')).theme).toMatchObject({
      logoUrl: file.url,
      faviconUrl: svg.json().data.url,
    });
    const demoView = (await staffCall(app, 'GET', `/api/backoffice/brands/${demoId}`, admin.token)).json()
      .data;
    const foreign = await staffCall(app, 'PATCH', `/api/backoffice/brands/${demoId}`, admin.token, {
      theme: { ...demoView.theme, logoUrl: file.url },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0]).toMatchObject({ path: 'theme.logoUrl', key: 'boBrands.mediaUrl' });
  });

  it('staff scoped to some brands see and edit only those, and cannot create brands', async () => {
    const scoped = await staffSession(server, ['admin'], [auroraId]);
    const list = (await staffCall(app, 'GET', '/api/backoffice/brands/overview', scoped.token)).json().data;
    expect(list.map((b: { id: number }) => b.id)).toEqual([auroraId]);
    expect((await staffCall(app, 'GET', `/api/backoffice/brands/${demoId}`, scoped.token)).statusCode).toBe(
      404,
    );
    expect((await staffCall(app, 'GET', '/api/backoffice/brands/abc', scoped.token)).statusCode).toBe(404);
    const before = await rowOf(demoId);
    const patch = await staffCall(app, 'PATCH', `/api/backoffice/brands/${demoId}`, scoped.token, {
      name: 'Mine',
    });
    expect(patch.statusCode).toBe(404);
    expect(await rowOf(demoId)).toEqual(before);
    expect(
      (await upload(scoped.token, demoId, { name: 'a.png', type: 'image/png', content: PNG })).statusCode,
    ).toBe(404);
    const create = await staffCall(app, 'POST', '/api/backoffice/brands', scoped.token, {
      ...NEW_BRAND,
      slug: 'scoped-one',
      hosts: ['scoped.example.com'],
    });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toMatchObject({
      key: 'boBrands.createNeedsAllBrands',
      message: expect.stringContaining('access to all brands'),
    });
    const own = await staffCall(app, 'GET', `/api/backoffice/brands/${auroraId}`, scoped.token);
    expect(own.statusCode).toBe(200);
  });

  it('only admins manage brands; a client token is refused', async () => {
    const support = await staffSession(server, ['support', 'finance', 'compliance', 'dealer', 'content']);
    expect((await staffCall(app, 'GET', '/api/backoffice/brands/overview', support.token)).statusCode).toBe(
      403,
    );
    expect(
      (await staffCall(app, 'PATCH', `/api/backoffice/brands/${auroraId}`, support.token, { name: 'x' }))
        .statusCode,
    ).toBe(403);
    const login = await app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      headers: { host: 'localhost' },
      payload: { email: 'demo@example.com', password: 'Demo1234!' },
    });
    const clientToken = login.json().data?.token as string;
    expect((await staffCall(app, 'GET', '/api/backoffice/brands/overview', clientToken)).statusCode).toBe(
      401,
    );
  });
});
