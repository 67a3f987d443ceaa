import { Component, type ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** What a failed panel shows in its place: its name, that the rest keeps working, and Retry. */
function PanelFailed({
  name,
  title,
  compact,
  onRetry,
}: {
  name: string;
  title: string;
  compact: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className={`ob-panel-failed d-flex flex-column align-items-center justify-content-center text-center gap-2 ${
        compact ? 'p-3' : 'card ob-card h-100 p-4'
      }`}
      data-testid={`panel-failed-${name}`}
    >
      <i className="bi bi-exclamation-triangle fs-4 text-warning" aria-hidden="true" />
      <p className="fw-semibold mb-0">{t('panel.failed.title', { panel: title })}</p>
      <p className="small text-body-secondary mb-1">{t('panel.failed.body')}</p>
      <Button
        size="sm"
        variant="outline-primary"
        onClick={onRetry}
        aria-label={t('panel.failed.retryLabel', { panel: title })}
        data-testid={`panel-retry-${name}`}
      >
        <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
        {t('panel.failed.retry')}
      </Button>
    </div>
  );
}

export interface PanelBoundaryProps {
  /** A stable id of the panel (test ids `panel-failed-{name}`, `panel-retry-{name}`). */
  name: string;
  /** The panel's name as the reader sees it, already translated ('Chart', 'Markets'). */
  title: string;
  /** A box without the card frame, for a part inside a card (a tab, a dialog). */
  compact?: boolean;
  /** A failed panel tries again by itself when this changes (e.g. the symbol shown). */
  resetKey?: unknown;
  children: ReactNode;
}

interface PanelBoundaryState {
  failed: boolean;
  /** Bumped by Retry: the panel's subtree is mounted anew (fresh state, effects and subscriptions). */
  attempt: number;
  resetKey: unknown;
}

/**
 * one panel that throws while rendering or in an effect (a chart library error, a bad answer) shows a
 * translated notice with Retry in its place instead of taking the whole screen down, so the other panels, the
 * open positions and their Close buttons first of all, stay usable. Retry mounts the panel anew. React reports
 * the error itself (the root's caught-error handler logs it).
 */
export class PanelBoundary extends Component<PanelBoundaryProps, PanelBoundaryState> {
  override state: PanelBoundaryState = { failed: false, attempt: 0, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<PanelBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: PanelBoundaryProps,
    state: PanelBoundaryState,
  ): Partial<PanelBoundaryState> | null {
    if (Object.is(props.resetKey, state.resetKey)) return null;
    // a working panel keeps its state; only a failed one is mounted anew
    return state.failed
      ? { resetKey: props.resetKey, failed: false, attempt: state.attempt + 1 }
      : { resetKey: props.resetKey };
  }

  private readonly retry = () => this.setState((state) => ({ failed: false, attempt: state.attempt + 1 }));

  override render() {
    const { name, title, compact = false, children } = this.props;
    if (this.state.failed)
      return <PanelFailed name={name} title={title} compact={compact} onRetry={this.retry} />;
    return <PanelAttempt key={this.state.attempt}>{children}</PanelAttempt>;
  }
}

/** A keyed wrapper: a new key on Retry re-mounts the panel below it. */
function PanelAttempt({ children }: { children: ReactNode }) {
  return children;
}
