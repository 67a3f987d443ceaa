import { ComplianceTaskSummary } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { staffRequest } from '../api.js';
import { BoPanel } from '../shell/BoPage.js';
import { BACKOFFICE_BASE } from '../shell/nav.js';
import { ErrorBlock } from '../shell/states.js';
import { TasksTable } from './TasksTable.js';
import { TASKS_KEY } from './useTasks.js';
import './compliance.css';

/** The dashboard's compliance block: open, overdue and my counts, then the next open tasks for me. */
export function DashboardTasks() {
  const { t, i18n } = useTranslation();
  const summary = useQuery({
    queryKey: [...TASKS_KEY, 'summary'],
    queryFn: ({ signal }) =>
      staffRequest('/api/backoffice/compliance/tasks/summary', { schema: ComplianceTaskSummary, signal }),
    refetchInterval: 60_000,
  });
  const number = (n: number | undefined) =>
    n === undefined ? '—' : new Intl.NumberFormat(i18n.language).format(n);
  const counts = [
    { id: 'open', label: t('bo.tasks.dash.open'), value: summary.data?.open, to: '' },
    { id: 'overdue', label: t('bo.tasks.dash.overdue'), value: summary.data?.overdue, to: '?overdue=true' },
    { id: 'mine', label: t('bo.tasks.dash.mine'), value: summary.data?.mine, to: '?mine=true' },
  ];
  return (
    <BoPanel
      title={t('bo.tasks.dash.title')}
      actions={
        <Link to={`${BACKOFFICE_BASE}/compliance/tasks`} className="btn btn-sm btn-outline-secondary">
          {t('bo.tasks.dash.all')}
        </Link>
      }
      className="bo-dash-tasks"
    >
      <div data-testid="bo-dash-tasks">
        {summary.isError ? (
          <ErrorBlock error={summary.error} onRetry={() => void summary.refetch()} />
        ) : (
          <>
            <div className="bo-task-counts">
              {counts.map((c) => (
                <Link
                  key={c.id}
                  to={`${BACKOFFICE_BASE}/compliance/tasks${c.to}`}
                  className={`bo-task-count bo-task-count-${c.id}`}
                  data-testid={`bo-dash-tasks-${c.id}`}
                >
                  <span className="bo-task-count-value">{number(c.value)}</span>
                  <span className="bo-task-count-label">{c.label}</span>
                </Link>
              ))}
            </div>
            <h3 className="bo-task-next-title">{t('bo.tasks.dash.next')}</h3>
            {summary.data && summary.data.next.length === 0 ? (
              <p className="bo-muted mb-0">{t('bo.tasks.dash.none')}</p>
            ) : (
              <TasksTable rows={summary.data?.next} testId="bo-dash-tasks-table" />
            )}
          </>
        )}
      </div>
    </BoPanel>
  );
}
