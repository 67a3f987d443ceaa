import type { Message } from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Form, OverlayTrigger, Spinner, Tooltip } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../api/ApiError.js';
import { accountsApi } from '../../api/accounts.js';
import { isUser, type User } from '../../api/types.js';
import { useMessageText } from '../../ui/forms.js';
import { useToast } from '../../ui/ToastProvider.js';
import { useReplaceUser } from '../session/useReplaceUser.js';
import { usePlatformComponents } from '../site/usePlatformComponents.js';
import { AUTO_TRADING_QUERY_KEY } from './useAutoTrading.js';
import './autoTradingSwitch.css';

/**
 * spec §4: auto-trading toggles on or off, sent as 1 or 0. A strategy runs server-side while it is on;
 * the switch links to the auto-trading page (strategy, limits, backtest, journal), and when the server refuses to
 * switch it on (no saved settings, unverified account, the broker stopped it) it shows the server's message there.
 */
export function AutoTradingSwitch({
  user,
  token,
  compact = false,
  on: shown,
  canTurnOn = true,
  link: linkWanted = true,
}: {
  user: User;
  token: string;
  /** One line (label, info icon, switch) for the trading screen; the hint moves into the tooltip. */
  compact?: boolean;
  /** The state to show when the caller knows it better than the stored user (the auto-trading page's overview). */
  on?: boolean;
  /** False: switching on is not offered here (the caller explains why); switching off always is. */
  canTurnOn?: boolean;
  /** Whether to link to the auto-trading page (not on that page itself). */
  link?: boolean;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const id = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const replaceUser = useReplaceUser();
  const on = shown ?? Number(user.auto_trading) === 1;
  // a brand whose site settings switch the auto-trading screen off offers no page and no switching on
  const offered = usePlatformComponents().auto_trading;
  const link = linkWanted && offered;
  const [refusal, setRefusal] = useState<Message | null>(null);
  // The switch shows the client's choice in the same render as the click: the mutation's pending state
  // reaches React a tick later, and a controlled input would flip back to the stored value meanwhile.
  const [choice, setChoice] = useState<boolean | null>(null);
  const toggle = useMutation({
    mutationFn: (next: boolean) => accountsApi.autoTrading(token, next),
    onSuccess: (answer, next) => {
      replaceUser(isUser(answer) ? answer : { ...user, auto_trading: next ? 1 : 0 });
      toast('success', { key: next ? 'account.autoTrading.enabled' : 'account.autoTrading.disabled' });
    },
    // the server's reason stays next to the switch (with the way to the page that fixes it), not in a passing toast
    onError: (error) =>
      setRefusal(isApiError(error) ? error.toMessage({ key: 'error.internal' }) : { key: 'error.internal' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: AUTO_TRADING_QUERY_KEY }),
  });
  const info = (
    <OverlayTrigger
      placement="top"
      overlay={
        <Tooltip id={`${id}-tip`}>
          {compact && `${t('account.autoTrading.hint')} `}
          {t('at.switch.info')}
        </Tooltip>
      }
    >
      <button type="button" className="ob-info-button" aria-label={t('at.switch.info')}>
        <i className="bi bi-info-circle" aria-hidden="true" />
      </button>
    </OverlayTrigger>
  );
  const pageLink = link && (
    <Link
      to="/auto-trading"
      className={compact ? 'ob-autotrading-link ob-info-button' : 'ob-autotrading-link small'}
      data-testid="auto-trading-link"
      title={t('at.switch.open')}
      aria-label={compact ? t('at.switch.open') : undefined}
    >
      {compact ? (
        <i className="bi bi-sliders2" aria-hidden="true" />
      ) : (
        <>
          <i className="bi bi-sliders2 me-1" aria-hidden="true" />
          {t('at.switch.open')}
        </>
      )}
    </Link>
  );
  const checked = choice ?? on;
  // switched off by the brand: shown only while it is still on, so the client can switch it off
  if (!offered && !on && choice === null) return null;
  return (
    <div className={compact ? 'ob-autotrading ob-autotrading-compact' : 'ob-autotrading'}>
      <div className="ob-autotrading-head">
        <span className="d-inline-flex align-items-center gap-1">
          <label htmlFor={id} className={compact ? 'small fw-semibold' : 'fw-semibold'}>
            {t('account.autoTrading')}
          </label>
          {info}
          {compact && pageLink}
        </span>
        <div className="d-flex align-items-center gap-2">
          {toggle.isPending && <Spinner size="sm" animation="border" aria-hidden="true" />}
          <Form.Check
            type="switch"
            id={id}
            className="ob-switch mb-0"
            checked={checked}
            disabled={toggle.isPending || (!checked && (!canTurnOn || !offered))}
            onChange={(event) => {
              const next = event.target.checked;
              setChoice(next);
              setRefusal(null);
              toggle.mutate(next, { onSettled: () => setChoice(null) });
            }}
            aria-describedby={compact ? undefined : `${id}-hint`}
            data-testid="auto-trading-toggle"
          />
        </div>
      </div>
      {!compact && (
        <div id={`${id}-hint`} className="small text-body-secondary mt-1">
          {t('account.autoTrading.hint')}
        </div>
      )}
      {refusal && (
        <div className="ob-autotrading-refusal small mt-1" role="alert" data-testid="auto-trading-refusal">
          <i className="bi bi-exclamation-circle me-1" aria-hidden="true" />
          {text(refusal)}
          {link && (
            <>
              {' '}
              <Link to="/auto-trading">{t('at.switch.open')}</Link>
            </>
          )}
        </div>
      )}
      {!compact && pageLink && <div className="mt-2">{pageLink}</div>}
    </div>
  );
}
