import type { ComplianceTask } from '@openbroker/domain';
import { useEffect, useId, useState } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../ui/ToastProvider.js';
import { DateTime } from '../shell/cells.js';
import { Facts, ReasonDialog } from '../shell/ReasonDialog.js';
import { useErrorText } from '../shell/states.js';
import { useAssignees, useCloseTask, useUpdateTask } from './useTasks.js';

/** Assigns a task to a member of its brand's compliance staff and sets its due date; audited by the server. */
export function AssignDialog({ task, onHide }: { task: ComplianceTask | null; onHide: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const toast = useToast();
  const ids = { member: useId(), due: useId() };
  const assignees = useAssignees(task);
  const update = useUpdateTask();
  const { reset } = update;
  const [member, setMember] = useState('');
  const [due, setDue] = useState('');
  useEffect(() => {
    if (task) {
      setMember(task.assignedTo === null ? '' : String(task.assignedTo));
      setDue(task.dueAt.slice(0, 10));
      reset();
    }
  }, [task, reset]);
  if (!task) return null;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const assignedTo = member === '' ? null : Number(member);
    update.mutate(
      {
        id: task.id,
        patch: {
          ...(assignedTo !== task.assignedTo ? { assignedTo } : {}),
          ...(due !== task.dueAt.slice(0, 10) ? { dueAt: due } : {}),
        },
      },
      {
        onSuccess: () => {
          toast('success', { key: 'bo.tasks.toast.saved' });
          onHide();
        },
      },
    );
  };
  const unchanged =
    (member === '' ? null : Number(member)) === task.assignedTo && due === task.dueAt.slice(0, 10);
  return (
    <Modal show onHide={update.isPending ? () => {} : onHide} centered data-testid="bo-task-assign">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton={!update.isPending}>
          <Modal.Title as="h2" className="h5 mb-0">
            {t('bo.tasks.assignTitle', { id: task.id })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Facts
            rows={[
              [t('bo.tasks.col.client'), task.clientName],
              [t('bo.tasks.col.task'), task.summary],
            ]}
          />
          <Form.Group controlId={ids.member} className="mt-3">
            <Form.Label>{t('bo.tasks.assignee')}</Form.Label>
            <Form.Select
              value={member}
              onChange={(event) => setMember(event.target.value)}
              disabled={!assignees.data}
              data-testid="bo-task-assignee"
            >
              <option value="">{t('bo.tasks.nobody')}</option>
              {assignees.data?.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group controlId={ids.due} className="mt-3">
            <Form.Label>{t('bo.tasks.dueDate')}</Form.Label>
            <Form.Control
              type="date"
              value={due}
              required
              onChange={(event) => setDue(event.target.value)}
              data-testid="bo-task-due"
            />
          </Form.Group>
          {update.isError && (
            <Alert variant="danger" className="mt-3 mb-0" role="alert" data-testid="bo-dialog-error">
              {errorText(update.error)}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide} disabled={update.isPending}>
            {t('bo.cancel')}
          </Button>
          <Button type="submit" disabled={update.isPending || unchanged} data-testid="bo-task-save">
            {update.isPending && <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />}
            {t('bo.tasks.save')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** Closes a task with its required note (what was checked and decided). */
export function CloseDialog({ task, onHide }: { task: ComplianceTask | null; onHide: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const close = useCloseTask();
  return (
    <ReasonDialog
      show={task !== null}
      title={task ? t('bo.tasks.closeTitle', { id: task.id }) : ''}
      reasonRequired
      confirmLabel={t('bo.tasks.close')}
      variant="success"
      pending={close.isPending}
      error={close.error}
      onHide={() => {
        close.reset();
        onHide();
      }}
      onConfirm={(note) => {
        if (!task) return;
        close.mutate(
          { id: task.id, note },
          {
            onSuccess: () => {
              toast('success', { key: 'bo.tasks.toast.closed' });
              onHide();
            },
          },
        );
      }}
      testId="bo-task-close"
    >
      {task && (
        <>
          <Facts
            rows={[
              [t('bo.tasks.col.client'), task.clientName],
              [t('bo.tasks.col.task'), task.summary],
              [t('bo.tasks.col.due'), <DateTime key="due" value={task.dueAt} dateOnly />],
            ]}
          />
          <p className="small text-body-secondary mt-3 mb-0">{t('bo.tasks.closeNote')}</p>
        </>
      )}
    </ReasonDialog>
  );
}
