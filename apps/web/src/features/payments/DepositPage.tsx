import { DEFAULT_PLATFORM_PATH, isProfileComplete } from '@openbroker/domain';
import { Alert, Button, Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useBrand } from '../../app/BrandProvider.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { registerFlag } from '../auth/authStore.js';
import { useAuth } from '../auth/useAuth.js';

/**
 * spec §2 deposit page. Payment methods appear only when the broker has configured providers (spec §9);
 * none exist yet, so the page says how to fund the account instead of listing fake methods.
 */
export function DepositPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const auth = useAuth();
  const navigate = useNavigate();
  const complete = isProfileComplete(auth?.user);

  // spec §4: the deposit page clears the register flag and goes to the platform when closed.
  const close = () => {
    registerFlag.clear();
    navigate(DEFAULT_PLATFORM_PATH);
  };

  return (
    <div className="container-xl ob-section" data-testid="deposit-screen">
      <PageHeader
        title={t('payment.deposit.title')}
        lead={t('payment.deposit.lead')}
        actions={
          <Button variant="outline-secondary" onClick={close}>
            <i className="bi bi-x-lg me-1" aria-hidden="true" />
            {t('payment.deposit.close')}
          </Button>
        }
      />
      <Row className="g-4">
        <Col lg={8}>
          <Card className="ob-card">
            <Card.Body className="p-4">
              {/* spec §5: an incomplete profile blocks deposits with a message and a link to my account */}
              {!complete && (
                <Alert variant="warning" className="ob-form-alert d-flex flex-wrap gap-2 align-items-center">
                  <i className="bi bi-exclamation-triangle" aria-hidden="true" />
                  <span>{t('account.completeFirst')}</span>
                  <Link to="/my-account/info" className="alert-link">
                    {t('nav.myAccount')}
                  </Link>
                </Alert>
              )}
              <EmptyState icon="bi-credit-card-2-front">{t('payment.deposit.noMethods')}</EmptyState>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={4}>
          <Card className="ob-card">
            <Card.Body className="p-4">
              <div className="fs-5 fw-semibold">
                <i className="bi bi-cash-stack me-2 text-primary" aria-hidden="true" />
                {t('deposit.minimum', { currency: brand.currencySymbol, min: brand.minDeposit })}
              </div>
              {brand.supportEmail && (
                <p className="small mt-3 mb-0">
                  <i className="bi bi-envelope me-2" aria-hidden="true" />
                  <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
                </p>
              )}
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
