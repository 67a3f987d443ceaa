import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type PageSummary, siteApi } from '../../api/site.js';
import { useBrand } from '../../lib/BrandProvider.js';
import { formatDate } from '../../lib/dates.js';
import type { BlockProps } from './blockProps.js';
import { imageSrc } from './links.js';

const SLUG_PREFIX = /^[a-z0-9][a-z0-9/_-]*$/;

function usePageList(prefix: string, limit?: number) {
  const brand = useBrand();
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  return useQuery({
    queryKey: ['page-list', brand.slug, lang, prefix, limit],
    queryFn: ({ signal }) =>
      siteApi.listPages({ prefix, lang, ...(limit ? { limit } : {}) }, brand.contentToken, signal),
    enabled: SLUG_PREFIX.test(prefix),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** `_modified` in unix seconds (the content service's unit) or milliseconds. */
const modifiedIso = (value: number): string => new Date(value > 1e12 ? value : value * 1000).toISOString();

function PostCard({ page }: { page: PageSummary }) {
  const { i18n } = useTranslation();
  const src = imageSrc(page.image);
  return (
    <article className="card ob-card ob-content-card h-100" data-testid="blog-post">
      {src && (
        <div className="ob-content-card-media">
          <img src={src} alt={page.image?.alt ?? ''} decoding="async" />
        </div>
      )}
      <div className="card-body d-flex flex-column">
        {page._modified > 0 && (
          <p className="ob-content-card-subtitle">{formatDate(modifiedIso(page._modified), i18n.language)}</p>
        )}
        <h3 className="ob-content-card-title">
          <Link to={`/${page.title_slug}`} className="stretched-link text-reset text-decoration-none">
            {page.title}
          </Link>
        </h3>
        {page.description && <p className="ob-content-card-text mb-0">{page.description}</p>}
      </div>
    </article>
  );
}

/** Blog posts: the brand's pages under `prefix` (default 'blog/'), newest first, as cards. */
export function BlogPostsBlock({ settings }: BlockProps<'blogposts'>) {
  const { t } = useTranslation();
  const prefix = typeof settings.prefix === 'string' && settings.prefix ? settings.prefix : 'blog/';
  const limit = typeof settings.limit === 'number' && settings.limit > 0 ? Math.min(settings.limit, 24) : 6;
  const posts = usePageList(prefix, limit);
  const list = (posts.data ?? []).slice(0, limit);
  return (
    <div className="ob-blogposts" data-testid="content-blogposts">
      {settings.title && <h2 className="ob-heading ob-heading-h2">{settings.title}</h2>}
      {posts.isPending ? (
        <div className="ob-grid" data-columns={3}>
          {[0, 1, 2].map((index) => (
            <div key={index} className="ob-card card ob-placeholder-card" aria-hidden="true" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <p className="text-body-secondary">{t('site.blog.empty')}</p>
      ) : (
        <div className="ob-grid" data-columns={Math.min(3, list.length)}>
          {list.map((page) => (
            <PostCard key={page.title_slug} page={page} />
          ))}
        </div>
      )}
    </div>
  );
}

/** Subpages: links to the pages whose slug starts with `parent/`. */
export function SubpagesBlock({ settings }: BlockProps<'subpages'>) {
  const parent = typeof settings.parent === 'string' ? settings.parent.replace(/\/+$/, '') : '';
  const pages = usePageList(`${parent}/`);
  const list = pages.data ?? [];
  if (!parent || list.length === 0) return null;
  return (
    <nav className="ob-subpages" aria-label={settings.title ?? parent} data-testid="content-subpages">
      {settings.title && <h2 className="ob-subpages-title">{settings.title}</h2>}
      <ul className="list-unstyled mb-0">
        {list.map((page) => (
          <li key={page.title_slug}>
            <Link to={`/${page.title_slug}`} className="ob-subpages-link">
              <span>
                <span className="ob-subpages-name">{page.title}</span>
                {page.description && <span className="ob-subpages-description">{page.description}</span>}
              </span>
              <i className="bi bi-chevron-right" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
