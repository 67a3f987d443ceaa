import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { asPercent, useMarginLevel } from './useMarginLevel.js';

/**
 * The platform's warning while the margin level is below the brand's margin-call level: at once, from the
 * live figures, with what happens next (the stop-out level) and what the client can do.
 */
export function MarginCallBanner() {
  const { t, i18n } = useTranslation();
  const { level, state, profile } = useMarginLevel();
  if (level === null || (state !== 'marginCall' && state !== 'stopOut')) return null;
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <Alert
      variant={state === 'stopOut' ? 'danger' : 'warning'}
      className="ob-margin-banner d-flex align-items-center gap-2 py-2 px-3 mb-2 small"
      role="alert"
      data-testid="margin-call-banner"
      data-state={state}
    >
      <i className="bi bi-exclamation-triangle-fill" aria-hidden="true" />
      <span className="flex-grow-1">
        <strong>
          {t(state === 'stopOut' ? 'term.banner.stopOutTitle' : 'term.banner.marginCallTitle', {
            level: percent.format(level),
          })}
        </strong>{' '}
        {t('term.banner.body', {
          call: percent.format(asPercent(profile.marginCallLevel)),
          stopOut: percent.format(asPercent(profile.stopOutLevel)),
        })}
      </span>
      <Link
        to="/payment/deposit"
        className={`btn btn-sm ${state === 'stopOut' ? 'btn-danger' : 'btn-warning'} ob-margin-banner-action`}
      >
        {t('term.banner.deposit')}
      </Link>
    </Alert>
  );
}
