import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brands, popupReads, popups, users } from '../../db/schema.js';
import { DEMO_BRAND_SETTINGS, WELCOME_POPUP } from '../../seed/seed.js';
import { registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

describe(`pop-up notices (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { db } = runtime.ctx.database;
  const demo = await runtime.ctx.brands.resolve('localhost');
  const [other] = await db
    .insert(brands)
    .values({
      slug: 'other',
      name: 'Other Broker',
      hosts: ['other.example.com'],
      settings: DEMO_BRAND_SETTINGS,
    })
    .returning();
  const otherPopup = await runtime.ctx.popups.create(other?.id ?? 0, 'Other brand news', '<p>Elsewhere</p>');

  const list = (token: string) =>
    app.inject({ method: 'POST', url: '/api/accounts/popups', payload: { token } });
  const read = (token: string, id: unknown) =>
    app.inject({ method: 'POST', url: '/api/accounts/popup', payload: { token, id } });

  it("shows a new client the brand's welcome popup as {id, title, content, kind}", async () => {
    const client = await registerClient(app);
    const res = await list(client.token);
    expect(res.statusCode).toBe(200);
    const { status, data } = res.json();
    expect(status).toBe(true);
    expect(data).toEqual([
      // kind null: the brand's own popup, not one of the server's notices (a margin call)
      { id: expect.any(Number), title: WELCOME_POPUP.title, content: WELCOME_POPUP.content, kind: null },
    ]);
  });

  it('marks a popup read on close: it is not shown to that client again, but still to others', async () => {
    const alice = await registerClient(app);
    const bob = await registerClient(app);
    const [welcome] = (await list(alice.token)).json().data;
    const res = await read(alice.token, welcome.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, data: {} });
    expect((await list(alice.token)).json().data).toEqual([]);
    expect((await list(bob.token)).json().data).toHaveLength(1);
  });

  it('accepts the same read twice and keeps one record of it', async () => {
    const client = await registerClient(app);
    const [welcome] = (await list(client.token)).json().data;
    expect((await read(client.token, welcome.id)).statusCode).toBe(200);
    expect((await read(client.token, String(welcome.id))).statusCode).toBe(200);
    const [row] = await db
      .select({ n: count() })
      .from(popupReads)
      .where(and(eq(popupReads.popupId, welcome.id), eq(popupReads.userId, await userId(client.email))));
    expect(row?.n).toBe(1);
  });

  it('lists new popups after older ones and leaves out inactive ones', async () => {
    const client = await registerClient(app);
    const news = await runtime.ctx.popups.create(demo.id, 'Maintenance', '<p>Sunday 02:00 UTC</p>');
    const hidden = await runtime.ctx.popups.create(demo.id, 'Draft', '<p>not yet</p>');
    await db.update(popups).set({ active: false }).where(eq(popups.id, hidden.id));
    const titles = (await list(client.token)).json().data.map((p: { title: string }) => p.title);
    expect(titles).toEqual([WELCOME_POPUP.title, 'Maintenance']);
    await db.update(popups).set({ active: false }).where(eq(popups.id, news.id));
  });

  it("never shows another brand's popups, and answers 404 for their ids without marking anything", async () => {
    const client = await registerClient(app);
    const ids = (await list(client.token)).json().data.map((p: { id: number }) => p.id);
    expect(ids).not.toContain(otherPopup.id);
    const res = await read(client.token, otherPopup.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
    const [row] = await db
      .select({ n: count() })
      .from(popupReads)
      .where(eq(popupReads.popupId, otherPopup.id));
    expect(row?.n).toBe(0);
  });

  it('answers 404 for an id that does not exist', async () => {
    const client = await registerClient(app);
    expect((await read(client.token, 987_654)).statusCode).toBe(404);
  });

  it.each([[undefined], ['abc'], [-1], [0], [1.5], [1e20], [{ id: 1 }]])(
    'refuses the id %j with 400',
    async (id) => {
      const client = await registerClient(app);
      const res = await read(client.token, id);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ path: 'id' });
    },
  );

  it('sanitises popup HTML when it is saved, so clients only ever receive the clean version', async () => {
    const client = await registerClient(app);
    const saved = await runtime.ctx.popups.create(
      demo.id,
      'Offer',
      '<p onclick="steal()">Bonus<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">more</a></p>',
    );
    expect(saved.content).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(saved.content).toContain('Bonus');
    const shown = (await list(client.token)).json().data.find((p: { id: number }) => p.id === saved.id);
    expect(shown.content).toBe(saved.content);
    await db.update(popups).set({ active: false }).where(eq(popups.id, saved.id));
  });

  it('refuses a popup without a title or whose content is nothing but unsafe HTML', async () => {
    await expect(runtime.ctx.popups.create(demo.id, '   ', '<p>x</p>')).rejects.toThrow(/title/);
    await expect(runtime.ctx.popups.create(demo.id, 'Empty', '<script>alert(1)</script>')).rejects.toThrow(
      /empty/,
    );
  });

  async function userId(email: string): Promise<number> {
    const [row] = await db.select().from(users).where(eq(users.email, email));
    return row?.id ?? 0;
  }
});
