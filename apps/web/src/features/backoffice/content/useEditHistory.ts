import { useRef, useState } from 'react';
import { type EditorNode, toComponents } from './tree.js';

/** The page as the editor holds it: the page fields and the component tree. */
export interface Doc {
  title: string;
  slug: string;
  description: string;
  nodes: EditorNode[];
}

/** The page as it is saved: what tells an edited page from the saved one. */
export const snapshot = (doc: Doc): string =>
  JSON.stringify({
    title: doc.title,
    slug: doc.slug,
    description: doc.description,
    components: toComponents(doc.nodes),
  });

const HISTORY_LIMIT = 100;

/** The edited page with its undo and redo steps. */
export function useEditHistory(initial: Doc) {
  const [doc, setDoc] = useState<Doc>(initial);
  const [past, setPast] = useState<Doc[]>([]);
  const [future, setFuture] = useState<Doc[]>([]);

  /** The last edit's field and time: typing in one field is one undo step, not one per key. */
  const lastEdit = useRef<{ key: string; at: number } | null>(null);
  /** Every change goes through here: one undo step each (keystrokes in one field within 1.5 s merge). */
  const change = (update: (doc: Doc) => Doc, mergeKey?: string) => {
    const after = update(doc);
    if (after === doc) return;
    const now = Date.now();
    const merge =
      mergeKey !== undefined && lastEdit.current?.key === mergeKey && now - lastEdit.current.at < 1500;
    lastEdit.current = mergeKey === undefined ? null : { key: mergeKey, at: now };
    if (!merge) setPast((list) => [...list.slice(-HISTORY_LIMIT + 1), doc]);
    setFuture([]);
    setDoc(after);
  };
  const changeNodes = (update: (nodes: EditorNode[]) => EditorNode[], mergeKey?: string) =>
    change((before) => {
      const nodes = update(before.nodes);
      return nodes === before.nodes ? before : { ...before, nodes };
    }, mergeKey);

  const undo = () => {
    const previous = past.at(-1);
    if (!previous) return;
    lastEdit.current = null;
    setPast(past.slice(0, -1));
    setFuture([doc, ...future]);
    setDoc(previous);
  };
  const redo = () => {
    const next = future[0];
    if (!next) return;
    setFuture(future.slice(1));
    setPast([...past, doc]);
    setDoc(next);
  };

  return {
    doc,
    change,
    changeNodes,
    undo,
    redo,
    canUndo: past.length > 0,
    canRedo: future.length > 0,
  };
}
