import { useParams } from 'react-router';
import { DepositPage } from './DepositPage.js';
import { WithdrawPage } from './WithdrawPage.js';

/** The payment method that shows the withdraw form; every other method shows the deposit page (spec §2). */
export const WITHDRAW_METHOD_ROUTE = 'withdraw';

export function PaymentPage() {
  const { method } = useParams();
  return method === WITHDRAW_METHOD_ROUTE ? <WithdrawPage /> : <DepositPage />;
}
