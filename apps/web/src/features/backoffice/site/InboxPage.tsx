import type { InboxItem } from '@openbroker/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, ButtonGroup, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { BoPage } from '../shell/BoPage.js';
import { type BoColumn, BoTable } from '../shell/BoTable.js';
import { BrandFilter, useBrands } from '../shell/BrandFilter.js';
import { DateTime, StatusBadge } from '../shell/cells.js';
import { Pager } from '../shell/Pager.js';
import { useStaffSession } from '../shell/session.js';
import { ErrorBlock, useErrorText } from '../shell/states.js';
import { type InboxStatusFilter, siteApi, siteKeys } from './siteApi.js';
import './site.css';

const STATUSES: { value: InboxStatusFilter; label: TranslationKey }[] = [
  { value: 'open', label: 'bos.inbox.status.open' },
  { value: 'handled', label: 'bos.inbox.status.handled' },
  { value: '', label: 'bos.inbox.status.all' },
];

/** Fields shown first, in this order; any other field of a form follows. */
const FIELD_ORDER = [
  'name',
  'first_name',
  'last_name',
  'email',
  'phone',
  'client_pin',
  'client_email',
  'message',
];
const FIELD_LABELS = new Set(FIELD_ORDER);

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Who wrote a message: the name (or first and last name) and the e-mail. */
export function senderOf(item: InboxItem): { name: string; email: string } {
  const v = item.values;
  const name = text(v.name) || [text(v.first_name), text(v.last_name)].filter(Boolean).join(' ');
  return { name, email: text(v.email) };
}

/** A message's fields in reading order, the message last. */
export function orderedFields(values: Record<string, unknown>): [string, string][] {
  const keys = Object.keys(values);
  const known = FIELD_ORDER.filter((k) => keys.includes(k) && k !== 'message');
  const rest = keys.filter((k) => !FIELD_ORDER.includes(k)).sort();
  return [...known, ...rest].map((k) => [k, text(values[k])]);
}

