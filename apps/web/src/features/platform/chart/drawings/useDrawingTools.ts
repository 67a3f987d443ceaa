import { CHART_LAYOUT_MAX_DRAWINGS, type ChartDrawing, type DrawingKind } from '@openbroker/domain';
import { useCallback, useEffect, useState } from 'react';

/** A drawing as the chart places it, before it gets its id. */
export type NewDrawing = ChartDrawing extends infer D
  ? D extends ChartDrawing
    ? Omit<D, 'id'>
    : never
  : never;

/** The drawing tools' state and actions, shared by the toolbar, the list and the layer on the chart. */
export interface DrawingTools {
  drawings: readonly ChartDrawing[];
  /** The tool placing a drawing now (the chart's pointer goes to it), or null: the chart pans as usual. */
  tool: DrawingKind | null;
  selectedId: string | null;
  /** Decimals the instrument quotes with, for the levels' prices. */
  precision: number;
  choose: (tool: DrawingKind | null) => void;
  select: (id: string | null) => void;
  /** Adds a drawing (up to the limit), selects it and puts the tool down. */
  place: (drawing: NewDrawing) => void;
  /** Puts a drawing (moved by dragging) in place of the one with its id. */
  replace: (drawing: ChartDrawing) => void;
  remove: (id: string) => void;
  clear: () => void;
}

let sequence = 0;
/** A fresh drawing id: the time and a counter, in base 36 (unique within a layout). */
export const newDrawingId = (): string => {
  sequence = (sequence + 1) % 1_679_616;
  return `d${Date.now().toString(36)}${sequence.toString(36)}`;
};

/** Whether a key press belongs to a text field (Delete there edits the text, not the chart). */
const typing = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The drawing tools of one symbol's chart: which tool is in hand, which drawing is selected, and the changes
 * (saved through `onChange`). Escape puts the tool down (or drops the selection); Delete or Backspace deletes the
 * selected drawing. The keys are listened to only while a tool is in hand or a drawing is selected.
 */
export function useDrawingTools(
  symbol: string,
  drawings: readonly ChartDrawing[],
  onChange: (drawings: ChartDrawing[]) => void,
  precision: number,
): DrawingTools {
  const [state, setState] = useState<{ symbol: string; tool: DrawingKind | null; selectedId: string | null }>(
    {
      symbol,
      tool: null,
      selectedId: null,
    },
  );
  const current = state.symbol === symbol ? state : { symbol, tool: null, selectedId: null };
  const { tool } = current;
  const selectedId = drawings.some((d) => d.id === current.selectedId) ? current.selectedId : null;

  const choose = useCallback(
    (next: DrawingKind | null) => setState({ symbol, tool: next, selectedId: null }),
    [symbol],
  );
  const select = useCallback(
    (id: string | null) => setState({ symbol, tool: null, selectedId: id }),
    [symbol],
  );
  const remove = useCallback(
    (id: string) => {
      onChange(drawings.filter((d) => d.id !== id));
      setState((was) => ({ ...was, symbol, selectedId: was.selectedId === id ? null : was.selectedId }));
    },
    [drawings, onChange, symbol],
  );
  const place = useCallback(
    (drawing: NewDrawing) => {
      const id = newDrawingId();
      if (drawings.length < CHART_LAYOUT_MAX_DRAWINGS)
        onChange([...drawings, { ...drawing, id } as ChartDrawing]);
      setState({ symbol, tool: null, selectedId: id });
    },
    [drawings, onChange, symbol],
  );
  const replace = useCallback(
    (drawing: ChartDrawing) => onChange(drawings.map((d) => (d.id === drawing.id ? drawing : d))),
    [drawings, onChange],
  );
  const clear = useCallback(() => {
    onChange([]);
    setState({ symbol, tool: null, selectedId: null });
  }, [onChange, symbol]);

  useEffect(() => {
    if (!tool && !selectedId) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || typing(event.target)) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        setState({ symbol, tool: null, selectedId: null });
      } else if ((event.key === 'Delete' || event.key === 'Backspace') && selectedId && !tool) {
        event.preventDefault();
        remove(selectedId);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [tool, selectedId, remove, symbol]);

  return { drawings, tool, selectedId, precision, choose, select, place, replace, remove, clear };
}
