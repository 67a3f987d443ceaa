import {
  isTransactionTypeId,
  type StaffPermission,
  type StaffTransaction,
  type TransactionQueue,
} from '@openbroker/domain';
import { useState } from 'react';
import { Badge, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shortDateTime } from '../../../lib/dates.js';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { useBackofficeLive } from '../live.js';
import { BoPage, BoPanel } from '../shell/BoPage.js';
import { BrandFilter, useBrands } from '../shell/BrandFilter.js';
import { useStaffSession } from '../shell/session.js';
import { ClientApprovalContext } from './ApprovalContextView.js';
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
import { useDecision, useQueue } from './useQueue.js';
import '../money.css';
import './moneyRequests.css';

const PERMISSION: Record<TransactionQueue, StaffPermission> = {
  deposits: 'deposits.approve',
  withdrawals: 'withdrawals.approve',
};

/** An item waiting longer than this is marked (a day: the bank-wire promise to clients). */
const OVERDUE_MINUTES = 24 * 60;

/** A queue lists what moves, without the sign (a withdrawal is booked negative). */
const unsigned = (amount: string) => amount.replace(/^-/, '');

/** The transaction type in the reader's language (spec §9 names), the server's name if unknown. */
function useTypeName(): (row: StaffTransaction) => string {
  const { t } = useTranslation();
  return (row) =>
    isTransactionTypeId(row.typeId) ? t(`transactions.type.${row.typeId}` as TranslationKey) : row.typeName;
}

/** Four-eyes: above the brand's threshold two different finance users approve. */
export const needsTwoApprovals = (row: StaffTransaction): boolean =>
  row.needsSecondApproval || row.approvals.length > 0;

/** Pending bank-wire deposits (spec §9 type 2): approve or reject each, oldest first. */
export function DepositsQueuePage() {
  return <QueuePage queue="deposits" />;
}

/** Pending withdrawals: approve (four-eyes above the brand threshold) or reject (money returns). */
export function WithdrawalsQueuePage() {
  return <QueuePage queue="withdrawals" />;
}

type Dialog = { row: StaffTransaction; kind: 'approve' | 'reject' } | null;

function QueuePage({ queue }: { queue: TransactionQueue }) {
  const { t, i18n } = useTranslation();
  const { can, staff } = useStaffSession();
  const allowed = can(PERMISSION[queue]);
  const [brandId, setBrandId] = useState<number | undefined>(undefined);
  const live = useBackofficeLive();
  const query = useQueue(queue, brandId, allowed);
  const decision = useDecision(queue);
  const toast = useToast();
  const format = useBoFormat();
  const typeName = useTypeName();
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
    <BoPage
      title={title}
      testId={`bo-queue-${queue}`}
      subtitle={
        <span className="d-inline-flex align-items-center gap-2 flex-wrap">
          {t(queue === 'deposits' ? 'bom.queue.deposits.lead' : 'bom.queue.withdrawals.lead')}
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
          <div className="bom-stats" aria-live="polite">
            <div className="bom-stat">
              <span className="bom-stat-label">{t('bom.queue.stat.waiting')}</span>
              <span className="bom-stat-value ob-num" data-testid="bo-queue-count">
                {query.data ? format.number(rows.length, 0) : '—'}
              </span>
            </div>
            <div className="bom-stat">
              <span className="bom-stat-label">{t('bom.queue.stat.oldest')}</span>
              <span className="bom-stat-value ob-num">
                {oldest ? format.age(oldest.createdAt, now) : '—'}
              </span>
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
                    {rows.map((row) => {
                      const waited = minutesSince(row.createdAt, now);
                      const first = row.approvals[0];
                      const mine = !!first && first.staffId === staff?.id;
                      return (
                        <tr key={row.reference} data-testid="bo-queue-row" data-reference={row.reference}>
                          <td className="text-nowrap">
                            <div className="ob-num" title={format.dateTime(row.createdAt)}>
                              {shortDateTime(row.createdAt, i18n.language)}
                            </div>
                            <div
                              className={`bom-sub ${waited >= OVERDUE_MINUTES ? 'bom-overdue' : ''}`}
                              title={t('bom.queue.waiting')}
                            >
                              <i className="bi bi-clock me-1" aria-hidden="true" />
                              {format.age(row.createdAt, now)}
                            </div>
                          </td>
                          <td className="bom-client-cell">
                            <Link to={`/backoffice/clients/${row.userId}`} className="fw-semibold">
                              {row.clientName}
                            </Link>
                            {multiBrand && <span className="bom-brand-tag">{row.brandSlug}</span>}
                            <div className="bom-sub">
                              <span className="text-break">{row.email}</span>
                              <span className="ob-num text-nowrap">
                                <span className="bom-sep" aria-hidden="true">
                                  ·
                                </span>
                                {t('bom.pin')} {row.pin}
                              </span>
                            </div>
                          </td>
                          <td className="bom-method-cell">
                            <code className="bom-ref">{row.reference}</code>
                            <div className="bom-sub">{typeName(row)}</div>
                            {row.comments && (
                              <div className="bom-sub bom-details" title={row.comments}>
                                <i className="bi bi-bank me-1" aria-hidden="true" />
                                {row.comments}
                              </div>
                            )}
                          </td>
                          <td
                            className="text-end ob-num fw-semibold text-nowrap"
                            data-testid="bo-queue-amount"
                          >
                            {format.money(unsigned(row.amount), row.currency)}
                          </td>
                          {queue === 'withdrawals' && (
                            <td className="bom-approvals-cell">
                              <FourEyes row={row} mine={mine} />
                            </td>
                          )}
                          <td className="text-end text-nowrap">
                            {allowed && (
                              <div className="bom-row-actions bom-queue-actions">
                                <DecisionButtons
                                  onApprove={() => open(row, 'approve')}
                                  onReject={() => open(row, 'reject')}
                                  approveLabel={t('bom.queue.approve')}
                                  rejectLabel={t('bom.queue.reject')}
                                  testIdPrefix="bo"
                                />
                              </div>
                            )}
                          </td>
                        </tr>
                      );
                    })}
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
        </>
      )}
      {dialog && (
        <DecisionDialog
          queue={queue}
          dialog={dialog}
          mine={!!dialog.row.approvals[0] && dialog.row.approvals[0].staffId === staff?.id}
          pending={decision.isPending}
          error={decision.error}
          onConfirm={confirm}
          onHide={close}
        />
      )}
    </BoPage>
  );
}

