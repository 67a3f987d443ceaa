import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createPostgresDatabase, testDbKind } from '../test/harness.js';
import { migrationsBefore } from '../test/migrations-before.js';
import { type Db, openDatabase } from './client.js';

/**
 * Migration 0029 (auto-trading per trading account, docs/accounts.md) on a database as version 0028 left it: a
 * client's saved strategy, switch and journal move to the client's first live account; a client with demo accounts
 * only never ran auto-trading live, so the saved choice goes and the journal stays on the demo account; the client's
 * flag says afterwards whether any account trades automatically.
 */
describe(`migration 0029: auto-trading belongs to an account (${testDbKind})`, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-migration-0029-'));
  const database = testDbKind === 'postgres' ? await createPostgresDatabase() : undefined;
  afterAll(async () => {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    earlier.remove();
  });
  const migrationsDir = loadConfig({}).migrationsDir;
  const earlier = migrationsBefore(migrationsDir, '0029_');

  const rows = async <T>(db: Db, statement: ReturnType<typeof sql>) =>
    ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

  // two databases built from every migration: a minute and more on a loaded machine
  it("moves each client's strategy, switch and journal to the first live account", {
    timeout: 180_000,
  }, async () => {
    const old = await openDatabase({ databaseUrl: database?.url, dataDir });
    const ids: Record<string, number> = {};
    try {
      await old.migrate(earlier.dir);
      const db = old.db;
      const [brand] = await rows<{ id: number }>(
        db,
        sql`insert into brands (slug, name, settings) values ('autos', 'Autos', '{"currency":"EUR"}') returning id`,
      );
      const brandId = Number(brand?.id);
      const client = async (pin: string, autoTrading: boolean) =>
        (
          await rows<{ id: number }>(
            db,
            sql`insert into users (brand_id, email, password_hash, first_name, last_name, pin, uniqid, auto_trading)
                values (${brandId}, ${`${pin}@example.com`}, 'x', 'Ari', 'Auto', ${pin}, ${`u${pin}`}, ${autoTrading})
                returning id`,
          )
        )[0]?.id as number;
      const account = async (userId: number, kind: 'live' | 'demo', number: string) =>
        (
          await rows<{ id: number }>(
            db,
            sql`insert into trading_accounts (user_id, brand_id, kind, currency, number)
                values (${userId}, ${brandId}, ${kind}, 'EUR', ${number}) returning id`,
          )
        )[0]?.id as number;
      const settings = (userId: number) =>
        db.execute(sql`insert into auto_trading_settings (user_id, settings, enabled_at)
          values (${userId}, '{"strategy":"sma-cross"}', now())`);
      const journalRow = (userId: number, action: string) =>
        db.execute(sql`insert into auto_trading_journal (user_id, at, action, reason)
          values (${userId}, now(), ${action}, '{"key":"x"}')`);

      // a: a demo account opened before two live ones, auto-trading on
      ids.a = await client('800001', true);
      ids.aDemo = await account(ids.a, 'demo', 'D-800001-1');
      ids.aLive = await account(ids.a, 'live', 'L-800001-1');
      ids.aLive2 = await account(ids.a, 'live', 'L-800001-2');
      await settings(ids.a);
      await journalRow(ids.a, 'open');
      await journalRow(ids.a, 'close');
      // b: a demo account only, its flag on (as an older version allowed)
      ids.b = await client('800002', true);
      ids.bDemo = await account(ids.b, 'demo', 'D-800002-1');
      await settings(ids.b);
      await journalRow(ids.b, 'skip');
      // c: a live account with a saved strategy, switched off
      ids.c = await client('800003', false);
      ids.cLive = await account(ids.c, 'live', 'L-800003-1');
      await settings(ids.c);
    } finally {
      await old.close();
    }

    const migrated = await openDatabase({ databaseUrl: database?.url, dataDir });
    try {
      await migrated.migrate(migrationsDir);
      const db = migrated.db;
      expect(
        await rows(
          db,
          sql`select account_id, user_id, enabled, settings from auto_trading_settings order by account_id`,
        ),
      ).toEqual([
        { account_id: ids.aLive, user_id: ids.a, enabled: true, settings: { strategy: 'sma-cross' } },
        { account_id: ids.cLive, user_id: ids.c, enabled: false, settings: { strategy: 'sma-cross' } },
      ]);
      expect(
        await rows(db, sql`select user_id, account_id, action from auto_trading_journal order by id`),
      ).toEqual([
        { user_id: ids.a, account_id: ids.aLive, action: 'open' },
        { user_id: ids.a, account_id: ids.aLive, action: 'close' },
        { user_id: ids.b, account_id: ids.bDemo, action: 'skip' },
      ]);
      // the client's flag: does any of their accounts trade automatically
      expect(
        await rows(
          db,
          sql`select id, auto_trading from users where id in (${ids.a}, ${ids.b}, ${ids.c}) order by id`,
        ),
      ).toEqual([
        { id: ids.a, auto_trading: true },
        { id: ids.b, auto_trading: false },
        { id: ids.c, auto_trading: false },
      ]);
      // one choice per account: another live account of the same client gets its own, the same account not twice
      await db.execute(sql`insert into auto_trading_settings (account_id, user_id, settings)
        values (${ids.aLive2}, ${ids.a}, '{"strategy":"rsi"}')`);
      await expect(
        db.execute(sql`insert into auto_trading_settings (account_id, user_id, settings)
          values (${ids.aLive}, ${ids.a}, '{"strategy":"rsi"}')`),
      ).rejects.toThrow();
      // and a choice names an account that exists
      await expect(
        db.execute(sql`insert into auto_trading_settings (account_id, user_id, settings)
          values (${ids.cLive + 1000}, ${ids.c}, '{}')`),
      ).rejects.toThrow();
    } finally {
      await migrated.close();
    }
  });
});
