import type { MoneyRequest } from '@openbroker/domain';
import { useState } from 'react';
import { Button, Nav, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shortDateTime } from '../../../lib/dates.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { useBackofficeLive } from '../live.js';
import { BoPage, BoPanel } from '../shell/BoPage.js';
import { BrandFilter } from '../shell/BrandFilter.js';
import { useStaffSession } from '../shell/session.js';
import { ApprovalContextView, KIND_LABEL, RequestStatus, SignedAmount } from './ApprovalContextView.js';
import { minutesSince, useBoFormat, useNow } from './format.js';
import {
  DecisionButtons,
  Facts,
  LiveBadge,
  LoadError,
  NoAccess,
  ReasonDialog,
  RefreshButton,
  SkeletonRows,
} from './parts.js';
import {
  type RequestDecision,
  type RequestsTab,
  useMoneyRequestDetail,
  useMoneyRequests,
  useRequestDecision,
} from './useMoneyRequests.js';
import '../money.css';
import './moneyRequests.css';

/** A request waiting longer than this is marked (a working day). */
const OVERDUE_MINUTES = 8 * 60;

type Dialog = { request: MoneyRequest; kind: RequestDecision['kind'] } | null;

/** "EUR 120.00": the amount as an approver names it on the button, the code spelled out. */
export function useNamedAmount(): (request: Pick<MoneyRequest, 'amount' | 'currency'>) => string {
  const format = useBoFormat();
  return (request) => `${request.currency} ${format.amount(request.amount)}`;
}

/**
 * Staff money requests (two keys): bonuses, credits, corrections and staff payouts wait here until a second
 * member approves them, oldest first and live. The requester sees their own with Cancel, never Approve; the
 * Decided tab shows who decided each and why.
 */