/** The four-eyes state of a row: single approval, or "needs 2 approvals" with the first approver. */
function FourEyes({ row, mine }: { row: StaffTransaction; mine: boolean }) {
  const { t, i18n } = useTranslation();
  if (!needsTwoApprovals(row)) return <span className="bom-sub">{t('bom.queue.singleApproval')}</span>;
  const first = row.approvals[0];
  return (
    <div data-testid="bo-four-eyes">
      <Badge bg="" className="bom-badge bom-badge-warn">
        <i className="bi bi-people me-1" aria-hidden="true" />
        {t('bom.queue.needsTwo')}
        <span className="ob-num ms-1">{Math.min(row.approvals.length, 2)}/2</span>
      </Badge>
      {first && (
        <div
          className="bom-sub mt-1"
          data-testid="bo-first-approver"
          title={shortDateTime(first.createdAt, i18n.language)}
        >
          {t('bom.queue.firstApproval', { name: first.staffName })}
          {mine && <span className="bom-mine">{t('bom.queue.yourApproval')}</span>}
        </div>
      )}
    </div>
  );
}

function DecisionDialog({
  queue,
  dialog,
  mine,
  pending,
  error,
  onConfirm,
  onHide,
}: {
  queue: TransactionQueue;
  dialog: NonNullable<Dialog>;
  mine: boolean;
  pending: boolean;
  error: unknown;
  onConfirm: (reason: string) => void;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const format = useBoFormat();
  const typeName = useTypeName();
  const { row, kind } = dialog;
  const approve = kind === 'approve';
  const twoStep = needsTwoApprovals(row);
  const isFirst = approve && twoStep && row.approvals.length === 0;
  const titleKey = approve
    ? queue === 'deposits'
      ? 'bom.queue.dialog.approveDeposit'
      : 'bom.queue.dialog.approveWithdrawal'
    : queue === 'deposits'
      ? 'bom.queue.dialog.rejectDeposit'
      : 'bom.queue.dialog.rejectWithdrawal';
  return (
    <ReasonDialog
      show
      title={t(titleKey)}
      reasonRequired={!approve}
      confirmLabel={t(
        approve ? (isFirst ? 'bom.queue.confirm.firstApproval' : 'bom.queue.approve') : 'bom.queue.reject',
      )}
      variant={approve ? 'success' : 'danger'}
      pending={pending}
      error={error}
      onConfirm={onConfirm}
      onHide={onHide}
      testId={`bo-${kind}-dialog`}
    >
      <Facts
        rows={[
          [t('bom.queue.col.client'), `${row.clientName} (${t('bom.pin')} ${row.pin})`],
          [
            t('bom.queue.col.reference'),
            <code key="ref" className="bom-ref">
              {row.reference}
            </code>,
          ],
          [t('bom.queue.col.method'), typeName(row)],
          ...(row.comments ? [[t('bom.queue.col.details'), row.comments] as [string, string]] : []),
          [
            t('bom.queue.col.amount'),
            <strong key="amount" className="ob-num">
              {format.money(unsigned(row.amount), row.currency)}
            </strong>,
          ],
        ]}
      />
      {/* paying a client out: who they are, what staff moved lately, and whether they resemble a colleague */}
      {queue === 'withdrawals' && <ClientApprovalContext clientId={row.userId} />}
      {approve && twoStep && (
        <div className="bom-note bom-note-warn" data-testid="bo-dialog-four-eyes">
          <i className="bi bi-people" aria-hidden="true" />
          <span>
            {isFirst
              ? t('bom.queue.dialog.firstOfTwo')
              : t('bom.queue.dialog.secondOfTwo', { name: row.approvals[0]?.staffName ?? '' })}
            {mine && <strong className="d-block mt-1">{t('bom.queue.dialog.mine')}</strong>}
          </span>
        </div>
      )}
      {!approve && (
        <div className="bom-note">
          <i className="bi bi-info-circle" aria-hidden="true" />
          <span>
            {t(
              queue === 'withdrawals'
                ? 'bom.queue.dialog.rejectWithdrawalNote'
                : 'bom.queue.dialog.rejectDepositNote',
            )}
          </span>
        </div>
      )}
    </ReasonDialog>
  );
}
