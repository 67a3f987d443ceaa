import { describe, expect, it } from 'vitest';
import {
  asksForNewUpload,
  DocumentDetailsInput,
  documentCountryProblem,
  documentExpiryState,
  documentGraceDays,
  documentsBlockFrom,
} from './document-details.js';
import { validateInput } from './schemas/issues.js';

const at = (iso: string) => Date.parse(iso);

describe('document details', () => {
  it('accepts a passport number, an alpha-2 country and a real expiry date, normalised', () => {
    expect(
      validateInput(DocumentDetailsInput, {
        documentNumber: ' c01x00t47 ',
        issuingCountry: 'de',
        expiresOn: '2031-05-31',
      }),
    ).toEqual({
      ok: true,
      value: { documentNumber: 'C01X00T47', issuingCountry: 'DE', expiresOn: '2031-05-31' },
    });
  });

  it('leaves out what is empty: a review may approve without details', () => {
    const result = validateInput(DocumentDetailsInput, {
      documentNumber: '',
      issuingCountry: '',
      expiresOn: '',
    });
    expect(result.ok && Object.values(result.value).filter((v) => v !== undefined)).toEqual([]);
  });

  it.each([
    ['documentNumber', 'AB', 'document.numberInvalid'],
    ['documentNumber', 'AB<script>', 'document.numberInvalid'],
    ['documentNumber', 'X'.repeat(31), 'document.numberInvalid'],
    ['issuingCountry', 'Germany', 'document.countryUnknown'],
    ['expiresOn', '2030-02-30', 'document.expiryInvalid'],
    ['expiresOn', '31.05.2030', 'document.expiryInvalid'],
    ['expiresOn', '3030-01-01', 'document.expiryAbsurd'],
    ['expiresOn', '1950-01-01', 'document.expiryAbsurd'],
  ])('refuses %s %j with %s', (field, value, key) => {
    const result = validateInput(DocumentDetailsInput, { [field]: value });
    expect(result.ok || result.errors[0]).toMatchObject({ path: field, key });
  });

  it('a country must be in the reference list', () => {
    expect(documentCountryProblem('de', ['DE', 'FR'])).toBeNull();
    expect(documentCountryProblem('XX', ['DE', 'FR'])).toEqual({ key: 'document.countryUnknown' });
  });
});

describe('document expiry', () => {
  it('is valid until 30 days before, expiring from then, expired once the expiry day is over', () => {
    expect(documentExpiryState('2027-01-31', at('2026-12-31T23:59:59Z'))).toBe('valid');
    expect(documentExpiryState('2027-01-31', at('2027-01-01T00:00:00Z'))).toBe('expiring');
    expect(documentExpiryState('2027-01-31', at('2027-01-31T23:59:59Z'))).toBe('expiring');
    expect(documentExpiryState('2027-01-31', at('2027-02-01T00:00:00Z'))).toBe('expired');
    expect(documentExpiryState(null, at('2027-02-01T00:00:00Z'))).toBe('none');
  });

  it('stops the client from the end of the expiry day plus the grace period (14 days unless the brand sets one)', () => {
    expect(new Date(documentsBlockFrom('2027-01-31', documentGraceDays(undefined))).toISOString()).toBe(
      '2027-02-15T00:00:00.000Z',
    );
    expect(new Date(documentsBlockFrom('2027-01-31', documentGraceDays(0))).toISOString()).toBe(
      '2027-02-01T00:00:00.000Z',
    );
    expect(documentGraceDays(-3)).toBe(0);
    expect(documentGraceDays(1000)).toBe(365);
  });

  it('asks for a new upload only of an expiring or expired proof of identity or address', () => {
    const now = at('2027-01-20T00:00:00Z');
    expect(asksForNewUpload('doc_passport', '2027-01-31', now)).toBe(true);
    expect(asksForNewUpload('doc_address', '2026-12-31', now)).toBe(true);
    expect(asksForNewUpload('doc_passport', '2028-01-31', now)).toBe(false);
    expect(asksForNewUpload('doc_funding_front', '2027-01-31', now)).toBe(false);
  });
});
