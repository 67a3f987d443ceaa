import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A copy of the migrations folder as it stood before the migration whose file name starts with `prefix` (say
 * '0029_'): the journal and the SQL of every earlier migration. A migration test builds a database with it, as that
 * earlier version left it, then runs the full folder over it. `remove` deletes the copy.
 */
export function migrationsBefore(migrationsDir: string, prefix: string): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ob-migrations-before-${prefix}`));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const upTo = journal.entries.findIndex((e) => e.tag.startsWith(prefix));
  if (upTo < 0) throw new Error(`no migration ${prefix}* in ${migrationsDir}`);
  const earlier = journal.entries.slice(0, upTo);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: earlier }));
  for (const entry of earlier)
    fs.copyFileSync(path.join(migrationsDir, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
