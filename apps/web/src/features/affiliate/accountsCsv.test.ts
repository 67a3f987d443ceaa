import { describe, expect, it } from 'vitest';
import { csvField } from './accountsCsv.js';

describe('CSV fields', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Smith, Jr.')).toBe('"Smith, Jr."');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
  });

  it('defuses text a spreadsheet would run as a formula, but not amounts', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+49 151')).toBe("'+49 151");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-250.00', false)).toBe('-250.00');
    expect(csvField(42, false)).toBe('42');
  });
});
