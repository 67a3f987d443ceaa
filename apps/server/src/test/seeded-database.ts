import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Config, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createScratchDatabase } from '../db/scratch-database.js';
import { loadCatalogue } from '../market/instruments.js';
import { syncInstruments } from '../modules/market/instruments.sync.js';
import { prepareDatabase, seedInputs } from '../seed/seed.js';
import { defaultTestEnv } from './test-env.js';

/**
 * The database seeded once per test run (the server projects' globalSetup), which each suite copies
 * instead of migrating and seeding its own (harness.ts): a PGlite snapshot file, or a PostgreSQL
 * template database. `seed` says what it was seeded with (seedKey): a suite whose configuration seeds
 * otherwise seeds its own.
 */
export type SeededDatabase =
  | { kind: 'pglite'; snapshot: string; seed: string }
  | { kind: 'postgres'; template: string; seed: string };

declare module 'vitest' {
  export interface ProvidedContext {
    seededDatabase: SeededDatabase;
  }
}

/** What a configuration seeds (the seed's inputs and the migrations): equal keys, equal databases. */
export function seedKey(config: Config): string {
  return JSON.stringify({ ...seedInputs(config), migrationsDir: config.migrationsDir });
}

/** Migrates, seeds and fills in the instruments, as the first start of a server does. */
async function prepare(database: Awaited<ReturnType<typeof openDatabase>>, config: Config): Promise<void> {
  await prepareDatabase(database, config);
  await syncInstruments(database.db, loadCatalogue());
}

/** vitest globalSetup: seeds the run's database for the project's TEST_DB; the returned teardown removes it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_DB === 'postgres') {
    const base = process.env.DATABASE_URL;
    if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL');
    const created = await createScratchDatabase(base, 'ob_template');
    const config = loadConfig({ ...defaultTestEnv(), DATABASE_URL: created.url } as NodeJS.ProcessEnv);
    try {
      const database = await openDatabase({ databaseUrl: created.url, dataDir: config.dataDir });
      try {
        await prepare(database, config);
        // nothing left for autovacuum to do: a connection to the template would refuse every copy
        await database.db.execute(sql`vacuum analyze`);
      } finally {
        await database.close();
      }
      const template = new URL(created.url).pathname.slice(1);
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      try {
        await admin.query(`alter database ${template} allow_connections false`);
      } finally {
        await admin.end();
      }
      project.provide('seededDatabase', { kind: 'postgres', template, seed: seedKey(config) });
    } catch (error) {
      await created.drop();
      throw error;
    }
    return () => created.drop();
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ob-test-seeded-'));
  try {
    const config = loadConfig(defaultTestEnv() as NodeJS.ProcessEnv);
    const database = await openDatabase({ dataDir: 'memory://seeded' });
    const snapshot = path.join(dir, 'pglite.tar');
    try {
      await prepare(database, config);
      if (!database.snapshot) throw new Error('an in-memory embedded database takes snapshots');
      await fs.writeFile(snapshot, Buffer.from(await (await database.snapshot()).arrayBuffer()));
    } finally {
      await database.close();
    }
    project.provide('seededDatabase', { kind: 'pglite', snapshot, seed: seedKey(config) });
  } catch (error) {
    await fs.rm(dir, { recursive: true, force: true });
    throw error;
  }
  return () => fs.rm(dir, { recursive: true, force: true });
}