export function MoneyRequestsPage() {
  const { t, i18n } = useTranslation();
  const { can, staff } = useStaffSession();
  const canApprove = can('adjustments.approve');
  const canCreate = can('adjustments.create');
  const allowed = canApprove || canCreate;
  const [tab, setTab] = useState<RequestsTab>('pending');
  const [brandId, setBrandId] = useState<number | undefined>(undefined);
  const live = useBackofficeLive();
  const query = useMoneyRequests(tab, { brandId }, allowed);
  const decision = useRequestDecision();
  const toast = useToast();
  const format = useBoFormat();
  const now = useNow();
  const [dialog, setDialog] = useState<Dialog>(null);

  const rows = query.data ?? [];
  const pending = tab === 'pending';
  const mine = (request: MoneyRequest) => request.requestedBy.staffId === staff?.id;

  const open = (request: MoneyRequest, kind: RequestDecision['kind']) => {
    decision.reset();
    setDialog({ request, kind });
  };
  const close = () => {
    if (!decision.isPending) setDialog(null);
  };
  const confirm = (reason: string) => {
    if (!dialog) return;
    decision.mutate(
      { reference: dialog.request.reference, decision: { kind: dialog.kind, reason } },
      {
        onSuccess: () => {
          setDialog(null);
          toast('success', {
            key:
              dialog.kind === 'approve'
                ? 'bom.queue.toast.approved'
                : dialog.kind === 'reject'
                  ? 'bom.queue.toast.rejected'
                  : 'bomr.toast.cancelled',
          });
        },
      },
    );
  };

  const title = t('bomr.title');

  return (
    <BoPage
      title={title}
      testId="bomr-queue"
      subtitle={
        <span className="d-inline-flex align-items-center gap-2 flex-wrap">
          {t('bomr.lead')}
          <LiveBadge live={live} />
        </span>
      }
      actions={
        allowed && (
          <>
            <BrandFilter value={brandId} onChange={setBrandId} />
            <RefreshButton fetching={query.isFetching} onRefresh={() => void query.refetch()} />
          </>
        )
      }
    >
      {!allowed ? (
        <BoPanel>
          <NoAccess />
        </BoPanel>
      ) : (
        <>
          <Nav
            variant="tabs"
            className="bomr-tabs"
            activeKey={tab}
            onSelect={(key) => setTab(key === 'decided' ? 'decided' : 'pending')}
          >
            <Nav.Item>
              <Nav.Link eventKey="pending" data-testid="bomr-tab-pending">
                {t('bomr.tab.pending')}
              </Nav.Link>
            </Nav.Item>
            <Nav.Item>
              <Nav.Link eventKey="decided" data-testid="bomr-tab-decided">
                {t('bomr.tab.decided')}
              </Nav.Link>
            </Nav.Item>
          </Nav>
          {pending && (
            <div className="bom-stats" aria-live="polite">
              <div className="bom-stat">
                <span className="bom-stat-label">{t('bom.queue.stat.waiting')}</span>
                <span className="bom-stat-value ob-num" data-testid="bomr-count">
                  {query.data ? format.number(rows.length, 0) : '—'}
                </span>
              </div>
              <div className="bom-stat">
                <span className="bom-stat-label">{t('bom.queue.stat.oldest')}</span>
                <span className="bom-stat-value ob-num">
                  {rows[0] ? format.age(rows[0].requestedAt, now) : '—'}
                </span>
              </div>
              <div className="bom-stat">
                <span className="bom-stat-label">{t('bomr.stat.mine')}</span>
                <span className="bom-stat-value ob-num">
                  {query.data ? format.number(rows.filter(mine).length, 0) : '—'}
                </span>
              </div>
            </div>
          )}
          <BoPanel flush>
            {query.isError && !query.data ? (
              <LoadError error={query.error} onRetry={() => void query.refetch()} />
            ) : (
              <div className="table-responsive bom-scroll">
                <Table
                  hover
                  className="ob-table bom-table bomr-table mb-0 align-middle"
                  aria-busy={query.isPending}
                >
                  <caption className="visually-hidden">{title}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t(pending ? 'bomr.col.requested' : 'bomr.col.decided')}</th>
                      <th scope="col">{t('bom.queue.col.client')}</th>
                      <th scope="col">{t('bomr.col.request')}</th>
                      <th scope="col" className="text-end">
                        {t('bom.queue.col.amount')}
                      </th>
                      <th scope="col">{t(pending ? 'bomr.col.requestedBy' : 'bomr.col.decision')}</th>
                      {pending ? (
                        <th scope="col" className="text-end">
                          <span className="visually-hidden">{t('bom.queue.col.actions')}</span>
                        </th>
                      ) : (
                        <th scope="col">{t('bomr.col.requestedBy')}</th>
                      )}
                    </tr>
                  </thead>
                  <tbody>
                    {query.isPending && <SkeletonRows columns={6} />}
                    {rows.map((request) => {
                      const at = pending ? request.requestedAt : (request.decidedAt ?? request.requestedAt);
                      const own = mine(request);
                      return (
                        <tr
                          key={request.reference}
                          data-testid="bomr-row"
                          data-reference={request.reference}
                          data-status={request.status}
                        >
                          <td className="text-nowrap">
                            <div className="ob-num" title={format.dateTime(at)}>
                              {shortDateTime(at, i18n.language)}
                            </div>
                            {pending && (
                              <div
                                className={`bom-sub ${minutesSince(at, now) >= OVERDUE_MINUTES ? 'bom-overdue' : ''}`}
                                title={t('bom.queue.waiting')}
                              >
                                <i className="bi bi-clock me-1" aria-hidden="true" />
                                {format.age(at, now)}
                              </div>
                            )}
                          </td>
                          <td className="bom-client-cell">
                            <Link to={`/backoffice/clients/${request.userId}`} className="fw-semibold">
                              {request.clientName}
                            </Link>
                            <span className="bom-brand-tag" data-testid="bomr-brand">
                              {request.brandSlug}
                            </span>
                            <div className="bom-sub">
                              <span className="text-break">{request.email}</span>
                              <span className="ob-num text-nowrap">
                                <span className="bom-sep" aria-hidden="true">
                                  ·
                                </span>
                                {t('bom.pin')} {request.pin}
                              </span>
                            </div>
                          </td>
                          <td>
                            <div className="bomr-kind">{t(KIND_LABEL[request.kind])}</div>
                            <code className="bom-ref">{request.reference}</code>
                            <div className="bomr-reason" title={request.reason} data-testid="bomr-reason">
                              {request.reason}
                            </div>
                          </td>
                          <td className="text-end text-nowrap bomr-amount-cell">
                            <SignedAmount request={request} />
                          </td>
                          {pending ? (
                            <td>
                              <span className="bom-sub bomr-phone-only">{t('bomr.col.requestedBy')}: </span>
                              <span data-testid="bomr-requested-by">{request.requestedBy.name}</span>
                              {own && <span className="bom-mine">{t('bomr.yours')}</span>}
                            </td>
                          ) : (
                            <td>
                              <RequestStatus status={request.status} />
                              {request.decidedBy && (
                                <div className="bom-sub" data-testid="bomr-decided-by">
                                  {t('bomr.decidedBy', { name: request.decidedBy.name })}
                                </div>
                              )}
                              <div className="bomr-decision-reason">
                                {request.decisionReason || (
                                  <span className="bom-sub">{t('bomr.noReason')}</span>
                                )}
                              </div>
                            </td>
                          )}
                          {pending ? (
                            <td className="text-end text-nowrap">
                              <div className="bom-row-actions bom-queue-actions">
                                {own
                                  ? canCreate && (
                                      <Button
                                        size="sm"
                                        variant="outline-secondary"
                                        onClick={() => open(request, 'cancel')}
                                        data-testid="bomr-cancel"
                                      >
                                        <i className="bi bi-x-circle me-1" aria-hidden="true" />
                                        {t('bomr.cancel')}
                                      </Button>
                                    )
                                  : canApprove && (
                                      <DecisionButtons
                                        onApprove={() => open(request, 'approve')}
                                        onReject={() => open(request, 'reject')}
                                        approveLabel={t('bomr.approve')}
                                        rejectLabel={t('bomr.reject')}
                                        testIdPrefix="bomr"
                                      />
                                    )}
                              </div>
                            </td>
                          ) : (
                            <td>
                              {request.requestedBy.name}
                              {own && <span className="bom-mine">{t('bomr.yours')}</span>}
                            </td>
                          )}
                        </tr>
                      );
                    })}
                  </tbody>
                </Table>
                {query.isSuccess && rows.length === 0 && (
                  <EmptyState icon="bi-check2-circle" hint={pending ? t('bomr.empty.hint') : undefined}>
                    {t(pending ? 'bomr.empty.pending' : 'bomr.empty.decided')}
                  </EmptyState>
                )}
              </div>
            )}
          </BoPanel>
        </>
      )}
      {dialog && (
        <RequestDialog
          dialog={dialog}
          pending={decision.isPending}
          error={decision.error}
          onConfirm={confirm}
          onHide={close}
        />
      )}
    </BoPage>
  );
}

