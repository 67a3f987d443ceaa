import { COMPONENT_TYPES, type ComponentType, type ContentComponent, GRID_COLUMNS } from '@openbroker/domain';

/**
 * The page editor's tree model: the stored page tree (`{component, settings, columns?, children?}`,
 * packages/domain content.ts) with an id on every node so selection and React keys survive moves. Every
 * operation is a pure function that answers a new tree and leaves the old one untouched.
 *
 * Containers: `section` and `card` hold `children`; `grid` holds 1 to 5 `columns`, each with children.
 */

export interface EditorNode {
  id: string;
  component: string;
  settings: Record<string, unknown>;
  columns?: { settings?: Record<string, unknown>; children: EditorNode[] }[];
  children?: EditorNode[];
}

/** Where a list of nodes lives: the page's top level, a container's children, or one grid column. */
export interface Slot {
  parentId: string | null;
  column?: number;
}

/** Types that hold `children`. */
export const CHILD_CONTAINERS: readonly ComponentType[] = ['section', 'card'];

export const isContainer = (type: string): boolean =>
  type === 'grid' || (CHILD_CONTAINERS as readonly string[]).includes(type);

let counter = 0;
/** A fresh node id (unique within the session). */
export const newId = (): string => `n${++counter}`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** Default settings of a new component, so it shows something in the preview straight away. */
export function defaultSettings(type: ComponentType): Record<string, unknown> {
  switch (type) {
    case 'heading':
      return { text: 'Heading', tag: 'h2' };
    case 'text':
      return { text: 'Write your text here.' };
    case 'html':
      return { html: '<p>HTML</p>' };
    case 'customimage':
    case 'image':
      return { image: { path: '', alt: '' } };
    case 'hero':
      return { title: 'Headline', subtitle: '' };
    case 'pagebanner':
    case 'bannermedia':
      return { title: 'Banner title', height: 'small' };
    case 'map':
      return { location: { lat: 51.5074, lng: -0.1278 }, zoom: 13 };
    case 'grid':
      return {};
    case 'blogposts':
      return { prefix: 'blog/', limit: 6 };
    case 'codeblock':
      return { code: '', language: '' };
    case 'contactform':
      return { form: 'contact' };
    case 'video':
      return { url: '' };
    case 'subpages':
      return { parent: '' };
    case 'button':
      return { text: 'Button', url: '/', variant: 'primary' };
    case 'carousel':
      return { items: [{ value: { text: 'Slide 1', summary: '' } }] };
    case 'card':
      return { title: 'Card title' };
    case 'section':
      return { background: 'default' };
    case 'widget':
      return { type: 'market-quotes' };
    default:
      return {};
  }
}

/** A new node of `type` with its default settings (a grid starts with two empty columns). */
export function createNode(type: ComponentType): EditorNode {
  const node: EditorNode = { id: newId(), component: type, settings: defaultSettings(type) };
  if (type === 'grid') node.columns = [{ children: [] }, { children: [] }];
  if ((CHILD_CONTAINERS as readonly string[]).includes(type)) node.children = [];
  return node;
}

/** Stored page components → editor nodes (ids added; anything that is not an object is dropped). */
export function fromComponents(components: readonly unknown[] | undefined): EditorNode[] {
  if (!Array.isArray(components)) return [];
  return components.filter(isObject).map((raw) => {
    const node: EditorNode = {
      id: newId(),
      component: typeof raw.component === 'string' ? raw.component : 'unknown',
      settings: isObject(raw.settings) ? structuredClone(raw.settings) : {},
    };
    if (Array.isArray(raw.columns)) {
      node.columns = raw.columns.filter(isObject).map((column) => ({
        ...(isObject(column.settings) ? { settings: structuredClone(column.settings) } : {}),
        children: fromComponents(column.children as unknown[]),
      }));
    }
    if (Array.isArray(raw.children)) node.children = fromComponents(raw.children);
    return node;
  });
}

