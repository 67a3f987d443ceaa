import type { ComplianceStatusView } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TranslationKey } from '../lib/i18n/keys.js';
import { useComplianceStatus } from '../shared/compliance/useComplianceStatus.js';
import { useMessageText } from '../ui/forms.js';

/** Where each next step is done, and its link's text (none for waiting). */
const STEP_LINK: Partial<Record<ComplianceStatusView['next'], [string, TranslationKey]>> = {
  take_test: ['/my-account/appropriateness', 'compliance.banner.take_test'],
  acknowledge_warning: ['/my-account/appropriateness', 'compliance.banner.acknowledge_warning'],
  upload_document: ['/my-account/documents', 'compliance.banner.upload_document'],
  upload_edd: ['/my-account/documents', 'compliance.banner.upload_edd'],
  contact_support: ['/contact-us', 'compliance.banner.contact_support'],
};

/**
 * What the client's compliance standing stops on their current account, with the next step (GET
 * /api/compliance/status; the reason is the domain's message): shown on every client screen but the step's own.
 */
export function ComplianceBanner({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const status = useComplianceStatus();
  if (!status || status.next === 'none') return null;
  const reason = status.blocks.trade ?? status.blocks.deposit ?? status.blocks.withdraw;
  if (!reason) return null;
  const link = STEP_LINK[status.next];
  if (link && pathname === link[0]) return null;
  return (
    <div className="ob-banner" role="status" data-testid="compliance-banner" data-next={status.next}>
      <div className="ob-banner-inner">
        <i className="bi bi-shield-exclamation ob-banner-icon" aria-hidden="true" />
        <span className="ob-banner-text">{text(reason)}</span>
        {link && (
          <Link to={link[0]} className="ob-banner-link">
            {t(link[1])}
            <i className="bi bi-arrow-right ms-1" aria-hidden="true" />
          </Link>
        )}
      </div>
    </div>
  );
}
