import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../test/i18n.js';
import { PanelBoundary } from './PanelBoundary.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A panel that throws while `failing.now` is set, in its render or in an effect. */
function Flaky({ failing, where }: { failing: { now: boolean }; where: 'render' | 'effect' }) {
  const [mountedAt] = useState(() => Math.random());
  if (where === 'render' && failing.now) throw new Error('render failed');
  useEffect(() => {
    if (where === 'effect' && failing.now) throw new Error('effect failed');
  }, [failing, where]);
  return (
    <p data-testid="flaky" data-mounted={mountedAt}>
      working
    </p>
  );
}

function renderPanels(failing: { now: boolean }, where: 'render' | 'effect', language: 'en' | 'de' = 'en') {
  // React reports what a boundary caught on the console: expected here
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <PanelBoundary name="chart" title="Chart">
        <Flaky failing={failing} where={where} />
      </PanelBoundary>
      <PanelBoundary name="positions" title="Positions">
        <button type="button" data-testid="close-7">
          Close
        </button>
      </PanelBoundary>
    </I18nextProvider>,
  );
}

describe('PanelBoundary', () => {
  it.each(['render', 'effect'] as const)(
    'shows a translated notice with Retry in place of a panel that throws in its %s, the others stay',
    (where) => {
      const failing = { now: true };
      renderPanels(failing, where);
      const box = screen.getByTestId('panel-failed-chart');
      expect(box.getAttribute('role')).toBe('alert');
      expect(box.textContent).toContain('Chart could not be shown');
      expect(screen.queryByTestId('flaky')).toBeNull();
      expect(screen.getByTestId('close-7')).toBeTruthy();

      // Retry mounts the panel anew
      failing.now = false;
      fireEvent.click(screen.getByTestId('panel-retry-chart'));
      expect(screen.getByTestId('flaky').textContent).toBe('working');
      expect(screen.queryByTestId('panel-failed-chart')).toBeNull();
    },
  );

  it('speaks German', () => {
    renderPanels({ now: true }, 'render', 'de');
    expect(screen.getByTestId('panel-failed-chart').textContent).toContain(
      'Chart konnte nicht angezeigt werden',
    );
    expect(screen.getByTestId('panel-retry-chart').textContent).toBe('Erneut laden');
  });

  it('a failed panel tries again when its reset key changes; a working one keeps its state', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = { now: false };
    const i18n = createI18n('en');
    const view = (resetKey: string) => (
      <I18nextProvider i18n={i18n}>
        <PanelBoundary name="chart" title="Chart" resetKey={resetKey}>
          <Flaky failing={failing} where="render" />
        </PanelBoundary>
      </I18nextProvider>
    );
    const { rerender } = render(view('BTCUSD'));
    const mounted = screen.getByTestId('flaky').dataset.mounted;
    rerender(view('ETHUSD'));
    // not re-mounted: same state
    expect(screen.getByTestId('flaky').dataset.mounted).toBe(mounted);

    failing.now = true;
    rerender(view('ETHUSD:again'));
    expect(screen.getByTestId('panel-failed-chart')).toBeTruthy();
    failing.now = false;
    rerender(view('EURUSD'));
    expect(screen.getByTestId('flaky').textContent).toBe('working');
  });
});
