import { BACKOFFICE_PAGE_SIZE, type ClientRow, type ClientSort } from '@openbroker/domain';
import { useEffect, useId, useState } from 'react';
import { Alert, Button, Form, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/ApiError.js';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { staffDownload } from '../api.js';
import { BoPage } from '../shell/BoPage.js';
import { BrandFilter, useBrands } from '../shell/BrandFilter.js';
import { BACKOFFICE_BASE } from '../shell/nav.js';
import {
  Amount,
  BoEmpty,
  DateTime,
  ErrorBlock,
  Pager,
  SkeletonRows,
  StatusBadge,
  useErrorText,
} from '../shell/ui.js';
import type { ClientFilters } from './types.js';
import { clientListQuery, filtersFromSearch, useClientList, useReference } from './useClients.js';

interface Column {
  key: string;
  label: TranslationKey;
  sort?: ClientSort;
  align?: 'end';
  cell: (row: ClientRow) => React.ReactNode;
}

const DEFAULTS: Pick<ClientFilters, 'sort' | 'order' | 'page'> = {
  sort: 'createdAt',
  order: 'desc',
  page: 1,
};

/** Writes filters to the address bar, leaving out empty values and the defaults. */
function toSearch(filters: ClientFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === '' || value === undefined) continue;
    if (key in DEFAULTS && DEFAULTS[key as keyof typeof DEFAULTS] === value) continue;
    search.set(key, String(value));
  }
  return search;
}

/**
 * The client list: search, filters, server-side sort and pages of 50, CSV export. Filters
 * live in the address bar, so a filtered list can be reloaded, shared and left with the back button.
 */