/** Editor nodes → the page components the API stores (ids removed). */
export function toComponents(nodes: readonly EditorNode[]): ContentComponent[] {
  return nodes.map((node) => {
    const out: Record<string, unknown> = { component: node.component, settings: node.settings };
    if (node.columns) {
      out.columns = node.columns.map((column) => ({
        ...(column.settings ? { settings: column.settings } : {}),
        children: toComponents(column.children),
      }));
    }
    if (node.children) out.children = toComponents(node.children);
    return out as unknown as ContentComponent;
  });
}

// ------------------------------------------------------------------------------------------ lookups

export interface Located {
  node: EditorNode;
  slot: Slot;
  index: number;
  /** Ids from the top level down to the node's parent. */
  ancestors: string[];
}

/** Finds a node with its slot, index and ancestors, or null. */
export function locate(nodes: readonly EditorNode[], id: string): Located | null {
  const walk = (list: readonly EditorNode[], slot: Slot, ancestors: string[]): Located | null => {
    for (let index = 0; index < list.length; index++) {
      const node = list[index] as EditorNode;
      if (node.id === id) return { node, slot, index, ancestors };
      const below = [...ancestors, node.id];
      if (node.children) {
        const found = walk(node.children, { parentId: node.id }, below);
        if (found) return found;
      }
      if (node.columns) {
        for (let column = 0; column < node.columns.length; column++) {
          const found = walk(node.columns[column]?.children ?? [], { parentId: node.id, column }, below);
          if (found) return found;
        }
      }
    }
    return null;
  };
  return walk(nodes, { parentId: null }, []);
}

export const findNode = (nodes: readonly EditorNode[], id: string): EditorNode | null =>
  locate(nodes, id)?.node ?? null;

/** The list of nodes at a slot, or null when the slot does not exist. */
export function slotList(nodes: readonly EditorNode[], slot: Slot): readonly EditorNode[] | null {
  if (slot.parentId === null) return nodes;
  const parent = findNode(nodes, slot.parentId);
  if (!parent) return null;
  if (slot.column !== undefined) return parent.columns?.[slot.column]?.children ?? null;
  return parent.children ?? null;
}

// -------------------------------------------------------------------------------------- operations

/** Replaces the list at `slot` with `update(list)`; copies only the path down to it. */
function withSlot(
  nodes: readonly EditorNode[],
  slot: Slot,
  update: (list: EditorNode[]) => EditorNode[],
): EditorNode[] {
  if (slot.parentId === null) return update([...nodes]);
  return mapNode(nodes, slot.parentId, (parent) => {
    if (slot.column !== undefined) {
      if (!parent.columns?.[slot.column]) return parent;
      const columns = parent.columns.map((column, index) =>
        index === slot.column ? { ...column, children: update([...column.children]) } : column,
      );
      return { ...parent, columns };
    }
    if (!parent.children) return parent;
    return { ...parent, children: update([...parent.children]) };
  });
}

/** Applies `update` to the node `id` wherever it is. */
export function mapNode(
  nodes: readonly EditorNode[],
  id: string,
  update: (node: EditorNode) => EditorNode,
): EditorNode[] {
  let changed = false;
  const result = nodes.map((node) => {
    if (node.id === id) {
      changed = true;
      return update(node);
    }
    let next = node;
    if (node.children) {
      const children = mapNode(node.children, id, update);
      if (children !== node.children) next = { ...next, children };
    }
    if (node.columns) {
      let columnsChanged = false;
      const columns = node.columns.map((column) => {
        const children = mapNode(column.children, id, update);
        if (children === column.children) return column;
        columnsChanged = true;
        return { ...column, children };
      });
      if (columnsChanged) next = { ...next, columns };
    }
    if (next !== node) changed = true;
    return next;
  });
  return changed ? result : (nodes as EditorNode[]);
}

/** Whether `slot` can hold nodes at all (the top level, a container's children, an existing grid column). */
function slotExists(nodes: readonly EditorNode[], slot: Slot): boolean {
  return slotList(nodes, slot) !== null;
}

/** Inserts `node` at `index` (clamped; default: the end) of `slot`. Unknown slots leave the tree as it is. */
export function insertNode(
  nodes: readonly EditorNode[],
  slot: Slot,
  node: EditorNode,
  index?: number,
): EditorNode[] {
  if (!slotExists(nodes, slot)) return nodes as EditorNode[];
  return withSlot(nodes, slot, (list) => {
    const at = index === undefined ? list.length : Math.max(0, Math.min(index, list.length));
    list.splice(at, 0, node);
    return list;
  });
}

