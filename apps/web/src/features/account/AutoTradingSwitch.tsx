import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Form, OverlayTrigger, Spinner, Tooltip } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/ApiError.js';
import { accountsApi } from '../../api/accounts.js';
import { isUser, type User } from '../../api/types.js';
import { useToast } from '../../app/ToastProvider.js';
import { useReplaceUser } from '../auth/useReplaceUser.js';

/**
 * spec §4: auto-trading toggles on or off, sent as 1 or 0. The strategy itself comes in a later release:
 * the switch only stores the choice, and its tooltip says so (no trade is ever faked).
 */
export function AutoTradingSwitch({
  user,
  token,
  compact = false,
}: {
  user: User;
  token: string;
  /** One line (label, info icon, switch) for the trading screen; the hint moves into the tooltip. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const toast = useToast();
  const replaceUser = useReplaceUser();
  const on = Number(user.auto_trading) === 1;
  // The switch shows the client's choice in the same render as the click: the mutation's pending state
  // reaches React a tick later, and a controlled input would flip back to the stored value meanwhile.
  const [choice, setChoice] = useState<boolean | null>(null);
  const toggle = useMutation({
    mutationFn: (next: boolean) => accountsApi.autoTrading(token, next),
    onSuccess: (answer, next) => {
      replaceUser(isUser(answer) ? answer : { ...user, auto_trading: next ? 1 : 0 });
      toast('success', { key: next ? 'account.autoTrading.enabled' : 'account.autoTrading.disabled' });
    },
    onError: (error) =>
      toast(
        'danger',
        isApiError(error) ? error.toMessage({ key: 'error.internal' }) : { key: 'error.internal' },
      ),
  });
  const info = (
    <OverlayTrigger
      placement="top"
      overlay={
        <Tooltip id={`${id}-tip`}>
          {compact && `${t('account.autoTrading.hint')} `}
          {t('account.autoTrading.later')}
        </Tooltip>
      }
    >
      <button type="button" className="ob-info-button" aria-label={t('account.autoTrading.later')}>
        <i className="bi bi-info-circle" aria-hidden="true" />
      </button>
    </OverlayTrigger>
  );
  return (
    <div className={compact ? 'ob-autotrading ob-autotrading-compact' : 'ob-autotrading'}>
      <div className="ob-autotrading-head">
        <span className="d-inline-flex align-items-center gap-1">
          <label htmlFor={id} className={compact ? 'small fw-semibold' : 'fw-semibold'}>
            {t('account.autoTrading')}
          </label>
          {info}
        </span>
        <div className="d-flex align-items-center gap-2">
          {toggle.isPending && <Spinner size="sm" animation="border" aria-hidden="true" />}
          <Form.Check
            type="switch"
            id={id}
            className="ob-switch mb-0"
            checked={choice ?? on}
            disabled={toggle.isPending}
            onChange={(event) => {
              const next = event.target.checked;
              setChoice(next);
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
    </div>
  );
}
