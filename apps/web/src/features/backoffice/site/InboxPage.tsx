import type { InboxItem } from '@openbroker/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, ButtonGroup } from 'react-bootstrap';
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
import { ErrorBlock } from '../shell/states.js';
import { InboxMessageDialog } from './InboxMessageDialog.js';
import { senderOf, text } from './inboxMessage.js';
import { type InboxStatusFilter, siteApi, siteKeys } from './siteApi.js';
import './site.css';

const STATUSES: { value: InboxStatusFilter; label: TranslationKey }[] = [
  { value: 'open', label: 'bos.inbox.status.open' },
  { value: 'handled', label: 'bos.inbox.status.handled' },
  { value: '', label: 'bos.inbox.status.all' },
];

/**
 * The contact inbox (docs/content-editor.md): messages of the public site's and the client area's
 * contact forms of the brands in scope, newest first, filtered by brand and status; open one to read it
 * and mark it handled or not handled. The open count refreshes every 30 seconds.
 */
export function InboxPage() {
  const { t } = useTranslation();
  const { can } = useStaffSession();
  const toast = useToast();
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

      <InboxMessageDialog
        opened={opened}
        brandName={brandName}
        formLabel={formLabel}
        pending={toggle.isPending}
        failed={toggle.isError}
        error={toggle.error}
        onToggle={(item) => toggle.mutate({ id: item.id, handled: !item.handled })}
        onClose={() => setOpenId(null)}
      />
    </BoPage>
  );
}
