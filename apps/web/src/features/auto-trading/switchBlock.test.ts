import { describe, expect, it } from 'vitest';
import { completeUser } from '../../test/paymentFixtures.js';
import { switchBlock } from './AutoTradingPage.js';
import { overviewFixture, settingsFixture } from './autoTradingFixtures.js';

describe('what keeps the auto-trading switch off', () => {
  const overview = overviewFixture({
    auto_trading: 0,
    settings: settingsFixture(),
    enabled_at: '2026-01-01T00:00:00Z',
  });
  const unverified = completeUser({ verified_account: 0 });

  it('asks an unverified client to verify before a live account trades automatically', () => {
    expect(switchBlock(overview, unverified, null, 'live')?.message.key).toBe('at.block.unverified');
  });

  it("lets a demo account's strategy run without verification, as its manual trading does", () => {
    expect(switchBlock(overview, unverified, null, 'demo')).toBeNull();
  });
});
