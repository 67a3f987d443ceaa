import { type ClientDetail, ClientPasswordResetSent } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { staffRequest } from '../api.js';
import { RiskTab } from '../compliance/RiskTab.js';
import { TimelineTab } from '../compliance/TimelineTab.js';
import { ClientScreeningPanel } from '../screening/ClientScreeningPanel.js';
import { BoPage } from '../shell/BoPage.js';
import { ConfirmDialog } from '../shell/ConfirmDialog.js';
import { Amount, DateTime, StatusBadge } from '../shell/cells.js';
import { BACKOFFICE_BASE } from '../shell/nav.js';
import { useStaffSession } from '../shell/session.js';
import { BoEmpty, ErrorBlock, SkeletonBlock, useErrorText } from '../shell/states.js';
import { AccountsSection } from './AccountsSection.js';
import { AppropriatenessTab } from './AppropriatenessTab.js';
import { AuditTab } from './AuditTab.js';
import { DocumentsTab } from './DocumentsTab.js';
import { LedgerTab } from './LedgerTab.js';
import { NotesTab } from './NotesTab.js';
import { PositionsTab } from './PositionsTab.js';
import { ProfileTab } from './ProfileTab.js';
import { SessionsTab } from './SessionsTab.js';
import { TradingTab } from './TradingTab.js';
import { TransactionsTab } from './TransactionsTab.js';
import { useClient } from './useClients.js';
import './clients.css';

const TABS = [
  { id: 'profile', label: 'bo.tab.profile', icon: 'bi-person-vcard' },
  { id: 'documents', label: 'bo.tab.documents', icon: 'bi-file-earmark-check' },
  { id: 'appropriateness', label: 'bo.tab.appropriateness', icon: 'bi-clipboard-check' },
  { id: 'trading', label: 'bo.tab.trading', icon: 'bi-sliders' },
  { id: 'ledger', label: 'bo.tab.ledger', icon: 'bi-wallet2' },
  { id: 'positions', label: 'bo.tab.positions', icon: 'bi-graph-up' },
  { id: 'transactions', label: 'bo.tab.transactions', icon: 'bi-arrow-left-right' },
  { id: 'sessions', label: 'bo.tab.sessions', icon: 'bi-laptop' },
  { id: 'notes', label: 'bo.tab.notes', icon: 'bi-sticky' },
  { id: 'risk', label: 'bo.tab.risk', icon: 'bi-shield-check' },
  { id: 'timeline', label: 'bo.tab.timeline', icon: 'bi-clock-history' },
  { id: 'audit', label: 'bo.tab.audit', icon: 'bi-journal-text' },
] as const satisfies readonly { id: string; label: TranslationKey; icon: string }[];

type TabId = (typeof TABS)[number]['id'];
const isTab = (value: string | null): value is TabId => TABS.some((tab) => tab.id === value);

function TabBody({ tab, client }: { tab: TabId; client: ClientDetail }) {
  switch (tab) {
    case 'profile':
      return <ProfileTab client={client} />;
    case 'documents':
      return <DocumentsTab client={client} />;
    case 'appropriateness':
      return <AppropriatenessTab client={client} />;
    case 'trading':
      return <TradingTab client={client} />;
    case 'ledger':
      return <LedgerTab client={client} />;
    case 'positions':
      return <PositionsTab client={client} />;
    case 'transactions':
      return <TransactionsTab client={client} />;
    case 'sessions':
      return <SessionsTab client={client} />;
    case 'notes':
      return <NotesTab client={client} />;
    case 'audit':
      return <AuditTab client={client} />;
    case 'risk':
      return <RiskTab client={client} />;
    case 'timeline':
      return <TimelineTab client={client} />;
  }
}

