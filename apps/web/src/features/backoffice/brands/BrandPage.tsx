import type { BrandAdminView } from '@openbroker/domain';
import type { ReactNode } from 'react';
import { Nav, Tab } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { BoPage, BoPanel } from '../shell/BoPage.js';
import { useStaffSession } from '../shell/session.js';
import { ErrorBlock, SkeletonBlock } from '../shell/states.js';
import { ClientAreaTab } from './ClientAreaTab.js';
import { ComplianceTab } from './ComplianceTab.js';
import { PaymentsTab } from './PaymentsTab.js';
import { PublishPanel } from './PublishPanel.js';
import { GeneralTab, HostsTab, LegalTab } from './SettingsTabs.js';
import { ThemeTab } from './ThemeTab.js';
import { TradingTab } from './TradingTab.js';
import { useBrandAdmin } from './useBrandAdmin.js';
import { VerificationTab } from './VerificationTab.js';
import './brands.css';

const TABS: { key: string; label: TranslationKey; icon: string; render: (b: BrandAdminView) => ReactNode }[] =
  [
    {
      key: 'general',
      label: 'bob.tab.general',
      icon: 'bi-info-circle',
      render: (b) => <GeneralTab brand={b} />,
    },
    { key: 'hosts', label: 'bob.tab.hosts', icon: 'bi-globe2', render: (b) => <HostsTab brand={b} /> },
    { key: 'theme', label: 'bob.tab.theme', icon: 'bi-palette', render: (b) => <ThemeTab brand={b} /> },
    {
      key: 'client-area',
      label: 'bob.tab.clientArea',
      icon: 'bi-person-badge',
      render: (b) => <ClientAreaTab brand={b} />,
    },
    { key: 'legal', label: 'bob.tab.legal', icon: 'bi-bank', render: (b) => <LegalTab brand={b} /> },
    {
      key: 'payments',
      label: 'bob.tab.payments',
      icon: 'bi-credit-card',
      render: (b) => <PaymentsTab brand={b} />,
    },
    {
      key: 'verification',
      label: 'bob.tab.verification',
      icon: 'bi-patch-check',
      render: (b) => <VerificationTab brand={b} />,
    },
    {
      key: 'trading',
      label: 'bob.tab.trading',
      icon: 'bi-graph-up',
      render: (b) => <TradingTab brand={b} />,
    },
    {
      key: 'compliance',
      label: 'bob.tab.compliance',
      icon: 'bi-shield-check',
      render: (b) => <ComplianceTab brand={b} />,
    },
  ];

/** One brand's settings in tabs; the tab is kept in the address (?tab=theme) so a reload stays on it. */
export function BrandPage() {
  const { t } = useTranslation();
  const { can } = useStaffSession();
  const allowed = can('brands.manage');
  const params = useParams();
  const id = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const query = useBrandAdmin(id, allowed);
  const [search, setSearch] = useSearchParams();
  const active = TABS.some((tab) => tab.key === search.get('tab'))
    ? (search.get('tab') as string)
    : 'general';
  const brand = query.data;
  return (
    <BoPage
      title={brand?.name ?? t('bob.list.title')}
      subtitle={
        <span>
          <Link to="/backoffice/brands">{t('bob.list.title')}</Link>
          {brand && (
            <>
              {' · '}
              <code>{brand.slug}</code>
              {brand.hosts[0] && (
                <>
                  {' · '}
                  <span className="font-monospace">{brand.hosts[0]}</span>
                </>
              )}
            </>
          )}
        </span>
      }
      testId="bob-brand"
    >
      {query.isError ? (
        <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
      ) : !brand ? (
        <BoPanel>
          <SkeletonBlock lines={8} />
        </BoPanel>
      ) : (
        <>
          <PublishPanel brand={brand} />
          <Tab.Container
            activeKey={active}
            onSelect={(key) => key && setSearch({ tab: key }, { replace: true })}
          >
            <Nav variant="tabs" className="bob-tabs" role="tablist">
              {TABS.map((tab) => (
                <Nav.Item key={tab.key}>
                  <Nav.Link eventKey={tab.key} data-testid={`bob-tab-${tab.key}`}>
                    <i className={`bi ${tab.icon} me-1`} aria-hidden="true" />
                    {t(tab.label)}
                  </Nav.Link>
                </Nav.Item>
              ))}
            </Nav>
            <BoPanel className="bob-tab-panel">
              <Tab.Content>
                {TABS.map((tab) => (
                  <Tab.Pane key={tab.key} eventKey={tab.key} mountOnEnter unmountOnExit>
                    {tab.render(brand)}
                  </Tab.Pane>
                ))}
              </Tab.Content>
            </BoPanel>
          </Tab.Container>
        </>
      )}
    </BoPage>
  );
}
