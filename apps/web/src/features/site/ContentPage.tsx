import { useParams } from 'react-router';
import { ContentView } from './ContentView.js';
import { NotFoundPage } from './NotFoundPage.js';

const SLUG = /^[a-z0-9][a-z0-9-]{0,119}$/;

/** spec §2 /{slug}: a content page from the content service, or the 404 page when the lookup fails. */
export function ContentPage() {
  const { slug = '' } = useParams();
  if (!SLUG.test(slug)) return <NotFoundPage />;
  return <ContentView key={slug} slug={slug} />;
}
