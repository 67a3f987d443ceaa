import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { type TradingAccount, tradingAccountsApi } from '../../api/tradingAccounts.js';
import { type TextMessage, useMessageText } from '../../ui/forms.js';
import { useToast } from '../../ui/ToastProvider.js';
import { useAuth } from '../session/useAuth.js';
import { refusalText, useAccountMoney, useMarginLevelText } from './accountText.js';
import { currentAccountStore, useLiveBalance, useLiveFigures } from './currentAccount.js';
import { DemoBadge } from './DemoBadge.js';
import { addAccountsResources } from './i18n.js';
import { OpenAccountDialog } from './OpenAccountDialog.js';
import { ResetDemoDialog } from './ResetDemoDialog.js';
import { TransferDialog } from './TransferDialog.js';
import { reloadAccountViews, takeList, useTradingAccounts } from './useTradingAccounts.js';
import './tradingAccounts.css';
import { useDisclosure } from '../../ui/useDisclosure.js';

type Dialog = 'open' | 'reset' | 'transfer' | null;

/** One account of the menu: number, DEMO or live, currency, balance, equity and margin level; a click switches. */
function AccountRow({
  account,
  pending,
  onPick,
}: {
  account: TradingAccount;
  pending: boolean;
  onPick: (account: TradingAccount) => void;
}) {
  const { t } = useTranslation();
  const money = useAccountMoney();
  const levelText = useMarginLevelText();
  // the current account follows the terminal's socket while it is open; the others are as the list read them
  const live = useLiveFigures(account.current ? account.id : undefined);
  const balance = live ? live.balance : account.balance;
  const equity = live ? live.equity : account.equity;
  const level = live ? live.marginLevel : account.marginLevel;
  return (
    <li>
      <button
        type="button"
        className={`ob-acct-row ${account.current ? 'is-current' : ''} ${account.kind === 'demo' ? 'is-demo' : ''}`}
        aria-current={account.current ? 'true' : undefined}
        disabled={pending}
        onClick={() => onPick(account)}
        data-testid="account-row"
        data-account={account.number}
      >
        <span className="ob-acct-row-head">
          <span className="ob-acct-number">{account.number}</span>
          {account.kind === 'demo' ? (
            <DemoBadge />
          ) : (
            <span className="ob-live-badge">{t('accounts.live')}</span>
          )}
          <span className="ob-acct-ccy">{account.currency}</span>
          {account.current && (
            <span className="ob-acct-current">
              <i className="bi bi-check2" aria-hidden="true" /> {t('accounts.current')}
            </span>
          )}
        </span>
        <span className="ob-acct-figures">
          <span>
            <span className="ob-acct-label">{t('accounts.balance')}</span>
            <span className="ob-num" data-testid="account-balance">
              {money(balance, account.currency)}
            </span>
          </span>
          <span>
            <span className="ob-acct-label">{t('accounts.equity')}</span>
            <span className="ob-num">{money(equity, account.currency)}</span>
          </span>
          <span>
            <span className="ob-acct-label">{t('accounts.marginLevel')}</span>
            <span className="ob-num">{levelText(level)}</span>
          </span>
        </span>
      </button>
    </li>
  );
}

/**
 * The trading-account switcher of the client area's header and of the terminal: the current account's
 * number, its DEMO pill and currency with its balance; opened, every account with its balance, equity and margin
 * level (read afresh on each opening, the current one live from the terminal's socket), a click switches the
 * session's account and every account-scoped view reloads; and the actions: open an account, reset a demo balance,
 * transfer between accounts. A plain disclosure (like the header's "More"), no positioning library.
 */
