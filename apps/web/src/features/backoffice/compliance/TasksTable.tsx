import type { ComplianceTask } from '@openbroker/domain';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BoTable } from '../shell/BoTable.js';
import { DateTime, StatusBadge } from '../shell/cells.js';
import { BACKOFFICE_BASE } from '../shell/nav.js';
import { AssignDialog, CloseDialog } from './TaskDialogs.js';

/** Compliance tasks with their due date, assignee and the assign and close actions. */
export function TasksTable({
  rows,
  showClient = true,
  testId = 'bo-tasks-table',
}: {
  rows: readonly ComplianceTask[] | undefined;
  showClient?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [assigning, setAssigning] = useState<ComplianceTask | null>(null);
  const [closing, setClosing] = useState<ComplianceTask | null>(null);
  const columns = [
    {
      key: 'task',
      header: t('bo.tasks.col.task'),
      cell: (task: ComplianceTask) => (
        <div className="bo-task-cell">
          <StatusBadge tone={task.kind === 'manual_review' ? 'info' : 'warning'}>
            {t(`bo.tasks.kind.${task.kind}`)}
          </StatusBadge>
          <span className="bo-task-summary">{task.summary}</span>
          {task.closingNote && (
            <span className="bo-task-note">
              <i className="bi bi-check2-circle me-1" aria-hidden="true" />
              {task.closedByName ? `${t('bo.tasks.closedBy', { name: task.closedByName })}: ` : ''}
              {task.closingNote}
            </span>
          )}
        </div>
      ),
    },
    ...(showClient
      ? [
          {
            key: 'client',
            header: t('bo.tasks.col.client'),
            cell: (task: ComplianceTask) => (
              <Link to={`${BACKOFFICE_BASE}/clients/${task.userId}?tab=risk`}>
                {task.clientName}
                <span className="bo-muted ms-1">{task.clientPin}</span>
              </Link>
            ),
          },
        ]
      : []),
    {
      key: 'due',
      header: t('bo.tasks.col.due'),
      cell: (task: ComplianceTask) => (
        <span className="bo-task-due">
          <DateTime value={task.dueAt} dateOnly />
          {task.overdue && (
            <StatusBadge tone="danger" icon="bi-alarm">
              {t('bo.tasks.overdueBadge')}
            </StatusBadge>
          )}
        </span>
      ),
    },
    {
      key: 'assignee',
      header: t('bo.tasks.col.assignee'),
      cell: (task: ComplianceTask) =>
        task.assigneeName ?? <span className="bo-muted">{t('bo.tasks.nobody')}</span>,
    },
    {
      key: 'status',
      header: t('bo.tasks.col.status'),
      cell: (task: ComplianceTask) =>
        task.status === 'open' ? (
          <StatusBadge tone="accent">{t('bo.tasks.status.open')}</StatusBadge>
        ) : (
          <StatusBadge tone="success">{t('bo.tasks.status.closed')}</StatusBadge>
        ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('bo.tasks.col.actions')}</span>,
      align: 'end' as const,
      cell: (task: ComplianceTask) =>
        task.status === 'open' ? (
          <div className="bo-row-actions">
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={() => setAssigning(task)}
              data-testid={`bo-task-assign-${task.id}`}
            >
              <i className="bi bi-person-check me-1" aria-hidden="true" />
              {t('bo.tasks.assign')}
            </Button>
            <Button
              size="sm"
              variant="outline-success"
              onClick={() => setClosing(task)}
              data-testid={`bo-task-close-${task.id}`}
            >
              <i className="bi bi-check2 me-1" aria-hidden="true" />
              {t('bo.tasks.close')}
            </Button>
          </div>
        ) : null,
    },
  ];
  return (
    <>
      <BoTable
        columns={columns}
        rows={rows}
        rowKey={(task) => task.id}
        empty={t('bo.tasks.empty')}
        emptyIcon="bi-clipboard-check"
        testId={testId}
      />
      <AssignDialog task={assigning} onHide={() => setAssigning(null)} />
      <CloseDialog task={closing} onHide={() => setClosing(null)} />
    </>
  );
}
