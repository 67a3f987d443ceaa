import { act, cleanup, screen } from '@testing-library/react';
import { createMocks } from 'react-idle-timer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderBackoffice, staffFixture } from '../../../test/backofficeShellKit.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  createMocks(); // the idle timer takes the real timer functions back
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

/** Fake timers, also for the idle timer (it keeps the timer functions it found when loaded). */
function fakeClock() {
  vi.useFakeTimers();
  createMocks();
}

/** Lets the fake server's answers and React's updates through without moving the clock. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

describe('back-office idle sign-out', () => {
  it("signs out after the server's idle minutes from `me`, not a fixed 15, and says after how long", async () => {
    fakeClock();
    const { sent } = renderBackoffice('/backoffice', {
      staff: staffFixture({ sessionIdleMinutes: 3 }),
      api: { 'POST /api/backoffice/auth/logout': () => ok({}) },
    });
    await settle();
    await settle();
    expect(screen.getByTestId('bo-dashboard')).toBeTruthy();
    expect(screen.getByText('Sessions end after 3 minutes without activity.')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(3 * 60_000 - 5_000));
    expect(sent('POST', '/api/backoffice/auth/logout')).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await settle();
    expect(sent('POST', '/api/backoffice/auth/logout')).toHaveLength(1);
    expect(screen.getByTestId('bo-login-notice').textContent).toContain(
      'You were signed out after 3 minutes without activity.',
    );
  });

  it('keeps a session the server keeps longer than 15 minutes', async () => {
    fakeClock();
    const { sent } = renderBackoffice('/backoffice', {
      staff: staffFixture({ sessionIdleMinutes: 60 }),
      api: { 'POST /api/backoffice/auth/logout': () => ok({}) },
    });
    await settle();
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(30 * 60_000));
    expect(sent('POST', '/api/backoffice/auth/logout')).toHaveLength(0);
    expect(screen.getByTestId('bo-dashboard')).toBeTruthy();
  });
});
