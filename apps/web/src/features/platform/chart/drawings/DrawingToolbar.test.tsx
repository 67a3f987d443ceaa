import type { ChartDrawing, DrawingKind } from '@openbroker/domain';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../../test/i18n.js';
import { DrawingToolbar } from './DrawingToolbar.js';
import { type DrawingTools, useDrawingTools } from './useDrawingTools.js';

afterEach(cleanup);

const FIB: ChartDrawing = {
  kind: 'fibonacci',
  id: 'f1',
  a: { time: 1_767_225_600, price: 98_500 },
  b: { time: 1_767_229_200, price: 100_000.5 },
};
const LINE: ChartDrawing = { kind: 'horizontal', id: 'h1', price: 99_000 };

/** The toolbar over the real tools' state, with the drawings kept here. */
function renderToolbar(initial: ChartDrawing[] = [], language: 'en' | 'de' = 'en') {
  const seen: { tools: DrawingTools | null; drawings: ChartDrawing[] } = { tools: null, drawings: initial };
  const onChange = vi.fn((next: ChartDrawing[]) => {
    seen.drawings = next;
    view.rerender(wrap());
  });
  function Harness() {
    const tools = useDrawingTools('BTCUSD', seen.drawings, onChange, 2);
    seen.tools = tools;
    return <DrawingToolbar tools={tools} />;
  }
  const i18n = createI18n(language);
  const wrap = () => (
    <I18nextProvider i18n={i18n}>
      <Harness />
    </I18nextProvider>
  );
  const view = render(wrap());
  return { seen, onChange };
}

const tool = (kind: DrawingKind) => screen.getByTestId(`chart-draw-${kind}`);

describe('drawing toolbar', () => {
  it('names every tool for screen readers and as a tooltip, and takes one tool at a time', () => {
    const { seen } = renderToolbar();
    const group = screen.getByRole('group', { name: 'Drawing tools' });
    const names = within(group)
      .getAllByRole('button')
      .map((button) => [button.getAttribute('aria-label'), button.getAttribute('title')]);
    expect(names).toEqual(
      ['Trend line', 'Ray', 'Horizontal line', 'Rectangle', 'Fibonacci retracement', 'Text'].map((n) => [
        n,
        n,
      ]),
    );
    fireEvent.click(tool('fibonacci'));
    expect(tool('fibonacci').getAttribute('aria-pressed')).toBe('true');
    expect(seen.tools?.tool).toBe('fibonacci');
    expect(screen.getByTestId('chart-draw-hint').textContent).toMatch(/two points/);
    fireEvent.click(tool('trend'));
    expect(tool('fibonacci').getAttribute('aria-pressed')).toBe('false');
    expect(seen.tools?.tool).toBe('trend');
    // pressed again: put down
    fireEvent.click(tool('trend'));
    expect(seen.tools?.tool).toBeNull();
  });

  it('Escape puts the tool down', () => {
    const { seen } = renderToolbar();
    fireEvent.click(tool('rectangle'));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(seen.tools?.tool).toBeNull();
    expect(tool('rectangle').getAttribute('aria-pressed')).toBe('false');
  });

  it('places a drawing: the tool goes down and the new drawing is selected', () => {
    const { seen, onChange } = renderToolbar();
    fireEvent.click(tool('horizontal'));
    act(() => seen.tools?.place({ kind: 'horizontal', price: 101_000 }));
    expect(onChange).toHaveBeenCalledTimes(1);
    const [placed] = seen.drawings;
    expect(placed).toMatchObject({
      kind: 'horizontal',
      price: 101_000,
      id: expect.stringMatching(/^d[0-9a-z]+$/),
    });
    expect(seen.tools?.tool).toBeNull();
    expect(seen.tools?.selectedId).toBe(placed?.id);
    expect(screen.getByTestId('chart-draw-delete').getAttribute('aria-label')).toBe(
      'Delete Horizontal line 101,000.00',
    );
  });

  it('lists the drawings; one is selected from the list and deleted with the Delete key', () => {
    const { seen } = renderToolbar([FIB, LINE]);
    fireEvent.click(screen.getByTestId('chart-drawings'));
    const list = screen.getByRole('list', { name: 'Drawings' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Fibonacci retracement 98,500.00 → 100,000.50',
      'Horizontal line 99,000.00',
    ]);
    fireEvent.click(screen.getByTestId('chart-drawing-fibonacci'));
    expect(seen.tools?.selectedId).toBe('f1');
    fireEvent.keyDown(document.body, { key: 'Delete' });
    expect(seen.drawings.map((d) => d.id)).toEqual(['h1']);
    expect(seen.tools?.selectedId).toBeNull();
  });

  it('a key typed in a text field is not taken for the chart', () => {
    const { seen } = renderToolbar([FIB]);
    act(() => seen.tools?.select('f1'));
    const input = document.createElement('input');
    document.body.append(input);
    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(seen.drawings).toHaveLength(1);
    input.remove();
  });

  it('deletes one from the list, and clears all after a confirmation', () => {
    const { seen } = renderToolbar([FIB, LINE]);
    fireEvent.click(screen.getByTestId('chart-drawings'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Horizontal line 99,000.00' }));
    expect(seen.drawings.map((d) => d.id)).toEqual(['f1']);
    fireEvent.click(screen.getByTestId('chart-drawings-clear'));
    expect(seen.drawings).toHaveLength(1);
    fireEvent.click(screen.getByTestId('chart-drawings-clear-confirm'));
    expect(seen.drawings).toEqual([]);
  });

  it('speaks the reader’s language', () => {
    renderToolbar([FIB], 'de');
    expect(screen.getByRole('group', { name: 'Zeichenwerkzeuge' })).toBeTruthy();
    expect(tool('fibonacci').getAttribute('title')).toBe('Fibonacci-Retracement');
    expect(screen.getByTestId('chart-drawings').getAttribute('aria-label')).toBe('Zeichnungen im Chart (1)');
  });
});