/** Removes the node `id` with everything inside it. */
export function removeNode(nodes: readonly EditorNode[], id: string): EditorNode[] {
  const found = locate(nodes, id);
  if (!found) return nodes as EditorNode[];
  return withSlot(nodes, found.slot, (list) => list.filter((node) => node.id !== id));
}

/** Moves the node `id` to `index` of `slot`. Refused (tree unchanged) into itself or its own descendants. */
export function moveNode(nodes: readonly EditorNode[], id: string, slot: Slot, index?: number): EditorNode[] {
  const found = locate(nodes, id);
  if (!found || !slotExists(nodes, slot)) return nodes as EditorNode[];
  if (slot.parentId !== null) {
    const target = locate(nodes, slot.parentId);
    if (slot.parentId === id || target?.ancestors.includes(id)) return nodes as EditorNode[];
  }
  const sameSlot = found.slot.parentId === slot.parentId && found.slot.column === slot.column;
  const without = removeNode(nodes, id);
  let at = index;
  if (sameSlot && at !== undefined && at > found.index) at -= 1;
  return insertNode(without, slot, found.node, at);
}

const sameSlot = (a: Slot, b: Slot) => a.parentId === b.parentId && a.column === b.column;

/**
 * One step up. At the top of a grid column the node goes to the end of the previous column.
 */
export function moveUp(nodes: readonly EditorNode[], id: string): EditorNode[] {
  const found = locate(nodes, id);
  if (!found) return nodes as EditorNode[];
  if (found.index > 0) return moveNode(nodes, id, found.slot, found.index - 1);
  const { column, parentId } = found.slot;
  if (column !== undefined && column > 0) return moveNode(nodes, id, { parentId, column: column - 1 });
  return nodes as EditorNode[];
}

/** One step down. At the bottom of a grid column the node goes to the top of the next column. */
export function moveDown(nodes: readonly EditorNode[], id: string): EditorNode[] {
  const found = locate(nodes, id);
  if (!found) return nodes as EditorNode[];
  const list = slotList(nodes, found.slot) ?? [];
  if (found.index < list.length - 1) return moveNode(nodes, id, found.slot, found.index + 2);
  const { column, parentId } = found.slot;
  if (column !== undefined && parentId !== null) {
    const grid = findNode(nodes, parentId);
    if (grid?.columns && column < grid.columns.length - 1)
      return moveNode(nodes, id, { parentId, column: column + 1 }, 0);
  }
  return nodes as EditorNode[];
}

/** The slot a node would enter with `moveInto`: the container just above it (a grid: its last column). */
export function intoTarget(nodes: readonly EditorNode[], id: string): Slot | null {
  const found = locate(nodes, id);
  if (!found || found.index === 0) return null;
  const previous = slotList(nodes, found.slot)?.[found.index - 1];
  if (!previous) return null;
  if (previous.columns && previous.columns.length > 0)
    return { parentId: previous.id, column: previous.columns.length - 1 };
  if (previous.children) return { parentId: previous.id };
  return null;
}

/** Moves a node into the container just above it (at its end). */
export function moveInto(nodes: readonly EditorNode[], id: string): EditorNode[] {
  const target = intoTarget(nodes, id);
  return target ? moveNode(nodes, id, target) : (nodes as EditorNode[]);
}

/** Moves a node out of its container, to just after that container. */
export function moveOut(nodes: readonly EditorNode[], id: string): EditorNode[] {
  const found = locate(nodes, id);
  if (!found || found.slot.parentId === null) return nodes as EditorNode[];
  const parent = locate(nodes, found.slot.parentId);
  if (!parent) return nodes as EditorNode[];
  return moveNode(nodes, id, parent.slot, parent.index + 1);
}

/** A deep copy with fresh ids. */
export function cloneNode(node: EditorNode): EditorNode {
  const copy: EditorNode = {
    id: newId(),
    component: node.component,
    settings: structuredClone(node.settings),
  };
  if (node.columns)
    copy.columns = node.columns.map((column) => ({
      ...(column.settings ? { settings: structuredClone(column.settings) } : {}),
      children: column.children.map(cloneNode),
    }));
  if (node.children) copy.children = node.children.map(cloneNode);
  return copy;
}

