import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../shared/preferences/LanguageSelect.js';
import { ThemeToggle } from '../../../shared/preferences/ThemeToggle.js';
import '../backoffice.css';

/** The full-page frame of sign-in and enrolment: the back-office mark, a card, language and theme. */
export function AuthFrame({
  title,
  lead,
  icon = 'bi-shield-lock',
  wide,
  children,
}: {
  title: string;
  lead?: ReactNode;
  icon?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="bo-auth">
      <div className="bo-auth-tools">
        <LanguageSelect />
        <ThemeToggle />
      </div>
      <div className={`bo-auth-card${wide ? ' bo-auth-wide' : ''}`}>
        <div className="bo-auth-mark">
          <span className="bo-logo" aria-hidden="true">
            <i className="bi bi-shield-lock-fill" />
          </span>
          <span className="bo-side-title">
            OpenBroker
            <small>{t('bo.title')}</small>
          </span>
        </div>
        <h1 className="bo-auth-title">
          <i className={`bi ${icon}`} aria-hidden="true" /> {title}
        </h1>
        {lead && <p className="bo-auth-lead">{lead}</p>}
        {children}
      </div>
    </div>
  );
}
