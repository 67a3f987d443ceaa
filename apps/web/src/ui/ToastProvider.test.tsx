import { MESSAGES_EN, TIMING } from '@openbroker/domain';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../test/i18n.js';
import { ToastProvider, ToastSlot, useToast } from './ToastProvider.js';

// The terminal's toasts sit in their own cell of the summary (never over a figure). A long message must
// be readable to its end there: it wraps and scrolls inside the cell, and the toast stays while it is being read.

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

// one of the longest messages a toast carries
const KEY = 'engineOrder.rejectedNotAllowed';
const LONG = MESSAGES_EN[KEY];

function Terminal() {
  const toast = useToast();
  return (
    <>
      <ToastSlot className="ob-summary-toasts" />
      <button type="button" onClick={() => toast('danger', { key: KEY })}>
        show
      </button>
    </>
  );
}

function renderTerminal() {
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <ToastProvider>
        <Terminal />
      </ToastProvider>
    </I18nextProvider>,
  );
  act(() => fireEvent.click(screen.getByText('show')));
  return screen.getByTestId('toast-danger');
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('toasts in the terminal cell', () => {
  it('shows the whole message in the cell', () => {
    const toast = renderTerminal();
    expect(screen.getByTestId('toast-slot').contains(toast)).toBe(true);
    expect(toast.textContent).toBe(LONG);
  });

  it('is not held by a resting pointer: it hides after the spec delay (it would cover what is under it for ever)', () => {
    renderTerminal();
    fireEvent.mouseEnter(screen.getByTestId('toast-danger'));
    wait(TIMING.toastAutohideMs + 100);
    expect(screen.queryByTestId('toast-danger')).toBeNull();
  });

  it('stays while the focus is in it (a keyboard user scrolling it)', () => {
    const toast = renderTerminal();
    fireEvent.focus(screen.getByRole('button', { name: 'Close' }));
    wait(TIMING.toastAutohideMs * 3);
    expect(screen.queryByTestId('toast-danger')).not.toBeNull();
    fireEvent.blur(screen.getByRole('button', { name: 'Close' }));
    wait(TIMING.toastAutohideMs + 100);
    expect(screen.queryByTestId('toast-danger')).toBeNull();
    expect(toast.isConnected).toBe(false);
  });

  it('without the pointer or focus it hides after the spec delay', () => {
    renderTerminal();
    wait(TIMING.toastAutohideMs + 100);
    expect(screen.queryByTestId('toast-danger')).toBeNull();
  });
});
