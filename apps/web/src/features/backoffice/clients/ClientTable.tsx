import {
  BACKOFFICE_PAGE_SIZE,
  type ClientRow,
  type ClientRowPage,
  type ClientSort,
} from '@openbroker/domain';
import { Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { useBrands } from '../shell/BrandFilter.js';
import { Amount, DateTime, StatusBadge } from '../shell/cells.js';
import { BACKOFFICE_BASE } from '../shell/nav.js';
import { Pager } from '../shell/Pager.js';
import { BoEmpty, SkeletonRows } from '../shell/states.js';
import type { ClientFilters } from './types.js';

interface Column {
  key: string;
  label: TranslationKey;
  sort?: ClientSort;
  align?: 'end';
  cell: (row: ClientRow) => React.ReactNode;
}

/**
 * One page of clients: sortable column heads (the server sorts), a row per client that opens
 * the client's page, an empty state and the pager.
 */
export function ClientTable({
  data,
  filters,
  filtered,
  refreshing,
  onSort,
  onPage,
}: {
  /** The page, once loaded (skeleton rows before). */
  data: ClientRowPage | undefined;
  filters: ClientFilters;
  /** Whether any filter is set (explains an empty list). */
  filtered: boolean;
  /** A newer page is on its way (the shown one dims). */
  refreshing: boolean;
  onSort: (column: ClientSort) => void;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const brands = useBrands();
  const brandName = (id: number) => brands.data?.find((brand) => brand.id === id)?.name;

  const columns: Column[] = [
    {
      key: 'pin',
      label: 'bo.clients.col.pin',
      sort: 'pin',
      cell: (row) => <span className="bo-mono">{row.pin}</span>,
    },
    {
      key: 'name',
      label: 'bo.clients.col.name',
      sort: 'name',
      cell: (row) => (
        <Link
          to={`${BACKOFFICE_BASE}/clients/${row.id}`}
          className="bo-row-link"
          onClick={(event) => event.stopPropagation()}
        >
          {`${row.firstName} ${row.lastName}`.trim() || '—'}
        </Link>
      ),
    },
    {
      key: 'email',
      label: 'bo.clients.col.email',
      sort: 'email',
      cell: (row) => (
        <span className="bo-ellipsis" title={row.email}>
          {row.email}
        </span>
      ),
    },
    {
      key: 'phone',
      label: 'bo.clients.col.phone',
      cell: (row) => <span className="bo-mono">{row.phone || '—'}</span>,
    },
    { key: 'country', label: 'bo.clients.col.country', cell: (row) => row.countryName ?? '—' },
    {
      key: 'brand',
      label: 'bo.clients.col.brand',
      cell: (row) => (
        <span className="bo-chip" title={brandName(row.brandId)}>
          {row.brandSlug}
        </span>
      ),
    },
    { key: 'level', label: 'bo.clients.col.level', cell: (row) => row.level || '—' },
    {
      key: 'status',
      label: 'bo.clients.col.status',
      cell: (row) => (
        <span className="d-inline-flex flex-wrap gap-1">
          {row.verified ? (
            <StatusBadge tone="success" icon="bi-patch-check-fill">
              {t('bo.clients.verifiedYes')}
            </StatusBadge>
          ) : (
            <StatusBadge tone="neutral">{t('bo.clients.verifiedNo')}</StatusBadge>
          )}
          {!row.tradingEnabled && <StatusBadge tone="danger">{t('bo.clients.tradingOff')}</StatusBadge>}
        </span>
      ),
    },
    {
      key: 'docs',
      label: 'bo.clients.col.documents',
      cell: (row) =>
        row.documentsWaiting > 0 ? (
          <span title={t('bo.clients.docsWaiting', { count: row.documentsWaiting })}>
            <StatusBadge tone="warning" icon="bi-hourglass-split">
              {row.documentsWaiting}
            </StatusBadge>
          </span>
        ) : (
          <span className="text-body-secondary">—</span>
        ),
    },
    {
      key: 'balance',
      label: 'bo.clients.col.balance',
      sort: 'balance',
      align: 'end',
      cell: (row) => <Amount value={row.balance} currency={row.currency} />,
    },
    {
      key: 'createdAt',
      label: 'bo.clients.col.registered',
      sort: 'createdAt',
      cell: (row) => <DateTime value={row.createdAt} dateOnly />,
    },
  ];

  return (
    <div className={`bo-table-card${refreshing ? ' bo-refreshing' : ''}`}>
      <div className="bo-table-scroll">
        <Table size="sm" hover className="bo-table mb-0" data-testid="bo-clients-table">
          <thead>
            <tr>
              {columns.map((column) => {
                const active = column.sort && filters.sort === column.sort;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    className={column.align === 'end' ? 'text-end' : undefined}
                    aria-sort={active ? (filters.order === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {column.sort ? (
                      <button
                        type="button"
                        className={`bo-sort${active ? ' active' : ''}`}
                        onClick={() => onSort(column.sort as ClientSort)}
                        title={t('bo.clients.sortBy', { column: t(column.label) })}
                        data-testid={`bo-sort-${column.sort}`}
                      >
                        {t(column.label)}
                        <i
                          className={`bi ${active ? (filters.order === 'asc' ? 'bi-caret-up-fill' : 'bi-caret-down-fill') : 'bi-chevron-expand'}`}
                          aria-hidden="true"
                        />
                      </button>
                    ) : (
                      t(column.label)
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {!data ? (
              <SkeletonRows cols={columns.length} rows={12} />
            ) : (
              data.items.map((row) => (
                <tr
                  key={row.id}
                  className="bo-row-click"
                  onClick={() => navigate(`${BACKOFFICE_BASE}/clients/${row.id}`)}
                  data-testid={`bo-client-row-${row.id}`}
                >
                  {columns.map((column) => (
                    <td key={column.key} className={column.align === 'end' ? 'text-end' : undefined}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </div>
      {data && data.items.length === 0 && (
        <BoEmpty icon="bi-people" hint={filtered ? t('bo.clients.emptyHint') : undefined}>
          {t('bo.clients.empty')}
        </BoEmpty>
      )}
      {data && data.total > 0 && (
        <Pager
          page={data.page}
          pageSize={data.pageSize || BACKOFFICE_PAGE_SIZE}
          total={data.total}
          onPage={onPage}
        />
      )}
    </div>
  );
}
