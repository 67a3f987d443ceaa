import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, gte, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPERATOR_COMMANDS } from '../../cli-commands.js';
import { DEVELOPMENT_AUDIT_KEY } from '../../config.js';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { asSuperuser } from '../../test/audit-kit.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { AuditRepo, type AuditRow, writeAudit } from './audit.repo.js';
import { auditChainOf, auditChainStart } from './audit-chain.js';
import { type MemoryCheckpointStore, signCheckpoint } from './audit-checkpoint.js';
import { type HashedAuditRow, keyedAuditHash, legacyAuditHash } from './audit-hash.js';

/** audit:verify as the operator runs it: its words, and a rejection (exit 1) when the log does not hold. */
const auditVerify = (ctx: Runtime['ctx'], ...args: string[]) => {
  const command = OPERATOR_COMMANDS['audit:verify'];
  if (!command) throw new Error('no audit:verify');
  return command.run(ctx, args);
};

let appended = 0;
/**
 * Appends `count` rows through the audit log, as the server's actions do, each checkpointed before the next
 * (appends in quick succession may share one checkpoint; here each row has its own, which the tests name).
 */
async function append(db: Db, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    appended++;
    await writeAudit(db, {
      actor: 'cli:test',
      action: 'test.append',
      subject: `test:${appended}`,
      details: { n: appended },
    });
    await auditChainOf(db).idle();
  }
}

const allRows = (db: Db) => db.select().from(auditLog).orderBy(asc(auditLog.id));

/**
 * Gives the rows from `from` (an index into `rows`) on new hashes, each linked to the one before: a rewrite
 * after an edit that leaves no broken link, which anyone with database access could forge with the public unkeyed rule or a guessed key.
 */
async function rehash(db: Db, rows: AuditRow[], from: number, hashOf: (row: HashedAuditRow) => string) {
  let prevHash = rows[from - 1]?.hash ?? '';
  for (const row of rows.slice(from)) {
    const hash = hashOf({ ...row, prevHash });
    await db.update(auditLog).set({ prevHash, hash }).where(eq(auditLog.id, row.id));
    prevHash = hash;
  }
}

/** What a superuser's tampering changes, kept to put back: every audit row and the chain's start record. */
async function saveLog(db: Db) {
  const [start] = await db.select().from(auditChainStart);
  if (!start) throw new Error('the chain start record is missing');
  return { rows: await allRows(db), start };
}

async function restoreLog(db: Db, saved: Awaited<ReturnType<typeof saveLog>>) {
  await asSuperuser(db, async () => {
    await db.delete(auditLog);
    await db.delete(auditChainStart);
    for (let i = 0; i < saved.rows.length; i += 500)
      await db.insert(auditLog).values(saved.rows.slice(i, i + 500));
    await db.insert(auditChainStart).values(saved.start);
  });
}

