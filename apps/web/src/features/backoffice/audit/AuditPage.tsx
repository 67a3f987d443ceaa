import { AuditLogPage, type AuditLogRow, BACKOFFICE_PAGE_SIZE, StaffMemberList } from '@openbroker/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, Fragment, useId, useState } from 'react';
import { Badge, Button, Form, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { shortDateTime } from '../../../lib/dates.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { queryString, staffDownload, staffRequest } from '../api.js';
import { useBoFormat } from '../money/format.js';
import { LoadError, NoAccess, Pager, SkeletonRows } from '../money/parts.js';
import { BoPage, BoPanel } from '../shell/BoPage.js';
import { BrandFilter } from '../shell/BrandFilter.js';
import { useStaffSession } from '../shell/session.js';
import { auditDiff, showValue } from './diff.js';
import '../money.css';

/** The filters of the audit screen, as kept in the address (a filtered view can be shared). */
export const AUDIT_FILTERS = ['staffId', 'client', 'action', 'from', 'to', 'brandId'] as const;
type FilterName = (typeof AUDIT_FILTERS)[number];
type Filters = Record<FilterName, string>;

/** Suggestions for the action filter: a group matches all its actions ('client' → 'client.*'). */
const ACTION_GROUPS = [
  'client',
  'document',
  'transaction',
  'balance.adjust',
  'position.close',
  'staff',
] as const;

/** Details worth showing: a value that is not an empty object. */
const hasDetails = (details: unknown) =>
  details != null && !(typeof details === 'object' && Object.keys(details as object).length === 0);

const EMPTY: Filters = { staffId: '', client: '', action: '', from: '', to: '', brandId: '' };

/** A picked day (yyyy-mm-dd) as the instant its local day starts, or ends (inclusive `to`). */
function dayBound(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const start = new Date(`${day}T00:00:00`);
  if (Number.isNaN(start.getTime())) return undefined;
  if (!end) return start.toISOString();
  const next = new Date(start);
  next.setDate(next.getDate() + 1);
  return new Date(next.getTime() - 1).toISOString();
}

/** The API query of the filters and page: only what is set; days as instants of the reader's day. */
export function auditQuery(filters: Filters, page?: number): string {
  return queryString({
    staffId: filters.staffId,
    client: filters.client.trim(),
    action: filters.action.trim(),
    from: dayBound(filters.from, false),
    to: dayBound(filters.to, true),
    brandId: filters.brandId,
    page,
  });
}

/**
 * The audit trail: every staff and operator action, newest first, filtered by staff,
 * client, action, brand and date range; each row opens its before/after values; CSV export of
 * the filtered rows.
 */
export function AuditPage() {
  const { t, i18n } = useTranslation();
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
  const format = useBoFormat();
  const ids = { staff: useId(), client: useId(), action: useId(), from: useId(), to: useId() };

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
  const set = (name: FilterName) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [name]: event.target.value }));

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
          <Form className="bom-filters" onSubmit={submit} data-testid="bo-audit-filters">
            <Form.Group controlId={ids.staff}>
              <Form.Label className="bo-filter-label">{t('bom.audit.filter.staff')}</Form.Label>
              {staffList.data ? (
                <Form.Select
                  size="sm"
                  value={draft.staffId}
                  onChange={set('staffId')}
                  data-testid="bo-audit-staff"
                >
                  <option value="">{t('bom.audit.filter.anyStaff')}</option>
                  {staffList.data.map((member) => (
                    <option key={member.id} value={member.id}>
                      {member.name} ({member.email})
                    </option>
                  ))}
                </Form.Select>
              ) : (
                <Form.Control
                  size="sm"
                  inputMode="numeric"
                  value={draft.staffId}
                  onChange={set('staffId')}
                  placeholder={t('bom.audit.filter.staffId')}
                  data-testid="bo-audit-staff"
                />
              )}
            </Form.Group>
            <Form.Group controlId={ids.client}>
              <Form.Label className="bo-filter-label">{t('bom.audit.filter.client')}</Form.Label>
              <Form.Control
                size="sm"
                value={draft.client}
                onChange={set('client')}
                placeholder={t('bom.audit.filter.clientId')}
                data-testid="bo-audit-client"
              />
            </Form.Group>
            <Form.Group controlId={ids.action}>
              <Form.Label className="bo-filter-label">{t('bom.audit.filter.action')}</Form.Label>
              <Form.Control
                size="sm"
                value={draft.action}
                onChange={set('action')}
                placeholder="transaction"
                list={`${ids.action}-list`}
                data-testid="bo-audit-action"
              />
              <datalist id={`${ids.action}-list`}>
                {ACTION_GROUPS.map((group) => (
                  <option key={group} value={group} />
                ))}
              </datalist>
            </Form.Group>
            <Form.Group controlId={ids.from}>
              <Form.Label className="bo-filter-label">{t('bom.audit.filter.from')}</Form.Label>
              <Form.Control
                size="sm"
                type="date"
                value={draft.from}
                max={draft.to || undefined}
                onChange={set('from')}
                data-testid="bo-audit-from"
              />
            </Form.Group>
            <Form.Group controlId={ids.to}>
              <Form.Label className="bo-filter-label">{t('bom.audit.filter.to')}</Form.Label>
              <Form.Control
                size="sm"
                type="date"
                value={draft.to}
                min={draft.from || undefined}
                onChange={set('to')}
                data-testid="bo-audit-to"
              />
            </Form.Group>
            <BrandFilter
              label={t('bom.audit.filter.brand')}
              value={draft.brandId ? Number(draft.brandId) : undefined}
              onChange={(brandId) =>
                setDraft((d) => ({ ...d, brandId: brandId === undefined ? '' : String(brandId) }))
              }
            />
            <div className="bom-filters-actions">
              <Button type="submit" size="sm" variant="primary" data-testid="bo-audit-apply">
                <i className="bi bi-funnel me-1" aria-hidden="true" />
                {t('bom.filter.apply')}
              </Button>
              {filtered && (
                <Button size="sm" variant="link" onClick={reset}>
                  {t('bom.filter.reset')}
                </Button>
              )}
            </div>
          </Form>
          <BoPanel flush>
            {query.isError && !query.data ? (
              <LoadError error={query.error} onRetry={() => void query.refetch()} />
            ) : (
              <>
                <div className="table-responsive bom-scroll">
                  <Table
                    className="ob-table bom-table bo-audit-table mb-0 align-middle"
                    data-testid="bo-audit-table"
                  >
                    <caption className="visually-hidden">{t('bom.audit.title')}</caption>
                    <thead>
                      <tr>
                        <th scope="col" className="bom-col-toggle">
                          <span className="visually-hidden">{t('bom.audit.details')}</span>
                        </th>
                        <th scope="col">{t('bom.audit.col.time')}</th>
                        <th scope="col">{t('bom.audit.col.staff')}</th>
                        <th scope="col">{t('bom.audit.col.action')}</th>
                        <th scope="col">{t('bom.audit.col.client')}</th>
                        <th scope="col">{t('bom.audit.col.brand')}</th>
                        <th scope="col">{t('bom.audit.col.changes')}</th>
                        <th scope="col">{t('bom.audit.col.reason')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {query.isPending && <SkeletonRows columns={8} />}
                      {rows.map((row) => {
                        const diff = auditDiff(row.before, row.after);
                        const changed = diff.filter((d) => d.changed);
                        const expandable = diff.length > 0 || hasDetails(row.details);
                        const isOpen = open === row.id;
                        return (
                          <Fragment key={row.id}>
                            <tr
                              data-testid="bo-audit-row"
                              className={isOpen ? 'bom-row-open' : undefined}
                              onClick={expandable ? () => setOpen(isOpen ? null : row.id) : undefined}
                              style={expandable ? { cursor: 'pointer' } : undefined}
                            >
                              <td className="bom-col-toggle">
                                {expandable && (
                                  <button
                                    type="button"
                                    className="btn btn-sm btn-link p-0 bom-toggle"
                                    aria-expanded={isOpen}
                                    aria-label={t('bom.audit.details')}
                                    onClick={(event) => {
                                      event.stopPropagation();
                                      setOpen(isOpen ? null : row.id);
                                    }}
                                  >
                                    <i
                                      className={`bi ${isOpen ? 'bi-chevron-down' : 'bi-chevron-right'}`}
                                      aria-hidden="true"
                                    />
                                  </button>
                                )}
                              </td>
                              <td className="text-nowrap ob-num" title={format.dateTime(row.createdAt)}>
                                {shortDateTime(row.createdAt, i18n.language)}
                              </td>
                              <td className="text-nowrap">
                                <div className="fw-semibold">{row.staffName ?? row.actor}</div>
                                {row.role && <div className="bom-sub">{row.role}</div>}
                              </td>
                              <td>
                                <code className="bom-action">
                                  {row.action.split('.').map((part, index) => (
                                    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed name
                                    <Fragment key={index}>
                                      {index > 0 && (
                                        <>
                                          .<wbr />
                                        </>
                                      )}
                                      {part}
                                    </Fragment>
                                  ))}
                                </code>
                              </td>
                              <td className="ob-num">
                                {row.userId ? (
                                  <>
                                    <Link
                                      to={`/backoffice/clients/${row.userId}`}
                                      onClick={(e) => e.stopPropagation()}
                                    >
                                      {row.clientName ?? `#${row.userId}`}
                                    </Link>
                                    {row.clientEmail && row.clientEmail !== row.clientName && (
                                      <div className="bom-sub">{row.clientEmail}</div>
                                    )}
                                  </>
                                ) : (
                                  <span className="bom-sub">—</span>
                                )}
                              </td>
                              <td>
                                {row.brandSlug ? <span className="bom-brand-tag">{row.brandSlug}</span> : '—'}
                              </td>
                              <td>
                                {changed.length > 0 ? (
                                  <span
                                    className="bom-changes"
                                    title={changed.map((d) => d.field).join(', ')}
                                  >
                                    <Badge bg="" className="bom-badge bom-badge-info ob-num">
                                      {changed.length}
                                    </Badge>{' '}
                                    <span className="bom-sub">
                                      {changed
                                        .slice(0, 3)
                                        .map((d) => d.field)
                                        .join(', ')}
                                    </span>
                                  </span>
                                ) : (
                                  <span className="bom-sub">—</span>
                                )}
                              </td>
                              <td className="bom-reason-cell">
                                {row.reason || <span className="bom-sub">—</span>}
                              </td>
                            </tr>
                            {isOpen && (
                              <tr className="bom-detail-row">
                                <td />
                                <td colSpan={7}>
                                  <AuditDetail row={row} />
                                </td>
                              </tr>
                            )}
                          </Fragment>
                        );
                      })}
                    </tbody>
                  </Table>
                  {query.isSuccess && rows.length === 0 && (
                    <EmptyState
                      icon="bi-journal-text"
                      hint={filtered ? t('bom.audit.emptyFiltered') : undefined}
                    >
                      {t('bom.audit.empty')}
                    </EmptyState>
                  )}
                </div>
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

/** The before/after values of one audit row, field by field, changed fields marked. */
function AuditDetail({ row }: { row: AuditLogRow }) {
  const { t } = useTranslation();
  const format = useBoFormat();
  const diff = auditDiff(row.before, row.after);
  return (
    <div className="bom-diff" data-testid="bo-audit-diff">
      {diff.length > 0 && (
        <table className="bom-diff-table">
          <thead>
            <tr>
              <th scope="col">{t('bom.audit.diff.field')}</th>
              <th scope="col">{t('bom.audit.diff.before')}</th>
              <th scope="col">{t('bom.audit.diff.after')}</th>
            </tr>
          </thead>
          <tbody>
            {diff.map((d) => (
              <tr key={d.field} className={d.changed ? 'bom-diff-changed' : undefined}>
                <th scope="row">
                  <code>{d.field}</code>
                </th>
                <td className="bom-diff-before">{showValue(d.before, d.field)}</td>
                <td className="bom-diff-after">{showValue(d.after, d.field)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="bom-diff-meta">
        {row.subject && (
          <>
            <dt>{t('bom.audit.subject')}</dt>
            <dd>
              <code>{row.subject}</code>
            </dd>
          </>
        )}
        <dt>{t('bom.audit.col.time')}</dt>
        <dd className="ob-num">{format.dateTime(row.createdAt)}</dd>
        <dt>{t('bom.audit.col.ip')}</dt>
        <dd className="ob-num">{row.ip ?? '—'}</dd>
        {row.reason && (
          <>
            <dt>{t('bom.audit.col.reason')}</dt>
            <dd>{row.reason}</dd>
          </>
        )}
        {hasDetails(row.details) && (
          <>
            <dt>{t('bom.audit.detailsField')}</dt>
            <dd>
              <span className="bom-json">{showValue(row.details)}</span>
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}
