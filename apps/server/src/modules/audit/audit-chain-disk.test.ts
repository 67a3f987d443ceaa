import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, gte, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { OPERATOR_COMMANDS } from '../../cli-commands.js';
import { DEVELOPMENT_AUDIT_KEY, loadConfig } from '../../config.js';
import { type Db, openDatabase } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import { openRuntime, type Runtime } from '../../runtime.js';
import { asSuperuser } from '../../test/audit-kit.js';
import { createPostgresDatabase, testDbKind } from '../../test/harness.js';
import { writeAudit } from './audit.repo.js';
import { auditChainOf, auditChainStart, auditSettings } from './audit-chain.js';
import { FileCheckpointStore, signCheckpoint } from './audit-checkpoint.js';
import { legacyAuditHash } from './audit-hash.js';

const AUDIT_KEY = 'audit-key-of-the-disk-suite-0123456789abcdef';

const auditVerify = (ctx: Runtime['ctx'], ...args: string[]) => {
  const command = OPERATOR_COMMANDS['audit:verify'];
  if (!command) throw new Error('no audit:verify');
  return command.run(ctx, args);
};

async function append(db: Db, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await writeAudit(db, { actor: 'cli:test', action: 'test.append', subject: `test:${i}`, details: { i } });
    await auditChainOf(db).idle();
  }
}

/**
 * A real deployment's database (not a demo) with its data directory on disk, opened as the server and the
 * CLI open it: the checkpoints go to `DATA_DIR/audit-head.log`.
 */
