import { BoPopup, type PopupStatus } from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { queryString, staffRequest } from '../api.js';
import { useBoFormat } from '../money/format.js';
import { BoPage } from '../shell/BoPage.js';
import { BoTable } from '../shell/BoTable.js';
import { BrandFilter, useBrands } from '../shell/BrandFilter.js';
import { StatusBadge, type Tone } from '../shell/cells.js';
import { LoadError } from '../shell/panelStates.js';
import { ReasonDialog } from '../shell/ReasonDialog.js';
import { AUDIENCE_LABEL, PopupDialog } from './PopupDialog.js';
import { ReadsDialog } from './ReadsDialog.js';
import { POPUPS_KEY } from './types.js';
import './engage.css';

const STATUS: Record<PopupStatus, { label: TranslationKey; tone: Tone; icon: string }> = {
  scheduled: { label: 'boe.popups.status.scheduled', tone: 'info', icon: 'bi-clock' },
  live: { label: 'boe.popups.status.live', tone: 'success', icon: 'bi-broadcast' },
  ended: { label: 'boe.popups.status.ended', tone: 'neutral', icon: 'bi-flag' },
  inactive: { label: 'boe.popups.status.inactive', tone: 'warning', icon: 'bi-pause-circle' },
};

const BoPopups = z.array(BoPopup);

type Editing = { popup: BoPopup | null } | null;

/**
 * Pop-ups (permission popups.manage): the brand notices with status (scheduled, live, ended,
 * inactive), audience and reads ("12 / 340": read by / meant for), a create and edit dialog with a sanitised
 * preview, deactivate or activate, and who read each one.
 */
