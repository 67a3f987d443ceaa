import {
  DEFAULT_PLATFORM_PATH,
  isProfileComplete,
  PAYMENT_RETURN_PARAMS,
  type PaymentMethodDto,
  type PaymentReturnResult,
} from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Placeholder, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/ApiError.js';
import { paymentsApi } from '../../api/payments.js';
import { useBrand } from '../../lib/BrandProvider.js';
import { registerFlag } from '../../shared/session/authStore.js';
import { useAuth } from '../../shared/session/useAuth.js';
import { useLogout } from '../../shared/session/useLogout.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FormAlert } from '../../ui/forms.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { BankDetails } from './BankDetails.js';
import { CashierWidget } from './CashierWidget.js';
import { DepositAside } from './DepositAside.js';
import { type DepositCreated, DepositForm } from './DepositForm.js';
import { DepositResult } from './DepositResult.js';
import { preselectedMethod } from './methods.js';
import { parseReturnResult } from './providerSteps.js';
import './payments.css';

const PROFILE_PATH = '/my-account/info';

/** Where the page is: the form, or what followed a deposit created on it. */
type Stage =
  | { type: 'form' }
  | { type: 'created'; deposit: DepositCreated }
  | { type: 'result'; transactionId: string; reported: PaymentReturnResult };

/**
 * spec §2 /payment/{method}: the deposit page. The route segment preselects a kind of method; a provider's
 * return (?transaction=…&result=…) shows the result panel. spec §4: closing the page clears the register
 * flag and goes to the platform.
 */
export function DepositPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const auth = useAuth();
  const token = auth?.access_token ?? '';
  const logout = useLogout();
  const navigate = useNavigate();
  const { method: route } = useParams();
  const [search, setSearch] = useSearchParams();
  const complete = isProfileComplete(auth?.user);
  const [stage, setStage] = useState<Stage>({ type: 'form' });
  const [chosen, setChosen] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | null>(null);

  const options = useQuery({
    queryKey: ['payments', 'methods', token],
    queryFn: ({ signal }) => paymentsApi.methods(token, signal),
    enabled: !!token,
    staleTime: 60_000,
  });
  useEffect(() => {
    if (isApiError(options.error) && options.error.isUnauthorized) logout('expired');
  }, [options.error, logout]);

  const methods = options.data?.methods ?? [];
  const selected: PaymentMethodDto | undefined =
    methods.find((method) => method.provider === chosen) ?? preselectedMethod(methods, route);
  const minDeposit = options.data?.minDeposit ?? brand.minDeposit;

  const returnedId = search.get(PAYMENT_RETURN_PARAMS.transaction);
  const returnedResult = parseReturnResult(search.get(PAYMENT_RETURN_PARAMS.result));

  const startAgain = useCallback(() => {
    setStage({ type: 'form' });
    if (returnedId) setSearch({}, { replace: true });
  }, [returnedId, setSearch]);

  // spec §4: the deposit page clears the register flag and goes to the platform when closed.
  const close = () => {
    registerFlag.clear();
    navigate(DEFAULT_PLATFORM_PATH);
  };

  let main: ReactNode;
  if (returnedId) {
    main = <DepositResult transactionId={returnedId} reported={returnedResult} onAgain={startAgain} />;
  } else if (stage.type === 'result') {
    main = (
      <DepositResult transactionId={stage.transactionId} reported={stage.reported} onAgain={startAgain} />
    );
  } else if (stage.type === 'created') {
    const { created, amount: booked } = stage.deposit;
    const next = created.next;
    if (next.type === 'instructions') {
      main = (
        <BankDetails
          bank={next.bank}
          amount={booked}
          transactionId={created.transaction_id}
          onAgain={startAgain}
        />
      );
    } else if (next.type === 'widget') {
      main = (
        <CashierWidget
          session={next.session}
          scriptUrl={next.scriptUrl}
          launcher={next.launcher}
          transactionId={created.transaction_id}
          onResult={(result) =>
            setStage({ type: 'result', transactionId: created.transaction_id, reported: result })
          }
          onCancel={startAgain}
        />
      );
    } else {
      main = <DepositResult transactionId={created.transaction_id} reported="pending" onAgain={startAgain} />;
    }
  } else if (options.isPending) {
    main = <MethodsPlaceholder />;
  } else if (options.isError) {
    main = (
      <FormAlert message={{ key: 'error.internal' }}>
        <div className="mt-2">
          <Button size="sm" variant="outline-danger" onClick={() => void options.refetch()}>
            <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
            {t('app.retry')}
          </Button>
        </div>
      </FormAlert>
    );
  } else if (methods.length === 0) {
    main = <EmptyState icon="bi-credit-card-2-front">{t('payment.deposit.noMethods')}</EmptyState>;
  } else {
    main = (
      <>
        {/* spec §5: an incomplete profile blocks deposits with a message and a link to my account */}
        {!complete && (
          <Alert variant="warning" className="ob-form-alert ob-pay-blocked" data-testid="deposit-blocked">
            <i className="bi bi-person-exclamation" aria-hidden="true" />
            <div>
              <strong className="d-block">{t('account.completeFirst')}</strong>
              <span className="d-block mb-2">{t('payments.blocked.hint')}</span>
              <Link
                to={PROFILE_PATH}
                className="btn btn-warning btn-sm"
                data-testid="deposit-complete-profile"
              >
                {t('account.fillDetails.link')}
                <i className="bi bi-arrow-right ms-1" aria-hidden="true" />
              </Link>
            </div>
          </Alert>
        )}
        {options.data && (
          <DepositForm
            token={token}
            options={options.data}
            selected={selected}
            onSelect={(method) => setChosen(method.provider)}
            blocked={!complete}
            onAmountChange={setAmount}
            onCreated={(deposit) => setStage({ type: 'created', deposit })}
          />
        )}
      </>
    );
  }

  return (
    <div className="container-xl ob-section" data-testid="deposit-screen">
      <PageHeader
        title={t('payment.deposit.title')}
        lead={t('payment.deposit.lead')}
        actions={
          <div className="d-flex flex-wrap gap-2">
            <Link
              to="/payment/withdraw"
              className="btn btn-outline-secondary"
              data-testid="deposit-to-withdraw"
            >
              <i className="bi bi-box-arrow-up me-1" aria-hidden="true" />
              {t('payments.action.withdraw')}
            </Link>
            <Button variant="outline-secondary" onClick={close} data-testid="deposit-close">
              <i className="bi bi-x-lg me-1" aria-hidden="true" />
              {t('payment.deposit.close')}
            </Button>
          </div>
        }
      />
      <Row className="g-4">
        <Col lg={8}>
          <Card className="ob-card">
            <Card.Body className="ob-pay-body">{main}</Card.Body>
          </Card>
        </Col>
        <Col lg={4}>
          <DepositAside
            summary={
              returnedId || stage.type === 'result'
                ? null
                : stage.type === 'created'
                  ? { method: stage.deposit.method, amount: stage.deposit.amount }
                  : { method: selected, amount }
            }
            minDeposit={minDeposit}
          />
        </Col>
      </Row>
    </div>
  );
}

function MethodsPlaceholder() {
  return (
    <div aria-hidden="true" data-testid="deposit-loading">
      <Placeholder as="div" animation="glow" className="mb-3">
        <Placeholder xs={4} />
      </Placeholder>
      <div className="ob-methods">
        {[0, 1, 2, 3].map((tile) => (
          <Placeholder key={tile} as="div" animation="glow" className="ob-method">
            <Placeholder xs={12} />
          </Placeholder>
        ))}
      </div>
    </div>
  );
}
