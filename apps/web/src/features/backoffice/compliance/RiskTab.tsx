import { type ClientDetail, ClientRisk, ComplianceTask, ComplianceTaskPage } from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../ui/ToastProvider.js';
import { staffRequest } from '../api.js';
import { BoPanel } from '../shell/BoPage.js';
import { StatusBadge, type Tone } from '../shell/cells.js';
import { ReasonDialog } from '../shell/ReasonDialog.js';
import { useStaffSession } from '../shell/session.js';
import { ErrorBlock, SkeletonBlock, useErrorText } from '../shell/states.js';
import { TasksTable } from './TasksTable.js';
import { TASKS_KEY } from './useTasks.js';
import './compliance.css';

const LEVEL_TONE: Record<ClientRisk['level'], Tone> = { low: 'success', medium: 'warning', high: 'danger' };

/** The client's risk score with its reasons, enhanced due diligence, and the client's compliance tasks. */
export function RiskTab({ client }: { client: ClientDetail }) {
  const { t } = useTranslation();
  const { can } = useStaffSession();
  const queryClient = useQueryClient();
  const toast = useToast();
  const riskKey = ['bo', 'clients', client.id, 'risk'];
  const risk = useQuery({
    queryKey: riskKey,
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/clients/${client.id}/risk`, { schema: ClientRisk, signal }),
  });
  const [approving, setApproving] = useState(false);
  const approve = useMutation({
    mutationFn: (note: string) =>
      staffRequest(`/api/backoffice/clients/${client.id}/risk/edd-approve`, {
        schema: ClientRisk,
        method: 'POST',
        body: { note },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(riskKey, answer);
      setApproving(false);
    },
  });
  return (
    <div className="bo-grid-2">
      <BoPanel title={t('bo.risk.title')}>
        {risk.isError ? (
          <ErrorBlock error={risk.error} onRetry={() => void risk.refetch()} />
        ) : !risk.data ? (
          <SkeletonBlock />
        ) : (
          <div data-testid="bo-risk">
            <div className="bo-risk-head">
              <div>
                <div className="bo-muted small">{t('bo.risk.score')}</div>
                <div className="bo-risk-score" data-testid="bo-risk-score">
                  {risk.data.score}
                </div>
              </div>
              <div>
                <div className="bo-muted small">{t('bo.risk.level')}</div>
                <StatusBadge tone={LEVEL_TONE[risk.data.level]}>
                  {t(`bo.risk.level.${risk.data.level}`)}
                </StatusBadge>
              </div>
              <div>
                <div className="bo-muted small">{t('bo.risk.edd')}</div>
                {risk.data.eddRequired ? (
                  <StatusBadge tone="danger" icon="bi-shield-exclamation">
                    {t('bo.risk.eddRequired')}
                  </StatusBadge>
                ) : (
                  <span>{t('bo.risk.eddNone')}</span>
                )}
              </div>
            </div>
            {risk.data.eddRequired && can('documents.review') && (
              <Button
                size="sm"
                variant="outline-success"
                className="mt-3"
                onClick={() => setApproving(true)}
                data-testid="bo-risk-edd-approve"
              >
                <i className="bi bi-shield-check me-1" aria-hidden="true" />
                {t('bo.risk.eddApprove')}
              </Button>
            )}
            <h3 className="bo-task-next-title mt-3">{t('bo.risk.reasons')}</h3>
            {risk.data.reasons.length === 0 ? (
              <p className="bo-muted mb-0">{t('bo.risk.noReasons')}</p>
            ) : (
              <ul className="bo-risk-reasons" data-testid="bo-risk-reasons">
                {risk.data.reasons.map((reason) => (
                  <li key={reason.code}>
                    <span>
                      {t(`bo.risk.reason.${reason.code}`, {
                        amount: risk.data.approvedDeposits,
                      })}
                    </span>
                    <span className="bo-risk-points">{t('bo.risk.points', { points: reason.points })}</span>
                  </li>
                ))}
              </ul>
            )}
            <h3 className="bo-task-next-title mt-3">{t('bo.risk.funds')}</h3>
            {risk.data.funds ? (
              <dl className="bo-dl">
                <dt>{t('sof.employment')}</dt>
                <dd>{t(`sof.employment.${risk.data.funds.employmentStatus}`)}</dd>
                <dt>{t('sof.income')}</dt>
                <dd>{t(`sof.band.${risk.data.funds.annualIncome}`)}</dd>
                <dt>{t('sof.source')}</dt>
                <dd>{t(`sof.source.${risk.data.funds.source}`)}</dd>
                <dt>{t('sof.expected')}</dt>
                <dd>{t(`sof.band.${risk.data.funds.expectedDeposits}`)}</dd>
                <dt>{t('sof.pep')}</dt>
                <dd>{risk.data.funds.pep ? t('sof.yes') : t('sof.no')}</dd>
              </dl>
            ) : (
              <p className="bo-muted mb-0">{t('bo.risk.fundsNone')}</p>
            )}
          </div>
        )}
        <ReasonDialog
          show={approving}
          title={t('bo.risk.eddApprove')}
          reasonRequired
          confirmLabel={t('bo.risk.eddApprove')}
          variant="success"
          pending={approve.isPending}
          error={approve.error}
          onHide={() => {
            approve.reset();
            setApproving(false);
          }}
          onConfirm={(note) =>
            approve.mutate(note, { onSuccess: () => toast('success', { key: 'bo.risk.eddApproved' }) })
          }
          testId="bo-risk-edd-dialog"
        />
      </BoPanel>
      <ClientTasks client={client} />
    </div>
  );
}

/** The client's compliance tasks (open and closed) and a new manual review. */
function ClientTasks({ client }: { client: ClientDetail }) {
  const { t } = useTranslation();
  const { can } = useStaffSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const ids = { summary: useId(), due: useId() };
  const [summary, setSummary] = useState('');
  const [due, setDue] = useState(() => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10));
  const path = `/api/backoffice/compliance/tasks?userId=${client.id}&status=all`;
  const tasks = useQuery({
    queryKey: [...TASKS_KEY, 'client', client.id],
    enabled: can('verification.edit'),
    queryFn: ({ signal }) => staffRequest(path, { schema: ComplianceTaskPage, signal }),
  });
  const create = useMutation({
    mutationFn: () =>
      staffRequest(`/api/backoffice/clients/${client.id}/compliance-tasks`, {
        schema: ComplianceTask,
        method: 'POST',
        body: { summary: summary.trim(), dueAt: due },
      }),
    onSuccess: () => {
      setSummary('');
      toast('success', { key: 'bo.tasks.toast.created' });
      void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
    },
  });
  if (!can('verification.edit')) return null;
  return (
    <BoPanel title={t('bo.tasks.clientTasks')}>
      <Form
        noValidate
        className="bo-toolbar mb-3"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate();
        }}
      >
        <Form.Group controlId={ids.summary} className="bo-filter bo-filter-search">
          <Form.Label className="bo-filter-label">{t('bo.tasks.reviewSummary')}</Form.Label>
          <Form.Control
            size="sm"
            value={summary}
            maxLength={500}
            onChange={(event) => setSummary(event.target.value)}
            isInvalid={create.isError}
            data-testid="bo-task-new-summary"
          />
          <Form.Control.Feedback type="invalid">
            {create.isError ? errorText(create.error) : null}
          </Form.Control.Feedback>
        </Form.Group>
        <Form.Group controlId={ids.due} className="bo-filter">
          <Form.Label className="bo-filter-label">{t('bo.tasks.dueDate')}</Form.Label>
          <Form.Control size="sm" type="date" value={due} onChange={(event) => setDue(event.target.value)} />
        </Form.Group>
        <Button type="submit" size="sm" disabled={create.isPending} data-testid="bo-task-new">
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('bo.tasks.newReview')}
        </Button>
      </Form>
      {tasks.isError ? (
        <Alert variant="danger">{errorText(tasks.error)}</Alert>
      ) : (
        <TasksTable rows={tasks.data?.items} showClient={false} testId="bo-client-tasks" />
      )}
    </BoPanel>
  );
}
