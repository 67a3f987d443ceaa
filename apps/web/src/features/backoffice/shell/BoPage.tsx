import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** A back-office screen: title (also the document title), optional subtitle and actions, then content. */
export function BoPage({
  title,
  subtitle,
  actions,
  children,
  testId,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const suffix = t('bo.title');
  useEffect(() => {
    const before = document.title;
    document.title = `${title} · ${suffix}`;
    return () => {
      document.title = before;
    };
  }, [title, suffix]);
  return (
    <section className="bo-page" data-testid={testId}>
      <header className="bo-page-head">
        <div className="bo-page-titles">
          <h1 className="bo-page-title">{title}</h1>
          {subtitle && <div className="bo-page-subtitle">{subtitle}</div>}
        </div>
        {actions && <div className="bo-page-actions">{actions}</div>}
      </header>
      <div className="bo-page-body">{children}</div>
    </section>
  );
}

/** A bordered panel with an optional heading, for blocks on a back-office screen. */
export function BoPanel({
  title,
  actions,
  children,
  className,
  flush,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** No inner padding (a table fills the panel). */
  flush?: boolean;
}) {
  return (
    <div className={`bo-panel${className ? ` ${className}` : ''}`}>
      {(title || actions) && (
        <div className="bo-panel-head">
          {title && <h2 className="bo-panel-title">{title}</h2>}
          {actions && <div className="bo-panel-actions">{actions}</div>}
        </div>
      )}
      <div className={flush ? 'bo-panel-body bo-panel-flush' : 'bo-panel-body'}>{children}</div>
    </div>
  );
}
