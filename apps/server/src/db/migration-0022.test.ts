import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { verifyLedger } from '../modules/ledger/ledger.verify.js';
import { TradingAccountsRepo } from '../modules/trading-accounts/trading-accounts.repo.js';
import { createPostgresDatabase, testDbKind } from '../test/harness.js';
import { migrationsBefore } from '../test/migrations-before.js';
import { type Db, openDatabase } from './client.js';

/**
 * Migration 0022 (trading accounts, docs/accounts.md) on a database as version 0021 left it: every client gets one
 * live account with the client's id, the brand's currency and the client's balance, and every money row (positions,
 * orders, ledger entries, transactions) points at it; the books still verify.
 */
describe(`migration 0022: one live trading account per client (${testDbKind})`, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-migration-0022-'));
  const database = testDbKind === 'postgres' ? await createPostgresDatabase() : undefined;
  afterAll(async () => {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    earlier.remove();
  });
  const migrationsDir = loadConfig({}).migrationsDir;
  const earlier = migrationsBefore(migrationsDir, '0022_');

  const rows = async <T>(db: Db, statement: ReturnType<typeof sql>) =>
    ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

  // two databases built from every migration: a minute and more on a loaded machine
  it('gives every client a live account with its id, brand currency and balance, and points every row at it', {
    timeout: 180_000,
  }, async () => {
    const old = await openDatabase({ databaseUrl: database?.url, dataDir });
    let ids: { a: number; b: number };
    try {
      await old.migrate(earlier.dir);
      const db = old.db;
      // two brands: one in pounds, one whose settings name no currency (the migration's default: EUR)
      const [gbp] = await rows<{ id: number }>(
        db,
        sql`insert into brands (slug, name, settings) values ('pounds', 'Pounds', '{"currency":"GBP"}') returning id`,
      );
      const [plain] = await rows<{ id: number }>(
        db,
        sql`insert into brands (slug, name, settings) values ('plain', 'Plain', '{}') returning id`,
      );
      const client = async (brandId: number, pin: string, balance: string) =>
        (
          await rows<{ id: number }>(
            db,
            sql`insert into users (brand_id, email, password_hash, first_name, last_name, pin, uniqid, balance)
                values (${brandId}, ${`${pin}@example.com`}, 'x', 'Mia', 'Migrate', ${pin}, ${`u${pin}`}, ${balance})
                returning id`,
          )
        )[0]?.id as number;
      // a: deposited 1000.00, closed a trade with +50.00, holds an open position and an open order
      const a = await client(Number(gbp?.id), '700001', '1050.00');
      // b: deposited 500.00, nothing else
      const b = await client(Number(plain?.id), '700002', '500.00');
      ids = { a, b };
      await db.execute(sql`insert into transactions (brand_id, user_id, reference, type_id, status_id, method,
          provider, amount, currency, completed_at)
        values (${gbp?.id}, ${a}, 'TX-MIGA1', 1, 2, 1, 'card-1', '1000.00', 'GBP', now()),
               (${plain?.id}, ${b}, 'TX-MIGB1', 1, 2, 1, 'card-1', '500.00', 'EUR', now())`);
      const [closed] = await rows<{ id: number }>(
        db,
        sql`insert into positions (user_id, symbol, direction, amount, leverage, open_rate, opened_at, closed_rate,
            closed_at, closing_reason, close_cause, profit, shortfall)
          values (${a}, 'EURUSD', 'buy', '100.00', 10, '1.1', now(), '1.155', now(), 0, 'manual', '50.00', '0.00')
          returning id`,
      );
      await db.execute(sql`insert into positions (user_id, symbol, direction, amount, leverage, open_rate, opened_at)
          values (${a}, 'BTCUSD', 'sell', '200.00', 2, '60000', now())`);
      await db.execute(sql`insert into orders (id, user_id, symbol, direction, order_type, price, amount, leverage,
          expiry, status, created_at)
        values (nextval('positions_id_seq'), ${a}, 'EURUSD', 'buy', 'limit', '1.05', '100.00', 10,
          '{"kind":"gtc"}', 'open', now())`);
      await db.execute(sql`insert into ledger_entries (user_id, kind, amount, balance_after, position_id, reference)
        values (${a}, 'deposit', '1000.00', '1000.00', null, 'tx:TX-MIGA1'),
               (${a}, 'realised_pnl', '50.00', '1050.00', ${closed?.id}, null),
               (${b}, 'deposit', '500.00', '500.00', null, 'tx:TX-MIGB1')`);
    } finally {
      await old.close();
    }

    const migrated = await openDatabase({ databaseUrl: database?.url, dataDir });
    try {
      await migrated.migrate(migrationsDir);
      const db = migrated.db;
      const accounts = await rows<{
        id: number;
        user_id: number;
        kind: string;
        currency: string;
        number: string;
        balance: string;
      }>(
        db,
        sql`select id, user_id, kind, currency, number, balance::text as balance from trading_accounts order by id`,
      );
      expect(accounts).toEqual([
        {
          id: ids.a,
          user_id: ids.a,
          kind: 'live',
          currency: 'GBP',
          number: 'L-700001-1',
          balance: '1050.00',
        },
        { id: ids.b, user_id: ids.b, kind: 'live', currency: 'EUR', number: 'L-700002-1', balance: '500.00' },
      ]);
      // every money row is on its client's (only) account
      for (const table of ['positions', 'orders', 'ledger_entries', 'transactions']) {
        const [counts] = await rows<{ all: number | string; pointing: number | string }>(
          db,
          sql`select count(*) as all, count(*) filter (where account_id = user_id) as pointing from ${sql.identifier(table)}`,
        );
        expect(Number(counts?.all), table).toBeGreaterThan(0);
        expect(Number(counts?.pointing), table).toBe(Number(counts?.all));
      }
      // the balance lives on the account only
      const columns = await rows<{ column_name: string }>(
        db,
        sql`select column_name from information_schema.columns where table_name = 'users' and column_name = 'balance'`,
      );
      expect(columns).toEqual([]);
      expect(await verifyLedger(db)).toEqual([]);
      // an account opened after the migration takes an id past the migrated ones
      const opened = await new TradingAccountsRepo(db).open({
        userId: ids.b,
        brandId: (
          await rows<{ brand_id: number }>(db, sql`select brand_id from users where id = ${ids.b}`)
        )[0]?.brand_id as number,
        pin: '700002',
        kind: 'demo',
        currency: 'EUR',
      });
      expect(opened.id).toBeGreaterThan(Math.max(ids.a, ids.b));
      expect(opened.number).toBe('D-700002-1');
      // ids come from the clients' sequence: a client registered later never gets the id of that account
      const [later] = await rows<{ id: number }>(
        db,
        sql`insert into users (brand_id, email, password_hash, first_name, last_name, pin, uniqid)
            values (${opened.brandId}, 'later@example.com', 'x', 'Lee', 'Later', '700003', 'u700003') returning id`,
      );
      expect(Number(later?.id)).toBeGreaterThan(opened.id);
      // a booking on it moves its balance only
      expect(await verifyLedger(db)).toEqual([]);
    } finally {
      await migrated.close();
    }
  });
});
