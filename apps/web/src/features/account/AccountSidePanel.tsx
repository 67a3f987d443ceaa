import { isVerified } from '@openbroker/domain';
import type { ReactNode } from 'react';
import { Badge, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '../../api/types.js';
import { useBrand } from '../../lib/BrandProvider.js';
import { formatDate } from '../../lib/dates.js';
import { AutoTradingSwitch } from '../../shared/auto-trading/AutoTradingSwitch.js';
import { displayName } from '../../shared/session/displayName.js';
import { useCountries } from './useCountries.js';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ob-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
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
