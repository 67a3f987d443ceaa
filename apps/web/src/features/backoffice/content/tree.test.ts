import { COMPONENT_TYPES, checkComponentTree } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { diffVersions, settingChanges } from './diff.js';
import {
  addColumn,
  createNode,
  duplicateNode,
  type EditorNode,
  findNode,
  fromComponents,
  insertNode,
  locate,
  locatePath,
  moveDown,
  moveInto,
  moveNode,
  moveOut,
  moves,
  moveUp,
  removeColumn,
  removeNode,
  toComponents,
  updateSettings,
} from './tree.js';

/** A page: heading, section [text], grid [[card], []], button. */
function page() {
  return fromComponents([
    { component: 'heading', settings: { text: 'Welcome' } },
    {
      component: 'section',
      settings: { title: 'S' },
      children: [{ component: 'text', settings: { text: 'In' } }],
    },
    {
      component: 'grid',
      settings: { gap: 2 },
      columns: [
        { children: [{ component: 'card', settings: { title: 'C1' }, children: [] }] },
        { children: [] },
      ],
    },
    { component: 'button', settings: { text: 'Go', url: '/go' } },
  ]);
}

/** The tree's shape as text: 'heading section(text) grid[card()|] button'. */
function shape(nodes: readonly EditorNode[]): string {
  return nodes
    .map((node) => {
      let text = node.component;
      if (node.children) text += `(${shape(node.children)})`;
      if (node.columns) text += `[${node.columns.map((column) => shape(column.children)).join('|')}]`;
      return text;
    })
    .join(' ');
}

const idOf = (nodes: EditorNode[], type: string): string => {
  const walk = (list: EditorNode[]): EditorNode | undefined => {
    for (const node of list) {
      if (node.component === type) return node;
      const inner =
        walk(node.children ?? []) ?? node.columns?.map((c) => walk(c.children)).find((found) => found);
      if (inner) return inner;
    }
    return undefined;
  };
  const found = walk(nodes);
  if (!found) throw new Error(`no ${type}`);
  return found.id;
};

