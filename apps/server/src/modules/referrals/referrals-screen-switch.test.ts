import { MESSAGES_EN } from '@openbroker/domain';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, brands, contentSingletons } from '../../db/schema.js';
import { registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { staffCall, staffSession } from '../../test/staff-kit.js';

describe(`client-area screens switched in the site settings (spec §3 platform components, ${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { app, runtime } = server;
  const { db } = runtime.ctx.database;
  const editor = await staffSession(server, ['content']);
  const [demo] = await db.select().from(brands).where(eq(brands.slug, 'demo'));
  if (!demo) throw new Error('demo brand');
  const url = `/api/backoffice/content/singletons/settings?brandId=${demo.id}`;
  const referrals = (token: string) =>
    app.inject({ method: 'POST', url: '/api/accounts/referrals', payload: { token } });
  const publicSettings = async () =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/singletons/get/settings?token=${encodeURIComponent(demo.settings.contentToken ?? '')}`,
      })
    ).json().data;

  /** Saves the demo brand's site settings with these switches, as the editor sends them. */
  const saveSwitches = async (switches: Record<string, unknown>) => {
    const { data } = (await staffCall(app, 'GET', url, editor.token)).json().data;
    const body = {
      copyright: data.copyright,
      legal_name: data.legal_name,
      legal_text: data.legal_text,
      risk_warning: data.risk_warning,
      support_email: data.support_email,
      phone: data.phone,
      address: data.address,
      mapTileUrl: data.mapTileUrl,
      menu: data.menu,
      footer_links: data.footer_links,
      platform_components: switches,
    };
    return staffCall(app, 'PUT', url, editor.token, body);
  };

  it('a client of a brand that switched referrals off is refused their referrals with a message; on again, they are listed', async () => {
    const client = await registerClient(app);
    expect((await referrals(client.token)).statusCode).toBe(200);

    const saved = await saveSwitches({ referrals: false, account_levels: true, auto_trading: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'content.singleton.save'), eq(auditLog.brandId, demo.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.actor).toBe(`staff:${editor.id}`);
    expect(audit?.after).toMatchObject({ platform_components: { referrals: false } });

    const refused = await referrals(client.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'SCREEN_SWITCHED_OFF',
      key: 'boContent.screenSwitchedOff',
      message: MESSAGES_EN['boContent.screenSwitchedOff'],
    });
    expect((await publicSettings()).platform_components).toMatchObject({ referrals: false });

    expect(
      (await saveSwitches({ referrals: true, account_levels: true, auto_trading: true })).statusCode,
    ).toBe(200);
    expect((await referrals(client.token)).statusCode).toBe(200);
  });

  it('a bad switch is refused with a message and changes nothing', async () => {
    const before = (await staffCall(app, 'GET', url, editor.token)).json().data.data.platform_components;
    const bad = await saveSwitches({ referrals: 'nope', account_levels: true, auto_trading: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ path: 'platform_components.referrals' });
    expect((await staffCall(app, 'GET', url, editor.token)).json().data.data.platform_components).toEqual(
      before,
    );
  });

  it('a brand that switched auto-trading off: its auto-trading calls refuse and nobody switches it on; off stays possible', async () => {
    const client = await registerClient(app);
    const overview = () =>
      app.inject({ method: 'POST', url: '/api/autoTrading/overview', payload: { token: client.token } });
    const toggle = (on: 0 | 1) =>
      app.inject({
        method: 'POST',
        url: '/api/accounts/autoTrading',
        payload: { token: client.token, auto_trading: on },
      });
    expect((await overview()).statusCode).toBe(200);

    expect(
      (await saveSwitches({ referrals: true, account_levels: true, auto_trading: false })).statusCode,
    ).toBe(200);
    for (const refused of [
      await overview(),
      await app.inject({
        method: 'POST',
        url: '/api/autoTrading/journal',
        payload: { token: client.token },
      }),
      await toggle(1),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'SCREEN_SWITCHED_OFF',
        key: 'boContent.screenSwitchedOff',
      });
    }
    const off = await toggle(0);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.auto_trading).toBe(0);

    expect(
      (await saveSwitches({ referrals: true, account_levels: true, auto_trading: true })).statusCode,
    ).toBe(200);
    expect((await overview()).statusCode).toBe(200);
  });

  it("the economic calendar has one switch, the brand's: the public document mirrors it, whatever was stored", async () => {
    await db
      .update(contentSingletons)
      .set({ data: { ...(await publicSettings()), platform_components: { economics: false } } })
      .where(and(eq(contentSingletons.brandId, demo.id), eq(contentSingletons.name, 'settings')));
    expect(demo.settings.features.economics).toBe(true);
    expect((await publicSettings()).platform_components).toEqual({
      economics: true,
      referrals: true,
      account_levels: true,
      auto_trading: true,
    });
  });
});
