import { type MyAccountPage, normalizeMyAccountPage } from '@openbroker/domain';
import { Card, Col, Nav, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import type { TranslationKey } from '../../lib/i18n/keys.js';
import { useDocumentTitle } from '../../lib/useDocumentTitle.js';
import { useComplianceStatus } from '../../shared/compliance/useComplianceStatus.js';
import { useAuth } from '../../shared/session/useAuth.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { AccountSidePanel } from './AccountSidePanel.js';
import { AppropriatenessTab } from './AppropriatenessTab.js';
import { DocumentsTab } from './DocumentsTab.js';
import { PasswordTab } from './PasswordTab.js';
import { ProfileTab } from './ProfileTab.js';
import { SourceOfFundsForm } from './SourceOfFundsForm.js';
import './account.css';

const TABS: readonly [MyAccountPage, TranslationKey, string][] = [
  ['info', 'account.tab.info', 'bi-person'],
  ['password', 'account.tab.password', 'bi-lock'],
  ['documents', 'account.tab.documents', 'bi-file-earmark-check'],
  ['appropriateness', 'account.tab.appropriateness', 'bi-clipboard-check'],
];

/** spec §2 /my-account/{page}: tabs info, password, documents and the side panel. */
export function AccountPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const page = normalizeMyAccountPage(useParams().page);
  // the appropriateness test's tab where the brand asks for it (or the client is on it)
  const testRequired = useComplianceStatus()?.appropriatenessRequired === true;
  const tabs = TABS.filter(([id]) => id !== 'appropriateness' || testRequired || page === id);
  const tab = tabs.find(([id]) => id === page);
  useDocumentTitle(tab ? `${t(tab[1])} · ${t('account.title')}` : t('account.title'));
  if (!auth) return null;
  const { user, access_token: token } = auth;

  return (
    <div className="container-xl ob-section" data-testid="account-screen">
      <PageHeader title={t('account.title')} />
      <Row className="g-4">
        <Col lg={4} xl={3} className="order-lg-last">
          <AccountSidePanel user={user} token={token} />
        </Col>
        <Col lg={8} xl={9}>
          <Card className="ob-card">
            <Card.Header className="ob-card-header ob-tabs-header">
              <Nav variant="underline" className="ob-tabs" role="tablist">
                {tabs.map(([id, label, icon]) => (
                  <Nav.Item key={id}>
                    <Nav.Link as={NavLink} to={`/my-account/${id}`} role="tab" aria-selected={page === id}>
                      <i className={`bi ${icon} me-1`} aria-hidden="true" />
                      {t(label)}
                    </Nav.Link>
                  </Nav.Item>
                ))}
              </Nav>
            </Card.Header>
            <Card.Body className="p-4" role="tabpanel">
              {page === 'info' && <ProfileTab user={user} token={token} />}
              {page === 'password' && <PasswordTab token={token} />}
              {page === 'documents' && <DocumentsTab user={user} token={token} />}
              {page === 'appropriateness' && <AppropriatenessTab token={token} />}
              {page === 'documents' && <SourceOfFundsForm token={token} />}
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
