import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Doc, snapshot, useEditHistory } from './useEditHistory.js';

const page: Doc = { title: 'About', slug: 'about', description: '', nodes: [] };

describe('the page editor history', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps typing in one field as one undo step, and redoes it', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useEditHistory(page));
    for (const title of ['Ab', 'Abo', 'About us']) {
      act(() => result.current.change((doc) => ({ ...doc, title }), 'page:title'));
      act(() => vi.advanceTimersByTime(200));
    }
    expect(result.current.doc.title).toBe('About us');
    act(() => result.current.undo());
    expect(result.current.doc.title).toBe('About');
    expect(result.current.canUndo).toBe(false);
    act(() => result.current.redo());
    expect(result.current.doc.title).toBe('About us');
  });

  it('makes a new step after a pause, for another field, and not for a change that changes nothing', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useEditHistory(page));
    act(() => result.current.change((doc) => ({ ...doc, title: 'A' }), 'page:title'));
    act(() => vi.advanceTimersByTime(2000));
    act(() => result.current.change((doc) => ({ ...doc, title: 'AB' }), 'page:title'));
    act(() => result.current.change((doc) => ({ ...doc, slug: 'ab' }), 'page:slug'));
    act(() => result.current.changeNodes((nodes) => nodes));
    act(() => result.current.undo());
    expect(result.current.doc).toMatchObject({ title: 'AB', slug: 'about' });
    act(() => result.current.undo());
    expect(result.current.doc.title).toBe('A');
    act(() => result.current.undo());
    expect(snapshot(result.current.doc)).toBe(snapshot(page));
    expect(result.current.canRedo).toBe(true);
  });
});
