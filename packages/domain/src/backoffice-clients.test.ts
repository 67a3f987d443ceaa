import { describe, expect, it } from 'vitest';
import {
  ClientListQuery,
  ClientTradingInput,
  DocumentReviewInput,
  grantsOnVerification,
  parsePathId,
  unknownLeverageCategories,
  verifiesAutomatically,
} from './backoffice-clients.js';
import { validateInput } from './schemas/issues.js';

const docs = (passport: string, address: string) => ({
  docPassport: { status: passport },
  docAddress: { status: address },
});

describe('automatic verification', () => {
  it('verifies once passport and address proof are both approved, on an automatic (default) brand', () => {
    expect(verifiesAutomatically({ ...docs('2', '2'), verified: false }, undefined)).toBe(true);
    expect(verifiesAutomatically({ ...docs('2', '2'), verified: false }, 'automatic')).toBe(true);
  });

  it('does not on a manual brand, with a document still processing or rejected, or when already verified', () => {
    expect(verifiesAutomatically({ ...docs('2', '2'), verified: false }, 'manual')).toBe(false);
    expect(verifiesAutomatically({ ...docs('2', '1'), verified: false }, 'automatic')).toBe(false);
    expect(verifiesAutomatically({ ...docs('3', '2'), verified: false }, 'automatic')).toBe(false);
    expect(verifiesAutomatically({ ...docs('2', '2'), verified: true }, 'automatic')).toBe(false);
  });
});

describe('what verifying grants', () => {
  const none = { assetsGroupPermission: [], customLeverage: {} };

  it('every category and every leverage when the brand sets no defaults (as the seed’s verified client)', () => {
    expect(grantsOnVerification(none, {}, [1, 2, 3])).toEqual({
      assetsGroupPermission: [1, 2, 3],
      customLeverage: {},
    });
  });

  it('the brand’s defaults when set', () => {
    expect(
      grantsOnVerification(none, { defaultPermissions: [2], defaultLeverage: { crypto: [0] } }, [1, 2]),
    ).toEqual({
      assetsGroupPermission: [2],
      customLeverage: { crypto: [0] },
    });
  });

  it('keeps what compliance set already', () => {
    const set = { assetsGroupPermission: [3], customLeverage: { forex: [0, 1] } };
    expect(
      grantsOnVerification(set, { defaultPermissions: [2], defaultLeverage: { crypto: [0] } }, [1, 2, 3]),
    ).toEqual(set);
  });
});

describe('client list query', () => {
  it('reads query-string flags, ids, days and the sort with defaults', () => {
    const result = validateInput(ClientListQuery, {
      brandId: '2',
      verified: 'true',
      documentsWaiting: '0',
      registeredFrom: '2026-01-01',
      q: '  ada ',
    });
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({
        brandId: 2,
        verified: true,
        documentsWaiting: false,
        registeredFrom: '2026-01-01',
        q: 'ada',
        sort: 'createdAt',
        order: 'desc',
      }),
    });
  });

  it.each([
    ['page', '0'],
    ['page', '-3'],
    ['page', '1e3'],
    ['page', '99999999999999999999'],
    ['brandId', 'abc'],
    ['verified', 'maybe'],
    ['registeredTo', '2026-02-30x'],
    ['sort', 'password_hash'],
    ['q', 'a\u0000b'],
  ])('refuses %s=%j with the field’s message', (field, value) => {
    const result = validateInput(ClientListQuery, { [field]: value });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]?.path).toBe(field);
  });
});

describe('staff inputs', () => {
  it('a rejection needs a note', () => {
    const result = validateInput(DocumentReviewInput, { decision: 'reject', note: ' ' });
    expect(result.ok || result.errors[0]).toMatchObject({ path: 'note', key: 'staff.rejectionNoteRequired' });
    expect(validateInput(DocumentReviewInput, { decision: 'approve' })).toEqual({
      ok: true,
      value: { decision: 'approve', note: '' },
    });
  });

  it('trading settings: leverage keys are lower-cased; unknown levels are refused', () => {
    expect(validateInput(ClientTradingInput, { customLeverage: { Crypto: [0, 2] } })).toEqual({
      ok: true,
      value: { customLeverage: { crypto: [0, 2] } },
    });
    expect(validateInput(ClientTradingInput, { level: 'Diamond' }).ok).toBe(false);
  });

  it('leverage indexes must exist in the category’s list', () => {
    const categories = [{ name: 'Crypto', leverages: [1, 2, 5] }];
    expect(unknownLeverageCategories({ crypto: [0, 2] }, categories)).toEqual([]);
    expect(unknownLeverageCategories({ crypto: [3] }, categories)).toEqual(['crypto']);
    expect(unknownLeverageCategories({ forex: [0] }, categories)).toEqual(['forex']);
  });

  it('path ids: positive safe integers only', () => {
    expect(parsePathId('42')).toBe(42);
    for (const raw of ['0', '-1', '1.5', 'abc', '99999999999', '', '4e2'])
      expect(parsePathId(raw)).toBeUndefined();
  });
});