async function deployment(prefix: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const database = testDbKind === 'postgres' ? await createPostgresDatabase() : undefined;
  afterAll(async () => {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const env: Record<string, string | undefined> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DEMO: 'false',
    MARKET_FEED: 'none',
    MARKET_HISTORY: 'false',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    STAFF_TOTP_KEY: 'staff-totp-key-of-the-disk-suite-0123456789',
    BRAND_SECRETS_KEY: 'brand-secrets-key-of-the-disk-suite-0123456789',
    AUDIT_KEY,
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  const open = (
    overrides: Record<string, string | undefined> = {},
    mode: 'prepare' | 'existing' = 'existing',
  ) => openRuntime(loadConfig({ ...env, ...overrides } as NodeJS.ProcessEnv), { database: mode });
  return { dataDir, env, open, databaseUrl: database?.url };
}

describe(`audit: the checkpoint file under DATA_DIR (${testDbKind})`, async () => {
  const { dataDir, open } = await deployment('ob-audit-disk-');
  const file = path.join(dataDir, 'audit-head.log');

  // each of these prepares a whole deployment (migrations, seed, market history) more than once: minutes on a
  // busy machine, not the default 30 s
  it('appends one signed JSON line per checkpoint and finds rows removed while the server was stopped', async () => {
    let runtime: Runtime = await open({}, 'prepare');
    await append(runtime.ctx.database.db, 3);
    const rows = await runtime.ctx.database.db.select().from(auditLog).orderBy(asc(auditLog.id));
    await runtime.close();
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines.at(-1) ?? '')).toMatchObject({
      v: 1,
      lastId: rows.at(-1)?.id,
      rows: 3,
      hash: rows.at(-1)?.hash,
      hashedFrom: 1,
      keyedFrom: 1,
      mac: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    // the server is stopped; someone with the database removes the newest row
    runtime = await open();
    try {
      const { db } = runtime.ctx.database;
      const newest = rows.at(-1);
      if (!newest) throw new Error('rows');
      await asSuperuser(db, () => db.delete(auditLog).where(eq(auditLog.id, newest.id)));
      await expect(auditVerify(runtime.ctx)).rejects.toThrow(
        `Audit log broken: the newest rows were removed: the checkpoint of ${JSON.parse(lines.at(-1) ?? '').at} (${file}, line 3) recorded 3 row(s) up to row #${newest.id}, the log now ends at row #${rows.at(-2)?.id} with 2 row(s).`,
      );
      await asSuperuser(db, () => db.insert(auditLog).values(newest));
      expect(await auditVerify(runtime.ctx)).toMatch(/^Audit log verified: 3 row\(s\) chained and intact\./);

      // a line added without AUDIT_KEY is named; a torn line (a crash mid-write) is only counted
      const forged = signCheckpoint('someone-elses-key-0123456789abcdef0123', {
        at: new Date().toISOString(),
        node: 'intruder',
        lastId: 1,
        rows: 1,
        hash: rows[0]?.hash ?? '',
        hashedFrom: 1,
        keyedFrom: 1,
      });
      fs.appendFileSync(file, `${JSON.stringify(forged)}\n{"v":1,"at":"2026`);
      await expect(auditVerify(runtime.ctx)).rejects.toThrow(
        `Audit log broken: 1 checkpoint line(s) not signed with this AUDIT_KEY (forged, or written under another key): ${file}:4.`,
      );
      fs.writeFileSync(file, `${lines.join('\n')}\n{"v":1,"at":"2026`);
      expect(await auditVerify(runtime.ctx)).toMatch(/1 unreadable checkpoint line\(s\) skipped\.$/);
      // the next checkpoint starts on a line of its own
      await append(db, 1);
      const after = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
      expect(after).toHaveLength(5);
      expect(JSON.parse(after.at(-1) ?? '')).toMatchObject({ rows: 4 });
    } finally {
      await runtime.close();
    }
  }, 120_000);

  it('refuses to write or verify audit rows without AUDIT_KEY, or with a public key, outside demo mode', async () => {
    for (const key of [undefined, DEVELOPMENT_AUDIT_KEY]) {
      const runtime = await open({ AUDIT_KEY: key });
      try {
        await expect(auditVerify(runtime.ctx)).rejects.toThrow(/^AUDIT_KEY must be set to your own value/);
        await expect(
          writeAudit(runtime.ctx.database.db, { actor: 'cli:test', action: 'x', subject: 'y' }),
        ).rejects.toThrow(/^AUDIT_KEY must be set/);
      } finally {
        await runtime.close();
      }
    }
  });

  it('fails every keyed row and every checkpoint under another AUDIT_KEY', async () => {
    const runtime = await open({ AUDIT_KEY: 'another-audit-key-0123456789abcdef012345' });
    try {
      const text = await auditVerify(runtime.ctx).then(
        () => '',
        (error: Error) => error.message,
      );
      expect(text).toMatch(/^Audit log broken at row #1: its content does not match its hash \(edited\)\./);
      expect(text).toMatch(/checkpoint line\(s\) not signed with this AUDIT_KEY/);
    } finally {
      await runtime.close();
    }
  });

  it('keeps one chain and true checkpoints while writers append at once (two processes on PostgreSQL)', async () => {
    // PostgreSQL: two runtimes as two nodes (or a node and the CLI) sharing the database and the file;
    // the embedded database allows one process, whose requests still write concurrently
    const runtimes = testDbKind === 'postgres' ? [await open(), await open()] : [await open()];
    try {
      const before = (await runtimes[0]?.ctx.database.db.select().from(auditLog))?.length ?? 0;
      await Promise.all(
        runtimes.flatMap((runtime, node) =>
          Array.from({ length: 15 }, (_, i) =>
            writeAudit(runtime.ctx.database.db, {
              actor: `cli:node${node}`,
              action: 'test.concurrent',
              subject: `n:${node}:${i}`,
            }),
          ),
        ),
      );
      for (const runtime of runtimes) await runtime.ctx.audit.checkpointed();
      const [first] = runtimes;
      if (!first) throw new Error('runtime');
      const written = before + 15 * runtimes.length;
      const report = await first.ctx.audit.verify();
      expect(report).toMatchObject({ ok: true, checked: written, head: { rows: written } });
      // every process's last checkpoint is the head it saw last, and the latest is the head
      expect(report.checkpoints.latest).toMatchObject({ rows: written, lastId: report.head?.lastId });
    } finally {
      for (const runtime of runtimes) await runtime.close();
    }
  });

  it('keeps one file per node in a cluster, and verify reads every node file in DATA_DIR', async () => {
    const cluster = auditSettings(
      loadConfig({
        DATA_DIR: dataDir,
        CLUSTER_SHARDS: '4',
        NODE_ID: 'node-2',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
        REDIS_URL: 'redis://127.0.0.1:6379',
      }),
    );
    expect(cluster.checkpoints.describe).toBe(path.join(dataDir, 'audit-head.node-2.log'));
    const checkpoint = signCheckpoint(AUDIT_KEY, {
      at: new Date().toISOString(),
      node: 'node-2',
      lastId: 2,
      rows: 2,
      hash: 'a'.repeat(64),
      hashedFrom: 1,
      keyedFrom: 1,
    });
    await cluster.checkpoints.append(checkpoint);
    const all = await new FileCheckpointStore(dataDir, 'audit-head.log').readAll(AUDIT_KEY);
    expect(all.checkpoints.map((c) => path.basename(c.source))).toContain('audit-head.node-2.log');
    const runtime = await open();
    try {
      await expect(auditVerify(runtime.ctx)).rejects.toThrow(
        /^Audit log broken: row #2 does not match the checkpoint of .+audit-head\.node-2\.log, line 1\): its hash is not the one recorded/,
      );
    } finally {
      await runtime.close();
      fs.rmSync(path.join(dataDir, 'audit-head.node-2.log'));
    }
  });
});

describe(`audit: a database from before AUDIT_KEY (${testDbKind})`, async () => {
  const { dataDir, open, databaseUrl } = await deployment('ob-audit-legacy-');
  const migrationsDir = loadConfig({}).migrationsDir;

  it('checks the unkeyed rows up to the recorded start with the old rule, keys every row after, and the first keyed row seals them', async () => {
    // the database as the version before left it: migrations up to 0012, rows from before the chain
    // (no hash), then rows chained with the unkeyed SHA-256
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-migrations-'));
    afterAll(() => fs.rmSync(before, { recursive: true, force: true }));
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
      entries: Array<{ tag: string }>;
    };
    const upTo = journal.entries.findIndex((e) => e.tag.startsWith('0013_'));
    fs.mkdirSync(path.join(before, 'meta'));
    fs.writeFileSync(
      path.join(before, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }),
    );
    for (const entry of journal.entries.slice(0, upTo))
      fs.copyFileSync(path.join(migrationsDir, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
    const old = await openDatabase({ databaseUrl, dataDir });
    try {
      await old.migrate(before);
      await old.db.insert(auditLog).values([
        { id: 1, actor: 'system', action: 'old.unchained', subject: 'x' },
        { id: 2, actor: 'system', action: 'old.unchained', subject: 'x' },
      ]);
      let prevHash = '';
      for (const id of [3, 4, 5]) {
        const row = {
          id,
          actor: 'cli:old',
          action: 'old.chained',
          subject: `s:${id}`,
          details: { id },
          createdAt: new Date(),
          prevHash,
        };
        const hash = legacyAuditHash(row);
        await old.db.insert(auditLog).values({ ...row, hash });
        prevHash = hash;
      }
      await old.db.execute(sql`select setval(pg_get_serial_sequence('audit_log', 'id'), 5)`);
    } finally {
      await old.close();
    }

    const runtime = await open({}, 'prepare');
    try {
      const { db } = runtime.ctx.database;
      // migration 0013 recorded where the chain started and where the key starts
      expect(await db.select().from(auditChainStart)).toMatchObject([{ hashedFrom: 3, keyedFrom: 6 }]);
      await append(db, 2);
      const rows = await db.select().from(auditLog).orderBy(asc(auditLog.id));
      expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(rows[5]?.prevHash).toBe(rows[4]?.hash);
      expect(await auditVerify(runtime.ctx)).toMatch(
        /^Audit log verified: 5 row\(s\) chained and intact \(2 keyed with AUDIT_KEY, 3 from before the key checked with the old unkeyed hash\); 2 older row\(s\) from before the chain not checked\. It matches 2 checkpoint\(s\)/,
      );

      // an old row edited and the old rule's hashes recomputed after it, which anyone with database access can
      // do (the unkeyed rule is public): the first keyed row still names the old last hash, under the key
      const saved = rows.slice(3, 6);
      await asSuperuser(db, async () => {
        const four = { ...rows[3], details: { id: 44 } } as (typeof rows)[number];
        four.hash = legacyAuditHash(four);
        const five = { ...rows[4], prevHash: four.hash } as (typeof rows)[number];
        five.hash = legacyAuditHash(five);
        await db.update(auditLog).set({ details: four.details, hash: four.hash }).where(eq(auditLog.id, 4));
        await db.update(auditLog).set({ prevHash: five.prevHash, hash: five.hash }).where(eq(auditLog.id, 5));
      });
      await expect(auditVerify(runtime.ctx)).rejects.toThrow(
        "Audit log broken at row #6: it does not follow the previous row's hash (a row before it was removed or changed).",
      );
      const fiveNow = (await db.select().from(auditLog).where(eq(auditLog.id, 5)))[0];
      await asSuperuser(db, () =>
        db
          .update(auditLog)
          .set({ prevHash: fiveNow?.hash ?? '' })
          .where(eq(auditLog.id, 6)),
      );
      await expect(auditVerify(runtime.ctx)).rejects.toThrow(
        'Audit log broken at row #6: its content does not match its hash (edited).',
      );
      await asSuperuser(db, async () => {
        await db.delete(auditLog).where(gte(auditLog.id, 4));
        await db.insert(auditLog).values([...saved, ...rows.slice(6)]);
      });
      expect(await auditVerify(runtime.ctx)).toMatch(/^Audit log verified: 5 row\(s\)/);

      // a blanked hash after the recorded start is no longer read as a row from before the chain
      await asSuperuser(db, () =>
        db.update(auditLog).set({ hash: '', prevHash: '' }).where(eq(auditLog.id, 3)),
      );
      await expect(auditVerify(runtime.ctx)).rejects.toThrow(
        'Audit log broken at row #3: it has no hash, though every row from #3 on must have one (blanked, or written around the audit log).',
      );
    } finally {
      await runtime.close();
    }
  }, 120_000);
});
