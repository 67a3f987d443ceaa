import { TIMING } from '@openbroker/domain';
import { useEffect, useRef } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  CASHIER_RESULT_EVENT,
  type CashierResultDetail,
  isCashierResult,
  loadScriptOnce,
} from './providerSteps.js';

export interface CashierWidgetProps {
  session: string;
  scriptUrl: string;
  /** The id of the element the script renders; it is clicked after 2 s (spec §9). */
  launcher: string;
  transactionId: string;
  onResult: (result: CashierResultDetail['result']) => void;
  onCancel: () => void;
}

/**
 * Cashier widget next step (spec §7): a container carrying the session, the provider's script loaded once,
 * and its launcher clicked after 2 s. The script reports the outcome as a `window` event.
 */
export function CashierWidget({
  session,
  scriptUrl,
  launcher,
  transactionId,
  onResult,
  onCancel,
}: CashierWidgetProps) {
  const { t } = useTranslation();
  // The listener must not be re-attached when the parent passes a new function.
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;

  useEffect(() => {
    loadScriptOnce(scriptUrl);
    const timer = setTimeout(() => document.getElementById(launcher)?.click(), TIMING.cashierClickMs);
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      if (isCashierResult(detail) && detail.transaction_id === transactionId)
        onResultRef.current(detail.result);
    };
    window.addEventListener(CASHIER_RESULT_EVENT, listener);
    return () => {
      clearTimeout(timer);
      window.removeEventListener(CASHIER_RESULT_EVENT, listener);
    };
  }, [scriptUrl, launcher, transactionId]);

  return (
    <div className="ob-pay-outcome" data-testid="cashier-widget">
      <div className="ob-pay-outcome-head">
        <span className="ob-pay-outcome-icon ob-pay-outcome-icon-info" aria-hidden="true">
          <i className="bi bi-shop-window" />
        </span>
        <div>
          <h2 className="ob-pay-outcome-title">{t('payments.cashier.title')}</h2>
          <p className="ob-pay-outcome-text">{t('payments.cashier.lead')}</p>
        </div>
      </div>
      <div className="ob-cashier-host">
        <div data-ob-cashier-session={session} />
        <div className="ob-cashier-wait small text-body-secondary">
          <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
          {t('payments.cashier.opening')}
        </div>
      </div>
      <div className="ob-pay-actions">
        <Button variant="primary" onClick={() => document.getElementById(launcher)?.click()}>
          <i className="bi bi-box-arrow-up-right me-1" aria-hidden="true" />
          {t('payments.cashier.open')}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel}>
          {t('payments.action.chooseOther')}
        </Button>
      </div>
    </div>
  );
}
