import type { ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { HomeWidget } from '../../../api/types.js';

/**
 * The box every market widget sits in: a title, optional tabs, and a body of a fixed height (spec §9
 * widget heights) that scrolls inside. `light` keeps the widget in the light theme on dark pages
 * (spec §2: the market quotes widget is light).
 */
export function WidgetFrame({
  kind,
  title,
  height,
  light = false,
  header,
  footer,
  state,
  children,
}: {
  kind: HomeWidget;
  title: string;
  height: number;
  light?: boolean;
  header?: ReactNode;
  footer?: ReactNode;
  state: { isLoading: boolean; isError: boolean; retry: () => void };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="ob-widget card ob-card"
      data-widget={kind}
      data-testid={`widget-${kind}`}
      style={{ height }}
      {...(light ? { 'data-bs-theme': 'light' } : {})}
    >
      <div className="ob-widget-header">
        <h2 className="ob-widget-title">
          <span className="ob-live-dot" aria-hidden="true" />
          {title}
        </h2>
        {header}
      </div>
      <div className="ob-widget-body">
        {state.isError ? (
          <div className="ob-widget-message">
            <p className="mb-2">{t('site.widget.error')}</p>
            <Button size="sm" variant="outline-primary" onClick={state.retry}>
              {t('site.retry')}
            </Button>
          </div>
        ) : state.isLoading ? (
          <div className="ob-widget-message">
            <span className="spinner-border spinner-border-sm text-secondary" role="status" />
          </div>
        ) : (
          children
        )}
      </div>
      {footer && <div className="ob-widget-footer">{footer}</div>}
    </section>
  );
}
