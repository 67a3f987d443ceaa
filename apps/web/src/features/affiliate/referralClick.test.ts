import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../lib/memoryStorage.js';
import { countReferralClick, REFERRAL_CLICKS_KEY } from './referralClick.js';

describe('tracking-link clicks: once per browser, code and UTC day', () => {
  it('sends a code once a day, again the next day, and each code on its own', () => {
    const storage = memoryStorage();
    const send = vi.fn(async (_code: string) => ({}));
    const day1 = new Date('2026-03-01T10:00:00Z');
    expect(countReferralClick('?ref=DEMOAFF', day1, send, storage)).toBe(true);
    expect(countReferralClick('?x=1&ref=demoaff', new Date('2026-03-01T23:59:00Z'), send, storage)).toBe(
      false,
    );
    expect(countReferralClick('?ref=OTHER1', day1, send, storage)).toBe(true);
    expect(countReferralClick('?ref=DEMOAFF', new Date('2026-03-02T00:00:00Z'), send, storage)).toBe(true);
    expect(send.mock.calls.map(([code]) => code)).toEqual(['DEMOAFF', 'OTHER1', 'DEMOAFF']);
    // yesterday's entries are dropped
    expect(JSON.parse(storage.getItem(REFERRAL_CLICKS_KEY) ?? '{}')).toEqual({ DEMOAFF: '2026-03-02' });
  });

  it('sends nothing without a usable code', () => {
    const send = vi.fn(async (_code: string) => ({}));
    for (const search of ['', '?ref=', '?ref=%3Cscript%3E', '?other=1']) {
      expect(countReferralClick(search, new Date(), send, memoryStorage())).toBe(false);
    }
    expect(send).not.toHaveBeenCalled();
  });

  it('survives a failed call and a garbled record', async () => {
    const storage = memoryStorage();
    storage.setItem(REFERRAL_CLICKS_KEY, '"nonsense"');
    expect(
      countReferralClick(
        '?ref=DEMOAFF',
        new Date(),
        async () => Promise.reject(new Error('offline')),
        storage,
      ),
    ).toBe(true);
  });
});
