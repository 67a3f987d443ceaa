import './affiliate.css';
import {
  AFFILIATE_FILTER_FIELDS,
  type AffiliateFilterField,
  AffiliateFilterInput,
  lastDays,
} from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Alert, Button, Card, Col, Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../api/ApiError.js';
import { type AffiliateSession, affiliateApi } from '../../api/affiliate.js';
import { useBrand } from '../../lib/BrandProvider.js';
import type { TranslationKey } from '../../lib/i18n/keys.js';
import { CopyLinkField } from '../../shared/affiliate/CopyLinkField.js';
import { SubmitButton, TextField } from '../../ui/fields.js';
import { domainResolver, FieldFeedback } from '../../ui/forms.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { AccountsCard } from './AccountsCard.js';
import { AffiliatePasswordForm } from './AffiliatePasswordForm.js';
import { affiliateSessionEnded, affiliateStore, endAffiliateSession } from './affiliateStore.js';
import { FunnelCards } from './FunnelCards.js';
import { FunnelChart } from './FunnelChart.js';

const FILTER_LABELS: Record<AffiliateFilterField, TranslationKey> = {
  created_at: 'affiliate.filter.created_at',
  transactions: 'affiliate.filter.transactions',
};

/** The tracking link of an affiliate: any page with `?ref=<code>`; the home page is the natural one. */
export const trackingLink = (origin: string, code: string): string =>
  `${origin}/?ref=${encodeURIComponent(code)}`;

/** The filter the panel opens with: registrations of the last 30 days (UTC), today included. */
export const defaultFilter = (now = new Date()): AffiliateFilterInput => ({
  where: 'created_at',
  ...lastDays(now),
});

/**
 * The affiliate panel (spec §2 /affiliate, §5 filter): the tracking link, the funnel of a period
 * (cards and a per-day chart), the referred accounts with their first deposits (CSV export), the
 * password change and logout. A 401 on any call ends the affiliate session (never the client's).
 */
export function AffiliatePanel({ session }: { session: AffiliateSession }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const token = session.access_token;
  const [filter, setFilter] = useState<AffiliateFilterInput>(() => defaultFilter());
  const { affiliate } = session;

  // The stored session may be stale (idle expiry, logout elsewhere): check it once on opening.
  const me = useQuery({ queryKey: ['affiliate', token, 'me'], queryFn: () => affiliateApi.me(token) });
  const accounts = useQuery({
    queryKey: ['affiliate', token, 'accounts', filter],
    queryFn: () => affiliateApi.accounts(token, filter),
  });
  const funnel = useQuery({
    queryKey: ['affiliate', token, 'funnel', filter],
    queryFn: () => affiliateApi.funnel(token, filter),
  });
  const ended = [me.error, accounts.error, funnel.error].some((e) => isApiError(e) && e.isUnauthorized);
  useEffect(() => {
    if (!ended) return;
    affiliateSessionEnded.mark();
    affiliateStore.clear();
  }, [ended]);
  useEffect(() => {
    if (me.data) affiliateStore.set({ access_token: token, affiliate: me.data.affiliate });
  }, [me.data, token]);
  const loadFailed = (accounts.isError || funnel.isError) && !ended;

  return (
    <div className="container-xl ob-section" data-testid="affiliate-panel">
      <PageHeader
        title={t('affiliate.panel')}
        lead={t('affiliate.signedInAs', {
          name: `${affiliate.first_name} ${affiliate.last_name}`.trim(),
          email: affiliate.email,
        })}
        actions={
          <Button
            variant="outline-secondary"
            onClick={() => endAffiliateSession(token)}
            data-testid="affiliate-logout"
          >
            <i className="bi bi-box-arrow-right me-1" aria-hidden="true" />
            {t('affiliate.logout')}
          </Button>
        }
      />

      <Row className="g-4 mb-4">
        <Col lg={5}>
          <Card className="ob-card h-100">
            <Card.Body className="p-4">
              <CopyLinkField
                id="affiliate-tracking-link"
                label={t('affiliate.link.title')}
                value={trackingLink(window.location.origin, affiliate.code)}
                testId="affiliate-link"
              />
              <p className="ob-aff-note mt-2 mb-0">
                {t('affiliate.link.code', { code: affiliate.code })}. {t('affiliate.link.hint')}
              </p>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={7}>
          <FilterCard
            filter={filter}
            onApply={setFilter}
            pending={accounts.isFetching || funnel.isFetching}
          />
        </Col>
      </Row>

      {loadFailed && (
        <Alert
          variant="danger"
          className="d-flex align-items-center justify-content-between gap-3"
          role="alert"
        >
          <span>{t('affiliate.loadFailed')}</span>
          <Button
            variant="outline-danger"
            size="sm"
            onClick={() => {
              accounts.refetch();
              funnel.refetch();
            }}
          >
            {t('affiliate.retry')}
          </Button>
        </Alert>
      )}

      <section className="mb-4" aria-label={t('affiliate.period')}>
        <FunnelCards funnel={funnel.data} />
        <p className="ob-aff-note mt-2 mb-0">{t('affiliate.card.note')}</p>
      </section>

      <Card className="ob-card mb-4">
        <Card.Header className="ob-card-header">
          <h2 className="ob-card-title">{t('affiliate.chart.title')}</h2>
        </Card.Header>
        <Card.Body className="p-3 p-md-4">
          {funnel.data ? (
            <FunnelChart days={funnel.data.days} />
          ) : (
            <p className="ob-aff-note mb-0">{t('affiliate.loading')}</p>
          )}
        </Card.Body>
      </Card>

      <div className="mb-4">
        <AccountsCard
          rows={accounts.data ?? []}
          filter={filter}
          currency={brand.currency}
          loading={accounts.isPending}
        />
      </div>

      <Row>
        <Col lg={6} xl={5}>
          <AffiliatePasswordForm
            token={token}
            onEnded={() => {
              affiliateSessionEnded.mark();
              affiliateStore.clear();
            }}
          />
        </Col>
      </Row>
    </div>
  );
}

/** spec §5 affiliate filter: filter by created_at or transactions, from and until required. */
function FilterCard({
  filter,
  onApply,
  pending,
}: {
  filter: AffiliateFilterInput;
  onApply: (filter: AffiliateFilterInput) => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const whereId = useId();
  const form = useForm<z.input<typeof AffiliateFilterInput>, unknown, AffiliateFilterInput>({
    resolver: domainResolver(AffiliateFilterInput),
    defaultValues: filter,
  });
  return (
    <Card className="ob-card h-100">
      <Card.Body className="p-4">
        <Form noValidate data-testid="affiliate-filter" onSubmit={form.handleSubmit(onApply)}>
          <Row className="g-3 align-items-start">
            <Col sm={12} md={4}>
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
            <Col xs={6} md={4}>
              <TextField form={form} name="from" label={t('affiliate.from')} type="date" className="" />
            </Col>
            <Col xs={6} md={4}>
              <TextField form={form} name="until" label={t('affiliate.until')} type="date" className="" />
            </Col>
          </Row>
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3">
            <span className="ob-aff-note">{t('affiliate.period.hint')}</span>
            <SubmitButton pending={pending} inline>
              <i className="bi bi-funnel me-1" aria-hidden="true" />
              {t('affiliate.apply')}
            </SubmitButton>
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
