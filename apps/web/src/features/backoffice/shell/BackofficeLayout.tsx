import { isStaffRole } from '@openbroker/domain';
import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { LanguageSelect } from '../../../shared/preferences/LanguageSelect.js';
import { ThemeToggle } from '../../../shared/preferences/ThemeToggle.js';
import '../backoffice.css';
import { BACKOFFICE_BASE, useVisibleNav } from './nav.js';
import { useStaffSession } from './session.js';

/** Initials for the avatar ('Carla Compliance' → 'CC'). */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('') || '?';

/** The back-office frame: side menu (by permission), sticky header with the staff member, the screen. */
export function BackofficeLayout() {
  const { t } = useTranslation();
  const { staff, can, signOut } = useStaffSession();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const sections = useVisibleNav(can);

  // The phone menu closes when a screen is chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => setMenuOpen(false), [pathname]);

  // On a short screen the menu scrolls: the current screen's item is brought into its view (the menu only).
  const navRef = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => {
    const nav = navRef.current;
    const active = nav?.querySelector<HTMLElement>('.bo-nav-link.active');
    if (!nav || !active) return;
    const [box, item] = [nav.getBoundingClientRect(), active.getBoundingClientRect()];
    if (item.top < box.top) nav.scrollTop -= box.top - item.top;
    else if (item.bottom > box.bottom) nav.scrollTop += item.bottom - box.bottom;
  }, [pathname, staff]);

  if (!staff) return null;
  const roles = staff.roles.map((role) => (isStaffRole(role) ? t(`bo.role.${role}`) : role));
  const scope = staff.brandScope.all
    ? t('bo.scope.all')
    : t('bo.scope.some', { count: staff.brandScope.brandIds.length });

  return (
    <div className={`bo-shell${menuOpen ? ' bo-menu-open' : ''}`} data-testid="bo-shell">
      <a href="#bo-main" className="visually-hidden-focusable bo-skip">
        {t('bo.skipToContent')}
      </a>
      <aside className="bo-side" aria-label={t('bo.nav.label')}>
        <div className="bo-side-brand">
          <span className="bo-logo" aria-hidden="true">
            <i className="bi bi-shield-lock-fill" />
          </span>
          <span className="bo-side-title">
            OpenBroker
            <small>{t('bo.title')}</small>
          </span>
        </div>
        <nav className="bo-nav" data-testid="bo-nav" ref={navRef}>
          {sections.map((section) => (
            <div key={section.label ?? 'main'} className="bo-nav-section">
              {section.label && <div className="bo-nav-heading">{t(section.label)}</div>}
              <ul>
                {section.items.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end={item.end}
                      className={({ isActive }) => `bo-nav-link${isActive ? ' active' : ''}`}
                      data-testid={`bo-nav-${item.label.slice('bo.nav.'.length)}`}
                    >
                      <i className={`bi ${item.icon}`} aria-hidden="true" />
                      <span>{t(item.label)}</span>
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="bo-side-foot">
          <i className="bi bi-clock-history" aria-hidden="true" />{' '}
          {t('bo.login.secure', { count: staff.sessionIdleMinutes })}
        </div>
      </aside>
      <button
        type="button"
        className="bo-scrim"
        aria-label={t('bo.nav.toggle')}
        tabIndex={-1}
        onClick={() => setMenuOpen(false)}
      />
      <div className="bo-main-col">
        <header className="bo-top">
          <Button
            variant="link"
            className="bo-icon-btn bo-menu-btn"
            aria-label={t('bo.nav.toggle')}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <i className="bi bi-list" aria-hidden="true" />
          </Button>
          <div className="bo-top-scope" title={t('bo.brand')}>
            <i className="bi bi-buildings" aria-hidden="true" />
            <span>{scope}</span>
          </div>
          <div className="bo-top-spacer" />
          <div className="bo-top-tools">
            <LanguageSelect />
            <ThemeToggle />
          </div>
          <div className="bo-user" data-testid="bo-user" title={t('bo.header.account', { name: staff.name })}>
            <span className="bo-avatar" aria-hidden="true">
              {initials(staff.name)}
            </span>
            <span className="bo-user-text">
              <span className="bo-user-name">{staff.name}</span>
              <span className="bo-user-roles">{roles.join(' · ')}</span>
            </span>
          </div>
          <Link
            to={`${BACKOFFICE_BASE}/password`}
            className="btn btn-outline-secondary btn-sm bo-signout"
            aria-label={t('bo.password.link')}
            title={t('bo.password.link')}
            data-testid="bo-password-link"
          >
            <i className="bi bi-key" aria-hidden="true" />
          </Link>
          <Button
            variant="outline-secondary"
            size="sm"
            className="bo-signout"
            onClick={() => void signOut('user')}
            data-testid="bo-signout"
          >
            <i className="bi bi-box-arrow-right" aria-hidden="true" />
            <span className="bo-signout-text">{t('bo.header.signOut')}</span>
          </Button>
        </header>
        <main id="bo-main" className="bo-content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
