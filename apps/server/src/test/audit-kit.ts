import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema.js';

/** How many rows the audit log holds. */
export async function auditRowCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog);
  return Number(row?.n ?? 0);
}

/**
 * Runs `action` while the database refuses every new audit row (a test trigger), then lifts the refusal: an
 * action that writes its audit row in the same transaction as its change must then change nothing.
 */
export async function whileAuditRefused<T>(db: Db, action: () => Promise<T>): Promise<T> {
  await db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'test: audit rows are refused'; END $$`),
  );
  await db.execute(
    sql.raw(
      'CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_audit()',
    ),
  );
  try {
    return await action();
  } finally {
    await db.execute(sql.raw('DROP TRIGGER test_refuse_audit ON audit_log'));
  }
}

/**
 * Runs `tamper` with the audit log's append-only trigger off (migration 0006 refuses UPDATE and DELETE), as
 * someone with direct database access could: the hash chain must still tell (`audit:verify`).
 */
export async function withAppendOnlyOff(db: Db, tamper: () => Promise<unknown>): Promise<void> {
  await db.execute(sql.raw('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only'));
  try {
    await tamper();
  } finally {
    await db.execute(sql.raw('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only'));
  }
}

/**
 * Runs `tamper` with every trigger that guards the audit log off (its append-only and no-truncate triggers,
 * and those of the chain's start record, migration 0013), as a database superuser could: `audit:verify`
 * must still tell, by the keyed hashes and the checkpoints kept outside the database.
 */
export async function asSuperuser<T>(db: Db, tamper: () => Promise<T>): Promise<T> {
  const tables = ['audit_log', 'audit_chain'];
  for (const table of tables) await db.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER USER`));
  try {
    return await tamper();
  } finally {
    for (const table of tables) await db.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER USER`));
  }
}
