import {
  type ClientDocumentExpiry,
  DOCUMENT_STATUS,
  DOCUMENT_TYPES,
  type DocumentField,
  type DocumentStatus,
  type DocumentType,
  documentExpires,
  documentExpiryProblem,
  documentNumberProblem,
  type Message,
  type MessageKey,
  parseDocumentField,
  showsUploadForm,
  UPLOAD_ACCEPT,
  validateUpload,
} from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Alert, Badge, Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/ApiError.js';
import { accountsApi, type DocumentDetailsForm } from '../../api/accounts.js';
import type { User } from '../../api/types.js';
import { formatDate } from '../../lib/dates.js';
import type { TranslationKey } from '../../lib/i18n/keys.js';
import { useReplaceUser } from '../../shared/session/useReplaceUser.js';
import { useMessageText } from '../../ui/forms.js';
import { useCountries } from './useCountries.js';

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
/** The client's documents' expiry (GET /api/accounts/documents). */
const DOCUMENTS_KEY = ['account', 'documents'] as const;

const NO_DETAILS: DocumentDetailsForm = { documentNumber: '', issuingCountry: '', expiresOn: '' };
type DetailProblems = Partial<Record<keyof DocumentDetailsForm, Message>>;

/** The domain's checks of a proof's details, as the server makes them (the country list is checked there too). */
function checkDetails(details: DocumentDetailsForm): DetailProblems {
  const problems: DetailProblems = {};
  const required: Message = { key: 'document.detailsRequired' };
  if (!details.documentNumber.trim()) problems.documentNumber = required;
  else problems.documentNumber = documentNumberProblem(details.documentNumber) ?? undefined;
  if (!details.issuingCountry) problems.issuingCountry = required;
  if (!details.expiresOn) problems.expiresOn = required;
  else problems.expiresOn = documentExpiryProblem(details.expiresOn) ?? undefined;
  return Object.fromEntries(Object.entries(problems).filter(([, m]) => m)) as DetailProblems;
}

