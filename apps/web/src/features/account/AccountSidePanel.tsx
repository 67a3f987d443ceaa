import { isVerified } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { Badge, Card, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../api/ApiError.js';
import { accountsApi } from '../../api/accounts.js';
import { isUser, type User } from '../../api/types.js';
import { useBrand } from '../../app/BrandProvider.js';
import { displayName } from '../../app/Header.js';
import { useToast } from '../../app/ToastProvider.js';
import { formatDate } from '../../lib/dates.js';
import { useReplaceUser } from '../auth/useReplaceUser.js';
import { useCountries } from './useCountries.js';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ob-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** spec §4: auto-trading toggles on or off, sent as 1 or 0. */
function AutoTradingSwitch({ user, token }: { user: User; token: string }) {
  const { t } = useTranslation();
  const id = useId();
  const toast = useToast();
  const replaceUser = useReplaceUser();
  const on = Number(user.auto_trading) === 1;
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
  return (
    <div className="ob-autotrading">
      <div className="ob-autotrading-head">
        <label htmlFor={id} className="fw-semibold">
          {t('account.autoTrading')}
        </label>
        <div className="d-flex align-items-center gap-2">
          {toggle.isPending && <Spinner size="sm" animation="border" aria-hidden="true" />}
          <Form.Check
            type="switch"
            id={id}
            className="ob-switch mb-0"
            checked={toggle.isPending ? !!toggle.variables : on}
            disabled={toggle.isPending}
            onChange={(event) => toggle.mutate(event.target.checked)}
            aria-describedby={`${id}-hint`}
            data-testid="auto-trading-toggle"
          />
        </div>
      </div>
      <div id={`${id}-hint`} className="small text-body-secondary mt-1">
        {t('account.autoTrading.hint')}
      </div>
    </div>
  );
}

/** spec §2: the my-account side panel with name, email, location, joined at, status, level and PIN. */
export function AccountSidePanel({ user, token }: { user: User; token: string }) {
  const { t, i18n } = useTranslation();
  const { features } = useBrand();
  const { byId } = useCountries();
  const name = displayName(user);
  const location = [user.city, byId(user.country_id)?.label].filter((part) => part?.trim()).join(', ');
  const verified = isVerified(user.verified_account);
  const level = String(user.level ?? '—');
  return (
    <Card className="ob-card" data-testid="account-panel">
      <Card.Body className="p-4">
        <div className="d-flex align-items-center gap-3 mb-4">
          <div className="ob-avatar" aria-hidden="true">
            {(user.first_name?.charAt(0) ?? '') + (user.last_name?.charAt(0) ?? '')}
          </div>
          <div className="min-w-0">
            <div className="small text-body-secondary">{t('account.name')}</div>
            <div className="fw-semibold text-truncate" data-testid="account-name">
              {name || '—'}
            </div>
          </div>
        </div>
        <dl className="ob-facts mb-0">
          <Fact label={t('account.email')}>
            <span className="d-block text-truncate" title={user.email}>
              {user.email}
            </span>
          </Fact>
          <Fact label={t('account.location')}>
            <span data-testid="account-location">{location || '—'}</span>
          </Fact>
          <Fact label={t('account.joinedAt')}>{formatDate(user.created_at, i18n.language)}</Fact>
          <Fact label={t('account.status')}>
            <Badge pill bg={verified ? 'success' : 'warning'} text={verified ? undefined : 'dark'}>
              {verified ? t('header.verified') : t('header.notVerified')}
            </Badge>
          </Fact>
          <Fact label={t('account.level')}>
            {/* spec §2: the level links to account levels unless a restricted mode is on */}
            {features.restrictedMode ? level : <Link to="/account-levels">{level}</Link>}
          </Fact>
          <Fact label={t('account.pin')}>
            <span className="font-monospace">{String(user.pin ?? '—')}</span>
          </Fact>
        </dl>
      </Card.Body>
      <Card.Footer className="ob-card-footer">
        <AutoTradingSwitch user={user} token={token} />
      </Card.Footer>
    </Card>
  );
}
