import { COMPLIANCE_TASK_KINDS, COMPLIANCE_TASK_PAGE_SIZE, ComplianceTaskPage } from '@openbroker/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { queryString, staffRequest } from '../api.js';
import { BoPage } from '../shell/BoPage.js';
import { BrandFilter } from '../shell/BrandFilter.js';
import { Pager } from '../shell/Pager.js';
import { ErrorBlock } from '../shell/states.js';
import { TasksTable } from './TasksTable.js';
import { TASKS_KEY } from './useTasks.js';
import './compliance.css';

/** The compliance task list: filters mine, kind, overdue, status and brand; kept in the address. */
export function TasksPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const ids = { mine: useId(), overdue: useId(), kind: useId(), status: useId() };
  const filters = {
    brandId: search.get('brandId') ?? '',
    mine: search.get('mine') === 'true',
    overdue: search.get('overdue') === 'true',
    kind: search.get('kind') ?? '',
    status: search.get('status') ?? 'open',
    page: Number(search.get('page') ?? '1') || 1,
  };
  const update = (patch: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(patch)) {
      if (value === '' || value === 'false') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in patch)) next.delete('page');
    setSearch(next, { replace: true });
  };
  const path = `/api/backoffice/compliance/tasks${queryString({
    brandId: filters.brandId,
    mine: filters.mine || undefined,
    overdue: filters.overdue || undefined,
    kind: filters.kind,
    status: filters.status,
    page: filters.page > 1 ? filters.page : undefined,
  })}`;
  const tasks = useQuery({
    queryKey: [...TASKS_KEY, 'list', path],
    queryFn: ({ signal }) => staffRequest(path, { schema: ComplianceTaskPage, signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <BoPage title={t('bo.tasks.title')} subtitle={t('bo.tasks.lead')} testId="bo-tasks">
      <div className="bo-toolbar" data-testid="bo-tasks-filters">
        <BrandFilter
          label={t('bo.brand')}
          value={filters.brandId ? Number(filters.brandId) : undefined}
          onChange={(brandId) => update({ brandId: brandId === undefined ? '' : String(brandId) })}
        />
        <Form.Group controlId={ids.kind} className="bo-filter">
          <Form.Label className="bo-filter-label">{t('bo.tasks.kind')}</Form.Label>
          <Form.Select
            size="sm"
            value={filters.kind}
            onChange={(event) => update({ kind: event.target.value })}
            data-testid="bo-tasks-kind"
          >
            <option value="">{t('bo.tasks.anyKind')}</option>
            {COMPLIANCE_TASK_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`bo.tasks.kind.${kind}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId={ids.status} className="bo-filter">
          <Form.Label className="bo-filter-label">{t('bo.tasks.status')}</Form.Label>
          <Form.Select
            size="sm"
            value={filters.status}
            onChange={(event) => update({ status: event.target.value === 'open' ? '' : event.target.value })}
            data-testid="bo-tasks-status"
          >
            <option value="open">{t('bo.tasks.status.open')}</option>
            <option value="closed">{t('bo.tasks.status.closed')}</option>
            <option value="all">{t('bo.tasks.status.all')}</option>
          </Form.Select>
        </Form.Group>
        <div className="bo-filter bo-task-checks">
          <Form.Check
            id={ids.mine}
            type="switch"
            label={t('bo.tasks.mine')}
            checked={filters.mine}
            onChange={(event) => update({ mine: String(event.target.checked) })}
            data-testid="bo-tasks-mine"
          />
          <Form.Check
            id={ids.overdue}
            type="switch"
            label={t('bo.tasks.overdue')}
            checked={filters.overdue}
            onChange={(event) => update({ overdue: String(event.target.checked) })}
            data-testid="bo-tasks-overdue"
          />
        </div>
      </div>
      {tasks.isError ? (
        <ErrorBlock error={tasks.error} onRetry={() => void tasks.refetch()} />
      ) : (
        <>
          <TasksTable rows={tasks.data?.items} />
          {tasks.data && tasks.data.total > COMPLIANCE_TASK_PAGE_SIZE && (
            <Pager
              page={filters.page}
              pageSize={tasks.data.pageSize}
              total={tasks.data.total}
              onPage={(page) => update({ page: String(page) })}
            />
          )}
        </>
      )}
    </BoPage>
  );
}
