import type { ClientSort } from '@openbroker/domain';
import { useEffect, useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../api/ApiError.js';
import { staffDownload } from '../api.js';
import { BoPage } from '../shell/BoPage.js';
import { ErrorBlock, useErrorText } from '../shell/states.js';
import { ClientFilterBar } from './ClientFilterBar.js';
import { ClientTable } from './ClientTable.js';
import type { ClientFilters } from './types.js';
import { clientListQuery, filtersFromSearch, useClientList } from './useClients.js';
import './clients.css';

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
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const list = useClientList(filters);
  const [typed, setTyped] = useState(filters.q);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
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
      <ClientFilterBar
        filters={filters}
        update={update}
        typed={typed}
        setTyped={setTyped}
        filtered={Boolean(filtered)}
        onReset={() => {
          setTyped('');
          setSearch(new URLSearchParams());
        }}
      />
      {list.isError && !data ? (
        <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <ClientTable
          data={data}
          filters={filters}
          filtered={Boolean(filtered)}
          refreshing={list.isFetching && Boolean(data)}
          onSort={sortBy}
          onPage={(page) => setSearch(toSearch({ ...filters, page }))}
        />
      )}
    </BoPage>
  );
}
