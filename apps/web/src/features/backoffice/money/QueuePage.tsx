import type { StaffPermission, StaffTransaction, TransactionQueue } from '@openbroker/domain';
import { useState } from 'react';
import { Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/EmptyState.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { BoPanel } from '../shell/BoPage.js';
import { useBrands } from '../shell/BrandFilter.js';
import { LoadError, SkeletonRows } from '../shell/panelStates.js';
import { useStaffSession } from '../shell/session.js';
import { useBoFormat, useNow } from './format.js';
import { MoneyQueueFrame } from './MoneyQueueFrame.js';
import { QueueDecisionDialog } from './QueueDecisionDialog.js';
import { QueueRow } from './QueueRow.js';
import { type Dialog, needsTwoApprovals } from './queueItem.js';
import { useDecision, useQueue } from './useQueue.js';
import './money.css';
import './moneyRequests.css';

const PERMISSION: Record<TransactionQueue, StaffPermission> = {
  deposits: 'deposits.approve',
  withdrawals: 'withdrawals.approve',
};

/** Pending bank-wire deposits (spec §9 type 2): approve or reject each, oldest first. */
export function DepositsQueuePage() {
  return <QueuePage queue="deposits" />;
}

/** Pending withdrawals: approve (four-eyes above the brand threshold) or reject (money returns). */
export function WithdrawalsQueuePage() {
  return <QueuePage queue="withdrawals" />;
}

function QueuePage({ queue }: { queue: TransactionQueue }) {
  const { t } = useTranslation();
  const { can, staff } = useStaffSession();
  const allowed = can(PERMISSION[queue]);
  const [brandId, setBrandId] = useState<number | undefined>(undefined);
  const query = useQueue(queue, brandId, allowed);
  const decision = useDecision(queue);
  const toast = useToast();
  const format = useBoFormat();
  const now = useNow();
  // the brand of each row matters only to staff working for several brands
  const multiBrand = (useBrands().data?.length ?? 0) > 1;
  const [dialog, setDialog] = useState<Dialog>(null);

  const rows = query.data ?? [];
  const oldest = rows[0];
  const fourEyes = rows.filter(needsTwoApprovals).length;

  const open = (row: StaffTransaction, kind: 'approve' | 'reject') => {
    decision.reset();
    setDialog({ row, kind });
  };
  const close = () => {
    if (!decision.isPending) setDialog(null);
  };
  const confirm = (reason: string) => {
    if (!dialog) return;
    decision.mutate(
      { reference: dialog.row.reference, decision: { kind: dialog.kind, reason } },
      {
        onSuccess: (answer) => {
          setDialog(null);
          if ('state' in answer && answer.state === 'awaiting-second-approval')
            toast('info', { key: 'bom.queue.toast.firstApproval' });
          else
            toast('success', {
              key: dialog.kind === 'approve' ? 'bom.queue.toast.approved' : 'bom.queue.toast.rejected',
            });
        },
      },
    );
  };

  const title = t(queue === 'deposits' ? 'bom.queue.deposits.title' : 'bom.queue.withdrawals.title');

  return (
    <MoneyQueueFrame
      title={title}
      lead={t(queue === 'deposits' ? 'bom.queue.deposits.lead' : 'bom.queue.withdrawals.lead')}
      testId={`bo-queue-${queue}`}
      allowed={allowed}
      brandId={brandId}
      onBrand={setBrandId}
      fetching={query.isFetching}
      onRefresh={() => void query.refetch()}
      dialog={
        dialog && (
          <QueueDecisionDialog
            queue={queue}
            dialog={dialog}
            mine={!!dialog.row.approvals[0] && dialog.row.approvals[0].staffId === staff?.id}
            pending={decision.isPending}
            error={decision.error}
            onConfirm={confirm}
            onHide={close}
          />
        )
      }
    >
      <div className="bom-stats" aria-live="polite">
        <div className="bom-stat">
          <span className="bom-stat-label">{t('bom.queue.stat.waiting')}</span>
          <span className="bom-stat-value ob-num" data-testid="bo-queue-count">
            {query.data ? format.number(rows.length, 0) : '—'}
          </span>
        </div>
        <div className="bom-stat">
          <span className="bom-stat-label">{t('bom.queue.stat.oldest')}</span>
          <span className="bom-stat-value ob-num">{oldest ? format.age(oldest.createdAt, now) : '—'}</span>
        </div>
        {queue === 'withdrawals' && (
          <div className="bom-stat">
            <span className="bom-stat-label">{t('bom.queue.stat.fourEyes')}</span>
            <span className="bom-stat-value ob-num">{query.data ? format.number(fourEyes, 0) : '—'}</span>
          </div>
        )}
      </div>
      <BoPanel flush>
        {query.isError && !query.data ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <div className="table-responsive bom-scroll">
            <Table hover className="ob-table bom-table mb-0 align-middle" aria-busy={query.isPending}>
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('bom.queue.col.received')}</th>
                  <th scope="col">{t('bom.queue.col.client')}</th>
                  <th scope="col">{t('bom.queue.col.request')}</th>
                  <th scope="col" className="text-end">
                    {t('bom.queue.col.amount')}
                  </th>
                  {queue === 'withdrawals' && <th scope="col">{t('bom.queue.col.approvals')}</th>}
                  <th scope="col" className="text-end">
                    <span className="visually-hidden">{t('bom.queue.col.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {query.isPending && <SkeletonRows columns={queue === 'withdrawals' ? 6 : 5} />}
                {rows.map((row) => (
                  <QueueRow
                    key={row.reference}
                    queue={queue}
                    row={row}
                    now={now}
                    multiBrand={multiBrand}
                    allowed={allowed}
                    onDecide={(kind) => open(row, kind)}
                  />
                ))}
              </tbody>
            </Table>
            {query.isSuccess && rows.length === 0 && (
              <EmptyState icon="bi-check2-circle" hint={t('bom.queue.empty.hint')}>
                {t(queue === 'deposits' ? 'bom.queue.deposits.empty' : 'bom.queue.withdrawals.empty')}
              </EmptyState>
            )}
          </div>
        )}
      </BoPanel>
    </MoneyQueueFrame>
  );
}
