import { AffiliateAdminView, AffiliateWithPassword, type BackofficeBrand } from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../api/ApiError.js';
import { queryString, staffRequest } from '../api.js';
import { useBoFormat } from '../money/format.js';
import { BoPage } from '../shell/BoPage.js';
import { BoTable } from '../shell/BoTable.js';
import { BrandFilter, useBrands } from '../shell/BrandFilter.js';
import { StatusBadge } from '../shell/cells.js';
import { BACKOFFICE_BASE } from '../shell/nav.js';
import { LoadError, useErrorText } from '../shell/panelStates.js';
import { OneTimeSecret } from './OneTimeSecret.js';
import { AFFILIATES_KEY, affiliateName } from './types.js';
import '../popups/engage.css';

/** The affiliate list (admins): name, e-mail, tracking code, brand, clients, created, status. */
export function AffiliatesPage() {
  const { t } = useTranslation();
  const format = useBoFormat();
  const brands = useBrands();
  const [brandId, setBrandId] = useState<number | undefined>(undefined);
  const [creating, setCreating] = useState(false);
  const list = useQuery({
    queryKey: [...AFFILIATES_KEY, 'list', brandId],
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/affiliates${queryString({ brandId })}`, {
        schema: AffiliateAdminView.array(),
        signal,
      }),
  });
  return (
    <BoPage
      title={t('boe.aff.title')}
      subtitle={t('boe.aff.lead')}
      testId="boe-affiliates"
      actions={
        <div className="boe-toolbar">
          <BrandFilter value={brandId} onChange={setBrandId} />
          <Button
            size="sm"
            variant="primary"
            onClick={() => setCreating(true)}
            disabled={!brands.data?.length}
            data-testid="boe-aff-new"
          >
            <i className="bi bi-person-plus me-1" aria-hidden="true" />
            {t('boe.aff.new')}
          </Button>
        </div>
      }
    >
      {list.isError && !list.data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <BoTable
          testId="boe-affiliates-table"
          rows={list.data}
          rowKey={(a) => a.id}
          emptyIcon="bi-diagram-3"
          empty={
            <>
              {t('boe.aff.empty')}
              <span className="d-block boe-sub mt-1">{t('boe.aff.emptyHint')}</span>
            </>
          }
          columns={[
            {
              key: 'name',
              header: t('boe.aff.col.name'),
              cell: (a) => (
                <Link
                  to={`${BACKOFFICE_BASE}/affiliates/${a.id}`}
                  className="fw-semibold"
                  data-testid="boe-aff-row"
                >
                  {affiliateName(a)}
                </Link>
              ),
            },
            {
              key: 'email',
              header: t('boe.aff.col.email'),
              cell: (a) => <span className="text-break">{a.email}</span>,
            },
            { key: 'code', header: t('boe.aff.col.code'), cell: (a) => <code>{a.code}</code> },
            { key: 'brand', header: t('boe.aff.col.brand'), cell: (a) => a.brandName },
            {
              key: 'clients',
              header: t('boe.aff.col.clients'),
              align: 'end',
              cell: (a) => <span className="bo-num">{format.number(a.clients, 0)}</span>,
            },
            {
              key: 'created',
              header: t('boe.aff.col.created'),
              cell: (a) => <span className="bo-num small">{format.dateTime(a.createdAt)}</span>,
            },
            {
              key: 'status',
              header: t('boe.aff.col.status'),
              cell: (a) =>
                a.disabled ? (
                  <StatusBadge tone="danger" icon="bi-slash-circle">
                    {t('boe.aff.disabled')}
                  </StatusBadge>
                ) : (
                  <StatusBadge tone="success" icon="bi-check-circle">
                    {t('boe.aff.active')}
                  </StatusBadge>
                ),
            },
          ]}
        />
      )}
      {creating && (
        <CreateAffiliateDialog
          brands={brands.data ?? []}
          defaultBrandId={brandId}
          onHide={() => setCreating(false)}
        />
      )}
    </BoPage>
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** New affiliate: brand, name and e-mail; then its one-time password with a copy button and its code. */
function CreateAffiliateDialog({
  brands,
  defaultBrandId,
  onHide,
}: {
  brands: BackofficeBrand[];
  defaultBrandId: number | undefined;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const id = useId();
  const [brandId, setBrandId] = useState<number | undefined>(defaultBrandId ?? brands[0]?.id);
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [tried, setTried] = useState(false);
  const [created, setCreated] = useState<AffiliateWithPassword | null>(null);
  const create = useMutation({
    mutationFn: () =>
      staffRequest('/api/backoffice/affiliates', {
        schema: AffiliateWithPassword,
        method: 'POST',
        body: { brandId, email: email.trim(), firstName: firstName.trim(), lastName: lastName.trim() },
      }),
    onSuccess: (answer) => {
      setCreated(answer);
      void queryClient.invalidateQueries({ queryKey: AFFILIATES_KEY });
    },
  });
  const refused = (path: string) =>
    isApiError(create.error) && create.error.errors.some((e) => e.path === path);
  const problems = {
    firstName: firstName.trim() === '',
    lastName: lastName.trim() === '',
    email: !EMAIL.test(email.trim()),
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.values(problems).some(Boolean) || brandId === undefined) return;
    create.mutate();
  };

  return (
    <Modal
      show
      centered
      onHide={create.isPending ? () => {} : onHide}
      backdrop={created ? 'static' : true}
      data-testid="boe-aff-create-dialog"
    >
      {created ? (
        <>
          <Modal.Header>
            <Modal.Title as="h2" className="h5 mb-0">
              {t('boe.aff.created.title')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>
              {t('boe.aff.created.lead', {
                name: affiliateName(created.affiliate),
                email: created.affiliate.email,
              })}
            </p>
            <OneTimeSecret password={created.password} />
            <div className="mt-3">
              <div className="form-label mb-1">{t('boe.aff.code')}</div>
              <code data-testid="boe-aff-code">{created.affiliate.code}</code>
            </div>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="primary" onClick={onHide} data-testid="boe-aff-done">
              {t('boe.aff.done')}
            </Button>
          </Modal.Footer>
        </>
      ) : (
        <Form noValidate onSubmit={submit}>
          <Modal.Header closeButton={!create.isPending}>
            <Modal.Title as="h2" className="h5 mb-0">
              {t('boe.aff.new')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <div className="row g-3">
              <Form.Group className="col-12" controlId={`${id}-brand`}>
                <Form.Label>{t('boe.aff.field.brand')}</Form.Label>
                <Form.Select
                  size="sm"
                  value={brandId ?? ''}
                  onChange={(event) => setBrandId(Number(event.target.value))}
                  data-testid="boe-aff-brand"
                >
                  {brands.map((brand) => (
                    <option key={brand.id} value={brand.id}>
                      {brand.name}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              <Form.Group className="col-sm-6" controlId={`${id}-first`}>
                <Form.Label>{t('boe.aff.field.firstName')}</Form.Label>
                <Form.Control
                  size="sm"
                  value={firstName}
                  maxLength={100}
                  autoComplete="off"
                  onChange={(event) => setFirstName(event.target.value)}
                  isInvalid={(tried && problems.firstName) || refused('firstName')}
                  data-testid="boe-aff-first"
                />
                <Form.Control.Feedback type="invalid">{t('boe.aff.error.name')}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group className="col-sm-6" controlId={`${id}-last`}>
                <Form.Label>{t('boe.aff.field.lastName')}</Form.Label>
                <Form.Control
                  size="sm"
                  value={lastName}
                  maxLength={100}
                  autoComplete="off"
                  onChange={(event) => setLastName(event.target.value)}
                  isInvalid={(tried && problems.lastName) || refused('lastName')}
                  data-testid="boe-aff-last"
                />
                <Form.Control.Feedback type="invalid">{t('boe.aff.error.name')}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group className="col-12" controlId={`${id}-email`}>
                <Form.Label>{t('boe.aff.field.email')}</Form.Label>
                <Form.Control
                  size="sm"
                  type="email"
                  value={email}
                  maxLength={254}
                  autoComplete="off"
                  onChange={(event) => setEmail(event.target.value)}
                  isInvalid={(tried && problems.email) || refused('email')}
                  data-testid="boe-aff-email"
                />
                <Form.Control.Feedback type="invalid">{t('boe.aff.error.email')}</Form.Control.Feedback>
              </Form.Group>
            </div>
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
            <Button type="submit" variant="primary" disabled={create.isPending} data-testid="boe-aff-create">
              {create.isPending && (
                <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
              )}
              {t('boe.aff.create')}
            </Button>
          </Modal.Footer>
        </Form>
      )}
    </Modal>
  );
}