describe('page tree operations', () => {
  it('reads and writes the stored tree unchanged (ids only live in the editor)', () => {
    const stored = toComponents(page());
    expect(stored).toEqual([
      { component: 'heading', settings: { text: 'Welcome' } },
      {
        component: 'section',
        settings: { title: 'S' },
        children: [{ component: 'text', settings: { text: 'In' } }],
      },
      {
        component: 'grid',
        settings: { gap: 2 },
        columns: [
          { children: [{ component: 'card', settings: { title: 'C1' }, children: [] }] },
          { children: [] },
        ],
      },
      { component: 'button', settings: { text: 'Go', url: '/go' } },
    ]);
    expect(JSON.stringify(stored)).not.toContain('"id"');
  });

  it('creates a node of each of the 22 types with defaults; containers get their lists', () => {
    expect(COMPONENT_TYPES).toHaveLength(22);
    for (const type of COMPONENT_TYPES) expect(createNode(type).component).toBe(type);
    expect(createNode('grid').columns).toHaveLength(2);
    expect(createNode('section').children).toEqual([]);
    expect(createNode('card').children).toEqual([]);
    expect(createNode('heading').children).toBeUndefined();
  });

  it('gives every new component settings the server accepts', () => {
    const nodes = COMPONENT_TYPES.map((type) => createNode(type));
    expect(checkComponentTree(toComponents(nodes)).issues).toEqual([]);
  });

  it('adds at the top level, into a section and into a grid column, leaving the old tree untouched', () => {
    const tree = page();
    const before = shape(tree);
    const top = insertNode(tree, { parentId: null }, createNode('hero'), 0);
    expect(shape(top)).toBe('hero heading section(text) grid[card()|] button');
    const inSection = insertNode(tree, { parentId: idOf(tree, 'section') }, createNode('image'));
    expect(shape(inSection)).toBe('heading section(text image) grid[card()|] button');
    const inColumn = insertNode(tree, { parentId: idOf(tree, 'grid'), column: 1 }, createNode('map'));
    expect(shape(inColumn)).toBe('heading section(text) grid[card()|map] button');
    expect(shape(tree)).toBe(before);
    // A column that does not exist, or a node that holds no children, is refused.
    expect(insertNode(tree, { parentId: idOf(tree, 'grid'), column: 5 }, createNode('map'))).toBe(tree);
    expect(insertNode(tree, { parentId: idOf(tree, 'heading') }, createNode('map'))).toBe(tree);
  });

  it('moves up and down among siblings, and across grid columns at their edges', () => {
    const tree = page();
    const button = idOf(tree, 'button');
    expect(shape(moveUp(tree, button))).toBe('heading section(text) button grid[card()|]');
    expect(shape(moveDown(tree, idOf(tree, 'heading')))).toBe('section(text) heading grid[card()|] button');
    expect(moveUp(tree, idOf(tree, 'heading'))).toBe(tree);
    expect(moveDown(tree, button)).toBe(tree);
    const card = idOf(tree, 'card');
    const next = moveDown(tree, card);
    expect(shape(next)).toBe('heading section(text) grid[|card()] button');
    expect(shape(moveUp(next, card))).toBe('heading section(text) grid[card()|] button');
  });

  it('nests into the container above and back out after it', () => {
    const tree = page();
    const heading = idOf(tree, 'heading');
    const button = idOf(tree, 'button');
    // The button goes into the grid above it (its last column).
    const inGrid = moveInto(tree, button);
    expect(shape(inGrid)).toBe('heading section(text) grid[card()|button]');
    expect(locate(inGrid, button)?.slot).toEqual({ parentId: idOf(tree, 'grid'), column: 1 });
    // Out again: just after the grid.
    expect(shape(moveOut(inGrid, button))).toBe('heading section(text) grid[card()|] button');
    // The text leaves its section.
    expect(shape(moveOut(tree, idOf(tree, 'text')))).toBe('heading section() text grid[card()|] button');
    // The heading has nothing above it; nothing changes.
    expect(moveInto(tree, heading)).toBe(tree);
    expect(moves(tree, heading)).toEqual({ up: false, down: true, into: false, out: false });
    expect(moves(tree, idOf(tree, 'text'))).toEqual({ up: false, down: false, into: false, out: true });
  });

  it('never moves a container into itself or its own children', () => {
    const tree = page();
    const grid = idOf(tree, 'grid');
    const card = idOf(tree, 'card');
    expect(moveNode(tree, grid, { parentId: card })).toBe(tree);
    expect(moveNode(tree, grid, { parentId: grid, column: 1 })).toBe(tree);
    // Moving the section into the card inside the grid is fine.
    expect(shape(moveNode(tree, idOf(tree, 'section'), { parentId: card }))).toBe(
      'heading grid[card(section(text))|] button',
    );
  });

  it('deletes a node with its children', () => {
    const tree = page();
    expect(shape(removeNode(tree, idOf(tree, 'section')))).toBe('heading grid[card()|] button');
    expect(shape(removeNode(tree, idOf(tree, 'card')))).toBe('heading section(text) grid[|] button');
    expect(removeNode(tree, 'missing')).toBe(tree);
  });

  it('duplicates a node deeply with new ids, just after itself', () => {
    const tree = page();
    const section = idOf(tree, 'section');
    const { nodes, id } = duplicateNode(tree, section);
    expect(shape(nodes)).toBe('heading section(text) section(text) grid[card()|] button');
    expect(id).not.toBe(section);
    const copy = findNode(nodes, id ?? '');
    expect(copy?.children?.[0]?.id).not.toBe(findNode(tree, section)?.children?.[0]?.id);
    // Editing the copy leaves the original alone.
    const edited = updateSettings(nodes, id ?? '', { title: 'Copy' });
    expect(findNode(edited, section)?.settings).toEqual({ title: 'S' });
    expect(findNode(edited, id ?? '')?.settings).toEqual({ title: 'Copy' });
  });

  it('adds and removes grid columns within 1 to 5', () => {
    let tree = page();
    const grid = idOf(tree, 'grid');
    for (let i = 0; i < 5; i++) tree = addColumn(tree, grid);
    expect(findNode(tree, grid)?.columns).toHaveLength(5);
    tree = removeColumn(tree, grid, 0);
    expect(shape(tree)).toBe('heading section(text) grid[|||] button');
    for (let i = 0; i < 6; i++) tree = removeColumn(tree, grid, 0);
    expect(findNode(tree, grid)?.columns).toHaveLength(1);
  });
});

