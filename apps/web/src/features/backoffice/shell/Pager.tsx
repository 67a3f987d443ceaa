import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** Previous/next pager with the row range ('51–100 of 1,234'). `page` is 1-based. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  return (
    <nav className="bo-pager" aria-label={t('bo.pager.label')} data-testid="bo-pager">
      <span className="bo-pager-range">
        {t('bo.pager.range', { from: number(from), to: number(to), total: number(total) })}
      </span>
      <span className="bo-pager-pages">
        {t('bo.pager.page', { page: number(page), pages: number(pages) })}
      </span>
      <div className="btn-group btn-group-sm">
        <Button
          variant="outline-secondary"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          aria-label={t('bo.pager.prev')}
          title={t('bo.pager.prev')}
        >
          <i className="bi bi-chevron-left" aria-hidden="true" />
        </Button>
        <Button
          variant="outline-secondary"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
          aria-label={t('bo.pager.next')}
          title={t('bo.pager.next')}
        >
          <i className="bi bi-chevron-right" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
