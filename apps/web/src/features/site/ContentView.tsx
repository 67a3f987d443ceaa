import '../../shared/content/site.css';
import type { ContentComponent } from '@openbroker/domain';
import type { ReactNode } from 'react';
import { ContentPageBody } from '../../shared/content/ContentRenderer.js';
import { NotFoundPage } from '../../shared/site/NotFoundPage.js';
import { useContentPage } from './useContentPage.js';
import { usePageTitle } from './usePageTitle.js';

/** While the first copy of a page loads: a quiet outline of a banner and text, not a spinner. */
export function PageSkeleton() {
  return (
    <div className="ob-page-skeleton" aria-busy="true" data-testid="content-loading">
      <div className="ob-page-skeleton-banner" />
      <div className="container-xl">
        <div className="ob-skeleton ob-skeleton-line w-50" />
        <div className="ob-skeleton ob-skeleton-line w-75" />
        <div className="ob-skeleton ob-skeleton-line w-25" />
      </div>
    </div>
  );
}

/**
 * A content page by slug (spec §2 /{slug}): the cached copy, then the fresh one; the 404 page when the
 * lookup fails. `decorate` lets a screen add to the page's components (the home page's widgets).
 */
export function ContentView({
  slug,
  homeTitle = false,
  decorate,
  fallback,
}: {
  slug: string;
  /** The home page's window title is the brand's own name (and its tagline as description). */
  homeTitle?: boolean;
  decorate?: (components: ContentComponent[]) => ContentComponent[];
  /** Shown instead of the 404 page when the lookup fails. */
  fallback?: ReactNode;
}) {
  const page = useContentPage(slug);
  const data = page.isError ? undefined : page.data;
  usePageTitle(homeTitle ? undefined : data?.title, data?.description || undefined);
  if (page.isError) return fallback ?? <NotFoundPage />;
  if (!data) return <PageSkeleton />;
  const components = decorate ? decorate(data.components) : data.components;
  return (
    <div data-testid="content-page" data-slug={data.title_slug}>
      <ContentPageBody components={components} />
    </div>
  );
}