/** Duplicates a node (and what it holds) just after itself. Answers the tree and the copy's id. */
export function duplicateNode(
  nodes: readonly EditorNode[],
  id: string,
): { nodes: EditorNode[]; id: string | null } {
  const found = locate(nodes, id);
  if (!found) return { nodes: nodes as EditorNode[], id: null };
  const copy = cloneNode(found.node);
  return { nodes: insertNode(nodes, found.slot, copy, found.index + 1), id: copy.id };
}

/** Replaces a node's settings. */
export function updateSettings(
  nodes: readonly EditorNode[],
  id: string,
  settings: Record<string, unknown>,
): EditorNode[] {
  return mapNode(nodes, id, (node) => ({ ...node, settings }));
}

/** Adds an empty column to a grid (at most 5). */
export function addColumn(nodes: readonly EditorNode[], gridId: string): EditorNode[] {
  return mapNode(nodes, gridId, (node) =>
    node.columns && node.columns.length < GRID_COLUMNS.max
      ? { ...node, columns: [...node.columns, { children: [] }] }
      : node,
  );
}

/** Removes a grid's column and what it holds (a grid keeps at least one column). */
export function removeColumn(nodes: readonly EditorNode[], gridId: string, column: number): EditorNode[] {
  return mapNode(nodes, gridId, (node) =>
    node.columns && node.columns.length > GRID_COLUMNS.min && node.columns[column]
      ? { ...node, columns: node.columns.filter((_, index) => index !== column) }
      : node,
  );
}

/** Which moves a node allows now (for the tree's buttons). */
export function moves(nodes: readonly EditorNode[], id: string) {
  const found = locate(nodes, id);
  if (!found) return { up: false, down: false, into: false, out: false };
  return {
    up: moveUp(nodes, id) !== nodes,
    down: moveDown(nodes, id) !== nodes,
    into: intoTarget(nodes, id) !== null,
    out: found.slot.parentId !== null,
  };
}

/** Counts the nodes of a tree (all levels). */
export function countNodes(nodes: readonly EditorNode[]): number {
  return nodes.reduce(
    (sum, node) =>
      sum +
      1 +
      countNodes(node.children ?? []) +
      (node.columns ?? []).reduce((columns, column) => columns + countNodes(column.children), 0),
    0,
  );
}

export const ALL_TYPES: readonly ComponentType[] = COMPONENT_TYPES;
export { sameSlot };

/**
 * The node and settings key an error path points at. Paths come from the tree check (`[2, 'columns', 0,
 * 'children', 1, 'settings', 'url']`) or from the save route (the same with 'components' first).
 */
export function locatePath(
  nodes: readonly EditorNode[],
  path: readonly (string | number)[],
): { id: string; field: string } | null {
  const steps = path[0] === 'components' ? path.slice(1) : [...path];
  let list: readonly EditorNode[] = nodes;
  let node: EditorNode | null = null;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    const index = typeof step === 'number' ? step : /^\d+$/.test(String(step)) ? Number(step) : null;
    if (index !== null) {
      const next = list[index];
      if (!next) return node ? { id: node.id, field: '' } : null;
      node = next;
      continue;
    }
    if (!node) return null;
    if (step === 'settings') {
      const rest = steps.slice(i + 1);
      const field = rest
        .map((part, at) =>
          typeof part === 'number' || /^\d+$/.test(String(part))
            ? `[${part}]`
            : `${at > 0 ? '.' : ''}${part}`,
        )
        .join('');
      return { id: node.id, field };
    }
    if (step === 'children') {
      list = node.children ?? [];
      continue;
    }
    if (step === 'columns') {
      const column = steps[i + 1];
      const columnIndex = typeof column === 'number' ? column : Number(column);
      const columnList = node.columns?.[columnIndex];
      if (!columnList) return { id: node.id, field: '' };
      list = columnList.children;
      i += steps[i + 2] === 'children' ? 2 : 1;
      continue;
    }
    return { id: node.id, field: '' };
  }
  return node ? { id: node.id, field: '' } : null;
}