/** The proof's number, issuing country and expiry date, where the brand lets the client enter them. */
function DetailFields({
  details,
  problems,
  disabled,
  onChange,
}: {
  details: DocumentDetailsForm;
  problems: DetailProblems;
  disabled: boolean;
  onChange: (details: DocumentDetailsForm) => void;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const id = useId();
  const countries = useCountries();
  const field = (name: keyof DocumentDetailsForm, label: TranslationKey, control: ReactNode) => (
    <Form.Group className="mb-2" controlId={`${id}-${name}`}>
      <Form.Label className="small mb-1">{t(label)}</Form.Label>
      {control}
      {problems[name] && (
        <Form.Control.Feedback type="invalid" className="d-block">
          {text(problems[name] as Message, t(label))}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
  return (
    <Row className="g-2 ob-doc-details" data-testid="document-details">
      <Col sm={4}>
        {field(
          'documentNumber',
          'document.number',
          <Form.Control
            size="sm"
            name="documentNumber"
            autoComplete="off"
            value={details.documentNumber}
            isInvalid={!!problems.documentNumber}
            disabled={disabled}
            onChange={(e) => onChange({ ...details, documentNumber: e.target.value })}
          />,
        )}
      </Col>
      <Col sm={4}>
        {field(
          'issuingCountry',
          'document.issuingCountry',
          <Form.Select
            size="sm"
            name="issuingCountry"
            value={details.issuingCountry}
            isInvalid={!!problems.issuingCountry}
            disabled={disabled}
            onChange={(e) => onChange({ ...details, issuingCountry: e.target.value })}
          >
            <option value="">—</option>
            {countries.options?.map((country) => (
              <option key={country.id} value={country.alpha2}>
                {country.label}
              </option>
            ))}
          </Form.Select>,
        )}
      </Col>
      <Col sm={4}>
        {field(
          'expiresOn',
          'document.expiresOn',
          <Form.Control
            size="sm"
            type="date"
            name="expiresOn"
            value={details.expiresOn}
            isInvalid={!!problems.expiresOn}
            disabled={disabled}
            onChange={(e) => onChange({ ...details, expiresOn: e.target.value })}
          />,
        )}
      </Col>
    </Row>
  );
}

/**
 * The upload form of one document: checked in the browser first (spec §5), then sent (spec §7). With
 * `withDetails` the proof's number, issuing country and expiry come with it.
 */
function UploadForm({
  type,
  token,
  withDetails,
}: {
  type: DocumentType;
  token: string;
  withDetails: boolean;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const replaceUser = useReplaceUser();
  const queryClient = useQueryClient();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<Message | null>(null);
  const [details, setDetails] = useState<DocumentDetailsForm>(NO_DETAILS);
  const [detailProblems, setDetailProblems] = useState<DetailProblems>({});

  const upload = useMutation({
    mutationFn: (chosen: File) => accountsApi.upload(token, type, chosen, withDetails ? details : undefined),
    // spec §4: after a successful upload the form is replaced by Processing (the answer's user says so)
    onSuccess: (user) => {
      replaceUser(user);
      void queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY });
    },
    onError: (error) => {
      // a refused detail shows at its field; anything else at the file
      const onDetails = isApiError(error) ? error.errors.filter((e) => String(e.path) in NO_DETAILS) : [];
      if (onDetails.length > 0) {
        setDetailProblems(
          Object.fromEntries(
            onDetails.map((e) => [String(e.path), { key: e.key as MessageKey, params: e.params } as Message]),
          ) as DetailProblems,
        );
      } else setProblem(isApiError(error) ? error.toMessage(NOT_SUPPORTED) : NOT_SUPPORTED);
    },
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
    const foundDetails = withDetails ? checkDetails(details) : {};
    setProblem(found);
    setDetailProblems(foundDetails);
    if (!found && Object.keys(foundDetails).length === 0 && file) upload.mutate(file);
  };

  return (
    <Form noValidate onSubmit={onSubmit} className="ob-doc-upload" data-testid={`upload-${type}`}>
      {withDetails && (
        <DetailFields
          details={details}
          problems={detailProblems}
          disabled={upload.isPending}
          onChange={setDetails}
        />
      )}
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

/** Where an approved proof stands on its expiry: valid until, expiring (upload a new one), expired (and when it stops). */
function ExpiryNotice({ expiry }: { expiry: ClientDocumentExpiry }) {
  const { t, i18n } = useTranslation();
  if (!expiry.expiresOn || expiry.expiry === 'none') return null;
  const date = formatDate(`${expiry.expiresOn}T00:00:00Z`, i18n.language);
  if (expiry.expiry === 'valid') {
    return (
      <p className="ob-doc-state text-body-secondary" data-testid="document-expiry">
        <i className="bi bi-calendar-check me-1" aria-hidden="true" />
        {t('document.expiresOnValue', { date })}
      </p>
    );
  }
  const expired = expiry.expiry === 'expired';
  return (
    <Alert
      variant={expired ? 'danger' : 'warning'}
      className="ob-doc-note"
      data-testid="document-expiry"
      data-expiry={expiry.expiry}
    >
      <i className={`bi ${expired ? 'bi-calendar-x' : 'bi-calendar-event'} me-1`} aria-hidden="true" />
      {expiry.newUploadPending
        ? t('document.newUploadPending')
        : expired && expiry.blockFrom
          ? t('document.expiredUpload', { date, blockDate: formatDate(expiry.blockFrom, i18n.language) })
          : expired
            ? t('document.expiredNow', { date })
            : t('document.expiringSoon', { date })}
    </Alert>
  );
}

function DocumentCard({
  type,
  document,
  token,
  expiry,
  clientEntersDetails,
}: {
  type: DocumentType;
  document: DocumentField;
  token: string;
  expiry: ClientDocumentExpiry | undefined;
  clientEntersDetails: boolean;
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
      {expiry && <ExpiryNotice expiry={expiry} />}
      {(showsUploadForm(document.status) ||
        (expiry?.asksForUpload && document.status === DOCUMENT_STATUS.approved)) && (
        <UploadForm type={type} token={token} withDetails={clientEntersDetails && documentExpires(type)} />
      )}
    </div>
  );
}

/** spec §3/§4/§5: the four verification documents, their status, and an upload form where one is due. */
export function DocumentsTab({ user, token }: { user: User; token: string }) {
  const { t } = useTranslation();
  // expiry of the approved proofs; without it the tab still works as before
  const expiry = useQuery({
    queryKey: DOCUMENTS_KEY,
    queryFn: ({ signal }) => accountsApi.documents(token, signal),
  });
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
            <DocumentCard
              type={type}
              document={parseDocumentField(user[type])}
              token={token}
              expiry={expiry.data?.documents.find((d) => d.type === type)}
              clientEntersDetails={expiry.data?.clientEntersDetails ?? false}
            />
          </Col>
        ))}
      </Row>
    </>
  );
}
