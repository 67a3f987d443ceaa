import { describe, expect, it } from 'vitest';
import { CLEAR_COMPLIANCE, type ComplianceStatus, complianceBlock, complianceBlocks } from './compliance.js';

const NOW = Date.parse('2026-12-01T10:00:00Z');
const DAY = 86_400_000;
const status = (patch: Partial<ComplianceStatus>): ComplianceStatus => ({ ...CLEAR_COMPLIANCE, ...patch });
const test = (patch: Partial<ComplianceStatus['appropriateness']>) =>
  status({ appropriateness: { ...CLEAR_COMPLIANCE.appropriateness, required: true, ...patch } });

describe('what a compliance standing stops', () => {
  it('a clear client trades, deposits and withdraws', () => {
    expect(complianceBlocks(CLEAR_COMPLIANCE, NOW)).toEqual({ trade: null, deposit: null, withdraw: null });
  });

  it('a confirmed screening match stops everything at once, demo accounts included', () => {
    const confirmed = status({ screening: 'confirmed' });
    expect(complianceBlocks(confirmed, NOW)).toEqual({
      trade: { key: 'compliance.screeningConfirmed' },
      deposit: { key: 'compliance.screeningConfirmed' },
      withdraw: { key: 'compliance.screeningConfirmed' },
    });
    expect(complianceBlock(confirmed, 'trade', NOW, 'demo')).toEqual({
      key: 'compliance.screeningConfirmed',
    });
  });

  it('a possible match under review pauses trades and deposits but lets the client withdraw', () => {
    const pending = status({ screening: 'pending' });
    expect(complianceBlocks(pending, NOW)).toEqual({
      trade: { key: 'compliance.screeningPending' },
      deposit: { key: 'compliance.screeningPending' },
      withdraw: null,
    });
    expect(complianceBlock(pending, 'trade', NOW, 'demo')).toBeNull();
  });

  it('an expired document stops trades and deposits from the end of the grace period, not before', () => {
    const expiring = status({ documentsBlockFrom: NOW + DAY });
    expect(complianceBlocks(expiring, NOW)).toEqual({ trade: null, deposit: null, withdraw: null });
    expect(complianceBlocks(expiring, NOW + DAY)).toEqual({
      trade: { key: 'compliance.documentExpired' },
      deposit: { key: 'compliance.documentExpired' },
      withdraw: null,
    });
  });

  it("a high-risk client's deposits wait for the due diligence documents; trading goes on", () => {
    const edd = status({ risk: { level: 'high', eddRequired: true } });
    expect(complianceBlocks(edd, NOW)).toEqual({
      trade: null,
      deposit: { key: 'compliance.eddRequired' },
      withdraw: null,
    });
  });

  it('the appropriateness test gates live trading only where the brand requires it', () => {
    expect(complianceBlock(test({ required: false }), 'trade', NOW)).toBeNull();
    expect(complianceBlock(test({}), 'trade', NOW)).toEqual({ key: 'compliance.appropriatenessRequired' });
    expect(complianceBlock(test({}), 'deposit', NOW)).toBeNull();
    expect(complianceBlock(test({}), 'trade', NOW, 'demo')).toBeNull();
    expect(complianceBlock(test({ outcome: 'pass' }), 'trade', NOW)).toBeNull();
  });

  it('a warning trades only once acknowledged; a block lasts until its date, then asks for a new test', () => {
    expect(complianceBlock(test({ outcome: 'warn' }), 'trade', NOW)).toEqual({
      key: 'compliance.appropriatenessWarning',
    });
    expect(complianceBlock(test({ outcome: 'warn', acknowledged: true }), 'trade', NOW)).toBeNull();
    const until = Date.parse('2026-12-31T00:00:00Z');
    expect(complianceBlock(test({ outcome: 'block', blockedUntil: until }), 'trade', NOW)).toEqual({
      key: 'compliance.appropriatenessBlocked',
      params: { date: '2026-12-31' },
    });
    expect(complianceBlock(test({ outcome: 'block', blockedUntil: until }), 'trade', until)).toEqual({
      key: 'compliance.appropriatenessRetake',
    });
  });
});
