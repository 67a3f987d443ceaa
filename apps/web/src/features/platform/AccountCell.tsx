import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { liveFiguresStore, useCurrentAccount } from '../../shared/trading-accounts/currentAccount.js';
import { useMarginLevel } from './risk/useMarginLevel.js';
import { useLiveSummary } from './trading/liveFigures.js';

/** The switcher is the header's too: one chunk with its texts, loaded once. */
const AccountSwitcher = lazy(() =>
  import('../../shared/trading-accounts/AccountSwitcher.js').then((module) => ({
    default: module.AccountSwitcher,
  })),
);

/**
 * Hands the current account's live figures (the trading socket's balance, equity and margin level) to the
 * account switchers, so the header's and the terminal's show them as the summary does.
 */
function usePublishLiveFigures(): void {
  const account = useCurrentAccount();
  const summary = useLiveSummary();
  const { level } = useMarginLevel();
  const accountId = account?.id;
  const balance = summary?.balance;
  const equity = summary?.equity;
  useEffect(() => {
    if (accountId === undefined || balance === undefined || equity === undefined) {
      liveFiguresStore.set(null);
      return;
    }
    const known = liveFiguresStore.get();
    if (
      known?.accountId === accountId &&
      known.balance === balance &&
      known.equity === equity &&
      known.marginLevel === level
    )
      return;
    liveFiguresStore.set({ accountId, balance, equity, marginLevel: level });
  }, [accountId, balance, equity, level]);
  useEffect(() => () => liveFiguresStore.set(null), []);
}

/** The terminal's account cell: the first of the summary, with the account switcher. */
export function AccountCell() {
  const { t } = useTranslation();
  usePublishLiveFigures();
  return (
    <div className="ob-summary-item ob-summary-account">
      <div className="ob-summary-label">
        <i className="bi bi-person-vcard" aria-hidden="true" /> {t('platform.account')}
      </div>
      <Suspense fallback={null}>
        <AccountSwitcher placement="terminal" />
      </Suspense>
    </div>
  );
}