/** The client page: a summary header and one tab per part of the client's account. */
export function ClientPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = /^\d+$/.test(params.id ?? '') ? Number(params.id) : 0;
  const [search, setSearch] = useSearchParams();
  const tabParam = search.get('tab');
  const tab: TabId = isTab(tabParam) ? tabParam : 'profile';
  const client = useClient(id);

  if (!id || (client.isError && (client.error as { httpStatus?: number }).httpStatus === 404)) {
    return (
      <BoPage title={t('bo.clients.title')}>
        <BoEmpty
          icon="bi-person-x"
          hint={<Link to={`${BACKOFFICE_BASE}/clients`}>{t('bo.client.back')}</Link>}
        >
          {t('bo.client.notFound')}
        </BoEmpty>
      </BoPage>
    );
  }
  if (client.isError) {
    return (
      <BoPage title={t('bo.clients.title')}>
        <ErrorBlock error={client.error} onRetry={() => void client.refetch()} />
      </BoPage>
    );
  }
  if (!client.data) {
    return (
      <BoPage title={t('bo.clients.title')}>
        <div className="bo-panel bo-panel-body">
          <SkeletonBlock lines={3} />
        </div>
        <div className="bo-panel bo-panel-body mt-3">
          <SkeletonBlock lines={8} />
        </div>
      </BoPage>
    );
  }
  const data = client.data;
  const name = `${data.firstName} ${data.lastName}`.trim() || data.email;
  return (
    <BoPage
      title={name}
      testId="bo-client"
      subtitle={
        <nav className="bo-crumbs" aria-label="breadcrumb">
          <Link to={`${BACKOFFICE_BASE}/clients`}>
            <i className="bi bi-arrow-left me-1" aria-hidden="true" />
            {t('bo.client.back')}
          </Link>
          <span className="bo-mono">{t('bo.client.pin', { pin: data.pin })}</span>
          <span>{data.email}</span>
          <span className="bo-chip">{data.brandSlug}</span>
        </nav>
      }
      actions={<PasswordResetButton client={data} />}
    >
      <ClientSummary client={data} />
      <AccountsSection clientId={data.id} />
      <ClientScreeningPanel clientId={data.id} />
      <div className="bo-tabs-wrap">
        <Nav
          variant="underline"
          className="bo-tabs"
          role="tablist"
          aria-label={t('bo.client.tabs')}
          activeKey={tab}
          onSelect={(key) => {
            if (!isTab(key)) return;
            const next = new URLSearchParams(search);
            next.set('tab', key);
            setSearch(next, { replace: true });
          }}
        >
          {TABS.map((item) => (
            <Nav.Item key={item.id}>
              <Nav.Link
                eventKey={item.id}
                role="tab"
                aria-selected={tab === item.id}
                data-testid={`bo-tab-${item.id}`}
              >
                <i className={`bi ${item.icon}`} aria-hidden="true" />
                {t(item.label)}
                {item.id === 'documents' && data.documentsWaiting > 0 && (
                  <span className="bo-tab-count">{data.documentsWaiting}</span>
                )}
              </Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
      </div>
      <div className="bo-tab-body" role="tabpanel">
        <TabBody tab={tab} client={data} />
      </div>
    </BoPage>
  );
}

function ClientSummary({ client }: { client: ClientDetail }) {
  const { t } = useTranslation();
  return (
    <div className="bo-summary" data-testid="bo-client-summary">
      <div className="bo-summary-item">
        <span className="bo-summary-label">{t('bo.client.balance')}</span>
        <span className="bo-summary-value">
          <Amount value={client.balance} currency={client.currency} />
        </span>
      </div>
      <div className="bo-summary-item">
        <span className="bo-summary-label">{t('bo.client.level')}</span>
        <span className="bo-summary-value">{client.level || '—'}</span>
      </div>
      <div className="bo-summary-item">
        <span className="bo-summary-label">{t('bo.clients.col.registered')}</span>
        <span className="bo-summary-value">
          <DateTime value={client.createdAt} dateOnly />
        </span>
      </div>
      <div className="bo-summary-item bo-summary-badges">
        {client.verified ? (
          <StatusBadge tone="success" icon="bi-patch-check-fill">
            {t('bo.client.verified')}
          </StatusBadge>
        ) : (
          <StatusBadge tone="neutral" icon="bi-patch-question">
            {t('bo.client.notVerified')}
          </StatusBadge>
        )}
        {!client.tradingEnabled && (
          <StatusBadge tone="danger" icon="bi-slash-circle">
            {t('bo.client.tradingDisabled')}
          </StatusBadge>
        )}
        {client.restrictedMode && (
          <StatusBadge tone="warning" icon="bi-shield-exclamation">
            {t('bo.client.restricted')}
          </StatusBadge>
        )}
        {client.autoTrading && <StatusBadge tone="info">{t('bo.client.autoTrading')}</StatusBadge>}
        {client.documentsWaiting > 0 && (
          <StatusBadge tone="warning" icon="bi-hourglass-split">
            {t('bo.clients.docsWaiting', { count: client.documentsWaiting })}
          </StatusBadge>
        )}
      </div>
    </div>
  );
}

function PasswordResetButton({ client }: { client: ClientDetail }) {
  const { t } = useTranslation();
  const { can } = useStaffSession();
  const toast = useToast();
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const send = useMutation({
    mutationFn: () =>
      staffRequest(`/api/backoffice/clients/${client.id}/password-reset`, {
        schema: ClientPasswordResetSent,
        method: 'POST',
        body: {},
      }),
    onSuccess: () => {
      setOpen(false);
      toast('success', { key: 'bo.client.passwordResetSent' });
    },
  });
  if (!can('passwordReset.send')) return null;
  return (
    <>
      <Button
        variant="outline-secondary"
        size="sm"
        onClick={() => setOpen(true)}
        data-testid="bo-password-reset"
      >
        <i className="bi bi-envelope-arrow-up me-1" aria-hidden="true" />
        {t('bo.client.passwordReset')}
      </Button>
      <ConfirmDialog
        show={open}
        title={t('bo.client.passwordReset')}
        body={t('bo.client.passwordResetConfirm', { email: client.email })}
        confirmLabel={t('bo.client.passwordReset')}
        pending={send.isPending}
        error={send.isError ? errorText(send.error) : null}
        onConfirm={() => send.mutate()}
        onCancel={() => {
          setOpen(false);
          send.reset();
        }}
      />
    </>
  );
}
