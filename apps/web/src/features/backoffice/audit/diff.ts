import { DOCUMENT_STATUS_LABELS, isDocumentStatus, transactionStatusName } from '@openbroker/domain';

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

/** A status code as its name: a transaction's numeric status, or a document's status string. */
function statusName(field: string, value: unknown): string | undefined {
  if (!/status/i.test(field)) return undefined;
  if (typeof value === 'number') return transactionStatusName(value) || undefined;
  if (typeof value === 'string' && isDocumentStatus(value)) return DOCUMENT_STATUS_LABELS[value];
  return undefined;
}

/**
 * A value as shown in the diff, in words: strings as they are, status codes by their names, a list as its items,
 * an object as `field: value` pairs (nested ones too); '—' for nothing. `field` is the value's name.
 */
export function showValue(value: unknown, field = ''): string {
  if (value === undefined || value === null || value === '') return '—';
  const status = statusName(field, value);
  if (status) return status;
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value.length ? value.map((item) => showValue(item, field)).join(', ') : '—';
  if (isRecord(value)) {
    const pairs = Object.entries(value).map(([key, item]) => `${key}: ${showValue(item, key)}`);
    return pairs.length ? pairs.join('; ') : '—';
  }
  return String(value);
}
