import { GRID_COLUMNS } from '@openbroker/domain';
import type { CSSProperties } from 'react';
import type { BlockProps } from './blockProps.js';
import { imageSrc, SmartLink } from './links.js';

/** spec §9: a grid has 1 to 5 columns; more are laid out five to a row, fewer than one counts as one. */
export const gridColumnCount = (count: number): number =>
  Math.min(GRID_COLUMNS.max, Math.max(GRID_COLUMNS.min, count));

/** Bootstrap's spacer scale for small numbers (0–5), pixels above. */
const SPACERS = ['0', '0.25rem', '0.5rem', '1rem', '1.5rem', '3rem'];
const gapOf = (gap: unknown): string | undefined =>
  typeof gap === 'number' && gap >= 0 ? (SPACERS[gap] ?? `${Math.min(gap, 96)}px`) : undefined;

/**
 * spec §2: a grid with 1 to 5 columns, responsive: one column on phones, then as many as fit the width
 * up to the grid's own count (styles.css `.ob-grid[data-columns]`).
 */
export function GridBlock({ settings, columns = [] }: BlockProps<'grid'>) {
  if (columns.length === 0) return null;
  const count = gridColumnCount(columns.length);
  const gap = gapOf(settings.gap);
  return (
    <div
      className="ob-grid"
      data-columns={count}
      data-testid="content-grid"
      style={gap ? ({ '--ob-grid-gap': gap } as CSSProperties) : undefined}
    >
      {columns.map((column, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: columns have no id and keep their order
        <div className="ob-grid-column" key={index}>
          {column}
        </div>
      ))}
    </div>
  );
}

const SECTION_BACKGROUNDS = ['default', 'muted', 'primary'] as const;

export function SectionBlock({ settings, children }: BlockProps<'section'>) {
  const background = SECTION_BACKGROUNDS.includes(settings.background as never)
    ? settings.background
    : 'default';
  const id =
    typeof settings.id === 'string' && /^[A-Za-z][\w-]*$/.test(settings.id) ? settings.id : undefined;
  return (
    <section className={`ob-content-section ob-content-section-${background}`} id={id}>
      <div className="container-xl">
        {settings.title && <h2 className="ob-content-section-title">{settings.title}</h2>}
        <div className="ob-flow">{children}</div>
      </div>
    </section>
  );
}

/** spec §3 Card: title, subtitle, text, card_image, link_text, link_url. */
export function CardBlock({ settings, children }: BlockProps<'card'>) {
  const src = imageSrc(settings.card_image);
  return (
    <article className="card ob-card ob-content-card h-100" data-testid="content-card">
      {src && (
        <div className="ob-content-card-media">
          <img src={src} alt={settings.card_image?.alt ?? ''} decoding="async" />
        </div>
      )}
      <div className="card-body d-flex flex-column">
        {settings.subtitle && <p className="ob-content-card-subtitle">{settings.subtitle}</p>}
        {settings.title && <h3 className="ob-content-card-title">{settings.title}</h3>}
        {settings.text && <p className="ob-content-card-text">{settings.text}</p>}
        {children}
        {settings.link_url && settings.link_text && (
          <div className="mt-auto pt-2">
            <SmartLink to={settings.link_url} className="ob-content-card-link" testId="content-card-link">
              {settings.link_text}
              <i className="bi bi-arrow-right ms-1" aria-hidden="true" />
            </SmartLink>
          </div>
        )}
      </div>
    </article>
  );
}

const BUTTON_VARIANTS = ['primary', 'secondary', 'outline-primary', 'link'] as const;

export function ButtonBlock({ settings }: BlockProps<'button'>) {
  if (!settings.text || !settings.url) return null;
  const variant = BUTTON_VARIANTS.includes(settings.variant as never) ? settings.variant : 'primary';
  return (
    <div className="ob-content-button">
      <SmartLink to={settings.url} className={`btn btn-${variant} btn-lg`} testId="content-button">
        {settings.text}
      </SmartLink>
    </div>
  );
}
