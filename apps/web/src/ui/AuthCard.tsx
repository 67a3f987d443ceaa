import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import './AuthCard.css';

/** The narrow centred card used by login, password and registration screens. */
export function AuthCard({
  title,
  lead,
  children,
  footer,
  icon = 'bi-shield-lock',
  wide = false,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  icon?: string;
  wide?: boolean;
}) {
  return (
    <div className={`ob-auth ${wide ? 'ob-auth-wide' : ''}`}>
      <Card className="ob-card ob-auth-card">
        <Card.Body>
          <div className="ob-auth-icon" aria-hidden="true">
            <i className={`bi ${icon}`} />
          </div>
          <h1 className="ob-auth-title">{title}</h1>
          {lead && <p className="ob-auth-lead">{lead}</p>}
          {children}
        </Card.Body>
        {footer && <Card.Footer className="ob-auth-footer">{footer}</Card.Footer>}
      </Card>
    </div>
  );
}
