import type { ReactNode } from 'react';
import { Table } from 'react-bootstrap';
import { EmptyState } from './EmptyState.js';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  align?: 'start' | 'end';
}

export interface DataTableProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  /** Shown in place of the body when there are no rows (spec §8: 'no data to show'). */
  empty: ReactNode;
  emptyHint?: ReactNode;
  caption?: string;
  testId?: string;
}

/** A responsive table with the spec's empty-list text when there is nothing to list. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  empty,
  emptyHint,
  caption,
  testId,
}: DataTableProps<Row>) {
  return (
    <div className="ob-table-wrap" data-testid={testId}>
      <Table hover responsive className="ob-table mb-0 align-middle">
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.align === 'end' ? 'text-end' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        {rows.length > 0 && (
          <tbody>
            {rows.map((row, index) => (
              <tr key={rowKey(row, index)}>
                {columns.map((column) => (
                  <td key={column.key} className={column.align === 'end' ? 'text-end' : undefined}>
                    {column.cell(row, index)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        )}
      </Table>
      {/* Outside the table so it stays in view when the columns scroll sideways on a phone. */}
      {rows.length === 0 && <EmptyState hint={emptyHint}>{empty}</EmptyState>}
    </div>
  );
}
