import { isVerified } from '@openbroker/domain';
import { useEffect, useState } from 'react';
import { Badge, Button, Container, Nav, Navbar } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import type { User } from '../api/types.js';
import { useAuth } from '../features/auth/useAuth.js';
import { useLogout } from '../features/auth/useLogout.js';
import { BrandLogo } from '../ui/BrandLogo.js';
import { useBrand } from './BrandProvider.js';
import { LanguageSelect } from './LanguageSelect.js';
import { ThemeToggle } from './ThemeToggle.js';

export const displayName = (user: User): string =>
  user.full_name?.trim() || [user.first_name, user.last_name].filter(Boolean).join(' ');

export function Header() {
  const { t } = useTranslation();
  const brand = useBrand();
  const auth = useAuth();
  const logout = useLogout();
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState(false);
  const { restrictedMode, economics, registrationEnabled } = brand.features;

  // Close the mobile menu after navigating.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path changes on purpose
  useEffect(() => setExpanded(false), [pathname]);

  const user = auth?.user;
  return (
    <Navbar
      expand="xl"
      sticky="top"
      className={user ? 'ob-navbar' : 'ob-navbar ob-navbar-guest'}
      expanded={expanded}
      onToggle={setExpanded}
      aria-label={t('nav.main')}
    >
      <Container fluid className="ob-navbar-container">
        <Navbar.Brand as={Link} to="/" className="ob-brand">
          <BrandLogo />
        </Navbar.Brand>

        {/* Always visible, also on phones: theme, language and login sit outside the collapsing menu. */}
        <div className="ob-navbar-tools order-xl-last">
          <LanguageSelect />
          <ThemeToggle />
          {!user && (
            <>
              <Link to="/login" className="btn btn-sm btn-primary" data-testid="nav-login">
                {t('nav.login')}
              </Link>
              {registrationEnabled && (
                <Link to="/register" className="btn btn-sm btn-outline-primary d-none d-sm-inline-block">
                  {t('nav.register')}
                </Link>
              )}
            </>
          )}
        </div>

        <Navbar.Toggle aria-controls="ob-main-nav" aria-label={t('nav.toggle')} />
        <Navbar.Collapse id="ob-main-nav">
          <Nav className="me-auto ob-main-nav">
            {user && (
              <>
                <Nav.Link as={NavLink} to="/platform">
                  {t('nav.platform')}
                </Nav.Link>
                {!restrictedMode && (
                  <Nav.Link as={NavLink} to="/referrals">
                    {t('nav.referrals')}
                  </Nav.Link>
                )}
                <Nav.Link as={NavLink} to="/my-account">
                  {t('nav.myAccount')}
                </Nav.Link>
                <Nav.Link as={NavLink} to="/transactions">
                  {t('nav.transactions')}
                </Nav.Link>
              </>
            )}
            {economics && (
              <Nav.Link as={NavLink} to="/economic-calendar">
                {t('nav.economics')}
              </Nav.Link>
            )}
            {!user && registrationEnabled && (
              <Nav.Link as={NavLink} to="/register" className="d-sm-none">
                {t('nav.register')}
              </Nav.Link>
            )}
          </Nav>

          {user && (
            <div className="ob-user">
              <div className="ob-user-text" data-testid="user-greeting">
                <div className="ob-user-name">{t('header.greeting', { name: displayName(user) })}</div>
                <div className="ob-user-meta">
                  <span>{t('header.pin', { pin: user.pin })}</span>
                  <Badge
                    pill
                    bg={isVerified(user.verified_account) ? 'success' : 'warning'}
                    text={isVerified(user.verified_account) ? undefined : 'dark'}
                  >
                    {isVerified(user.verified_account) ? t('header.verified') : t('header.notVerified')}
                  </Badge>
                  {restrictedMode ? (
                    <span>{t('header.level', { level: user.level })}</span>
                  ) : (
                    <Link to="/account-levels">{t('header.level', { level: user.level })}</Link>
                  )}
                </div>
              </div>
              <Button
                variant="outline-secondary"
                size="sm"
                className="text-nowrap"
                data-testid="logout"
                title={t('nav.logout')}
                aria-label={t('nav.logout')}
                onClick={() => logout()}
              >
                <i className="bi bi-box-arrow-right" aria-hidden="true" />
                {/* Icon only where the desktop header is tightest; the label returns on wide screens. */}
                <span className="ob-logout-label ms-1">{t('nav.logout')}</span>
              </Button>
            </div>
          )}
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
