import { isProfileComplete } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '../api/types.js';

const PROFILE_PATH = '/my-account/info';

/**
 * Whether a client screen shows the incomplete-profile banner: not on the profile form itself (it has
 * its own warning) nor on the deposit screens (they block with 'You have to complete your account first').
 */
export function showsProfileBanner(pathname: string, user: User): boolean {
  if (isProfileComplete(user)) return false;
  if (pathname === PROFILE_PATH) return false;
  return !(pathname.startsWith('/payment/') && pathname !== '/payment/withdraw');
}

/** spec §5: an incomplete profile shows a warning, with the way to complete it. */
function ProfileBanner() {
  const { t } = useTranslation();
  return (
    <div className="ob-banner" role="status" data-testid="profile-incomplete-banner">
      <div className="ob-banner-inner">
        <i className="bi bi-exclamation-triangle-fill ob-banner-icon" aria-hidden="true" />
        <span className="ob-banner-text">{t('account.fillDetails')}</span>
        <Link to={PROFILE_PATH} className="ob-banner-link">
          {t('account.fillDetails.link')}
          <i className="bi bi-arrow-right ms-1" aria-hidden="true" />
        </Link>
      </div>
    </div>
  );
}

/** The banner where `showsProfileBanner` says so (ProtectedLayout loads this module lazily). */
export function ProfileBannerFor({ pathname, user }: { pathname: string; user: User }) {
  return showsProfileBanner(pathname, user) ? <ProfileBanner /> : null;
}
