import { NotFoundPage } from './NotFoundPage.js';

/**
 * spec §2 /{slug}: a content page from the content service, or the 404 page when the lookup fails.
 * The content service does not exist yet, so every lookup fails and this is the 404 page.
 */
export function ContentPage() {
  return <NotFoundPage />;
}