export function PopupsPage() {
  const { t } = useTranslation();
  const format = useBoFormat();
  const toast = useToast();
  const queryClient = useQueryClient();
  const brands = useBrands();
  const [brandId, setBrandId] = useState<number | undefined>(undefined);
  const [editing, setEditing] = useState<Editing>(null);
  const [reading, setReading] = useState<BoPopup | null>(null);
  const [confirm, setConfirm] = useState<BoPopup | null>(null);

  const list = useQuery({
    queryKey: [...POPUPS_KEY, 'list', brandId],
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/popups${queryString({ brandId })}`, { schema: BoPopups, signal }),
  });
  const toggle = useMutation({
    mutationFn: (popup: BoPopup) =>
      popup.active
        ? staffRequest(`/api/backoffice/popups/${popup.id}/deactivate`, {
            schema: BoPopup,
            method: 'POST',
            body: {},
          })
        : staffRequest(`/api/backoffice/popups/${popup.id}`, {
            schema: BoPopup,
            method: 'PATCH',
            body: { active: true },
          }),
    onSuccess: (answer) => {
      setConfirm(null);
      toast('success', {
        key: answer.active ? 'boe.popups.toast.activated' : 'boe.popups.toast.deactivated',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: POPUPS_KEY }),
  });

  const schedule = (popup: BoPopup) => {
    if (!popup.startsAt && !popup.endsAt) return <span className="boe-sub">{t('boe.popups.always')}</span>;
    return (
      <span className="bo-num small">
        {popup.startsAt ? format.dateTime(popup.startsAt) : t('boe.popups.now')}
        {' – '}
        {popup.endsAt ? format.dateTime(popup.endsAt) : t('boe.popups.noEnd')}
      </span>
    );
  };

  return (
    <BoPage
      title={t('boe.popups.title')}
      subtitle={t('boe.popups.lead')}
      testId="boe-popups"
      actions={
        <div className="boe-toolbar">
          <BrandFilter value={brandId} onChange={setBrandId} />
          <Button
            size="sm"
            variant="primary"
            onClick={() => setEditing({ popup: null })}
            disabled={!brands.data?.length}
            data-testid="boe-popup-new"
          >
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t('boe.popups.new')}
          </Button>
        </div>
      }
    >
      {list.isError && !list.data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <BoTable
          testId="boe-popups-table"
          rows={list.data}
          rowKey={(popup) => popup.id}
          emptyIcon="bi-megaphone"
          empty={
            <>
              {t('boe.popups.empty')}
              <span className="d-block boe-sub mt-1">{t('boe.popups.emptyHint')}</span>
            </>
          }
          columns={[
            {
              key: 'title',
              header: t('boe.popups.col.title'),
              className: 'boe-title-cell',
              cell: (popup) => (
                <div data-testid="boe-popup-row">
                  <div className="boe-title">{popup.title}</div>
                  <div className="boe-sub">{popup.brandName}</div>
                </div>
              ),
            },
            {
              key: 'status',
              header: t('boe.popups.col.status'),
              cell: (popup) => {
                const status = STATUS[popup.status];
                return (
                  <StatusBadge tone={status.tone} icon={status.icon}>
                    {t(status.label)}
                  </StatusBadge>
                );
              },
            },
            {
              key: 'audience',
              header: t('boe.popups.col.audience'),
              cell: (popup) => (
                <>
                  <div>{t(AUDIENCE_LABEL[popup.audience])}</div>
                  {popup.client && (
                    <div className="boe-sub">
                      {popup.client.name} · #{popup.client.pin}
                    </div>
                  )}
                </>
              ),
            },
            { key: 'schedule', header: t('boe.popups.col.schedule'), cell: schedule },
            {
              key: 'reads',
              header: t('boe.popups.col.reads'),
              align: 'end',
              cell: (popup) => {
                const share = popup.audienceSize > 0 ? Math.min(1, popup.reads / popup.audienceSize) : 0;
                return (
                  <span
                    className="boe-reads d-inline-block"
                    title={t('boe.popups.readsTitle', { reads: popup.reads, size: popup.audienceSize })}
                    data-testid="boe-popup-reads"
                  >
                    {t('boe.popups.readsOf', {
                      reads: format.number(popup.reads, 0),
                      size: format.number(popup.audienceSize, 0),
                    })}
                    <span className="boe-reads-bar" aria-hidden="true">
                      <span style={{ width: `${Math.round(share * 100)}%` }} />
                    </span>
                  </span>
                );
              },
            },
            {
              key: 'actions',
              header: <span className="visually-hidden">{t('boe.popups.col.actions')}</span>,
              align: 'end',
              cell: (popup) => (
                <div className="boe-actions">
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    onClick={() => setReading(popup)}
                    aria-label={t('boe.popups.showReads')}
                    title={t('boe.popups.showReads')}
                  >
                    <i className="bi bi-people" aria-hidden="true" />
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    onClick={() => setEditing({ popup })}
                    aria-label={t('boe.popups.edit')}
                    title={t('boe.popups.edit')}
                  >
                    <i className="bi bi-pencil" aria-hidden="true" />
                  </Button>
                  <Button
                    size="sm"
                    variant={popup.active ? 'outline-danger' : 'outline-success'}
                    onClick={() => {
                      toggle.reset();
                      if (popup.active) setConfirm(popup);
                      else toggle.mutate(popup);
                    }}
                    aria-label={t(popup.active ? 'boe.popups.deactivate' : 'boe.popups.activate')}
                    title={t(popup.active ? 'boe.popups.deactivate' : 'boe.popups.activate')}
                  >
                    <i
                      className={`bi ${popup.active ? 'bi-pause-fill' : 'bi-play-fill'}`}
                      aria-hidden="true"
                    />
                  </Button>
                </div>
              ),
            },
          ]}
        />
      )}
      {editing && (
        <PopupDialog
          popup={editing.popup}
          brands={brands.data ?? []}
          defaultBrandId={brandId}
          onHide={() => setEditing(null)}
        />
      )}
      {reading && <ReadsDialog popup={reading} onHide={() => setReading(null)} />}
      {confirm && (
        <ReasonDialog
          show
          hideReason
          reasonRequired={false}
          title={t('boe.popups.confirm.deactivate')}
          confirmLabel={t('boe.popups.deactivate')}
          variant="danger"
          pending={toggle.isPending}
          error={toggle.error}
          onConfirm={() => toggle.mutate(confirm)}
          onHide={() => setConfirm(null)}
          testId="boe-popup-confirm"
        >
          <p className="mb-2">
            <strong>{confirm.title}</strong>
          </p>
          <p className="mb-0 boe-sub">{t('boe.popups.confirm.deactivateNote')}</p>
        </ReasonDialog>
      )}
    </BoPage>
  );
}
