import {
  type BackofficeBrand,
  isAllowListEntry,
  STAFF_ROLES,
  StaffMember,
  type StaffRole,
  splitAllowList,
} from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../ui/ToastProvider.js';
import { staffRequest } from '../api.js';
import { useErrorText } from '../shell/panelStates.js';
import { type Access, AccessFields, accessErrors } from './AccessFields.js';
import { STAFF_KEY } from './useStaff.js';

/** An administrator changes a member's roles, brand scope and the addresses they may sign in from. */
export function EditStaffDialog({
  member,
  brands,
  onHide,
}: {
  member: StaffMember;
  brands: BackofficeBrand[];
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [access, setAccess] = useState<Access>({
    roles: member.roles.filter((r): r is StaffRole => (STAFF_ROLES as readonly string[]).includes(r)),
    brandIds: member.brandScope.all ? null : [...member.brandScope.brandIds],
  });
  const [tried, setTried] = useState(false);
  const allowListId = useId();
  const [allowList, setAllowList] = useState((member.ipAllowList ?? []).join('\n'));
  const badEntry = splitAllowList(allowList).find((entry) => !isAllowListEntry(entry));
  const save = useMutation({
    mutationFn: () =>
      staffRequest(`/api/backoffice/staff/${member.id}`, {
        schema: StaffMember,
        method: 'POST',
        body: { roles: access.roles, brandIds: access.brandIds, ipAllowList: splitAllowList(allowList) },
      }),
    onSuccess: () => {
      toast('success', { key: 'bom.staff.toast.saved' });
      void queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      onHide();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.values(accessErrors(access)).some(Boolean) || badEntry !== undefined) return;
    save.mutate();
  };
  return (
    <Modal show onHide={save.isPending ? () => {} : onHide} centered data-testid="bo-staff-edit-dialog">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton={!save.isPending}>
          <Modal.Title as="h2" className="h5 mb-0">
            {t('bom.staff.editTitle', { name: member.name })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <AccessFields
            value={access}
            onChange={setAccess}
            brands={brands}
            error={tried ? accessErrors(access) : {}}
          />
          <Form.Group controlId={allowListId} className="mt-3">
            <Form.Label>{t('bo.staffCred.allowList.label')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              className="font-monospace"
              value={allowList}
              placeholder="203.0.113.0/24"
              isInvalid={tried && badEntry !== undefined}
              aria-describedby={`${allowListId}-hint`}
              onChange={(event) => setAllowList(event.target.value)}
              data-testid="bo-staff-allow-list"
            />
            <Form.Control.Feedback type="invalid">
              {t('bo.staffCred.allowList.invalid', { entry: badEntry ?? '' })}
            </Form.Control.Feedback>
            <Form.Text id={`${allowListId}-hint`} className="bom-sub">
              {t('bo.staffCred.allowList.hint')}
            </Form.Text>
          </Form.Group>
          {save.error ? (
            <Alert variant="danger" className="mt-3 mb-0" role="alert">
              {errorText(save.error)}
            </Alert>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide} disabled={save.isPending}>
            {t('bo.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending && <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />}
            {t('bo.save')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
