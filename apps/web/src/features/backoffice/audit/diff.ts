/** One field of an audited change: its value before and after, and whether it changed. */
export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields of an audit row's before/after values, changed ones first. Objects are compared field
 * by field; anything else (a number, a list, null) is one field named "value".
 */
export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  if (before == null && after == null) return [];
  if ((isRecord(before) || before == null) && (isRecord(after) || after == null)) {
    const b = (before ?? {}) as Record<string, unknown>;
    const a = (after ?? {}) as Record<string, unknown>;
    const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    const rows = fields.map((field) => ({
      field,
      before: b[field],
      after: a[field],
      changed: !same(b[field], a[field]),
    }));
    return [...rows.filter((row) => row.changed), ...rows.filter((row) => !row.changed)];
  }
  return [{ field: 'value', before, after, changed: !same(before, after) }];
}

/** A value as shown in the diff: strings as they are, anything else as JSON; '—' for nothing. */
export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