/**
 * Approving, rejecting or cancelling one request. Approve and reject show what the approver should know about
 * the client first (verification, documents, balance, the latest staff requests, look-alike staff).
 */
function RequestDialog({
  dialog,
  pending,
  error,
  onConfirm,
  onHide,
}: {
  dialog: NonNullable<Dialog>;
  pending: boolean;
  error: unknown;
  onConfirm: (reason: string) => void;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const named = useNamedAmount();
  const { request, kind } = dialog;
  const detail = useMoneyRequestDetail(kind === 'cancel' ? null : request.reference);
  const confirmLabel =
    kind === 'approve'
      ? t('bomr.approveNamed', { amount: named(request), kind: t(`bomr.kindNoun.${request.kind}`) })
      : kind === 'reject'
        ? t('bomr.reject')
        : t('bomr.dialog.cancelConfirm');
  return (
    <ReasonDialog
      show
      title={t(`bomr.dialog.${kind}`)}
      reasonRequired={kind === 'reject'}
      confirmLabel={confirmLabel}
      variant={kind === 'approve' ? 'success' : kind === 'reject' ? 'danger' : 'primary'}
      pending={pending}
      error={error}
      onConfirm={onConfirm}
      onHide={onHide}
      testId={`bomr-${kind}-dialog`}
    >
      <Facts
        rows={[
          [t('bom.queue.col.client'), `${request.clientName} (${t('bom.pin')} ${request.pin})`],
          [
            t('bom.queue.col.reference'),
            <code key="ref" className="bom-ref">
              {request.reference}
            </code>,
          ],
          [t('bom.adjust.kind'), t(KIND_LABEL[request.kind])],
          [t('bom.queue.col.amount'), <SignedAmount key="amount" request={request} />],
          [t('bomr.dialog.requestedBy'), request.requestedBy.name],
          [
            t('bomr.dialog.requestReason'),
            <span key="reason" className="text-break">
              {request.reason}
            </span>,
          ],
        ]}
      />
      {kind !== 'cancel' && (
        <ApprovalContextView
          context={detail.data?.context}
          error={detail.isError ? detail.error : null}
          exclude={request.reference}
        />
      )}
      <div className="bom-note">
        <i className="bi bi-info-circle" aria-hidden="true" />
        <span>{t(`bomr.dialog.${kind}Note`)}</span>
      </div>
    </ReasonDialog>
  );
}
