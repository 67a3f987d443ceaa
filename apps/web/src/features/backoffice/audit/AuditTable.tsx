import type { AuditLogRow } from '@openbroker/domain';
import { Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/EmptyState.js';
import { SkeletonRows } from '../shell/panelStates.js';
import { AuditRow } from './AuditRow.js';

/** The audit entries of one page, newest first; one entry open at a time; an empty state when none. */
export function AuditTable({
  rows,
  loading,
  loaded,
  filtered,
  open,
  onOpen,
}: {
  rows: AuditLogRow[];
  /** The first load is under way (skeleton rows). */
  loading: boolean;
  /** The page has loaded (an empty result shows the empty state). */
  loaded: boolean;
  /** Whether any filter is applied (explains an empty result). */
  filtered: boolean;
  /** The id of the open entry, if any. */
  open: number | null;
  onOpen: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="table-responsive bom-scroll">
      <Table className="ob-table bom-table bo-audit-table mb-0 align-middle" data-testid="bo-audit-table">
        <caption className="visually-hidden">{t('bom.audit.title')}</caption>
        <thead>
          <tr>
            <th scope="col" className="bom-col-toggle">
              <span className="visually-hidden">{t('bom.audit.details')}</span>
            </th>
            <th scope="col">{t('bom.audit.col.time')}</th>
            <th scope="col">{t('bom.audit.col.staff')}</th>
            <th scope="col">{t('bom.audit.col.action')}</th>
            <th scope="col">{t('bom.audit.col.client')}</th>
            <th scope="col">{t('bom.audit.col.brand')}</th>
            <th scope="col">{t('bom.audit.col.changes')}</th>
            <th scope="col">{t('bom.audit.col.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {loading && <SkeletonRows columns={8} />}
          {rows.map((row) => (
            <AuditRow
              key={row.id}
              row={row}
              isOpen={open === row.id}
              onToggle={() => onOpen(open === row.id ? null : row.id)}
            />
          ))}
        </tbody>
      </Table>
      {loaded && rows.length === 0 && (
        <EmptyState icon="bi-journal-text" hint={filtered ? t('bom.audit.emptyFiltered') : undefined}>
          {t('bom.audit.empty')}
        </EmptyState>
      )}
    </div>
  );
}
