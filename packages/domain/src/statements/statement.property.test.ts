import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STATEMENT_ENTRY_KINDS } from '../contracts/statements.js';
import { buildStatement } from './statement.js';

/** A cent amount as exact decimal text, e.g. -1234.05. */
const cents = fc.bigInt({ min: -10_000_000_000n, max: 10_000_000_000n }).map((c) => {
  const negative = c < 0n;
  const abs = negative ? -c : c;
  const whole = abs / 100n;
  const rest = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${rest}`;
});

const entries = fc.array(
  fc.record({
    id: fc.integer({ min: 1, max: 1_000_000 }),
    at: fc.date({
      min: new Date('2026-01-01T00:00:00Z'),
      max: new Date('2026-12-31T23:59:59Z'),
      noInvalidDate: true,
    }),
    kind: fc.constantFrom(...STATEMENT_ENTRY_KINDS),
    amount: cents,
    positionId: fc.constant(null),
    symbol: fc.constant(null),
    reference: fc.constant(null),
  }),
  { maxLength: 60 },
);

describe('a statement adds up, whatever its entries', () => {
  it('closing = opening + Σ entries, and the last running balance is the closing balance', () => {
    fc.assert(
      fc.property(cents, entries, (opening, rows) => {
        const statement = buildStatement({
          currency: 'EUR',
          range: { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z') },
          openingBalance: opening,
          entries: rows,
          positions: [],
          equity: null,
          generatedAt: new Date('2027-01-01T00:00:00Z'),
        });
        const sum = rows.reduce((total, row) => total.plus(row.amount), new Decimal(opening));
        expect(statement.closingBalance).toBe(sum.toFixed(2));
        expect(statement.entries).toHaveLength(rows.length);
        expect(statement.entries.at(-1)?.balance ?? statement.openingBalance).toBe(statement.closingBalance);
        // credits and debits split the same sum
        expect(
          new Decimal(statement.openingBalance).plus(statement.credits).plus(statement.debits).toFixed(2),
        ).toBe(statement.closingBalance);
      }),
      { numRuns: 300 },
    );
  });
});
