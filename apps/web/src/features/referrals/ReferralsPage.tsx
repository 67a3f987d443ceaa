import { useState } from 'react';
import { Button, Card, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../ui/DataTable.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { useAuth } from '../auth/useAuth.js';

/** One referred account (spec §3 Referral: masked name, email, date). */
interface ReferralRow {
  full_name: string;
  email: string;
  created_at: string;
}

/** The link that brings a visitor in with the client's code (spec §4: the ref query parameter). */
export const referralLink = (origin: string, code: string): string =>
  `${origin}/?ref=${encodeURIComponent(code)}`;

/**
 * spec §2 /referrals: the referral link with a copy button and the table of referred accounts. The
 * referrals call comes with later work; the table lists nothing until then.
 */
export function ReferralsPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const [copied, setCopied] = useState(false);
  const code = auth?.user.uniqid?.trim();
  const link = code ? referralLink(window.location.origin, code) : '';
  const rows: ReferralRow[] = [];
  const columns: Column<ReferralRow>[] = [
    { key: 'name', header: t('referrals.col.name'), cell: (row) => row.full_name },
    { key: 'email', header: t('referrals.col.email'), cell: (row) => row.email },
    { key: 'date', header: t('referrals.col.date'), cell: (row) => row.created_at },
  ];

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard permission: the field is selectable, so the link can still be copied by hand.
    }
  };

  return (
    <div className="container-xl ob-section" data-testid="referrals-screen">
      <PageHeader title={t('referrals.title')} lead={t('referrals.lead')} />
      <Card className="ob-card mb-4">
        <Card.Body className="p-4">
          <Form.Label htmlFor="referral-link">{t('referrals.link')}</Form.Label>
          <InputGroup>
            <Form.Control
              id="referral-link"
              readOnly
              value={link}
              placeholder={code ? undefined : t('referrals.noCode')}
              onFocus={(event) => event.currentTarget.select()}
              data-testid="referral-link"
            />
            <Button variant={copied ? 'success' : 'primary'} onClick={copy} disabled={!link}>
              <i className={`bi ${copied ? 'bi-check2' : 'bi-clipboard'} me-1`} aria-hidden="true" />
              {copied ? t('referrals.copied') : t('referrals.copy')}
            </Button>
          </InputGroup>
        </Card.Body>
      </Card>
      <Card className="ob-card">
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(row) => `${row.email}-${row.created_at}`}
          empty={t('list.empty')}
          testId="referrals-table"
        />
      </Card>
    </div>
  );
}
