import { AffiliateAdminView, AffiliateWithPassword, parsePathId } from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../api/ApiError.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { staffRequest } from '../api.js';
import { useBoFormat } from '../money/format.js';
import { BoPage, BoPanel } from '../shell/BoPage.js';
import { StatusBadge } from '../shell/cells.js';
import { BACKOFFICE_BASE } from '../shell/nav.js';
import { LoadError } from '../shell/panelStates.js';
import { Facts, ReasonDialog } from '../shell/ReasonDialog.js';
import { SkeletonBlock } from '../shell/states.js';
import { FunnelPanel } from './FunnelPanel.js';
import { OneTimeSecret } from './OneTimeSecret.js';
import { AFFILIATES_KEY, affiliateName } from './types.js';
import '../popups/engage.css';

type Confirm = 'disable' | 'enable' | 'reset' | null;

/**
 * One affiliate (admins): details, disable or enable, reset the password (the new one shown once),
 * and its funnel for a date range, computed by the affiliate panel's own service: the same figures.
 */
export function AffiliatePage() {
  const { t } = useTranslation();
  const format = useBoFormat();
  const toast = useToast();
  const queryClient = useQueryClient();
  const id = parsePathId(useParams().id ?? '');
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [password, setPassword] = useState<string | null>(null);

  const affiliate = useQuery({
    queryKey: [...AFFILIATES_KEY, id],
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/affiliates/${id}`, { schema: AffiliateAdminView, signal }),
    enabled: id !== undefined,
  });
  const action = useMutation({
    mutationFn: (kind: NonNullable<Confirm>): Promise<AffiliateAdminView | AffiliateWithPassword> =>
      kind === 'reset'
        ? staffRequest(`/api/backoffice/affiliates/${id}/reset-password`, {
            schema: AffiliateWithPassword,
            method: 'POST',
            body: {},
          })
        : staffRequest(`/api/backoffice/affiliates/${id}/${kind}`, {
            schema: AffiliateAdminView,
            method: 'POST',
            body: {},
          }),
    onSuccess: (answer, kind) => {
      setConfirm(null);
      if ('password' in answer) setPassword(answer.password);
      else toast('success', { key: kind === 'disable' ? 'boe.aff.toast.disabled' : 'boe.aff.toast.enabled' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: AFFILIATES_KEY }),
  });

  const back = (
    <Link to={`${BACKOFFICE_BASE}/affiliates`} className="small">
      <i className="bi bi-arrow-left me-1" aria-hidden="true" />
      {t('boe.aff.back')}
    </Link>
  );
  const missing = id === undefined || (isApiError(affiliate.error) && affiliate.error.httpStatus === 404);
  if (missing) {
    return (
      <BoPage title={t('boe.aff.title')} subtitle={back} testId="boe-affiliate">
        <BoPanel>
          <EmptyState icon="bi-question-circle">{t('boe.aff.notFound')}</EmptyState>
        </BoPanel>
      </BoPage>
    );
  }
  const a = affiliate.data;
  return (
    <BoPage
      title={a ? affiliateName(a) : t('boe.aff.title')}
      subtitle={back}
      testId="boe-affiliate"
      actions={
        a && (
          <div className="boe-toolbar">
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={() => {
                action.reset();
                setConfirm('reset');
              }}
              data-testid="boe-aff-reset"
            >
              <i className="bi bi-key me-1" aria-hidden="true" />
              {t('boe.aff.resetPassword')}
            </Button>
            <Button
              size="sm"
              variant={a.disabled ? 'outline-success' : 'outline-danger'}
              onClick={() => {
                action.reset();
                setConfirm(a.disabled ? 'enable' : 'disable');
              }}
              data-testid="boe-aff-toggle"
            >
              <i
                className={`bi ${a.disabled ? 'bi-person-check' : 'bi-person-slash'} me-1`}
                aria-hidden="true"
              />
              {t(a.disabled ? 'boe.aff.enable' : 'boe.aff.disable')}
            </Button>
          </div>
        )
      }
    >
      {affiliate.isError && !a ? (
        <LoadError error={affiliate.error} onRetry={() => void affiliate.refetch()} />
      ) : (
        <div className="row g-3">
          <div className="col-lg-4">
            <BoPanel title={t('boe.aff.details')}>
              {a ? (
                <div data-testid="boe-aff-details">
                  <Facts
                    rows={[
                      [
                        t('boe.aff.col.status'),
                        a.disabled ? (
                          <StatusBadge key="status" tone="danger" icon="bi-slash-circle">
                            {t('boe.aff.disabled')}
                          </StatusBadge>
                        ) : (
                          <StatusBadge key="status" tone="success" icon="bi-check-circle">
                            {t('boe.aff.active')}
                          </StatusBadge>
                        ),
                      ],
                      [
                        t('boe.aff.col.email'),
                        <span key="email" className="text-break">
                          {a.email}
                        </span>,
                      ],
                      [t('boe.aff.col.code'), <code key="code">{a.code}</code>],
                      [t('boe.aff.col.brand'), a.brandName],
                      [
                        t('boe.aff.col.clients'),
                        <span key="clients" className="bo-num">
                          {format.number(a.clients, 0)}
                        </span>,
                      ],
                      [
                        t('boe.aff.col.demoClients'),
                        <span key="demo-clients" className="bo-num">
                          {format.number(a.demoClients, 0)}
                        </span>,
                      ],
                      [
                        t('boe.aff.col.created'),
                        <span key="created" className="bo-num">
                          {format.dateTime(a.createdAt)}
                        </span>,
                      ],
                    ]}
                  />
                </div>
              ) : (
                <SkeletonBlock lines={5} />
              )}
            </BoPanel>
          </div>
          <div className="col-lg-8">{id !== undefined && <FunnelPanel affiliateId={id} />}</div>
        </div>
      )}
      {confirm && a && (
        <ReasonDialog
          show
          hideReason
          reasonRequired={false}
          title={t(
            confirm === 'reset'
              ? 'boe.aff.confirm.reset'
              : confirm === 'disable'
                ? 'boe.aff.confirm.disable'
                : 'boe.aff.confirm.enable',
          )}
          confirmLabel={t(
            confirm === 'reset'
              ? 'boe.aff.resetPassword'
              : confirm === 'disable'
                ? 'boe.aff.disable'
                : 'boe.aff.enable',
          )}
          variant={confirm === 'enable' ? 'success' : 'danger'}
          pending={action.isPending}
          error={action.error}
          onConfirm={() => action.mutate(confirm)}
          onHide={() => setConfirm(null)}
          testId="boe-aff-confirm"
        >
          <p className="mb-2">
            <strong>{affiliateName(a)}</strong> <span className="boe-sub">{a.email}</span>
          </p>
          <p className="mb-0 boe-sub">
            {t(
              confirm === 'reset'
                ? 'boe.aff.confirm.resetNote'
                : confirm === 'disable'
                  ? 'boe.aff.confirm.disableNote'
                  : 'boe.aff.confirm.enableNote',
            )}
          </p>
        </ReasonDialog>
      )}
      {password && a && (
        <Modal
          show
          centered
          backdrop="static"
          onHide={() => setPassword(null)}
          data-testid="boe-aff-password-dialog"
        >
          <Modal.Header>
            <Modal.Title as="h2" className="h5 mb-0">
              {t('boe.aff.reset.title')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>{t('boe.aff.reset.lead', { name: affiliateName(a) })}</p>
            <OneTimeSecret password={password} />
          </Modal.Body>
          <Modal.Footer>
            <Button variant="primary" onClick={() => setPassword(null)} data-testid="boe-aff-done">
              {t('boe.aff.done')}
            </Button>
          </Modal.Footer>
        </Modal>
      )}
    </BoPage>
  );
}
