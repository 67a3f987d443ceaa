import type { ReactNode } from 'react';
import './EmptyState.css';

/** An honest 'nothing here (yet)' block: an icon, the message, and optionally a hint. */
export function EmptyState({
  icon = 'bi-inbox',
  children,
  hint,
}: {
  icon?: string;
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div className="ob-empty" role="status">
      <i className={`bi ${icon}`} aria-hidden="true" />
      <p className="ob-empty-text">{children}</p>
      {hint && <p className="ob-empty-hint">{hint}</p>}
    </div>
  );
}
