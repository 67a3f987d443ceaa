import { AuditLogPage, BACKOFFICE_PAGE_SIZE, StaffMemberList } from '@openbroker/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useToast } from '../../../ui/ToastProvider.js';
import { staffDownload, staffRequest } from '../api.js';
import { Pager } from '../money/Pager.js';
import { BoPage, BoPanel } from '../shell/BoPage.js';
import { LoadError } from '../shell/panelStates.js';
import { useStaffSession } from '../shell/session.js';
import { NoAccess } from '../shell/states.js';
import { AuditFilters } from './AuditFilters.js';
import { AuditTable } from './AuditTable.js';
import { AUDIT_FILTERS, auditQuery, EMPTY, type Filters } from './auditQuery.js';
import '../money/money.css';

/**
 * The audit trail: every staff and operator action, newest first, filtered by staff,
 * client, action, brand and date range; each row opens its before/after values; CSV export of
 * the filtered rows.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const { can } = useStaffSession();
  const allowed = can('audit.read');
  const [params, setParams] = useSearchParams();
  const applied: Filters = { ...EMPTY };
  for (const name of AUDIT_FILTERS) applied[name] = params.get(name) ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState<Filters>(applied);
  const [open, setOpen] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const toast = useToast();

  const query = useQuery({
    queryKey: ['bo', 'audit', applied, page],
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/audit${auditQuery(applied, page)}`, { schema: AuditLogPage, signal }),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });
  const staffList = useQuery({
    queryKey: ['bo', 'staff'],
    queryFn: ({ signal }) => staffRequest('/api/backoffice/staff', { schema: StaffMemberList, signal }),
    enabled: allowed && can('staff.manage'),
    staleTime: 60_000,
  });

  const apply = (next: Filters, nextPage = 1) => {
    const search = new URLSearchParams();
    for (const name of AUDIT_FILTERS) if (next[name]) search.set(name, next[name]);
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search);
    setOpen(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  const reset = () => {
    setDraft(EMPTY);
    apply(EMPTY);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      const day = new Date().toISOString().slice(0, 10);
      await staffDownload(`/api/backoffice/audit/export.csv${auditQuery(applied)}`, `audit-${day}.csv`);
    } catch {
      toast('danger', { key: 'bom.audit.exportFailed' });
    } finally {
      setExporting(false);
    }
  };

  const rows = query.data?.items ?? [];
  const filtered = AUDIT_FILTERS.some((name) => applied[name]);

  return (
    <BoPage
      title={t('bom.audit.title')}
      subtitle={t('bom.audit.lead')}
      testId="bo-audit"
      actions={
        allowed && (
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => void exportCsv()}
            disabled={exporting}
            data-testid="bo-audit-export"
          >
            {exporting ? (
              <Spinner size="sm" animation="border" className="me-1" aria-hidden="true" />
            ) : (
              <i className="bi bi-filetype-csv me-1" aria-hidden="true" />
            )}
            {t('bom.export')}
          </Button>
        )
      }
    >
      {!allowed ? (
        <BoPanel>
          <NoAccess />
        </BoPanel>
      ) : (
        <>
          <AuditFilters
            draft={draft}
            setDraft={setDraft}
            staff={staffList.data}
            filtered={filtered}
            onSubmit={submit}
            onReset={reset}
          />
          <BoPanel flush>
            {query.isError && !query.data ? (
              <LoadError error={query.error} onRetry={() => void query.refetch()} />
            ) : (
              <>
                <AuditTable
                  rows={rows}
                  loading={query.isPending}
                  loaded={query.isSuccess}
                  filtered={filtered}
                  open={open}
                  onOpen={setOpen}
                />
                {query.data && query.data.total > 0 && (
                  <div className="bom-panel-foot">
                    <Pager
                      page={query.data.page}
                      total={query.data.total}
                      pageSize={query.data.pageSize || BACKOFFICE_PAGE_SIZE}
                      onPage={(next) => apply(applied, next)}
                    />
                  </div>
                )}
              </>
            )}
          </BoPanel>
        </>
      )}
    </BoPage>
  );
}
