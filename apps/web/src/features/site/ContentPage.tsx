import { isContentSlug } from '@openbroker/domain';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../shared/site/NotFoundPage.js';
import { ContentView } from './ContentView.js';

/**
 * spec §2 /{slug}: a content page from the content service, or the 404 page when the lookup fails. A slug may
 * have parts ('blog/weekly-outlook', the pages the blog posts and subpages blocks link to); it follows the back
 * office's slug rule, as the server's page-load status does (domain `classifySitePath`).
 */
export function ContentPage() {
  const params = useParams();
  const slug = (params.slug ?? params['*'] ?? '').replace(/\/+$/, '');
  if (!isContentSlug(slug)) return <NotFoundPage />;
  return <ContentView key={slug} slug={slug} />;
}
