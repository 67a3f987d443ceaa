import { describe, expect, it } from 'vitest';
import {
  compareBirthDates,
  editDistance,
  nameScore,
  normalName,
  SCREENING_THRESHOLD,
  type ScreeningEntry,
  ScreeningIndex,
  screenAgainst,
  screeningFingerprint,
} from './screening.js';

/** Entries of the sample lists shipped for tests and the demo (fictional people). */
const VENNIMOR: ScreeningEntry = {
  ref: 'EU-9001',
  names: ['Zoltrak Vennimor', 'Zoltrak Wennimor'],
  birthDates: ['1971-03-14'],
  programme: 'Fictional sample programme',
  countries: ['XK'],
};
const HAEBERLE: ScreeningEntry = {
  ref: 'PEP-1',
  names: ['Jürgen Häberle-Moosbrucker'],
  birthDates: ['1958'],
  programme: 'Minister of sample affairs',
  countries: ['DE'],
};
const OSTROVSKII: ScreeningEntry = {
  ref: 'UN-7001',
  names: ['Grigorii Ostrovskii', 'Григорий Островский'],
  birthDates: [],
  programme: 'Sample list',
  countries: [],
};

describe('screening a client against a list entry', () => {
  it('the exact name and birth date is a full match', () => {
    expect(
      screenAgainst({ firstName: 'Zoltrak', lastName: 'Vennimor', birthDate: '1971-03-14' }, VENNIMOR),
    ).toEqual({ score: 100, matchedName: 'Zoltrak Vennimor', birthDate: 'same' });
  });

  it('ignores case, punctuation and the order of the names', () => {
    const hit = screenAgainst(
      { firstName: 'VENNIMOR,', lastName: 'zoltrak', birthDate: '1971-03-14' },
      VENNIMOR,
    );
    expect(hit?.score).toBe(100);
  });

  it('matches transliterated spellings: umlauts written out or dropped, Cyrillic in Latin and back', () => {
    const written = { firstName: 'Juergen', lastName: 'Haeberle Moosbrucker', birthDate: '1958-06-01' };
    const dropped = { firstName: 'Jurgen', lastName: 'Haberle-Moosbrucker', birthDate: '1958-06-01' };
    expect(screenAgainst(written, HAEBERLE)?.score).toBe(100);
    expect(screenAgainst(dropped, HAEBERLE)?.score).toBe(100);
    const cyrillic = { firstName: 'Григорий', lastName: 'Островский', birthDate: '1980-01-01' };
    expect(screenAgainst(cyrillic, OSTROVSKII)?.score).toBeGreaterThanOrEqual(SCREENING_THRESHOLD);
    const latin = { firstName: 'Grigorii', lastName: 'Ostrovskii', birthDate: null };
    expect(screenAgainst(latin, OSTROVSKII)?.matchedName).toBe('Grigorii Ostrovskii');
  });

  it('one typo per name token still matches, with a lower score; two in one token do not', () => {
    const one = screenAgainst(
      { firstName: 'Zoltrak', lastName: 'Venimor', birthDate: '1971-03-14' },
      VENNIMOR,
    );
    expect(one?.score).toBe(90);
    const swapped = screenAgainst({ firstName: 'Zlotrak', lastName: 'Vennimor', birthDate: null }, VENNIMOR);
    expect(swapped?.score).toBe(85);
    expect(
      screenAgainst({ firstName: 'Zoltrak', lastName: 'Vemimur', birthDate: null }, VENNIMOR),
    ).toBeNull();
  });

  it('a listed birth date that differs from the client’s is no match', () => {
    expect(
      screenAgainst({ firstName: 'Zoltrak', lastName: 'Vennimor', birthDate: '1971-03-15' }, VENNIMOR),
    ).toBeNull();
    expect(
      screenAgainst(
        { firstName: 'Jürgen', lastName: 'Häberle-Moosbrucker', birthDate: '1959-01-01' },
        HAEBERLE,
      ),
    ).toBeNull();
  });

  it('a listed year only agrees with any date of that year; no date to compare costs five points', () => {
    expect(compareBirthDates(['1958'], '1958-12-31')).toBe('year');
    expect(compareBirthDates(['1958-06'], '1958-07-01')).toBeNull();
    expect(compareBirthDates([], '1958-12-31')).toBe('unknown');
    const noDate = screenAgainst({ firstName: 'Zoltrak', lastName: 'Vennimor', birthDate: null }, VENNIMOR);
    expect(noDate).toEqual({ score: 95, matchedName: 'Zoltrak Vennimor', birthDate: 'unknown' });
  });

  it('a namesake sharing one name only is no match; middle names cost five points each', () => {
    expect(screenAgainst({ firstName: 'Anna', lastName: 'Vennimor', birthDate: null }, VENNIMOR)).toBeNull();
    expect(nameScore('Zoltrak Vennimor', 'Zoltrak Amadeus Vennimor')).toBe(95);
    expect(nameScore('Vennimor', 'Zoltrak Vennimor')).toBeNull();
  });

  it('short tokens must be exact: one letter changes a three-letter name', () => {
    expect(nameScore('Li Wen', 'Li Wan')).toBeNull();
    expect(nameScore('Li Wen', 'Wen Li')).toBe(100);
  });
});

describe('the parts of the rule', () => {
  it('edit distance counts a swap of neighbours as one edit', () => {
    expect(editDistance('vennimor', 'vennimor')).toBe(0);
    expect(editDistance('vennimor', 'venimor')).toBe(1);
    expect(editDistance('zoltrak', 'zlotrak')).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });

  it('a fingerprint stays the same for the same data written differently, and changes with the birth date', () => {
    const a = screeningFingerprint({ firstName: 'Zoltrak', lastName: 'VENNIMOR', birthDate: '1971-03-14' });
    const b = screeningFingerprint({ firstName: 'vennimor', lastName: 'zoltrak', birthDate: '1971-03-14' });
    const c = screeningFingerprint({ firstName: 'Zoltrak', lastName: 'Vennimor', birthDate: '1971-03-15' });
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    expect(normalName('Müller-Lüdenscheidt')).toBe('luedenscheidt mueller');
  });
});

describe('screening against a whole list', () => {
  it('finds the entries a client possibly matches, best first, and none for an unrelated client', () => {
    const index = new ScreeningIndex([VENNIMOR, HAEBERLE, OSTROVSKII]);
    const found = index.screen({ firstName: 'Zoltrak', lastName: 'Venimor', birthDate: null });
    expect(found.map((f) => f.entry.ref)).toEqual(['EU-9001']);
    expect(index.screen({ firstName: 'Григорий', lastName: 'Островский', birthDate: null })).toHaveLength(1);
    expect(index.screen({ firstName: 'Demo', lastName: 'Client', birthDate: '1990-01-01' })).toEqual([]);
  });
});
