import type { ReactNode } from 'react';
import './PageHeader.css';

/** Title block at the top of a screen. */
export function PageHeader({
  title,
  lead,
  actions,
}: {
  title: ReactNode;
  lead?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="ob-page-header">
      <div>
        <h1 className="ob-page-title">{title}</h1>
        {lead && <p className="ob-page-lead">{lead}</p>}
      </div>
      {actions && <div className="ob-page-actions">{actions}</div>}
    </div>
  );
}
