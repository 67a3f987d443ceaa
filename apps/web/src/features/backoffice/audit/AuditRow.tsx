import type { AuditLogRow } from '@openbroker/domain';
import { Fragment } from 'react';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shortDateTime } from '../../../lib/dates.js';
import { useBoFormat } from '../money/format.js';
import { auditDiff, showValue } from './diff.js';

/** Details worth showing: a value that is not an empty object. */
const hasDetails = (details: unknown) =>
  details != null && !(typeof details === 'object' && Object.keys(details as object).length === 0);

/**
 * One audit entry: when, who, what and whom, the changed fields in short; a row with values
 * to show opens (by click or its toggle) a detail row with the before/after values.
 */
export function AuditRow({
  row,
  isOpen,
  onToggle,
}: {
  row: AuditLogRow;
  isOpen: boolean;
  onToggle: () => void;
}) {
  const { t, i18n } = useTranslation();
  const format = useBoFormat();
  const diff = auditDiff(row.before, row.after);
  const changed = diff.filter((d) => d.changed);
  const expandable = diff.length > 0 || hasDetails(row.details);
  return (
    <>
      <tr
        data-testid="bo-audit-row"
        className={isOpen ? 'bom-row-open' : undefined}
        onClick={expandable ? onToggle : undefined}
        style={expandable ? { cursor: 'pointer' } : undefined}
      >
        <td className="bom-col-toggle">
          {expandable && (
            <button
              type="button"
              className="btn btn-sm btn-link p-0 bom-toggle"
              aria-expanded={isOpen}
              aria-label={t('bom.audit.details')}
              onClick={(event) => {
                event.stopPropagation();
                onToggle();
              }}
            >
              <i className={`bi ${isOpen ? 'bi-chevron-down' : 'bi-chevron-right'}`} aria-hidden="true" />
            </button>
          )}
        </td>
        <td className="text-nowrap ob-num" title={format.dateTime(row.createdAt)}>
          {shortDateTime(row.createdAt, i18n.language)}
        </td>
        <td className="text-nowrap">
          <div className="fw-semibold">{row.staffName ?? row.actor}</div>
          {row.role && <div className="bom-sub">{row.role}</div>}
        </td>
        <td>
          <code className="bom-action">
            {row.action.split('.').map((part, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed name
              <Fragment key={index}>
                {index > 0 && (
                  <>
                    .<wbr />
                  </>
                )}
                {part}
              </Fragment>
            ))}
          </code>
        </td>
        <td className="ob-num">
          {row.userId ? (
            <>
              <Link to={`/backoffice/clients/${row.userId}`} onClick={(e) => e.stopPropagation()}>
                {row.clientName ?? `#${row.userId}`}
              </Link>
              {row.clientEmail && row.clientEmail !== row.clientName && (
                <div className="bom-sub">{row.clientEmail}</div>
              )}
            </>
          ) : (
            <span className="bom-sub">—</span>
          )}
        </td>
        <td>{row.brandSlug ? <span className="bom-brand-tag">{row.brandSlug}</span> : '—'}</td>
        <td>
          {changed.length > 0 ? (
            <span className="bom-changes" title={changed.map((d) => d.field).join(', ')}>
              <Badge bg="" className="bom-badge bom-badge-info ob-num">
                {changed.length}
              </Badge>{' '}
              <span className="bom-sub">
                {changed
                  .slice(0, 3)
                  .map((d) => d.field)
                  .join(', ')}
              </span>
            </span>
          ) : (
            <span className="bom-sub">—</span>
          )}
        </td>
        <td className="bom-reason-cell">{row.reason || <span className="bom-sub">—</span>}</td>
      </tr>
      {isOpen && (
        <tr className="bom-detail-row">
          <td />
          <td colSpan={7}>
            <AuditDetail row={row} />
          </td>
        </tr>
      )}
    </>
  );
}

/** The before/after values of one audit row, field by field, changed fields marked. */
function AuditDetail({ row }: { row: AuditLogRow }) {
  const { t } = useTranslation();
  const format = useBoFormat();
  const diff = auditDiff(row.before, row.after);
  return (
    <div className="bom-diff" data-testid="bo-audit-diff">
      {diff.length > 0 && (
        <table className="bom-diff-table">
          <thead>
            <tr>
              <th scope="col">{t('bom.audit.diff.field')}</th>
              <th scope="col">{t('bom.audit.diff.before')}</th>
              <th scope="col">{t('bom.audit.diff.after')}</th>
            </tr>
          </thead>
          <tbody>
            {diff.map((d) => (
              <tr key={d.field} className={d.changed ? 'bom-diff-changed' : undefined}>
                <th scope="row">
                  <code>{d.field}</code>
                </th>
                <td className="bom-diff-before">{showValue(d.before, d.field)}</td>
                <td className="bom-diff-after">{showValue(d.after, d.field)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="bom-diff-meta">
        {row.subject && (
          <>
            <dt>{t('bom.audit.subject')}</dt>
            <dd>
              <code>{row.subject}</code>
            </dd>
          </>
        )}
        <dt>{t('bom.audit.col.time')}</dt>
        <dd className="ob-num">{format.dateTime(row.createdAt)}</dd>
        <dt>{t('bom.audit.col.ip')}</dt>
        <dd className="ob-num">{row.ip ?? '—'}</dd>
        {row.reason && (
          <>
            <dt>{t('bom.audit.col.reason')}</dt>
            <dd>{row.reason}</dd>
          </>
        )}
        {hasDetails(row.details) && (
          <>
            <dt>{t('bom.audit.detailsField')}</dt>
            <dd>
              <span className="bom-json">{showValue(row.details)}</span>
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}
