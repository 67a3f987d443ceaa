import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { affiliates, assetCategories, brands, countries, popups, staffUsers, users } from '../db/schema.js';
import { sanitizeHtml } from '../lib/html.js';
import { verifyPassword } from '../lib/passwords.js';
import { createTestServer, testDbKind } from '../test/harness.js';
import { DEMO_LOGINS, seedDatabase, WELCOME_POPUP } from './seed.js';

describe(`first-start seed (${testDbKind})`, async () => {
  // the seed itself, on a first start: not a copy of the database seeded once per run
  const { runtime } = await createTestServer({}, { ownSeed: true });
  const { db } = runtime.ctx.database;

  it('seeded the empty database on first start', () => {
    expect(runtime.seed).toEqual({ seeded: true, demo: true });
  });

  it('seeds nothing twice: a restart leaves the data as it is', async () => {
    const before = await db.select({ n: count() }).from(users);
    expect(await seedDatabase(db, { demo: true, brandSlug: 'demo' })).toEqual({ seeded: false, demo: false });
    expect(await db.select({ n: count() }).from(users)).toEqual(before);
    expect(await db.select({ n: count() }).from(brands)).toEqual([{ n: 16 }]);
  });

  it('holds the full ISO 3166 country list with calling codes', async () => {
    const [row] = await db.select({ n: count() }).from(countries);
    expect(row?.n).toBeGreaterThanOrEqual(249);
    const [germany] = await db.select().from(countries).where(eq(countries.alpha2, 'DE'));
    expect(germany).toMatchObject({ name: 'Germany', phoneCode: '49' });
  });

  it('defines the five asset categories with their leverage lists', async () => {
    const rows = await db.select().from(assetCategories).orderBy(assetCategories.id);
    expect(rows.map((r) => r.name)).toEqual(['forex', 'stocks', 'crypto', 'commodities', 'index']);
    expect(rows[0]?.leverage).toBe('1,3,5,10,15,20,30');
    for (const row of rows) expect(row.leverage).toMatch(/^\d+(,\d+)*$/);
  });

  it('creates a verified and an unverified demo client, an affiliate and a staff admin with argon2id passwords', async () => {
    const [verified] = await db.select().from(users).where(eq(users.email, 'demo@example.com'));
    const [unverified] = await db.select().from(users).where(eq(users.email, 'new@example.com'));
    const [affiliate] = await db
      .select()
      .from(affiliates)
      .where(eq(affiliates.email, 'affiliate@example.com'));
    const [admin] = await db.select().from(staffUsers).where(eq(staffUsers.email, 'admin@example.com'));
    expect(verified?.verifiedAccount).toBe(true);
    expect(verified?.assetsGroupPermission).toEqual([1, 2, 3, 4, 5]);
    expect(unverified?.verifiedAccount).toBe(false);
    expect(verified?.pin).not.toBe(unverified?.pin);
    for (const [row, login] of [
      [verified, DEMO_LOGINS[0]],
      [unverified, DEMO_LOGINS[1]],
      [affiliate, DEMO_LOGINS[2]],
      [admin, DEMO_LOGINS[3]],
    ] as const) {
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row?.passwordHash ?? '', login?.password ?? '')).toBe(true);
      expect(await verifyPassword(row?.passwordHash ?? '', 'wrong-password')).toBe(false);
    }
  });

  it('refuses a second account with the same e-mail in a brand, whatever its case', async () => {
    const [verified] = await db.select().from(users).where(eq(users.email, 'demo@example.com'));
    if (!verified) throw new Error('demo client missing');
    await expect(
      db
        .insert(users)
        .values({ ...verified, id: undefined, email: 'DEMO@example.com', pin: '1', uniqid: 'X1' }),
    ).rejects.toThrow();
  });
});

describe(`first-start seed: the welcome notice (${testDbKind})`, async () => {
  const { runtime } = await createTestServer();
  const { db } = runtime.ctx.database;

  it('gives the demo brand one active welcome popup, already clean HTML', async () => {
    const rows = await db.select().from(popups);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: WELCOME_POPUP.title,
      content: WELCOME_POPUP.content,
      active: true,
    });
    expect(await sanitizeHtml(WELCOME_POPUP.content)).toBe(WELCOME_POPUP.content);
  });

  it('adds no second welcome popup on a restart', async () => {
    await seedDatabase(db, { demo: true, brandSlug: 'demo' });
    expect(await db.select({ n: count() }).from(popups)).toEqual([{ n: 1 }]);
  });
});

describe(`seed without demo data (${testDbKind})`, async () => {
  const { runtime } = await createTestServer({ SEED_DEMO: 'false' });
  const { db } = runtime.ctx.database;

  it('creates the default brand with registration off and no accounts', async () => {
    const [brand] = await db.select().from(brands);
    expect(brand?.slug).toBe('demo');
    expect(brand?.settings.features.registrationEnabled).toBe(false);
    expect(await db.select({ n: count() }).from(users)).toEqual([{ n: 0 }]);
  });

  it('seeds no demo popup', async () => {
    expect(await db.select({ n: count() }).from(popups)).toEqual([{ n: 0 }]);
  });
});
