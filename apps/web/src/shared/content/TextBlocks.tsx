import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { BlockProps } from './blockProps.js';
import { routeInternalLinks } from './links.js';
import { sanitizeContentHtml } from './sanitize.js';

const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;
const ALIGN_CLASS = { start: 'text-start', center: 'text-center', end: 'text-end' } as const;

export function HeadingBlock({ settings }: BlockProps<'heading'>) {
  const Tag = HEADING_TAGS.includes(settings.tag as never) ? (settings.tag as 'h2') : 'h2';
  const align = ALIGN_CLASS[settings.align as keyof typeof ALIGN_CLASS] ?? '';
  if (!settings.text) return null;
  return <Tag className={`ob-heading ob-heading-${Tag} ${align}`.trim()}>{settings.text}</Tag>;
}

/**
 * Puts every table of cleaned content HTML in its own horizontally scrollable box (a wide table, such
 * as the account levels', made the whole page scroll sideways on a 390 px phone). The box is focusable so
 * keyboard users can scroll it too.
 */
export function wrapTables(html: string): string {
  return html
    .replaceAll('<table', '<div class="ob-table-scroll" tabindex="0"><table')
    .replaceAll('</table>', '</table></div>');
}

/** Cleaned HTML whose internal links are followed by the router (spec §2). */
function RichHtml({ html, className, testId }: { html: string; className: string; testId: string }) {
  const navigate = useNavigate();
  const clean = useMemo(() => wrapTables(sanitizeContentHtml(html)), [html]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the links inside are the interactive elements; this only routes their clicks
    <div
      className={className}
      data-testid={testId}
      onClick={routeInternalLinks(navigate)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned by DOMPurify just above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

export function TextBlock({ settings }: BlockProps<'text'>) {
  if (typeof settings.text !== 'string' || settings.text === '') return null;
  // Plain text without markup keeps its paragraphs.
  const html = /<[a-z][\s\S]*>/i.test(settings.text)
    ? settings.text
    : settings.text
        .split(/\n{2,}/)
        .map((paragraph) => `<p>${paragraph.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</p>`)
        .join('');
  return <RichHtml html={html} className="ob-richtext" testId="content-text" />;
}

export function HtmlBlock({ settings }: BlockProps<'html'>) {
  if (typeof settings.html !== 'string' || settings.html === '') return null;
  return <RichHtml html={settings.html} className="ob-richtext ob-html" testId="content-html" />;
}

export function DividerBlock(_: BlockProps<'divider'>) {
  return <hr className="ob-divider" />;
}

export function SectionDividerBlock({ settings }: BlockProps<'sectiondivider'>) {
  return (
    <div className="ob-section-divider">
      {settings.title && <span className="ob-section-divider-title">{settings.title}</span>}
    </div>
  );
}

export function CodeBlock({ settings }: BlockProps<'codeblock'>) {
  const { t } = useTranslation();
  if (typeof settings.code !== 'string') return null;
  return (
    <figure className="ob-codeblock">
      {settings.language && (
        <figcaption className="ob-codeblock-lang">
          <span className="visually-hidden">{t('site.code.language')} </span>
          {settings.language}
        </figcaption>
      )}
      <pre>
        <code className={settings.language ? `language-${settings.language}` : undefined}>
          {settings.code}
        </code>
      </pre>
    </figure>
  );
}
