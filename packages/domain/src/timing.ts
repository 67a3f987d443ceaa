/** Every timing constant of spec §4 and §9, in milliseconds. */
export const TIMING = {
  // spec §4: Idle 20 minutes (1200000 ms, debounce 500) while logged in logs out.
  idleLogoutMs: 1_200_000,
  idleDebounceMs: 500,
  // spec §7/§9: positions refreshed every 5 s.
  positionsRefreshMs: 5000,
  // spec §8/§9: success toasts autohide 3 s.
  toastAutohideMs: 3000,
  // spec §7/§9: cashier widget script clicked after 2 s.
  cashierClickMs: 2000,
  // spec §4/§9: bank wire and withdraw thank-you closes after 1.5 s.
  thankYouCloseMs: 1500,
  // spec §4/§9: public contact form posts after a 400 ms delay.
  contactFormDelayMs: 400,
  // spec §2/§9: auto-login button clicked after 2 s.
  autoLoginClickMs: 2000,
} as const;

export type TimingKey = keyof typeof TIMING;
