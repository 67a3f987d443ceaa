import { type BackofficeBrand, StaffCreated } from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Alert, Button, Form, InputGroup, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { staffRequest } from '../api.js';
import { useErrorText } from '../shell/panelStates.js';
import { type Access, AccessFields, accessErrors } from './AccessFields.js';
import { STAFF_KEY } from './useStaff.js';

/**
 * An administrator adds a staff member: name, e-mail, roles and brand scope; the initial password (and the
 * two-factor enrolment link) is then shown this once.
 */
export function CreateStaffDialog({ brands, onHide }: { brands: BackofficeBrand[]; onHide: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const ids = { email: useId(), name: useId() };
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [access, setAccess] = useState<Access>({ roles: [], brandIds: null });
  const [tried, setTried] = useState(false);
  const [created, setCreated] = useState<StaffCreated | null>(null);
  const [copied, setCopied] = useState(false);
  const create = useMutation({
    mutationFn: () =>
      staffRequest('/api/backoffice/staff', {
        schema: StaffCreated,
        method: 'POST',
        body: { email: email.trim(), name: name.trim(), roles: access.roles, brandIds: access.brandIds },
      }),
    onSuccess: (answer) => {
      setCreated(answer);
      void queryClient.invalidateQueries({ queryKey: STAFF_KEY });
    },
  });
  const problems = {
    email: !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()),
    name: !name.trim(),
    ...accessErrors(access),
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.values(problems).some(Boolean)) return;
    create.mutate();
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // no clipboard permission: the password stays selectable
    }
  };

  return (
    <Modal
      show
      onHide={create.isPending ? () => {} : onHide}
      centered
      backdrop={created ? 'static' : true}
      data-testid="bo-staff-create-dialog"
    >
      {created ? (
        <>
          <Modal.Header>
            <Modal.Title as="h2" className="h5 mb-0">
              {t('bom.staff.created.title')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>{t('bom.staff.created.lead', { name: created.staff.name, email: created.staff.email })}</p>
            <Form.Label htmlFor={`${ids.email}-password`}>{t('bom.staff.created.password')}</Form.Label>
            <InputGroup className="mb-2">
              <Form.Control
                id={`${ids.email}-password`}
                readOnly
                value={created.password}
                className="font-monospace"
                onFocus={(event) => event.target.select()}
                data-testid="bo-staff-password"
              />
              <Button variant="outline-secondary" onClick={() => void copy(created.password)}>
                <i className={`bi ${copied ? 'bi-check-lg' : 'bi-clipboard'} me-1`} aria-hidden="true" />
                {t(copied ? 'bom.copied' : 'bom.copy')}
              </Button>
            </InputGroup>
            <Alert variant="warning" className="py-2 small d-flex gap-2">
              <i className="bi bi-eye-slash" aria-hidden="true" />
              <span>{t('bom.staff.created.once')}</span>
            </Alert>
            {created.enrolUrl && (
              <>
                <div className="form-label mb-1">{t('bom.staff.created.enrol')}</div>
                <code className="bom-json d-block">{created.enrolUrl}</code>
              </>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="primary" onClick={onHide} data-testid="bo-staff-created-done">
              {t('bom.staff.created.done')}
            </Button>
          </Modal.Footer>
        </>
      ) : (
        <Form noValidate onSubmit={submit}>
          <Modal.Header closeButton={!create.isPending}>
            <Modal.Title as="h2" className="h5 mb-0">
              {t('bom.staff.create')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <div className="row g-3 mb-3">
              <Form.Group className="col-sm-6" controlId={ids.name}>
                <Form.Label>{t('bom.staff.name')}</Form.Label>
                <Form.Control
                  size="sm"
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                  isInvalid={tried && problems.name}
                  autoComplete="off"
                  data-testid="bo-staff-name"
                />
                <Form.Control.Feedback type="invalid">{t('bom.staff.error.name')}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group className="col-sm-6" controlId={ids.email}>
                <Form.Label>{t('bom.staff.email')}</Form.Label>
                <Form.Control
                  size="sm"
                  type="email"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  isInvalid={tried && problems.email}
                  autoComplete="off"
                  data-testid="bo-staff-email"
                />
                <Form.Control.Feedback type="invalid">{t('bom.staff.error.email')}</Form.Control.Feedback>
              </Form.Group>
            </div>
            <AccessFields
              value={access}
              onChange={setAccess}
              brands={brands}
              error={tried ? accessErrors(access) : {}}
            />
            {create.error ? (
              <Alert variant="danger" className="mt-3 mb-0" role="alert">
                {errorText(create.error)}
              </Alert>
            ) : null}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={onHide} disabled={create.isPending}>
              {t('bo.cancel')}
            </Button>
            <Button
              type="submit"
              variant="primary"
              disabled={create.isPending}
              data-testid="bo-staff-create-submit"
            >
              {create.isPending && (
                <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
              )}
              {t('bom.staff.create')}
            </Button>
          </Modal.Footer>
        </Form>
      )}
    </Modal>
  );
}
