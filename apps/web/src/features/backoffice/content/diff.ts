/**
 * Compare two versions of a page: a readable list of what changed, per component — added, removed
 * or changed with the settings that differ — plus the page's own fields. Nodes have no ids in storage, so the
 * lists at each level are matched by component type in order (longest common subsequence); matched nodes are
 * compared setting by setting and their children level by level.
 */

export interface SettingChange {
  /** 'title', 'image.path', 'items[1].value.text' */
  key: string;
  before: string | undefined;
  after: string | undefined;
}

export interface ComponentChange {
  kind: 'added' | 'removed' | 'changed';
  /**
   * Position in the newer tree (added, changed) or the older one (removed), 1-based, top level first; a grid
   * column is a segment 'column:N' (e.g. ['3', 'column:1', '1']).
   */
  path: string[];
  component: string;
  /** A short label of the node (its title or text), if it has one. */
  label: string;
  changes: SettingChange[];
}

export interface VersionDiff {
  fields: SettingChange[];
  components: ComponentChange[];
}

export interface VersionLike {
  title?: string;
  description?: string;
  slug?: string;
  components?: unknown;
}

type Node = { component?: unknown; settings?: unknown; columns?: unknown; children?: unknown };

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

const asNodes = (value: unknown): Node[] => (Array.isArray(value) ? value.filter(isObject) : []);
const typeOf = (node: Node): string => (typeof node.component === 'string' ? node.component : '?');

/** Leaf values of settings as 'a.b[0].c' → text. */
export function flattenSettings(value: unknown, prefix = '', out: Map<string, string> = new Map()) {
  if (Array.isArray(value)) {
    if (value.length === 0 && prefix) out.set(prefix, '[]');
    value.forEach((item, index) => {
      flattenSettings(item, `${prefix}[${index}]`, out);
    });
  } else if (isObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0 && prefix) out.set(prefix, '{}');
    for (const key of keys) flattenSettings(value[key], prefix ? `${prefix}.${key}` : key, out);
  } else if (value !== undefined && prefix) {
    out.set(prefix, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return out;
}

/** The settings that differ between two objects (a missing key and an empty string count as equal). */
export function settingChanges(before: unknown, after: unknown): SettingChange[] {
  const a = flattenSettings(before);
  const b = flattenSettings(after);
  const keys = [...new Set([...a.keys(), ...b.keys()])].sort();
  const changes: SettingChange[] = [];
  for (const key of keys) {
    const x = a.get(key);
    const y = b.get(key);
    if ((x ?? '') === (y ?? '')) continue;
    changes.push({ key, before: x, after: y });
  }
  return changes;
}

/** A node's short label: its title, text or heading, trimmed. */
export function nodeLabel(node: Node): string {
  const settings = isObject(node.settings) ? node.settings : {};
  for (const key of ['title', 'text', 'parent', 'url', 'type', 'form']) {
    const value = settings[key];
    if (typeof value === 'string' && value.trim()) {
      const text = value
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      return text.length > 60 ? `${text.slice(0, 59)}…` : text;
    }
  }
  return '';
}

/** Index pairs of the longest common subsequence of two type lists. */
function matchByType(a: Node[], b: Node[]): [number, number][] {
  const n = a.length;
  const m = b.length;
  const table: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const row = table[i] as number[];
      row[j] =
        typeOf(a[i] as Node) === typeOf(b[j] as Node)
          ? (table[i + 1]?.[j + 1] ?? 0) + 1
          : Math.max(table[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (typeOf(a[i] as Node) === typeOf(b[j] as Node)) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if ((table[i + 1]?.[j] ?? 0) >= (table[i]?.[j + 1] ?? 0)) i++;
    else j++;
  }
  return pairs;
}

function everything(node: Node, path: string[], kind: 'added' | 'removed', out: ComponentChange[]) {
  out.push({ kind, path, component: typeOf(node), label: nodeLabel(node), changes: [] });
}

function compareLists(before: Node[], after: Node[], prefix: string[], out: ComponentChange[]) {
  const pairs = matchByType(before, after);
  const at = (index: number) => [...prefix, String(index + 1)];
  let i = 0;
  let j = 0;
  const flushUntil = (untilI: number, untilJ: number) => {
    for (; i < untilI; i++) everything(before[i] as Node, at(i), 'removed', out);
    for (; j < untilJ; j++) everything(after[j] as Node, at(j), 'added', out);
  };
  for (const [bi, aj] of pairs) {
    flushUntil(bi, aj);
    compareNodes(before[bi] as Node, after[aj] as Node, at(aj), out);
    i = bi + 1;
    j = aj + 1;
  }
  flushUntil(before.length, after.length);
}

function compareNodes(before: Node, after: Node, path: string[], out: ComponentChange[]) {
  const changes = settingChanges(before.settings, after.settings);
  const oldColumns = Array.isArray(before.columns) ? before.columns.filter(isObject) : [];
  const newColumns = Array.isArray(after.columns) ? after.columns.filter(isObject) : [];
  if (oldColumns.length !== newColumns.length)
    changes.push({ key: 'columns', before: String(oldColumns.length), after: String(newColumns.length) });
  if (changes.length > 0)
    out.push({ kind: 'changed', path, component: typeOf(after), label: nodeLabel(after), changes });
  compareLists(asNodes(before.children), asNodes(after.children), path, out);
  const columns = Math.max(oldColumns.length, newColumns.length);
  for (let column = 0; column < columns; column++) {
    compareLists(
      asNodes(oldColumns[column]?.children),
      asNodes(newColumns[column]?.children),
      [...path, `column:${column + 1}`],
      out,
    );
  }
}

/** What changed from `before` to `after`. */
export function diffVersions(before: VersionLike, after: VersionLike): VersionDiff {
  const fields: SettingChange[] = [];
  for (const key of ['title', 'slug', 'description'] as const) {
    const x = before[key] ?? '';
    const y = after[key] ?? '';
    if (x !== y) fields.push({ key, before: x, after: y });
  }
  const components: ComponentChange[] = [];
  compareLists(asNodes(before.components), asNodes(after.components), [], components);
  return { fields, components };
}