export function ClientListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const list = useClientList(filters);
  const reference = useReference();
  const brands = useBrands();
  const [typed, setTyped] = useState(filters.q);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const ids = {
    q: useId(),
    verified: useId(),
    docs: useId(),
    country: useId(),
    from: useId(),
    to: useId(),
    dep: useId(),
  };

  const update = (change: Partial<ClientFilters>) => {
    const next = { ...filters, page: 1, ...change };
    setSearch(toSearch(next), { replace: false });
  };

  // The search box follows typing after a short pause (one call per word, not per key).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text starts the pause
  useEffect(() => {
    if (typed === filters.q) return;
    const timer = setTimeout(() => update({ q: typed }), 350);
    return () => clearTimeout(timer);
  }, [typed]);

  const brandName = (id: number) => brands.data?.find((brand) => brand.id === id)?.name;
  const sortBy = (column: ClientSort) =>
    update({
      sort: column,
      order:
        filters.sort === column
          ? filters.order === 'asc'
            ? 'desc'
            : 'asc'
          : column === 'name' || column === 'email'
            ? 'asc'
            : 'desc',
    });

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

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const day = new Date().toISOString().slice(0, 10);
      await staffDownload(
        `/api/backoffice/clients/export.csv${clientListQuery(filters, false)}`,
        `clients-${day}.csv`,
      );
    } catch (error) {
      setExportError(
        isApiError(error) && error.httpStatus === 403 ? errorText(error) : t('bo.clients.exportFailed'),
      );
    } finally {
      setExporting(false);
    }
  };

  const filtered =
    filters.q ||
    filters.brandId ||
    filters.verified ||
    filters.documentsWaiting ||
    filters.countryId ||
    filters.registeredFrom ||
    filters.registeredTo ||
    filters.hasDeposited;
  const data = list.data;

  return (
    <BoPage
      title={t('bo.clients.title')}
      subtitle={data ? t('bo.clients.count', { count: data.total }) : undefined}
      testId="bo-clients"
      actions={
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => void exportCsv()}
          disabled={exporting}
          data-testid="bo-clients-export"
        >
          {exporting ? (
            <Spinner size="sm" animation="border" className="me-1" aria-hidden="true" />
          ) : (
            <i className="bi bi-filetype-csv me-1" aria-hidden="true" />
          )}
          {t('bo.clients.export')}
        </Button>
      }
    >
      {exportError && (
        <Alert variant="danger" role="alert" dismissible onClose={() => setExportError(null)}>
          {exportError}
        </Alert>
      )}
      <div className="bo-toolbar" data-testid="bo-clients-filters">
        <Form.Group controlId={ids.q} className="bo-filter bo-filter-search">
          <Form.Label className="bo-filter-label">{t('bo.clients.search')}</Form.Label>
          <div className="bo-search">
            <i className="bi bi-search" aria-hidden="true" />
            <Form.Control
              size="sm"
              type="search"
              value={typed}
              placeholder={t('bo.clients.searchPlaceholder')}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') update({ q: typed });
              }}
              maxLength={100}
              data-testid="bo-clients-search"
            />
          </div>
        </Form.Group>
        <BrandFilter
          label={t('bo.brand')}
          value={filters.brandId ? Number(filters.brandId) : undefined}
          onChange={(brandId) => update({ brandId: brandId === undefined ? '' : String(brandId) })}
        />
        <Form.Group controlId={ids.verified} className="bo-filter">
          <Form.Label className="bo-filter-label">{t('bo.clients.verified')}</Form.Label>
          <Form.Select
            size="sm"
            value={filters.verified}
            onChange={(event) => update({ verified: event.target.value as ClientFilters['verified'] })}
            data-testid="bo-filter-verified"
          >
            <option value="">{t('bo.any')}</option>
            <option value="true">{t('bo.clients.verifiedYes')}</option>
            <option value="false">{t('bo.clients.verifiedNo')}</option>
          </Form.Select>
        </Form.Group>
        <Form.Group controlId={ids.docs} className="bo-filter">
          <Form.Label className="bo-filter-label">{t('bo.clients.documents')}</Form.Label>
          <Form.Select
            size="sm"
            value={filters.documentsWaiting}
            onChange={(event) =>
              update({ documentsWaiting: event.target.value as ClientFilters['documentsWaiting'] })
            }
            data-testid="bo-filter-documents"
          >
            <option value="">{t('bo.any')}</option>
            <option value="true">{t('bo.clients.documentsWaiting')}</option>
          </Form.Select>
        </Form.Group>
        <Form.Group controlId={ids.country} className="bo-filter">
          <Form.Label className="bo-filter-label">{t('bo.clients.country')}</Form.Label>
          <Form.Select
            size="sm"
            value={filters.countryId}
            onChange={(event) => update({ countryId: event.target.value })}
            data-testid="bo-filter-country"
          >
            <option value="">{t('bo.clients.allCountries')}</option>
            {reference.data?.countries.map((country) => (
              <option key={country.id} value={country.id}>
                {country.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId={ids.from} className="bo-filter">
          <Form.Label className="bo-filter-label">{t('bo.clients.registeredFrom')}</Form.Label>
          <Form.Control
            size="sm"
            type="date"
            value={filters.registeredFrom}
            max={filters.registeredTo || undefined}
            onChange={(event) => update({ registeredFrom: event.target.value })}
            data-testid="bo-filter-from"
          />
        </Form.Group>
        <Form.Group controlId={ids.to} className="bo-filter">
          <Form.Label className="bo-filter-label">{t('bo.clients.registeredTo')}</Form.Label>
          <Form.Control
            size="sm"
            type="date"
            value={filters.registeredTo}
            min={filters.registeredFrom || undefined}
            onChange={(event) => update({ registeredTo: event.target.value })}
            data-testid="bo-filter-to"
          />
        </Form.Group>
        <Form.Group controlId={ids.dep} className="bo-filter">
          <Form.Label className="bo-filter-label">{t('bo.clients.deposited')}</Form.Label>
          <Form.Select
            size="sm"
            value={filters.hasDeposited}
            onChange={(event) =>
              update({ hasDeposited: event.target.value as ClientFilters['hasDeposited'] })
            }
            data-testid="bo-filter-deposited"
          >
            <option value="">{t('bo.any')}</option>
            <option value="true">{t('bo.clients.depositedYes')}</option>
            <option value="false">{t('bo.clients.depositedNo')}</option>
          </Form.Select>
        </Form.Group>
        {filtered && (
          <Button
            variant="link"
            size="sm"
            className="bo-link-btn bo-filter-reset"
            onClick={() => {
              setTyped('');
              setSearch(new URLSearchParams());
            }}
          >
            <i className="bi bi-x-circle me-1" aria-hidden="true" />
            {t('bo.clients.reset')}
          </Button>
        )}
      </div>

      {list.isError && !data ? (
        <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <div className={`bo-table-card${list.isFetching && data ? ' bo-refreshing' : ''}`}>
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
                        aria-sort={
                          active ? (filters.order === 'asc' ? 'ascending' : 'descending') : undefined
                        }
                      >
                        {column.sort ? (
                          <button
                            type="button"
                            className={`bo-sort${active ? ' active' : ''}`}
                            onClick={() => sortBy(column.sort as ClientSort)}
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
              onPage={(page) => setSearch(toSearch({ ...filters, page }))}
            />
          )}
        </div>
      )}
    </BoPage>
  );
}
