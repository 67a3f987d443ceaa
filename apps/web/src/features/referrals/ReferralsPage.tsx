import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/ApiError.js';
import { accountsApi, type Referral } from '../../api/accounts.js';
import { useBrand } from '../../lib/BrandProvider.js';
import { formatDate } from '../../lib/dates.js';
import { CopyLinkField } from '../../shared/affiliate/CopyLinkField.js';
import { useAuth } from '../../shared/session/useAuth.js';
import { NotFoundPage } from '../../shared/site/NotFoundPage.js';
import { type Column, DataTable } from '../../ui/DataTable.js';
import { PageHeader } from '../../ui/PageHeader.js';

/** The link that brings a visitor in with the client's code (spec §4: the ref query parameter). */
export const referralLink = (origin: string, code: string): string =>
  `${origin}/?ref=${encodeURIComponent(code)}`;

/**
 * spec §2 /referrals: the referral link with a copy button and the accounts opened through it, name
 * and e-mail masked by the server ('Jo*** Sm***'). Hidden in the restricted mode: the menu leaves it
 * out, and the address itself is not found.
 */
export function ReferralsPage() {
  const brand = useBrand();
  if (brand.features.restrictedMode) return <NotFoundPage />;
  return <Referrals />;
}

function Referrals() {
  const { t, i18n } = useTranslation();
  const auth = useAuth();
  const token = auth?.access_token ?? '';
  const code = auth?.user.uniqid?.trim();
  const link = code ? referralLink(window.location.origin, code) : '';
  const referrals = useQuery({
    queryKey: ['referrals', token],
    queryFn: () => accountsApi.referrals(token),
    enabled: token !== '',
  });
  const rows = referrals.data ?? [];
  const columns: Column<Referral>[] = [
    {
      key: 'name',
      header: t('referrals.col.name'),
      cell: (row) => <span className="text-nowrap">{row.full_name}</span>,
    },
    { key: 'email', header: t('referrals.col.email'), cell: (row) => row.email },
    {
      key: 'date',
      header: t('referrals.col.date'),
      cell: (row) => <span className="text-nowrap">{formatDate(row.created_at, i18n.language)}</span>,
    },
  ];
  // A 401 is handled by the protected layout's session check (it logs out); other failures say so here.
  const failed = referrals.isError && !(isApiError(referrals.error) && referrals.error.isUnauthorized);

  return (
    <div className="container-xl ob-section" data-testid="referrals-screen">
      <PageHeader title={t('referrals.title')} lead={t('referrals.lead')} />
      <Card className="ob-card mb-4">
        <Card.Body className="p-4">
          <CopyLinkField
            id="referral-link"
            label={t('referrals.link')}
            value={link}
            placeholder={code ? undefined : t('referrals.noCode')}
            testId="referral-link"
          />
        </Card.Body>
      </Card>
      {failed && (
        <Alert
          variant="danger"
          className="d-flex align-items-center justify-content-between gap-3"
          role="alert"
        >
          <span>{t('affiliate.loadFailed')}</span>
          <Button variant="outline-danger" size="sm" onClick={() => referrals.refetch()}>
            {t('affiliate.retry')}
          </Button>
        </Alert>
      )}
      <Card className="ob-card">
        {rows.length > 0 && (
          <Card.Header className="ob-card-header">
            <h2 className="ob-card-title">{t('referrals.count', { count: rows.length })}</h2>
          </Card.Header>
        )}
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(row, index) => `${index}-${row.created_at}`}
          empty={referrals.isPending && token ? t('affiliate.loading') : t('list.empty')}
          emptyHint={referrals.isPending ? undefined : t('referrals.empty.hint')}
          testId="referrals-table"
        />
      </Card>
    </div>
  );
}
