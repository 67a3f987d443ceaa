import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../lib/useDocumentTitle.js';
import { DepositPage } from './DepositPage.js';
import { WithdrawPage } from './WithdrawPage.js';

/** The payment method that shows the withdraw form; every other method shows the deposit page (spec §2). */
export const WITHDRAW_METHOD_ROUTE = 'withdraw';

export function PaymentPage() {
  const { method } = useParams();
  const { t } = useTranslation();
  useDocumentTitle(t(method === WITHDRAW_METHOD_ROUTE ? 'fix.title.withdraw' : 'fix.title.deposit'));
  return method === WITHDRAW_METHOD_ROUTE ? <WithdrawPage /> : <DepositPage />;
}
