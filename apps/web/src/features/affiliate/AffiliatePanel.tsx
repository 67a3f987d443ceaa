import { AFFILIATE_FILTER_FIELDS, AffiliateFilterInput, type Message } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button, Card, Col, Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../api/ApiError.js';
import { type AffiliateAccount, type AffiliateSession, affiliateApi } from '../../api/affiliate.js';
import type { TranslationKey } from '../../app/i18n/resources.js';
import { formatDate } from '../../lib/dates.js';
import { type Column, DataTable } from '../../ui/DataTable.js';
import { SubmitButton, TextField } from '../../ui/fields.js';
import { applyServerError, domainResolver, FieldFeedback, FormAlert } from '../../ui/forms.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { affiliateStore } from './affiliateStore.js';

const FILTER_LABELS: Record<(typeof AFFILIATE_FILTER_FIELDS)[number], TranslationKey> = {
  created_at: 'affiliate.filter.created_at',
  transactions: 'affiliate.filter.transactions',
};

const FAILURE: Message = { key: 'error.internal' };

/** The affiliate panel (spec §2, §5 filter): referred accounts by registration date or transactions. */
export function AffiliatePanel({ session }: { session: AffiliateSession }) {
  const { t, i18n } = useTranslation();
  const whereId = useId();
  const [failure, setFailure] = useState<Message | null>(null);
  const form = useForm<z.input<typeof AffiliateFilterInput>, unknown, AffiliateFilterInput>({
    resolver: domainResolver(AffiliateFilterInput),
    defaultValues: { where: 'created_at', from: '', until: '' },
  });
  const search = useMutation({
    mutationFn: (filter: AffiliateFilterInput) => affiliateApi.accounts(session.access_token, filter),
    onError: (error) => {
      if (isApiError(error) && error.isUnauthorized) {
        affiliateStore.clear();
        return;
      }
      setFailure(isApiError(error) ? applyServerError(form, error, FAILURE) : FAILURE);
    },
  });
  const rows: AffiliateAccount[] = search.data ?? [];
  const columns: Column<AffiliateAccount>[] = [
    { key: 'id', header: t('affiliate.col.id'), cell: (row) => row.id },
    { key: 'name', header: t('affiliate.col.name'), cell: (row) => `${row.first_name} ${row.last_name}` },
    { key: 'email', header: t('affiliate.col.email'), cell: (row) => row.email },
    { key: 'country', header: t('affiliate.col.country'), cell: (row) => row.country ?? '—' },
    {
      key: 'created',
      header: t('affiliate.col.createdAt'),
      cell: (row) => formatDate(row.created_at, i18n.language),
    },
    { key: 'source', header: t('affiliate.col.source'), cell: (row) => row.source_page ?? '—' },
    {
      key: 'conversion',
      header: t('affiliate.col.conversion'),
      cell: (row) =>
        row.transaction ? (
          <i className="bi bi-check-lg text-success" role="img" aria-label={t('affiliate.col.conversion')} />
        ) : (
          '—'
        ),
    },
  ];

  return (
    <div className="container-xl ob-section" data-testid="affiliate-panel">
      <PageHeader
        title={t('affiliate.panel')}
        lead={session.affiliate?.email}
        actions={
          <Button variant="outline-secondary" onClick={() => affiliateStore.clear()}>
            <i className="bi bi-box-arrow-right me-1" aria-hidden="true" />
            {t('affiliate.logout')}
          </Button>
        }
      />
      <Card className="ob-card mb-4">
        <Card.Body className="p-4">
          <FormAlert message={failure} />
          <Form
            noValidate
            onSubmit={form.handleSubmit((values) => {
              setFailure(null);
              search.mutate(values);
            })}
          >
            <Row className="g-3 align-items-start">
              <Col md={3}>
                <Form.Group controlId={whereId}>
                  <Form.Label>{t('affiliate.filterBy')}</Form.Label>
                  <Form.Select {...form.register('where')} isInvalid={!!form.formState.errors.where}>
                    {AFFILIATE_FILTER_FIELDS.map((field) => (
                      <option key={field} value={field}>
                        {t(FILTER_LABELS[field])}
                      </option>
                    ))}
                  </Form.Select>
                  <FieldFeedback error={form.formState.errors.where} title={t('affiliate.filterBy')} />
                </Form.Group>
              </Col>
              <Col sm={6} md={3}>
                <TextField form={form} name="from" label={t('affiliate.from')} type="date" className="" />
              </Col>
              <Col sm={6} md={3}>
                <TextField form={form} name="until" label={t('affiliate.until')} type="date" className="" />
              </Col>
              <Col md={3} className="align-self-end">
                <SubmitButton pending={search.isPending}>{t('affiliate.apply')}</SubmitButton>
              </Col>
            </Row>
          </Form>
        </Card.Body>
      </Card>
      <Card className="ob-card">
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(row) => String(row.id)}
          empty={t('list.empty')}
          testId="affiliate-accounts"
        />
      </Card>
    </div>
  );
}
