import { type BankDetails as Bank, TIMING } from '@openbroker/domain';
import { useEffect, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMoney } from '../../shared/market/numbers.js';
import { CopyButton } from './CopyButton.js';

/**
 * Bank wire next step (spec §4): a thank-you that closes after 1.5 s, and the brand's bank details with the
 * client's reference, which stay on the page (with copy buttons) until the client moves on.
 */
export function BankDetails({
  bank,
  amount,
  transactionId,
  onAgain,
}: {
  bank: Bank;
  amount: number;
  transactionId: string;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const [thanking, setThanking] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setThanking(false), TIMING.thankYouCloseMs);
    return () => clearTimeout(timer);
  }, []);

  const rows: { key: string; label: string; value: string; mono?: boolean }[] = [
    { key: 'amount', label: t('payments.bank.amount'), value: money.format(amount) },
    { key: 'beneficiary', label: t('payments.bank.beneficiary'), value: bank.beneficiary },
    { key: 'bank', label: t('payments.bank.bankName'), value: bank.bankName },
    { key: 'iban', label: t('payments.bank.iban'), value: bank.iban, mono: true },
    { key: 'bic', label: t('payments.bank.bic'), value: bank.bic, mono: true },
  ];

  return (
    <div className="ob-pay-outcome">
      {thanking && (
        <Alert
          variant="success"
          className="ob-form-alert d-flex gap-2"
          data-testid="deposit-thank-you"
          role="status"
        >
          <i className="bi bi-check-circle-fill" aria-hidden="true" />
          <span>{t('payments.wire.thanks', { amount: money.format(amount) })}</span>
        </Alert>
      )}
      <div className="ob-pay-outcome-head">
        <span className="ob-pay-outcome-icon ob-pay-outcome-icon-info" aria-hidden="true">
          <i className="bi bi-bank" />
        </span>
        <div>
          <h2 className="ob-pay-outcome-title">
            {t('payments.wire.title', { amount: money.format(amount) })}
          </h2>
          <p className="ob-pay-outcome-text">{t('payments.wire.lead')}</p>
        </div>
      </div>
      <dl className="ob-bank" data-testid="bank-details">
        {rows.map((row) => (
          <div className="ob-bank-row" key={row.key}>
            <dt>{row.label}</dt>
            <dd>
              <span className={row.mono ? 'ob-bank-mono' : undefined} data-testid={`bank-${row.key}`}>
                {row.value}
              </span>
              <CopyButton value={row.value} label={row.label} testId={`bank-copy-${row.key}`} />
            </dd>
          </div>
        ))}
        <div className="ob-bank-row ob-bank-reference">
          <dt>{t('payments.bank.reference')}</dt>
          <dd>
            <span className="ob-bank-mono" data-testid="bank-reference">
              {bank.reference}
            </span>
            <CopyButton
              value={bank.reference}
              label={t('payments.bank.reference')}
              testId="bank-copy-reference"
            />
          </dd>
        </div>
      </dl>
      <Alert variant="warning" className="ob-form-alert d-flex gap-2 mt-3 mb-0">
        <i className="bi bi-exclamation-triangle" aria-hidden="true" />
        <span>{t('payments.wire.referenceHint')}</span>
      </Alert>
      <p className="small text-body-secondary mt-3 mb-0">
        {t('payments.wire.after')}{' '}
        <span className="text-nowrap">
          {t('payments.result.transactionId')}: <code className="ob-tx-id">{transactionId}</code>
        </span>
      </p>
      <div className="ob-pay-actions">
        <Link to="/transactions/deposits" className="btn btn-primary">
          {t('payments.action.viewDeposits')}
        </Link>
        <Button variant="outline-secondary" onClick={onAgain}>
          {t('payments.action.again')}
        </Button>
      </div>
    </div>
  );
}
