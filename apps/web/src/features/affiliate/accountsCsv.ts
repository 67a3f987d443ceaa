import type { AffiliateAccount } from '../../api/affiliate.js';

/** CSV columns: the API's field names, so a spreadsheet and the API read alike. */
export const CSV_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'country',
  'created_at',
  'source_page',
  'first_deposit_amount',
  'first_deposit_currency',
  'first_deposit_at',
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Text that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe, since
 * names, e-mails and landing pages come from visitors.
 */
export function csvField(value: string | number | null, text = true): string {
  if (value === null) return '';
  let s = String(value);
  if (text && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** The referred accounts as CSV: a header line, then one line per account, CRLF-separated. */
export function accountsCsv(rows: readonly AffiliateAccount[]): string {
  const lines = rows.map((row) =>
    [
      csvField(row.id, false),
      csvField(row.first_name),
      csvField(row.last_name),
      csvField(row.email),
      csvField(row.country),
      csvField(row.created_at),
      csvField(row.source_page),
      csvField(row.transaction?.amount ?? null, false),
      csvField(row.transaction?.currency ?? null),
      csvField(row.transaction?.completed_at ?? null),
    ].join(','),
  );
  return `${[CSV_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`;
}

/** Saves text as a file through a temporary object URL (no server round trip). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // The byte order mark makes spreadsheet programs read the file as UTF-8 (accented names).
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
