import {
  DOCUMENT_STATUS,
  DOCUMENT_TYPES,
  type DocumentField,
  type DocumentStatus,
  type DocumentType,
  type Message,
  parseDocumentField,
  showsUploadForm,
  UPLOAD_ACCEPT,
  validateUpload,
} from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Alert, Badge, Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/ApiError.js';
import { accountsApi } from '../../api/accounts.js';
import type { User } from '../../api/types.js';
import { formatDate } from '../../lib/dates.js';
import type { TranslationKey } from '../../lib/i18n/keys.js';
import { useReplaceUser } from '../../shared/session/useReplaceUser.js';
import { useMessageText } from '../../ui/forms.js';

const TYPE_VIEW: Record<DocumentType, { label: TranslationKey; hint: TranslationKey; icon: string }> = {
  doc_passport: { label: 'document.passport', hint: 'document.passportHint', icon: 'bi-person-vcard' },
  doc_address: { label: 'document.address', hint: 'document.addressHint', icon: 'bi-house' },
  doc_funding_front: {
    label: 'document.fundingFront',
    hint: 'document.fundingFrontHint',
    icon: 'bi-credit-card-2-front',
  },
  doc_funding_back: {
    label: 'document.fundingBack',
    hint: 'document.fundingBackHint',
    icon: 'bi-credit-card-2-back',
  },
};

const STATUS_VIEW: Record<DocumentStatus, { label: TranslationKey; tone: string; icon: string }> = {
  [DOCUMENT_STATUS.waiting]: { label: 'document.status.waiting', tone: 'waiting', icon: 'bi-hourglass' },
  [DOCUMENT_STATUS.processing]: {
    label: 'document.status.processing',
    tone: 'processing',
    icon: 'bi-arrow-repeat',
  },
  [DOCUMENT_STATUS.approved]: {
    label: 'document.status.approved',
    tone: 'approved',
    icon: 'bi-check-circle',
  },
  [DOCUMENT_STATUS.rejected]: { label: 'document.status.rejected', tone: 'rejected', icon: 'bi-x-circle' },
};

const NOT_SUPPORTED: Message = { key: 'document.notSupported' };

/** The upload form of one document: checked in the browser first (spec §5), then sent (spec §7). */
function UploadForm({ type, token }: { type: DocumentType; token: string }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const replaceUser = useReplaceUser();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<Message | null>(null);

  const upload = useMutation({
    mutationFn: (chosen: File) => accountsApi.upload(token, type, chosen),
    // spec §4: after a successful upload the form is replaced by Processing (the answer's user says so)
    onSuccess: (user) => replaceUser(user),
    onError: (error) => setProblem(isApiError(error) ? error.toMessage(NOT_SUPPORTED) : NOT_SUPPORTED),
  });

  const check = (chosen: File | null): Message | null =>
    validateUpload(chosen ? { name: chosen.name, size: chosen.size, mimeType: chosen.type } : null);

  const onChoose = () => {
    const chosen = input.current?.files?.[0] ?? null;
    setFile(chosen);
    setProblem(chosen ? check(chosen) : null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(file);
    setProblem(found);
    if (!found && file) upload.mutate(file);
  };

  return (
    <Form noValidate onSubmit={onSubmit} className="ob-doc-upload" data-testid={`upload-${type}`}>
      <Form.Label htmlFor={inputId} className="visually-hidden">
        {t('document.chooseFile')}
      </Form.Label>
      <div className="d-flex flex-column flex-sm-row gap-2">
        <Form.Control
          ref={input}
          id={inputId}
          type="file"
          size="sm"
          accept={UPLOAD_ACCEPT}
          onChange={onChoose}
          isInvalid={!!problem}
          disabled={upload.isPending}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
        />
        <Button type="submit" size="sm" variant="primary" className="text-nowrap" disabled={upload.isPending}>
          {upload.isPending ? (
            <Spinner size="sm" animation="border" className="me-1" aria-hidden="true" />
          ) : (
            <i className="bi bi-upload me-1" aria-hidden="true" />
          )}
          {t('document.upload')}
        </Button>
      </div>
      {problem && (
        <div id={`${inputId}-problem`} className="invalid-feedback d-block" role="alert">
          {text(problem, t('document.file'))}
        </div>
      )}
    </Form>
  );
}

function DocumentCard({
  type,
  document,
  token,
}: {
  type: DocumentType;
  document: DocumentField;
  token: string;
}) {
  const { t, i18n } = useTranslation();
  const view = TYPE_VIEW[type];
  const status = STATUS_VIEW[document.status];
  const updated = document.updated ? formatDate(document.updated, i18n.language) : null;
  return (
    <div className="ob-doc" data-testid={`document-${type}`} data-status={document.status}>
      <div className="d-flex align-items-start justify-content-between gap-2">
        <div className="d-flex align-items-center gap-2 min-w-0">
          <i className={`bi ${view.icon} ob-doc-icon`} aria-hidden="true" />
          <span className="fw-semibold">{t(view.label)}</span>
        </div>
        <Badge
          bg=""
          pill
          className={`ob-doc-status ob-doc-status-${status.tone}`}
          data-testid="document-status"
        >
          <i className={`bi ${status.icon} me-1`} aria-hidden="true" />
          {t(status.label)}
        </Badge>
      </div>
      <p className="ob-doc-hint">{t(view.hint)}</p>
      {document.status === DOCUMENT_STATUS.rejected && (
        <Alert variant="danger" className="ob-doc-note" data-testid="document-note">
          <i className="bi bi-exclamation-circle me-1" aria-hidden="true" />
          {document.note ? t('document.rejectedNote', { note: document.note }) : t('document.rejectedNoNote')}
        </Alert>
      )}
      {document.status === DOCUMENT_STATUS.processing && (
        <p className="ob-doc-state">
          <i className="bi bi-clock-history me-1" aria-hidden="true" />
          {updated ? t('document.processingSince', { date: updated }) : t('document.processingHint')}
        </p>
      )}
      {document.status === DOCUMENT_STATUS.approved && (
        <p className="ob-doc-state text-success-emphasis">
          <i className="bi bi-patch-check me-1" aria-hidden="true" />
          {t('document.approvedHint')}
        </p>
      )}
      {showsUploadForm(document.status) && <UploadForm type={type} token={token} />}
    </div>
  );
}

/** spec §3/§4/§5: the four verification documents, their status, and an upload form where one is due. */
export function DocumentsTab({ user, token }: { user: User; token: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="text-body-secondary mb-3">{t('account.documents.lead')}</p>
      <div className="ob-doc-rules mb-4">
        <i className="bi bi-info-circle" aria-hidden="true" />
        <span>{t('document.formatHint')}</span>
      </div>
      <Row className="g-3">
        {DOCUMENT_TYPES.map((type) => (
          <Col md={6} key={type}>
            <DocumentCard type={type} document={parseDocumentField(user[type])} token={token} />
          </Col>
        ))}
      </Row>
    </>
  );
}
