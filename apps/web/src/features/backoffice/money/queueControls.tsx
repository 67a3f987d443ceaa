import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** Whether a live queue's socket is connected ('Live' or 'Connecting…'), beside the queue's lead text. */
export function LiveBadge({ live }: { live: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`bom-live ${live ? 'bom-live-on' : ''}`} data-testid="bom-live">
      <span className="bom-live-dot" aria-hidden="true" />
      {t(live ? 'bom.live.on' : 'bom.live.off')}
    </span>
  );
}

/** Re-reads a list now; spins while it is being read. */
export function RefreshButton({ fetching, onRefresh }: { fetching: boolean; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      size="sm"
      variant="outline-secondary"
      onClick={onRefresh}
      disabled={fetching}
      title={t('bom.refresh')}
    >
      <i className={`bi bi-arrow-clockwise ${fetching ? 'bom-spin' : ''}`} aria-hidden="true" />
      <span className="visually-hidden">{t('bom.refresh')}</span>
    </Button>
  );
}

/** A queue row's two decisions: approve (green) and reject (outlined red), each opening its reason dialog. */
export function DecisionButtons({
  onApprove,
  onReject,
  approveLabel,
  rejectLabel,
  testIdPrefix,
}: {
  onApprove: () => void;
  onReject: () => void;
  approveLabel: string;
  rejectLabel: string;
  /** `<prefix>-approve` and `<prefix>-reject` */
  testIdPrefix: string;
}) {
  return (
    <>
      <Button size="sm" variant="success" onClick={onApprove} data-testid={`${testIdPrefix}-approve`}>
        <i className="bi bi-check-lg me-1" aria-hidden="true" />
        {approveLabel}
      </Button>
      <Button size="sm" variant="outline-danger" onClick={onReject} data-testid={`${testIdPrefix}-reject`}>
        <i className="bi bi-x-lg me-1" aria-hidden="true" />
        {rejectLabel}
      </Button>
    </>
  );
}
