import {
  MAX_IDLE_MINUTES,
  MIN_IDLE_MINUTES,
  type StaffMember,
  StaffPasswordReset,
  type StaffRole,
  type StaffRoleIdleLimit,
  StaffRoleIdleLimits,
} from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Alert, Button, Form, InputGroup, Modal, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../ui/ToastProvider.js';
import { staffRequest } from '../api.js';
import { BoPanel } from '../shell/BoPage.js';
import { LoadError, SkeletonRows, useErrorText } from '../shell/panelStates.js';
import { useStaffSession } from '../shell/session.js';
import { ROLE_LABEL } from './roles.js';

const STAFF_KEY = ['bo', 'staff'] as const;
const IDLE_KEY = ['bo', 'staff', 'idle'] as const;

/**
 * An administrator resets a member's password: first a confirmation, then the temporary password shown this
 * once; the member must choose a new one at their next sign-in.
 */
export function PasswordResetDialog({ member, onHide }: { member: StaffMember; onHide: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const fieldId = useId();
  const [copied, setCopied] = useState(false);
  const reset = useMutation({
    mutationFn: () =>
      staffRequest(`/api/backoffice/staff/${member.id}/reset-password`, {
        schema: StaffPasswordReset,
        method: 'POST',
        body: {},
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // no clipboard permission: the password stays selectable
    }
  };
  const done = reset.data;
  return (
    <Modal
      show
      centered
      onHide={reset.isPending ? () => {} : onHide}
      backdrop={done ? 'static' : true}
      data-testid="bo-staff-reset-dialog"
    >
      <Modal.Header closeButton={!reset.isPending && !done}>
        <Modal.Title as="h2" className="h5 mb-0">
          {t('bo.staffCred.reset.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-2">
          <strong>{member.name}</strong> <span className="bom-sub">{member.email}</span>
        </p>
        {done ? (
          <>
            <Form.Label htmlFor={fieldId}>{t('bo.staffCred.reset.password')}</Form.Label>
            <InputGroup className="mb-2">
              <Form.Control
                id={fieldId}
                readOnly
                value={done.password}
                className="font-monospace"
                onFocus={(event) => event.target.select()}
                data-testid="bo-staff-temporary-password"
              />
              <Button variant="outline-secondary" onClick={() => void copy(done.password)}>
                <i className={`bi ${copied ? 'bi-check-lg' : 'bi-clipboard'} me-1`} aria-hidden="true" />
                {t(copied ? 'bom.copied' : 'bom.copy')}
              </Button>
            </InputGroup>
            <Alert variant="warning" className="py-2 small d-flex gap-2 mb-0">
              <i className="bi bi-eye-slash" aria-hidden="true" />
              <span>{t('bo.staffCred.reset.once')}</span>
            </Alert>
          </>
        ) : (
          <p className="mb-0 bom-sub">{t('bo.staffCred.reset.note')}</p>
        )}
        {reset.error ? (
          <Alert variant="danger" className="mt-3 mb-0" role="alert">
            {errorText(reset.error)}
          </Alert>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        {done ? (
          <Button variant="primary" onClick={onHide} data-testid="bo-staff-reset-done">
            {t('bom.staff.created.done')}
          </Button>
        ) : (
          <>
            <Button variant="outline-secondary" onClick={onHide} disabled={reset.isPending}>
              {t('bo.cancel')}
            </Button>
            <Button
              variant="danger"
              onClick={() => reset.mutate()}
              disabled={reset.isPending}
              data-testid="bo-staff-reset-confirm"
            >
              {reset.isPending && (
                <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
              )}
              {t('bo.staffCred.reset.action')}
            </Button>
          </>
        )}
      </Modal.Footer>
    </Modal>
  );
}

/**
 * Each role's idle limit: after it without input (keys, pointer, touch) a member's session ends, on screen and on
 * the server; a member with several roles gets the shortest. Only an administrator for every brand may change it.
 */
export function IdleLimitsPanel() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { staff } = useStaffSession();
  const editable = staff?.brandScope.all === true;
  const [draft, setDraft] = useState<Partial<Record<StaffRole, string>>>({});
  const query = useQuery({
    queryKey: IDLE_KEY,
    queryFn: ({ signal }) =>
      staffRequest('/api/backoffice/staff-settings/idle', { schema: StaffRoleIdleLimits, signal }),
  });
  const save = useMutation({
    mutationFn: (limits: Partial<Record<StaffRole, number | null>>) =>
      staffRequest('/api/backoffice/staff-settings/idle', {
        schema: StaffRoleIdleLimits,
        method: 'POST',
        body: { limits },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(IDLE_KEY, answer);
      setDraft({});
      toast('success', { key: 'bo.staffCred.idle.saved' });
    },
  });
  const shownValue = (limit: StaffRoleIdleLimit) => draft[limit.role] ?? String(limit.minutes);
  const invalid = (text: string) => {
    const n = Number(text);
    return !/^\d+$/.test(text.trim()) || n < MIN_IDLE_MINUTES || n > MAX_IDLE_MINUTES;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rows = query.data ?? [];
    if (rows.some((limit) => invalid(shownValue(limit)))) return;
    const limits: Partial<Record<StaffRole, number | null>> = {};
    for (const limit of rows) {
      const text = draft[limit.role];
      if (text === undefined) continue;
      const minutes = Number(text);
      limits[limit.role] = minutes === limit.defaultMinutes ? null : minutes;
    }
    save.mutate(limits);
  };

  return (
    <BoPanel title={t('bo.staffCred.idle.title')} className="mt-3">
      <p className="bom-sub px-3 pt-2 mb-2">{t('bo.staffCred.idle.lead')}</p>
      {query.isError && !query.data ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Form noValidate onSubmit={submit}>
          <div className="table-responsive">
            <Table className="ob-table bom-table mb-0 align-middle">
              <caption className="visually-hidden">{t('bo.staffCred.idle.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('bom.staff.col.roles')}</th>
                  <th scope="col">{t('bo.staffCred.idle.minutes')}</th>
                  <th scope="col">{t('bo.staffCred.idle.default')}</th>
                </tr>
              </thead>
              <tbody>
                {query.isPending && <SkeletonRows columns={3} />}
                {(query.data ?? []).map((limit) => {
                  const value = shownValue(limit);
                  const label = t(ROLE_LABEL[limit.role]);
                  return (
                    <tr key={limit.role}>
                      <th scope="row" className="fw-semibold">
                        {label}
                      </th>
                      <td style={{ maxWidth: '10rem' }}>
                        <InputGroup size="sm">
                          <Form.Control
                            type="number"
                            inputMode="numeric"
                            min={MIN_IDLE_MINUTES}
                            max={MAX_IDLE_MINUTES}
                            value={value}
                            disabled={!editable}
                            isInvalid={invalid(value)}
                            aria-label={t('bo.staffCred.idle.inputLabel', { role: label })}
                            onChange={(event) => setDraft({ ...draft, [limit.role]: event.target.value })}
                            data-testid={`bo-idle-${limit.role}`}
                          />
                          <InputGroup.Text>{t('bo.staffCred.idle.unit')}</InputGroup.Text>
                        </InputGroup>
                      </td>
                      <td className="bom-sub ob-num">{limit.defaultMinutes}</td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          </div>
          {save.error ? (
            <Alert variant="danger" className="m-3" role="alert">
              {errorText(save.error)}
            </Alert>
          ) : null}
          {editable ? (
            <div className="d-flex justify-content-end p-3">
              <Button
                type="submit"
                size="sm"
                variant="primary"
                disabled={save.isPending || Object.keys(draft).length === 0}
                data-testid="bo-idle-save"
              >
                {save.isPending && (
                  <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
                )}
                {t('bo.save')}
              </Button>
            </div>
          ) : (
            <p className="bom-sub px-3 py-2 mb-0">{t('staff.idleLimitsAllBrands')}</p>
          )}
        </Form>
      )}
    </BoPanel>
  );
}
