import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES } from '../documents.js';
import { BackofficeBrand, ClientAuditRow, ClientDetail, ClientRowPage } from './clients.js';

const row = {
  id: 41,
  brandId: 1,
  brandSlug: 'alpha',
  pin: '100041',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@test.example',
  phone: '+4915112345678',
  countryId: null,
  countryName: null,
  verified: false,
  level: 'Basic',
  balance: '1250.50',
  currency: 'EUR',
  accountNumber: 'L-100041-1',
  demoOnly: false,
  documentsWaiting: 1,
  hasDeposited: true,
  tradingEnabled: true,
  createdAt: '2026-11-01T09:30:00.000Z',
};

const emptyDocument = {
  status: '0',
  note: '',
  updated: null,
  documentId: null,
  mime: null,
  originalName: null,
  size: null,
  documentNumber: null,
  issuingCountry: null,
  expiresOn: null,
  expiry: 'none',
};

const detail = {
  ...row,
  birthDate: null,
  state: '',
  city: 'Berlin',
  street: '',
  zipCode: '',
  restrictedMode: false,
  autoTrading: false,
  assetsGroupPermission: [1, 2],
  customLeverage: { '1': [0, 2] },
  documents: Object.fromEntries(DOCUMENT_TYPES.map((type) => [type, emptyDocument])),
  currencySymbol: '€',
};

describe('clients contracts', () => {
  it('reads a page of the client list', () => {
    const page = { items: [row], total: 1, page: 1, pageSize: 50 };
    expect(ClientRowPage.parse(page)).toEqual(page);
  });

  it('reads the client page with one slot per document type, and refuses one missing a slot', () => {
    expect(ClientDetail.parse(detail)).toEqual(detail);
    const { doc_funding_back: _missing, ...three } = detail.documents;
    expect(ClientDetail.safeParse({ ...detail, documents: three }).success).toBe(false);
    const unknownStatus = { ...detail.documents, doc_passport: { ...emptyDocument, status: '4' } };
    expect(ClientDetail.safeParse({ ...detail, documents: unknownStatus }).success).toBe(false);
  });

  it('reads a brand in scope only with a known verification mode', () => {
    const brand = {
      id: 1,
      slug: 'alpha',
      name: 'Alpha Markets',
      currency: 'EUR',
      currencySymbol: '€',
      backoffice: {
        verification: 'manual',
        fourEyesAbove: 10000,
        bonusWithdrawable: false,
        defaultPermissions: null,
        defaultLeverage: { '1': [0, 1] },
      },
    };
    expect(BackofficeBrand.parse(brand)).toEqual(brand);
    const unknown = { ...brand, backoffice: { ...brand.backoffice, verification: 'never' } };
    expect(BackofficeBrand.safeParse(unknown).success).toBe(false);
  });

  it('reads an audit row whose change is a JSON object or nothing', () => {
    const audit = {
      id: 7,
      createdAt: '2026-11-02T10:00:00.000Z',
      actor: 'staff:3',
      staffName: 'Clara Compliance',
      role: 'compliance',
      brandId: 1,
      brandSlug: 'alpha',
      userId: 41,
      action: 'client.profile',
      subject: 'user:41',
      before: { city: 'Bonn' },
      after: { city: 'Berlin' },
      reason: null,
      ip: '127.0.0.1',
      details: {},
    };
    expect(ClientAuditRow.parse(audit)).toEqual(audit);
    expect(ClientAuditRow.parse({ ...audit, before: null, after: null }).before).toBeNull();
    expect(ClientAuditRow.safeParse({ ...audit, before: 'Bonn' }).success).toBe(false);
  });
});