describe(`audit tampering by a database superuser (${testDbKind})`, async () => {
  const { runtime, config } = await createTestServer();
  const { ctx } = runtime;
  const { db } = ctx.database;
  const verify = (...args: string[]) => auditVerify(ctx, ...args);
  let saved: Awaited<ReturnType<typeof saveLog>>;
  const last = () => {
    const row = saved.rows.at(-1);
    if (!row) throw new Error('no rows');
    return row;
  };

  beforeEach(async () => {
    await append(db, 3);
    saved = await saveLog(db);
    expect(await verify()).toMatch(/^Audit log verified: /);
  });

  afterEach(async () => {
    await restoreLog(db, saved);
    expect(await verify()).toMatch(/^Audit log verified: /);
  });

  it('keys every hash with AUDIT_KEY and checkpoints the head outside the table after the appends', async () => {
    const row = last();
    expect(row.hash).toBe(keyedAuditHash(config.auditKey, row));
    expect(row.hash).not.toBe(legacyAuditHash(row));
    // a database created with the chain: every row must carry a keyed hash
    expect(saved.start).toMatchObject({ hashedFrom: 1, keyedFrom: 1 });
    const { checkpoints } = await auditChainOf(db).settings.checkpoints.readAll(config.auditKey);
    expect(checkpoints.at(-1)).toMatchObject({
      lastId: row.id,
      rows: saved.rows.length,
      hash: row.hash,
      hashedFrom: 1,
      keyedFrom: 1,
    });
    expect(await verify()).toMatch(
      new RegExp(
        `^Audit log verified: ${saved.rows.length} row\\(s\\) chained and intact\\. It matches ${checkpoints.length} checkpoint\\(s\\) kept outside the database, the latest the checkpoint of .+: row #${row.id}, ${saved.rows.length} row\\(s\\)\\.$`,
      ),
    );
  });

  it('finds the newest rows deleted: fewer rows and a lower last id than the checkpoint recorded', async () => {
    const kept = saved.rows.at(-3);
    await asSuperuser(db, () => db.delete(auditLog).where(gte(auditLog.id, saved.rows.at(-2)?.id ?? 0)));
    await expect(verify()).rejects.toThrow(
      new RegExp(
        `^Audit log broken: the newest rows were removed: the checkpoint of \\S+ \\(memory, line \\d+\\) recorded ${saved.rows.length} row\\(s\\) up to row #${last().id}, the log now ends at row #${kept?.id} with ${saved.rows.length - 2} row\\(s\\)\\.`,
      ),
    );
    const report = await ctx.audit.verify();
    expect(report).toMatchObject({ ok: false, rowProblems: {} });
    expect(report.brokenAt).toBeUndefined();
    expect(report.findings.map((f) => f.kind)).toEqual(['rows-removed']);
  });

  it('finds the table truncated', async () => {
    await asSuperuser(db, () => db.execute(sql`truncate audit_log`));
    await expect(verify()).rejects.toThrow(
      new RegExp(
        `^Audit log broken: the audit log is empty, but the checkpoint of \\S+ \\(memory, line \\d+\\) recorded ${saved.rows.length} row\\(s\\) up to row #${last().id}: the table was emptied \\(truncated\\)\\.`,
      ),
    );
  });

  it.each([
    ['the unkeyed SHA-256 of the rows before AUDIT_KEY', legacyAuditHash],
    [
      'a guessed key (the public development key)',
      (row: HashedAuditRow) => keyedAuditHash(DEVELOPMENT_AUDIT_KEY, row),
    ],
  ])('finds a row edited and every later hash recomputed with %s', async (_, hashOf) => {
    const at = saved.rows.length - 3;
    const target = saved.rows[at];
    if (!target) throw new Error('three rows');
    await asSuperuser(db, async () => {
      await db
        .update(auditLog)
        .set({ details: { ...target.details, n: 999 } })
        .where(eq(auditLog.id, target.id));
      await rehash(db, await allRows(db), at, hashOf);
    });
    const report = await ctx.audit.verify();
    // every link holds (recomputed), but no hash from the edit on is keyed with AUDIT_KEY
    expect(report.rowProblems).toEqual({
      hash: { count: 3, ids: saved.rows.slice(at).map((r) => r.id) },
    });
    expect(report.findings.map((f) => f.kind)).toEqual(['checkpoint-differs']);
    const rejection = verify();
    await expect(rejection).rejects.toThrow(
      `Audit log broken at row #${target.id}: its content does not match its hash (edited).\nFound:\n  - 3 row(s) whose content does not match their hash (edited, or hashed again without AUDIT_KEY): #${saved.rows
        .slice(at)
        .map((r) => r.id)
        .join(', #')}\n  - row #${target.id} does not match the checkpoint of`,
    );
    await expect(rejection).rejects.toThrow(
      'its hash is not the one recorded (the chain was rewritten up to it)',
    );
  });

  it('finds a rewrite even by someone holding AUDIT_KEY, by the checkpoints', async () => {
    const at = saved.rows.length - 2;
    const target = saved.rows[at];
    if (!target) throw new Error('two rows');
    await asSuperuser(db, async () => {
      await db.update(auditLog).set({ action: 'test.rewritten' }).where(eq(auditLog.id, target.id));
      await rehash(db, await allRows(db), at, (row) => keyedAuditHash(config.auditKey, row));
    });
    await expect(verify()).rejects.toThrow(
      new RegExp(
        `^Audit log broken: row #${target.id} does not match the checkpoint of \\S+ \\(memory, line \\d+\\): its hash is not the one recorded \\(the chain was rewritten up to it\\)`,
      ),
    );
  });

  it('finds every hash blanked: rows without a hash are no longer taken for rows from before the chain', async () => {
    await asSuperuser(db, () => db.update(auditLog).set({ hash: '', prevHash: '' }));
    const first = saved.rows[0];
    const report = await ctx.audit.verify();
    expect(report).toMatchObject({
      ok: false,
      unchained: 0,
      checked: 0,
      brokenAt: { id: first?.id, reason: 'unchained' },
    });
    expect(report.rowProblems.unchained?.count).toBe(saved.rows.length);
    await expect(verify()).rejects.toThrow(
      `Audit log broken at row #${first?.id}: it has no hash, though every row from #1 on must have one (blanked, or written around the audit log).\nFound:\n  - ${saved.rows.length} row(s) with no hash after the chain started (blanked, or written around the audit log): #${first?.id}, #`,
    );
  });

  it('finds the start record moved past the end (all rows made to look older than the chain), and removed', async () => {
    const beyond = last().id + 1;
    await asSuperuser(db, async () => {
      await db.update(auditLog).set({ hash: '', prevHash: '' });
      await db.update(auditChainStart).set({ hashedFrom: beyond, keyedFrom: beyond });
    });
    const report = await ctx.audit.verify();
    // the table alone now reads as a log from before the chain...
    expect(report).toMatchObject({ unchained: saved.rows.length, rowProblems: {} });
    // ...which the checkpoints contradict
    expect(report.findings.map((f) => f.kind)).toEqual(['start-changed', 'checkpoint-differs']);
    await expect(verify()).rejects.toThrow(
      new RegExp(
        `^Audit log broken: the chain's start record says hashed from row #${beyond} and keyed from row #${beyond}, but the checkpoint of \\S+ \\(memory, line \\d+\\) says #1 and #1: it was changed\\.`,
      ),
    );
    await asSuperuser(db, () => db.delete(auditChainStart));
    await expect(verify()).rejects.toThrow(
      'Audit log broken at row #1: it has no hash (blanked, or written around the audit log).\nFound:\n',
    );
    await expect(verify()).rejects.toThrow(
      "the chain's start record (table audit_chain, written by migration 0013) is missing: it was removed",
    );
  });

  it('refuses the start record changed or removed without the superuser', async () => {
    await expect(db.update(auditChainStart).set({ keyedFrom: 99 })).rejects.toThrow();
    await expect(db.delete(auditChainStart)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_chain`)).rejects.toThrow();
  });

  it('finds a checkpoint line not signed with AUDIT_KEY', async () => {
    const store = auditChainOf(db).settings.checkpoints as MemoryCheckpointStore;
    const forged = signCheckpoint('not-the-audit-key-of-this-server-0123456789', {
      at: new Date().toISOString(),
      node: 'intruder',
      lastId: 1,
      rows: 1,
      hash: 'f'.repeat(64),
      hashedFrom: 1,
      keyedFrom: 1,
    });
    store.lines.push(JSON.stringify(forged));
    try {
      await expect(verify()).rejects.toThrow(
        `Audit log broken: 1 checkpoint line(s) not signed with this AUDIT_KEY (forged, or written under another key): memory:${store.lines.length}.`,
      );
    } finally {
      store.lines.pop();
    }
  });
});

describe(`audit: rows removed before the server wrote on, and the checkpoints in the log (${testDbKind})`, async () => {
  const { runtime, config } = await createTestServer();
  const { ctx } = runtime;
  const { db } = ctx.database;
  // the server's log as a shipper would keep it (JSON lines), and its error lines
  const logged: string[] = [];
  const errors: string[] = [];
  const chain = auditChainOf(db);
  const repo = new AuditRepo(db, {
    ...chain.settings,
    log: {
      info: (obj, msg) => logged.push(JSON.stringify({ level: 30, time: Date.now(), ...obj, msg })),
      error: (_, msg) => errors.push(msg),
    },
  });
  afterAll(() => repo.close());
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-audit-log-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('logs each checkpoint, tells when the rows it counted on are gone, and the log alone still finds them', async () => {
    await append(db, 3);
    await repo.checkpointed();
    const heads = logged.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'audit head');
    const rows = await allRows(db);
    const newest = rows.at(-1);
    const firstRemoved = rows.at(-2);
    expect(heads.at(-1)?.auditHead).toMatchObject({
      lastId: newest?.id,
      rows: rows.length,
      hash: newest?.hash,
    });

    await asSuperuser(db, () => db.delete(auditLog).where(gte(auditLog.id, firstRemoved?.id ?? 0)));
    // the server writes on after the deletion: its next row chains to what is left
    await append(db, 1);
    await repo.checkpointed();
    expect(errors).toEqual([
      `audit: row #${newest?.id} of the last checkpoint is gone or no longer followed by the chain: run audit:verify`,
    ]);
    const missing = new RegExp(
      `^Audit log broken: row #${firstRemoved?.id}, the last row of the checkpoint of \\S+ \\(memory, line \\d+\\), is missing \\(removed\\)`,
    );
    await expect(auditVerify(ctx)).rejects.toThrow(missing);

    // without the checkpoint store (a lost DATA_DIR), the log the server shipped elsewhere still tells
    const store = chain.settings.checkpoints as MemoryCheckpointStore;
    store.lines.splice(0);
    expect(await auditVerify(ctx)).toMatch(
      /^Audit log verified: .*No checkpoint to compare with in memory: removed newest rows or an emptied table cannot be told without one/,
    );
    const logFile = path.join(tmp, 'server.log');
    fs.writeFileSync(logFile, `${['{"level":30,"msg":"listening"}', ...logged].join('\n')}\n`);
    await expect(auditVerify(ctx, '--checkpoints', logFile)).rejects.toThrow(
      new RegExp(
        `^Audit log broken: row #${firstRemoved?.id}, the last row of the checkpoint of \\S+ \\(${logFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, line \\d+\\), is missing \\(removed\\)`,
      ),
    );
    fs.writeFileSync(path.join(tmp, 'other.log'), '{"level":30,"msg":"listening"}\n');
    await expect(auditVerify(ctx, '--checkpoints', path.join(tmp, 'other.log'))).rejects.toThrow(
      'holds no audit checkpoint',
    );
    expect(config.auditKey).toBe(chain.settings.key);
  });
});
