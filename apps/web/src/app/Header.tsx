import { isVerified } from '@openbroker/domain';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Badge, Button, Container, Nav, Navbar } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useBrand } from '../lib/BrandProvider.js';
import { SmartLink } from '../shared/content/links.js';
import { LanguageSelect } from '../shared/preferences/LanguageSelect.js';
import { ThemeToggle } from '../shared/preferences/ThemeToggle.js';
import { displayName } from '../shared/session/displayName.js';
import { useAuth } from '../shared/session/useAuth.js';
import { useLogout } from '../shared/session/useLogout.js';
import { usePlatformComponents } from '../shared/site/usePlatformComponents.js';
import { useSiteSettings } from '../shared/site/useSiteSettings.js';
import { BrandLogo } from '../ui/BrandLogo.js';
import { useDisclosure } from '../ui/useDisclosure.js';
import { headerMenu, type MenuLink } from './headerMenu.js';

/** The trading-account switcher: signed-in clients only, so its own chunk with its texts. */
const AccountSwitcher = lazy(() =>
  import('../shared/trading-accounts/AccountSwitcher.js').then((module) => ({
    default: module.AccountSwitcher,
  })),
);

/**
 * The brand's further menu links under "More": a plain disclosure button and Bootstrap's dropdown
 * classes, not react-bootstrap's Dropdown, whose positioning library would add ~10 KiB to the public home page.
 * Closes on Escape, on a click outside and after a link is followed.
 */
function MoreMenu({ links, label }: { links: MenuLink[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useDisclosure(box);
  const id = useId();
  return (
    <div className="nav-item dropdown ob-site-menu-more" ref={box}>
      <button
        type="button"
        className="nav-link dropdown-toggle border-0 bg-transparent"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
      >
        {label}
      </button>
      <div id={id} className={open ? 'dropdown-menu show' : 'dropdown-menu'}>
        {links.map((link) => (
          <SmartLink key={link.url} to={link.url} className="dropdown-item" testId="site-menu-more-link">
            {link.title}
          </SmartLink>
        ))}
      </div>
    </div>
  );
}

export function Header() {
  const { t } = useTranslation();
  const brand = useBrand();
  const auth = useAuth();
  const logout = useLogout();
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState(false);
  const { registrationEnabled } = brand.features;
  // spec §3 platform components (site settings) with the brand's flags: which client-area screens exist
  const screens = usePlatformComponents();
  const economics = screens.economics;
  const user = auth?.user;
  // The public site's header (nobody signed in) carries the brand's menu from the site settings,
  // without the links it shows anyway; the client area's header keeps its own links only.
  const site = useSiteSettings();
  const menu = user
    ? { inline: [], more: [] }
    : headerMenu(site?.menu, [
        '/login',
        ...(registrationEnabled ? ['/register'] : []),
        ...(economics ? ['/economic-calendar'] : []),
      ]);

  // Close the mobile menu after navigating.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path changes on purpose
  useEffect(() => setExpanded(false), [pathname]);

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
          {user && (
            <Suspense fallback={null}>
              <AccountSwitcher />
            </Suspense>
          )}
          <LanguageSelect tight={!!user} />
          <ThemeToggle />
          {!user && (
            <>
              {/* every brand's public site offers a demo, two clicks from the home page */}
              <Link to="/demo" className="btn btn-sm btn-outline-primary ob-demo-cta" data-testid="nav-demo">
                {t('nav.demo')}
              </Link>
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
                {screens.referrals && (
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
                <Nav.Link as={NavLink} to="/statements" data-testid="nav-statements">
                  {t('nav.statements')}
                </Nav.Link>
              </>
            )}
            {economics && (
              <Nav.Link as={NavLink} to="/economic-calendar">
                {t('nav.economics')}
              </Nav.Link>
            )}
            {menu.inline.map((link) => (
              <Nav.Item key={link.url}>
                <SmartLink to={link.url} className="nav-link ob-site-menu-link" testId="site-menu-link">
                  {link.title}
                </SmartLink>
              </Nav.Item>
            ))}
            {menu.more.length > 0 && <MoreMenu links={menu.more} label={t('nav.more')} />}
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
                  {!screens.account_levels ? (
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
