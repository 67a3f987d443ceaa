/**
 * CSV for spreadsheet exports (RFC 4180): every cell quoted, quotes doubled, lines ended by CRLF.
 * A cell that a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
 * return) gets a leading apostrophe, so a name like `=HYPERLINK(...)` stays text (CSV injection);
 * plain numbers such as `-12.50` are left as they are.
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : value instanceof Date
        ? value.toISOString()
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** One CSV line of these cells, CRLF-terminated. */
export const csvLine = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;
