import { describe, expect, it } from 'vitest';
import { TIMING } from './timing.js';

describe('spec §4/§9 timings', () => {
  it('logs an idle client out after 20 minutes, with a 500 ms debounce', () => {
    expect(TIMING.idleLogoutMs).toBe(20 * 60 * 1000);
    expect(TIMING.idleDebounceMs).toBe(500);
  });

  it('has every timing the spec names, in milliseconds', () => {
    expect(TIMING).toEqual({
      idleLogoutMs: 1_200_000,
      idleDebounceMs: 500,
      positionsRefreshMs: 5000,
      toastAutohideMs: 3000,
      cashierClickMs: 2000,
      thankYouCloseMs: 1500,
      contactFormDelayMs: 400,
      autoLoginClickMs: 2000,
    });
  });
});
