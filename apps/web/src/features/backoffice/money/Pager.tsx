import { BACKOFFICE_PAGE_SIZE } from '@openbroker/domain';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** "51–100 of 230" with previous / next buttons (lists of BACKOFFICE_PAGE_SIZE rows). */
export function Pager({
  page,
  total,
  pageSize = BACKOFFICE_PAGE_SIZE,
  onPage,
  testId,
}: {
  page: number;
  total: number;
  pageSize?: number;
  onPage: (page: number) => void;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const n = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  return (
    <nav className="bom-pager" aria-label={t('bom.pager.label')} data-testid={testId}>
      <span className="bom-pager-range ob-num">
        {t('bom.pager.range', { from: n(from), to: n(to), total: n(total) })}
      </span>
      <div className="btn-group btn-group-sm">
        <Button variant="outline-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <i className="bi bi-chevron-left" aria-hidden="true" />
          <span className="visually-hidden">{t('bom.pager.previous')}</span>
        </Button>
        <span className="btn btn-outline-secondary disabled bom-pager-page ob-num" aria-current="page">
          {t('bom.pager.page', { page: n(page), pages: n(pages) })}
        </span>
        <Button variant="outline-secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          <i className="bi bi-chevron-right" aria-hidden="true" />
          <span className="visually-hidden">{t('bom.pager.next')}</span>
        </Button>
      </div>
    </nav>
  );
}
