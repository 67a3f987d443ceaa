import type { MoneyRequest } from '@openbroker/domain';
import { useState } from 'react';
import { Nav, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/EmptyState.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { BoPanel } from '../shell/BoPage.js';
import { LoadError, SkeletonRows } from '../shell/panelStates.js';
import { useStaffSession } from '../shell/session.js';
import { useBoFormat, useNow } from './format.js';
import { MoneyQueueFrame } from './MoneyQueueFrame.js';
import { type Dialog, RequestDialog } from './RequestDialog.js';
import { RequestRow } from './RequestRow.js';
import {
  type RequestDecision,
  type RequestsTab,
  useMoneyRequests,
  useRequestDecision,
} from './useMoneyRequests.js';
import './money.css';
import './moneyRequests.css';

/**
 * Staff money requests (two keys): bonuses, credits, corrections and staff payouts wait here until a second
 * member approves them, oldest first and live. The requester sees their own with Cancel, never Approve; the
 * Decided tab shows who decided each and why.
 */
export function MoneyRequestsPage() {
  const { t } = useTranslation();
  const { can, staff } = useStaffSession();
  const canApprove = can('adjustments.approve');
  const canCreate = can('adjustments.create');
  const allowed = canApprove || canCreate;
  const [tab, setTab] = useState<RequestsTab>('pending');
  const [brandId, setBrandId] = useState<number | undefined>(undefined);
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
    <MoneyQueueFrame
      title={title}
      lead={t('bomr.lead')}
      testId="bomr-queue"
      allowed={allowed}
      brandId={brandId}
      onBrand={setBrandId}
      fetching={query.isFetching}
      onRefresh={() => void query.refetch()}
      dialog={
        dialog && (
          <RequestDialog
            dialog={dialog}
            pending={decision.isPending}
            error={decision.error}
            onConfirm={confirm}
            onHide={close}
          />
        )
      }
    >
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
                {rows.map((request) => (
                  <RequestRow
                    key={request.reference}
                    request={request}
                    pending={pending}
                    own={mine(request)}
                    now={now}
                    canCreate={canCreate}
                    canApprove={canApprove}
                    onDecide={(kind) => open(request, kind)}
                  />
                ))}
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
    </MoneyQueueFrame>
  );
}
