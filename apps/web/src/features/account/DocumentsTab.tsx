import {
  DOCUMENT_STATUS,
  DOCUMENT_TYPES,
  type DocumentStatus,
  type DocumentType,
  parseDocumentField,
} from '@openbroker/domain';
import { Badge, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/types.js';
import type { TranslationKey } from '../../app/i18n/resources.js';

const TYPE_LABELS: Record<DocumentType, TranslationKey> = {
  doc_passport: 'document.passport',
  doc_address: 'document.address',
  doc_funding_front: 'document.fundingFront',
  doc_funding_back: 'document.fundingBack',
};

const STATUS_VIEW: Record<DocumentStatus, { label: TranslationKey; bg: string; icon: string }> = {
  [DOCUMENT_STATUS.waiting]: { label: 'document.status.waiting', bg: 'secondary', icon: 'bi-hourglass' },
  [DOCUMENT_STATUS.processing]: { label: 'document.status.processing', bg: 'info', icon: 'bi-arrow-repeat' },
  [DOCUMENT_STATUS.approved]: { label: 'document.status.approved', bg: 'success', icon: 'bi-check-circle' },
  [DOCUMENT_STATUS.rejected]: { label: 'document.status.rejected', bg: 'danger', icon: 'bi-x-circle' },
};

/** spec §3/§4: the four verification documents with their status (and a rejection's note). */
export function DocumentsTab({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="text-body-secondary mb-1">{t('account.documents.lead')}</p>
      <p className="small text-body-secondary mb-4">
        {t('document.formatHint')} {t('document.addressHint')}
      </p>
      <Row className="g-3">
        {DOCUMENT_TYPES.map((type) => {
          const document = parseDocumentField(user[type]);
          const view = STATUS_VIEW[document.status];
          return (
            <Col md={6} key={type}>
              <div className="ob-doc">
                <div className="d-flex align-items-start justify-content-between gap-2">
                  <div className="d-flex align-items-center gap-2">
                    <i className="bi bi-file-earmark-text ob-doc-icon" aria-hidden="true" />
                    <span className="fw-semibold">{t(TYPE_LABELS[type])}</span>
                  </div>
                  <Badge bg={view.bg} pill>
                    <i className={`bi ${view.icon} me-1`} aria-hidden="true" />
                    {t(view.label)}
                  </Badge>
                </div>
                {document.status === DOCUMENT_STATUS.rejected && document.note && (
                  <p className="small text-danger-emphasis mt-2 mb-0">{document.note}</p>
                )}
              </div>
            </Col>
          );
        })}
      </Row>
      <p className="small text-body-secondary mt-4 mb-0">
        <i className="bi bi-info-circle me-1" aria-hidden="true" />
        {t('account.uploadSoon')}
      </p>
    </>
  );
}