describe('version compare', () => {
  it('lists the changed settings of a component', () => {
    expect(
      settingChanges(
        { title: 'A', image: { path: '/a.png' } },
        { title: 'B', image: { path: '/a.png', alt: 'x' } },
      ),
    ).toEqual([
      { key: 'image.alt', before: undefined, after: 'x' },
      { key: 'title', before: 'A', after: 'B' },
    ]);
  });

  it('reports added, removed and changed components and the page fields', () => {
    const before = {
      title: 'Home',
      slug: 'index',
      components: [
        { component: 'hero', settings: { title: 'Trade' } },
        { component: 'text', settings: { text: 'Old' } },
        {
          component: 'grid',
          settings: {},
          columns: [{ children: [{ component: 'card', settings: { title: 'A' } }] }],
        },
      ],
    };
    const after = {
      title: 'Home page',
      slug: 'index',
      components: [
        { component: 'hero', settings: { title: 'Trade smarter' } },
        {
          component: 'grid',
          settings: {},
          columns: [
            {
              children: [
                { component: 'card', settings: { title: 'A' } },
                { component: 'button', settings: { text: 'Go' } },
              ],
            },
          ],
        },
        { component: 'widget', settings: { type: 'market-quotes' } },
      ],
    };
    const diff = diffVersions(before, after);
    expect(diff.fields).toEqual([{ key: 'title', before: 'Home', after: 'Home page' }]);
    expect(diff.components).toEqual([
      {
        kind: 'changed',
        path: ['1'],
        component: 'hero',
        label: 'Trade smarter',
        changes: [{ key: 'title', before: 'Trade', after: 'Trade smarter' }],
      },
      { kind: 'removed', path: ['2'], component: 'text', label: 'Old', changes: [] },
      { kind: 'added', path: ['2', 'column:1', '2'], component: 'button', label: 'Go', changes: [] },
      { kind: 'added', path: ['3'], component: 'widget', label: 'market-quotes', changes: [] },
    ]);
  });

  it('answers nothing for equal versions', () => {
    const version = { title: 'x', components: toComponents(page()) };
    expect(diffVersions(version, structuredClone(version))).toEqual({ fields: [], components: [] });
  });
});

describe('error paths', () => {
  it('point at the node and the settings key', () => {
    const tree = page();
    const card = idOf(tree, 'card');
    expect(locatePath(tree, [2, 'columns', 0, 'children', 0, 'settings', 'link_url'])).toEqual({
      id: card,
      field: 'link_url',
    });
    expect(locatePath(tree, ['components', 1, 'children', 0, 'settings', 'text'])).toEqual({
      id: idOf(tree, 'text'),
      field: 'text',
    });
    expect(locatePath(tree, [0, 'settings', 'items', 1, 'value', 'text'])).toEqual({
      id: idOf(tree, 'heading'),
      field: 'items[1].value.text',
    });
    expect(locatePath(tree, [2, 'columns'])).toEqual({ id: idOf(tree, 'grid'), field: '' });
    expect(locatePath(tree, [9, 'settings', 'x'])).toBeNull();
  });
});
