import type { ImageRef } from '@openbroker/domain';
import type { MouseEvent, ReactNode } from 'react';
import { Link, type NavigateFunction } from 'react-router';

/** A path of this site ('/about', '/platform/BTCUSD'), which the router handles without a reload. */
export const isInternalUrl = (url: string): boolean => url.startsWith('/') && !url.startsWith('//');

/**
 * A URL from content that may be followed or loaded: site paths, http(s) and mailto/tel. Anything else
 * (javascript:, data:, ...) is dropped.
 */
export function safeUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const trimmed = url.trim();
  if (trimmed === '') return null;
  if (isInternalUrl(trimmed) || trimmed.startsWith('#')) return trimmed;
  return /^(https?:|mailto:|tel:)/i.test(trimmed) ? trimmed : null;
}

/** An image reference's source, or null when it has none that may be loaded. */
export const imageSrc = (image: Partial<ImageRef> | undefined): string | null => safeUrl(image?.path);

/** A link from content: internal paths go through the router, other addresses open in a new tab. */
export function SmartLink({
  to,
  className,
  children,
  testId,
}: {
  to: string;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const url = safeUrl(to);
  if (!url) return <span className={className}>{children}</span>;
  if (isInternalUrl(url)) {
    return (
      <Link to={url} className={className} data-testid={testId}>
        {children}
      </Link>
    );
  }
  const external = /^https?:/i.test(url);
  return (
    <a
      href={url}
      className={className}
      data-testid={testId}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </a>
  );
}

/**
 * spec §2: links inside rich text go to internal routes through the router. One click handler on the
 * text's container catches clicks on its links (the HTML is not React elements).
 */
export function routeInternalLinks(navigate: NavigateFunction) {
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!link || !event.currentTarget.contains(link)) return;
    const href = link.getAttribute('href') ?? '';
    if (!isInternalUrl(href) || link.getAttribute('target') === '_blank') return;
    event.preventDefault();
    void navigate(href);
  };
}
