import {
  BRAND_CURRENCIES,
  BrandAdminView,
  BrandCreateInput,
  type BrandListItem,
  type Message,
} from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Col, Form, Modal, Row, Spinner, Table } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../../api/ApiError.js';
import { applyServerError, domainResolver, FieldFeedback, FormAlert } from '../../../ui/forms.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { staffRequest } from '../api.js';
import { BoPage, BoPanel } from '../shell/BoPage.js';
import { StatusBadge } from '../shell/cells.js';
import { useStaffSession } from '../shell/session.js';
import { BoEmpty, ErrorBlock, SkeletonRows } from '../shell/states.js';
import { errorAt, TextInput } from './parts.js';
import { BRANDS_OVERVIEW_KEY, useBrandsOverview } from './useBrandAdmin.js';
import './brands.css';

const BASE = '/backoffice/brands';

/** The brands in scope (admin): name, slug, hosts, currency, clients; "New brand" for all-brands admins. */
export function BrandsPage() {
  const { t } = useTranslation();
  const { can, staff } = useStaffSession();
  const allowed = can('brands.manage');
  const query = useBrandsOverview(allowed);
  const [creating, setCreating] = useState(false);
  const allBrands = staff?.brandScope.all === true;
  const rows = query.data ?? [];
  return (
    <BoPage
      title={t('bob.list.title')}
      subtitle={t('bob.list.lead')}
      testId="bob-brands"
      actions={
        allowed && (
          <Button
            size="sm"
            variant="primary"
            onClick={() => setCreating(true)}
            disabled={!allBrands}
            title={allBrands ? undefined : t('bob.create.needsAll')}
            data-testid="bob-new"
          >
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t('bob.list.new')}
          </Button>
        )
      }
    >
      <BoPanel flush>
        {query.isError && !query.data ? (
          <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <div className="table-responsive">
            <Table hover className="ob-table mb-0 align-middle" data-testid="bob-table">
              <caption className="visually-hidden">{t('bob.list.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('bob.col.brand')}</th>
                  <th scope="col">{t('bob.col.hosts')}</th>
                  <th scope="col">{t('bob.col.status')}</th>
                  <th scope="col">{t('bob.col.currency')}</th>
                  <th scope="col" className="text-end">
                    {t('bob.col.clients')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {query.isPending && <SkeletonRows cols={5} rows={6} />}
                {rows.map((brand) => (
                  <tr key={brand.id} data-testid="bob-row">
                    <td>
                      <Link to={`${BASE}/${brand.id}`} className="fw-semibold text-decoration-none">
                        {brand.name}
                      </Link>
                      <div className="small text-body-secondary font-monospace">{brand.slug}</div>
                    </td>
                    <td className="bob-hosts-cell">
                      {brand.hosts.slice(0, 3).map((h) => (
                        <code key={h} className="bob-host">
                          {h}
                        </code>
                      ))}
                      {brand.hosts.length > 3 && (
                        <span className="small text-body-secondary">
                          {t('bob.list.more', { count: brand.hosts.length - 3 })}
                        </span>
                      )}
                    </td>
                    <td data-testid="bob-row-status">
                      {brand.status === 'draft' ? (
                        <StatusBadge tone="warning" icon="bi-pencil-square">
                          {t('bob.status.draft')}
                        </StatusBadge>
                      ) : (
                        <StatusBadge tone="success" icon="bi-broadcast">
                          {t('bob.status.published')}
                        </StatusBadge>
                      )}
                    </td>
                    <td>{brand.currency}</td>
                    <td className="text-end tabular-nums">{brand.clients.toLocaleString()}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
            {query.isSuccess && rows.length === 0 && <BoEmpty icon="bi-shop">{t('bob.list.empty')}</BoEmpty>}
          </div>
        )}
      </BoPanel>
      {creating && <CreateBrandDialog brands={rows} onClose={() => setCreating(false)} />}
    </BoPage>
  );
}

const FAILURE: Message = { key: 'error.validation' };

function CreateBrandDialog({ brands, onClose }: { brands: BrandListItem[]; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<Message | null>(null);
  const form = useForm<z.input<typeof BrandCreateInput>, unknown, BrandCreateInput>({
    resolver: domainResolver(BrandCreateInput),
    defaultValues: {
      slug: '',
      name: '',
      hosts: [''],
      currency: 'EUR',
      legalName: '',
      supportEmail: '',
      primary: '#0b5cff',
      accent: '#00b386',
    },
  });
  // '' for the starter, else the id of the brand to copy
  const [template, setTemplate] = useState('');
  const create = useMutation({
    mutationFn: (input: BrandCreateInput) =>
      staffRequest('/api/backoffice/brands', {
        schema: BrandAdminView,
        method: 'POST',
        body: {
          ...input,
          template: template ? { kind: 'brand', brandId: Number(template) } : { kind: 'starter' },
        },
      }),
    onSuccess: (brand) => {
      void queryClient.invalidateQueries({ queryKey: BRANDS_OVERVIEW_KEY });
      void queryClient.invalidateQueries({ queryKey: ['bo', 'brands'], exact: true });
      toast('success', { key: 'bob.created' });
      onClose();
      void navigate(`${BASE}/${brand.id}`);
    },
    onError: (error) => setFailure(isApiError(error) ? applyServerError(form, error, FAILURE) : FAILURE),
  });
  const hostError = errorAt(form.formState.errors, 'hosts.0') ?? errorAt(form.formState.errors, 'hosts');
  return (
    <Modal show onHide={onClose} centered size="lg" data-testid="bob-create">
      <Form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          setFailure(null);
          create.mutate(values);
        })}
      >
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            {t('bob.create.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="bob-lead">{t('bob.create.lead')}</p>
          <FormAlert message={failure} />
          <Form.Group className="mb-3" controlId="bob-create-template">
            <Form.Label>{t('bob.create.template')}</Form.Label>
            <Form.Select
              value={template}
              onChange={(event) => setTemplate(event.target.value)}
              data-testid="bob-create-template"
            >
              <option value="">{t('bob.create.templateStarter')}</option>
              {brands.map((brand) => (
                <option key={brand.id} value={String(brand.id)}>
                  {t('bob.create.templateCopy', { name: brand.name })}
                </option>
              ))}
            </Form.Select>
            <Form.Text muted>{t('bob.create.templateHint')}</Form.Text>
          </Form.Group>
          <Row>
            <Col md={6}>
              <TextInput form={form} name="name" label={t('bob.field.name')} />
            </Col>
            <Col md={6}>
              <TextInput form={form} name="slug" label={t('bob.field.slug')} hint={t('bob.hint.newSlug')} />
            </Col>
            <Col md={6}>
              <Form.Group className="mb-3" controlId="bob-create-host">
                <Form.Label>{t('bob.field.host')}</Form.Label>
                <Form.Control
                  className="font-monospace"
                  placeholder="broker.example.com"
                  isInvalid={!!hostError}
                  {...form.register('hosts.0')}
                />
                <Form.Text muted>{t('bob.hint.host')}</Form.Text>
                <FieldFeedback error={hostError} title={t('bob.field.host')} />
              </Form.Group>
            </Col>
            <Col md={6}>
              <Form.Group className="mb-3" controlId="bob-create-currency">
                <Form.Label>{t('bob.field.currency')}</Form.Label>
                <Form.Select {...form.register('currency')}>
                  {Object.keys(BRAND_CURRENCIES).map((code) => (
                    <option key={code}>{code}</option>
                  ))}
                </Form.Select>
              </Form.Group>
            </Col>
            <Col md={6}>
              <TextInput form={form} name="legalName" label={t('bob.field.legalName')} />
            </Col>
            <Col md={6}>
              <TextInput form={form} name="supportEmail" type="email" label={t('bob.field.supportEmail')} />
            </Col>
            {(['primary', 'accent'] as const).map((name) => (
              <Col md={6} key={name}>
                <Form.Group className="mb-3" controlId={`bob-create-${name}`}>
                  <Form.Label>
                    {t(name === 'primary' ? 'bob.palette.primary' : 'bob.palette.accent')}
                  </Form.Label>
                  <div className="bob-colour">
                    <Form.Control
                      type="color"
                      className="bob-colour-swatch"
                      aria-hidden="true"
                      tabIndex={-1}
                      value={/^#[0-9a-fA-F]{6}$/.test(form.watch(name)) ? form.watch(name) : '#000000'}
                      onChange={(e) => form.setValue(name, e.target.value, { shouldDirty: true })}
                    />
                    <Form.Control
                      className="font-monospace"
                      isInvalid={!!errorAt(form.formState.errors, name)}
                      {...form.register(name)}
                    />
                  </div>
                  <FieldFeedback error={errorAt(form.formState.errors, name)} title={t('bob.field.colour')} />
                </Form.Group>
              </Col>
            ))}
          </Row>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {t('bob.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={create.isPending} data-testid="bob-create-submit">
            {create.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {t('bob.create.submit')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