export function AccountSwitcher({ placement = 'header' }: { placement?: 'header' | 'terminal' }) {
  const { t, i18n } = useTranslation();
  addAccountsResources(i18n);
  const token = useAuth()?.access_token ?? '';
  const queryClient = useQueryClient();
  const toast = useToast();
  const text = useMessageText();
  const money = useAccountMoney();
  const accounts = useTradingAccounts();
  const box = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useDisclosure(box);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [failure, setFailure] = useState<TextMessage | null>(null);
  const menuId = useId();
  const list = accounts.data;
  const current = list?.accounts.find((a) => a.current) ?? null;
  const liveBalance = useLiveBalance(current?.id);

  const switchTo = useMutation({
    mutationFn: (account: TradingAccount) => tradingAccountsApi.switchTo(token, account.id),
    onSuccess: (answer, account) => {
      currentAccountStore.set({
        token,
        id: account.id,
        number: account.number,
        kind: account.kind,
        currency: account.currency,
      });
      takeList(queryClient, token, answer);
      reloadAccountViews(queryClient);
      setOpen(false);
      toast('success', { key: 'accounts.switched', params: { number: account.number } });
    },
    onError: (error) => setFailure(refusalText(error, 'accounts.switchFailed')),
  });

  // Nothing to show before the list has loaded once, or when the server has no accounts to list.
  if (!list || !current) {
    if (accounts.isError || !token) return null;
    return (
      <div className={`ob-acct ob-acct-${placement}`}>
        <span className="ob-acct-toggle is-loading" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          <span className="visually-hidden">{t('accounts.loading')}</span>
        </span>
      </div>
    );
  }

  const toggle = () => {
    setFailure(null);
    // read afresh on each opening: the other accounts' figures are not pushed
    if (!open) void accounts.refetch();
    setOpen(!open);
  };
  const pick = (account: TradingAccount) => {
    setFailure(null);
    if (account.current) {
      setOpen(false);
      return;
    }
    switchTo.mutate(account);
  };
  const show = (next: Dialog) => {
    setOpen(false);
    setDialog(next);
  };
  const hasLive = list.accounts.some((a) => a.kind === 'live');

  return (
    <div className={`ob-acct ob-acct-${placement}`} ref={box} data-testid={`account-switcher-${placement}`}>
      <button
        type="button"
        className={`ob-acct-toggle ${current.kind === 'demo' ? 'is-demo' : ''}`}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('accounts.switcher', { number: current.number })}
        onClick={toggle}
        data-testid="account-switcher"
      >
        {current.kind === 'demo' && <DemoBadge />}
        <span className="ob-acct-number">{current.number}</span>
        <span className="ob-acct-ccy">{current.currency}</span>
        <span className="ob-acct-balance ob-num" data-testid="account-switcher-balance">
          {money(liveBalance ?? current.balance, current.currency)}
        </span>
        <i className="bi bi-chevron-down" aria-hidden="true" />
      </button>
      {open && (
        <div id={menuId} className="ob-acct-menu" data-testid="account-menu">
          <div className="ob-acct-menu-title">
            {t('accounts.menu')}
            {(accounts.isFetching || switchTo.isPending) && (
              <Spinner animation="border" size="sm" className="ms-2" aria-hidden="true" />
            )}
          </div>
          {failure && (
            <Alert variant="danger" className="ob-acct-alert" role="alert">
              {text(failure)}
            </Alert>
          )}
          <ul className="ob-acct-list" aria-label={t('accounts.menu')}>
            {list.accounts.map((account) => (
              <AccountRow key={account.id} account={account} pending={switchTo.isPending} onPick={pick} />
            ))}
          </ul>
          <fieldset className="ob-acct-actions" aria-label={t('accounts.actions')}>
            <button type="button" className="ob-acct-action" onClick={() => show('open')}>
              <i className="bi bi-plus-circle" aria-hidden="true" /> {t('accounts.open')}
            </button>
            {current.kind === 'demo' && (
              <button type="button" className="ob-acct-action" onClick={() => show('reset')}>
                <i className="bi bi-arrow-counterclockwise" aria-hidden="true" /> {t('accounts.reset')}
              </button>
            )}
            {hasLive && (
              <button type="button" className="ob-acct-action" onClick={() => show('transfer')}>
                <i className="bi bi-arrow-left-right" aria-hidden="true" /> {t('accounts.transfer')}
              </button>
            )}
          </fieldset>
        </div>
      )}
      {dialog === 'open' && <OpenAccountDialog list={list} onClose={() => setDialog(null)} />}
      {dialog === 'reset' && current.kind === 'demo' && (
        <ResetDemoDialog account={current} demoBalance={list.demoBalance} onClose={() => setDialog(null)} />
      )}
      {dialog === 'transfer' && <TransferDialog list={list} onClose={() => setDialog(null)} />}
    </div>
  );
}
