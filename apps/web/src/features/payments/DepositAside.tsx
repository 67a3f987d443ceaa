import type { PaymentMethodDto } from '@openbroker/domain';
import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrand } from '../../lib/BrandProvider.js';
import { useMoney } from '../../shared/market/numbers.js';
import { useAuth } from '../../shared/session/useAuth.js';
import { KIND_INFO } from './methods.js';

/** The deposit's summary and what the client can rely on, beside the deposit form. */
export function DepositAside({
  summary,
  minDeposit,
}: {
  /** The deposit being made; null once it is done (the result panel tells its figures). */
  summary: { method: PaymentMethodDto | undefined; amount: number | null } | null;
  minDeposit: number;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  const user = useAuth()?.user;
  const money = useMoney();
  return (
    <>
      {summary && (
        <Card className="ob-card mb-4" data-testid="deposit-summary">
          <Card.Header className="ob-card-header">
            <h2 className="ob-card-title">{t('payments.summary.title')}</h2>
          </Card.Header>
          <Card.Body>
            <dl className="ob-facts mb-0">
              <div className="ob-fact">
                <dt>{t('payments.method')}</dt>
                <dd>
                  {summary.method ? (
                    <>
                      <i
                        className={`bi ${KIND_INFO[summary.method.kind].icon} me-1 text-body-secondary`}
                        aria-hidden="true"
                      />
                      {summary.method.title}
                    </>
                  ) : (
                    '—'
                  )}
                </dd>
              </div>
              <div className="ob-fact">
                <dt>{t('payments.summary.creditedTo')}</dt>
                <dd>{user ? t('payments.summary.account', { pin: user.pin }) : '—'}</dd>
              </div>
              <div className="ob-fact">
                <dt>{t('payments.summary.minimum')}</dt>
                <dd className="ob-num">{money.format(minDeposit)}</dd>
              </div>
              <div className="ob-fact ob-fact-total">
                <dt>{t('payments.summary.amount')}</dt>
                <dd className="ob-num" data-testid="deposit-summary-amount">
                  {summary.amount !== null && summary.amount > 0 ? money.format(summary.amount) : '—'}
                </dd>
              </div>
            </dl>
          </Card.Body>
        </Card>
      )}
      <ul className="ob-trust" aria-label={t('payments.trust.title')}>
        <li>
          <i className="bi bi-shield-lock" aria-hidden="true" />
          <div>
            <strong>{t('payments.trust.secure')}</strong>
            <span>{t('payments.trust.secureBody')}</span>
          </div>
        </li>
        <li>
          <i className="bi bi-receipt" aria-hidden="true" />
          <div>
            <strong>{t('payments.trust.tracked')}</strong>
            <span>
              {t('payments.trust.trackedBody')}{' '}
              <Link to="/transactions/deposits">{t('transactions.title')}</Link>
            </span>
          </div>
        </li>
        {brand.supportEmail && (
          <li>
            <i className="bi bi-headset" aria-hidden="true" />
            <div>
              <strong>{t('payments.trust.help')}</strong>
              <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
            </div>
          </li>
        )}
      </ul>
    </>
  );
}
