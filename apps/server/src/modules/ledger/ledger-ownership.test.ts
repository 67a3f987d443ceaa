import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Architecture §6: the ledger module is the only code that writes `ledger_entries` and `trading_accounts.balance`. Every
 * other writer books through `Ledger.book`. This walks the server's source (tests aside: they tamper on purpose)
 * and fails on any other file that writes either.
 */
const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LEDGER_DIR = path.join(SERVER_SRC, 'modules', 'ledger');

const WRITES = [
  { what: 'inserts ledger entries', pattern: /\.insert\(\s*ledgerEntries\b/ },
  { what: 'updates or deletes ledger entries', pattern: /\.(update|delete)\(\s*ledgerEntries\b/ },
  {
    what: 'writes ledger_entries in SQL',
    pattern: /\b(insert\s+into|update|delete\s+from)\s+"?ledger_entries\b/i,
  },
  { what: 'sets a balance', pattern: /\.set\(\s*\{[^}]*\bbalance\s*:/ },
  {
    what: 'updates trading_accounts.balance in SQL',
    pattern: /update\s+"?trading_accounts"?\s+set\s+"?balance\b/i,
  },
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|test-kit\.ts$|factories\.ts$/.test(entry.name)
      ? [full]
      : [];
  });
}

describe('one owner of money', () => {
  it('only the ledger module writes ledger_entries and trading_accounts.balance', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(SERVER_SRC)) {
      if (file.startsWith(LEDGER_DIR + path.sep)) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const { what, pattern } of WRITES)
        if (pattern.test(text)) offenders.push(`${path.relative(SERVER_SRC, file)} ${what}`);
    }
    expect(offenders).toEqual([]);
  });

  it('the check itself sees a write (it would have caught the old trading repo and seed)', () => {
    const old =
      'await tx.insert(ledgerEntries).values(entries);\nawait tx.update(users).set({ balance: toMoney(balance) })';
    expect(WRITES.filter(({ pattern }) => pattern.test(old)).map((w) => w.what)).toEqual([
      'inserts ledger entries',
      'sets a balance',
    ]);
  });
});
