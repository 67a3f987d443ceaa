import { buildStatement } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { pdfTextOf } from './pdf-text.kit.js';
import { amountText, pdfText, statementPdf } from './statement-pdf.js';

const holder = { brandName: 'Demo Broker', name: 'Zoë Ђорђе', account: '123456' };

describe('statement PDF', () => {
  it('runs a long entries table over several pages, its header on each, numbered pages', async () => {
    const statement = buildStatement({
      currency: 'EUR',
      range: { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-04-01T00:00:00Z') },
      openingBalance: '10000',
      entries: Array.from({ length: 150 }, (_, i) => ({
        id: i + 1,
        at: new Date(Date.UTC(2026, 2, 1 + (i % 28), 12)),
        kind: 'swap',
        amount: '-1.25',
        positionId: 7,
        symbol: 'EURUSD',
        reference: `swap:7:2026-03-${String(1 + (i % 28)).padStart(2, '0')}`,
      })),
      positions: [],
      equity: null,
      generatedAt: new Date('2026-04-01T08:00:00Z'),
    });
    const pdf = await statementPdf(statement, holder);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfTextOf(pdf);
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(2);
    expect(text.split('\n').filter((line) => line === 'Balance').length).toBe(pages);
    expect(text).toContain(`EUR ${amountText(statement.closingBalance)}`);
    expect(statement.closingBalance).toBe('9812.50');
    expect(text).toContain('Zoë ?????');
    expect(text).toContain('No positions closed in this period.');
  });

  it('writes amounts with thousands separators, exactly, and only text the fonts can draw', () => {
    expect(amountText('-1234567.50')).toBe('-1,234,567.50');
    expect(amountText('0.05')).toBe('0.05');
    expect(pdfText('Müller € 李')).toBe('Müller € ?');
  });
});