/** A safe mailto: link for a reply (only a plain address). */
const mailto = (email: string) =>
  /^[^\s@<>()[\]\\,;:"?&#%]+@[^\s@<>()[\]\\,;:"?&#%]+$/.test(email) ? `mailto:${email}` : null;

/**
 * The contact inbox (docs/content-editor.md): messages of the public site's and the client area's
 * contact forms of the brands in scope, newest first, filtered by brand and status; open one to read it
 * and mark it handled or not handled. The open count refreshes every 30 seconds.
 */
export function InboxPage() {
  const { t, i18n } = useTranslation();
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const { can } = useStaffSession();
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const brands = useBrands();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status: InboxStatusFilter =
    statusParam === 'handled' ? 'handled' : statusParam === 'all' ? '' : 'open';
  const brandParam = Number(params.get('brandId'));
  const brandId = Number.isSafeInteger(brandParam) && brandParam > 0 ? brandParam : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [openId, setOpenId] = useState<number | null>(null);
  const allowed = can('inbox.read');

  const query = useQuery({
    queryKey: [...siteKeys.inbox, brandId ?? null, status, page],
    queryFn: ({ signal }) => siteApi.inbox({ brandId, status, page }, signal),
    enabled: allowed,
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

  const update = (next: { brandId?: number | undefined; status?: InboxStatusFilter; page?: number }) => {
    const search = new URLSearchParams();
    const nextBrand = 'brandId' in next ? next.brandId : brandId;
    const nextStatus = next.status ?? status;
    if (nextBrand) search.set('brandId', String(nextBrand));
    if (nextStatus !== 'open') search.set('status', nextStatus === '' ? 'all' : nextStatus);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };

  const toggle = useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) => siteApi.setHandled(id, handled),
    onSuccess: (item) => {
      toast('success', { key: item.handled ? 'bos.inbox.toast.handled' : 'bos.inbox.toast.open' });
      void queryClient.invalidateQueries({ queryKey: siteKeys.inbox });
    },
  });

  const items = query.data?.items;
  const opened = items?.find((i) => i.id === openId) ?? null;
  const brandName = (id: number, slug: string) => brands.data?.find((b) => b.id === id)?.name ?? slug;
  const formLabel = (form: string) =>
    form === 'contact' || form === 'platform-contact' ? t(`bos.inbox.form.${form}`) : form;

  const columns: BoColumn<InboxItem>[] = [
    {
      key: 'received',
      header: t('bos.inbox.col.received'),
      cell: (item) => <DateTime value={item.createdAt} />,
      className: 'text-nowrap',
    },
    {
      key: 'brand',
      header: t('bos.inbox.col.brand'),
      cell: (item) => <span className="text-nowrap">{brandName(item.brandId, item.brandSlug)}</span>,
    },
    {
      key: 'form',
      header: t('bos.inbox.col.form'),
      cell: (item) => (
        <StatusBadge tone={item.form === 'platform-contact' ? 'accent' : 'info'}>
          {formLabel(item.form)}
        </StatusBadge>
      ),
    },
    {
      key: 'from',
      header: t('bos.inbox.col.from'),
      cell: (item) => {
        const from = senderOf(item);
        return (
          <div className="bos-from">
            <div className="fw-semibold">{from.name || '—'}</div>
            <div className="bos-from-email">{from.email}</div>
          </div>
        );
      },
    },
    {
      key: 'message',
      header: t('bos.inbox.col.message'),
      cell: (item) => <span className="bos-preview">{text(item.values.message)}</span>,
    },
    {
      key: 'status',
      header: t('bos.inbox.col.status'),
      cell: (item) =>
        item.handled ? (
          <StatusBadge tone="success" icon="bi-check2">
            {t('bos.inbox.status.handled')}
          </StatusBadge>
        ) : (
          <StatusBadge tone="warning" icon="bi-envelope">
            {t('bos.inbox.status.open')}
          </StatusBadge>
        ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('bos.inbox.open')}</span>,
      align: 'end',
      cell: (item) => (
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() => setOpenId(item.id)}
          data-testid="bos-inbox-open"
          aria-label={`${t('bos.inbox.open')}: ${t('bos.inbox.message', { id: item.id })}`}
        >
          {t('bos.inbox.open')}
        </Button>
      ),
    },
  ];

  const openCount = query.data?.open;

  return (
    <BoPage title={t('bos.inbox.title')} subtitle={t('bos.inbox.lead')} testId="bos-inbox">
      <div className="bo-toolbar">
        <BrandFilter value={brandId} onChange={(id) => update({ brandId: id, page: 1 })} />
        <div className="bo-filter">
          <span className="bo-filter-label" id="bos-inbox-status-label">
            {t('bos.inbox.status')}
          </span>
          <ButtonGroup size="sm" className="bos-status" aria-labelledby="bos-inbox-status-label">
            {STATUSES.map((s) => (
              <Button
                key={s.label}
                variant={status === s.value ? 'primary' : 'outline-secondary'}
                aria-pressed={status === s.value}
                onClick={() => update({ status: s.value, page: 1 })}
                data-testid={`bos-inbox-status-${s.value || 'all'}`}
              >
                {t(s.label)}
              </Button>
            ))}
          </ButtonGroup>
        </div>
        {openCount !== undefined && (
          <span className="bos-open-count" data-testid="bos-inbox-open-count">
            <StatusBadge tone={openCount > 0 ? 'warning' : 'success'} icon="bi-envelope">
              {t('bos.inbox.openCount', { count: openCount })}
            </StatusBadge>
          </span>
        )}
      </div>
      {query.isError && !query.data ? (
        <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <BoTable
            columns={columns}
            rows={items}
            rowKey={(item) => item.id}
            empty={status === 'open' ? t('bos.inbox.emptyOpen') : t('bos.inbox.empty')}
            emptyIcon={status === 'open' ? 'bi-check2-circle' : 'bi-inbox'}
            testId="bos-inbox-table"
          />
          {query.data && query.data.total > query.data.pageSize && (
            <Pager
              page={query.data.page}
              pageSize={query.data.pageSize}
              total={query.data.total}
              onPage={(next) => update({ page: next })}
            />
          )}
        </>
      )}

      <Modal show={opened !== null} onHide={() => setOpenId(null)} centered size="lg" className="bo-modal">
        {opened && (
          <>
            <Modal.Header closeButton>
              <Modal.Title as="h2" className="h5 mb-0">
                {t('bos.inbox.message', { id: opened.id })}
                <span className="ms-2">
                  <StatusBadge tone={opened.form === 'platform-contact' ? 'accent' : 'info'}>
                    {formLabel(opened.form)}
                  </StatusBadge>
                </span>
              </Modal.Title>
            </Modal.Header>
            <Modal.Body data-testid="bos-inbox-message">
              <dl className="bos-values mb-3">
                <dt>{t('bos.inbox.col.received')}</dt>
                <dd>
                  <DateTime value={opened.createdAt} />
                </dd>
                <dt>{t('bos.inbox.col.brand')}</dt>
                <dd>{brandName(opened.brandId, opened.brandSlug)}</dd>
                {orderedFields(opened.values).map(([field, value]) => (
                  <FieldRow key={field} field={field} value={value} />
                ))}
              </dl>
              <div className="bos-message-body" data-testid="bos-inbox-body">
                {text(opened.values.message)}
              </div>
              {opened.handled && opened.handledAt && (
                <p className="bo-hint mt-3 mb-0" data-testid="bos-inbox-handled-note">
                  <i className="bi bi-check2-circle me-1" aria-hidden="true" />
                  {opened.handledBy
                    ? t('bos.inbox.handledBy', {
                        name: opened.handledBy,
                        when: when(opened.handledAt),
                      })
                    : t('bos.inbox.handledAt', { when: when(opened.handledAt) })}
                </p>
              )}
              {toggle.isError && (
                <p className="text-danger mt-3 mb-0" role="alert">
                  {errorText(toggle.error)}
                </p>
              )}
            </Modal.Body>
            <Modal.Footer>
              {mailto(senderOf(opened).email) && (
                <Button
                  variant="outline-secondary"
                  href={mailto(senderOf(opened).email) ?? undefined}
                  className="me-auto"
                >
                  <i className="bi bi-reply me-1" aria-hidden="true" />
                  {t('bos.inbox.reply')}
                </Button>
              )}
              <Button variant="outline-secondary" onClick={() => setOpenId(null)}>
                {t('bos.inbox.close')}
              </Button>
              <Button
                variant={opened.handled ? 'outline-warning' : 'success'}
                disabled={toggle.isPending}
                onClick={() => toggle.mutate({ id: opened.id, handled: !opened.handled })}
                data-testid="bos-inbox-toggle"
              >
                {toggle.isPending && (
                  <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
                )}
                {opened.handled ? t('bos.inbox.markOpen') : t('bos.inbox.markHandled')}
              </Button>
            </Modal.Footer>
          </>
        )}
      </Modal>
    </BoPage>
  );
}

/** One field of a message: a known field's translated label, else the field's own name. */
function FieldRow({ field, value }: { field: string; value: string }) {
  const { t } = useTranslation();
  const label = FIELD_LABELS.has(field) ? t(`bos.inbox.field.${field}` as TranslationKey) : field;
  return (
    <>
      <dt>{label}</dt>
      <dd>{value || '—'}</dd>
    </>
  );
}
