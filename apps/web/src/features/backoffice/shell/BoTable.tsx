import type { ReactNode } from 'react';
import { Table } from 'react-bootstrap';
import { BoEmpty, SkeletonRows } from './states.js';
import { useScrollRegion } from './useScrollRegion.js';

export interface BoColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'end';
  className?: string;
}

/** A dense back-office table: skeleton rows while loading, an empty state when there is nothing. */
export function BoTable<Row>({
  columns,
  rows,
  rowKey,
  empty,
  emptyIcon,
  testId,
}: {
  columns: readonly BoColumn<Row>[];
  /** undefined while loading. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  empty: ReactNode;
  emptyIcon?: string;
  testId?: string;
}) {
  const scroll = useScrollRegion<HTMLDivElement>();
  return (
    <div className="bo-table-card" data-testid={testId}>
      <div className="bo-table-scroll" ref={scroll}>
        <Table size="sm" hover className="bo-table mb-0">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={column.align === 'end' ? 'text-end' : undefined}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows === undefined ? (
              <SkeletonRows cols={columns.length} rows={5} />
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={
                        [column.align === 'end' ? 'text-end' : '', column.className ?? ''].join(' ').trim() ||
                        undefined
                      }
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </div>
      {rows !== undefined && rows.length === 0 && <BoEmpty icon={emptyIcon}>{empty}</BoEmpty>}
    </div>
  );
}
