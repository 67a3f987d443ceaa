import { Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { shortDateTime } from '../../../lib/dates.js';
import { BoPanel } from '../shell/BoPage.js';
import { KIND_LABEL, RequestStatus, SignedAmount } from './ApprovalContextView.js';
import { useMoneyRequests } from './useMoneyRequests.js';

/** The client's staff money requests: pending ones first (oldest first), then the decided ones (newest first). */
export function ClientRequests({ clientId }: { clientId: number }) {
  const { t, i18n } = useTranslation();
  const waiting = useMoneyRequests('pending', { clientId });
  const decided = useMoneyRequests('decided', { clientId });
  const rows = [...(waiting.data ?? []), ...(decided.data ?? [])];
  return (
    <BoPanel title={t('bomr.panel.history')} flush>
      {rows.length === 0 ? (
        <p className="bom-sub m-3" data-testid="bo-client-requests-empty">
          {waiting.isPending || decided.isPending ? '…' : t('bomr.panel.historyEmpty')}
        </p>
      ) : (
        <div className="table-responsive">
          <Table size="sm" className="ob-table bom-table mb-0 align-middle" data-testid="bo-client-requests">
            <thead>
              <tr>
                <th scope="col">{t('bomr.col.requested')}</th>
                <th scope="col">{t('bomr.col.request')}</th>
                <th scope="col" className="text-end">
                  {t('bom.queue.col.amount')}
                </th>
                <th scope="col">{t('bomr.col.decision')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((request) => (
                <tr key={request.reference} data-testid="bo-client-request" data-status={request.status}>
                  <td className="text-nowrap">
                    <div className="ob-num">{shortDateTime(request.requestedAt, i18n.language)}</div>
                    <div className="bom-sub">{request.requestedBy.name}</div>
                  </td>
                  <td>
                    <div className="bomr-kind">{t(KIND_LABEL[request.kind])}</div>
                    <div className="bomr-reason" title={request.reason}>
                      {request.reason}
                    </div>
                  </td>
                  <td className="text-end text-nowrap">
                    <SignedAmount request={request} />
                  </td>
                  <td>
                    <RequestStatus status={request.status} />
                    {request.decidedBy && (
                      <div className="bom-sub">{t('bomr.decidedBy', { name: request.decidedBy.name })}</div>
                    )}
                    {request.decisionReason && (
                      <div className="bomr-decision-reason">{request.decisionReason}</div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </BoPanel>
  );
}
