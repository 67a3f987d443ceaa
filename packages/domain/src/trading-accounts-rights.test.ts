import { describe, expect, it } from 'vitest';
import { accountTradeRights } from './trading-accounts.js';

describe('what an account trades under', () => {
  const unverified = { verified: false, permissions: [1] };
  const every = [1, 2, 3, 4, 5];

  it('a demo account trades every category without KYC', () => {
    expect(accountTradeRights('demo', unverified, every)).toEqual({ verified: true, permissions: every });
  });

  it("a live account trades under its client's verification and permissions", () => {
    expect(accountTradeRights('live', unverified, every)).toEqual(unverified);
    expect(accountTradeRights(undefined, unverified, every)).toEqual(unverified);
  });
});
