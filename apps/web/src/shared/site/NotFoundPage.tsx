import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/useDocumentTitle.js';
import './notFound.css';

/** spec §8: the 404 page, with exactly the catalogue's 'page.notFound' text. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('fix.title.notFound'));
  return (
    <section className="ob-notfound container-xl">
      <div className="ob-notfound-code" aria-hidden="true">
        404
      </div>
      <div data-testid="not-found">
        <h1 className="ob-notfound-text">{t('page.notFound')}</h1>
      </div>
      <Link to="/" className="btn btn-outline-primary mt-4">
        <i className="bi bi-arrow-left" aria-hidden="true" /> {t('app.backHome')}
      </Link>
    </section>
  );
}
