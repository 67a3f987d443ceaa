import {
  ClientDetail,
  type ClientDocument,
  ClientDocumentUploads,
  DOCUMENT_TYPES,
  type DocumentExpiryState,
  type DocumentType,
  type DocumentUpload,
  documentExpires,
} from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { staffBlob, staffRequest } from '../api.js';
import { BoPanel } from '../shell/BoPage.js';
import { useBrands } from '../shell/BrandFilter.js';
import { ConfirmDialog } from '../shell/ConfirmDialog.js';
import { DateTime, StatusBadge, type Tone } from '../shell/cells.js';
import { useStaffSession } from '../shell/session.js';
import { BoEmpty, SkeletonBlock, useErrorText } from '../shell/states.js';
import { clientKeys } from './useClients.js';

const LABELS: Record<DocumentType, { label: TranslationKey; icon: string }> = {
  doc_passport: { label: 'document.passport', icon: 'bi-person-vcard' },
  doc_address: { label: 'document.address', icon: 'bi-house' },
  doc_funding_front: { label: 'document.fundingFront', icon: 'bi-credit-card' },
  doc_funding_back: { label: 'document.fundingBack', icon: 'bi-credit-card-2-back' },
};

const STATUS: Record<ClientDocument['status'], { label: TranslationKey; tone: Tone; icon: string }> = {
  '0': { label: 'document.status.waiting', tone: 'neutral', icon: 'bi-dash-circle' },
  '1': { label: 'document.status.processing', tone: 'warning', icon: 'bi-hourglass-split' },
  '2': { label: 'document.status.approved', tone: 'success', icon: 'bi-check-circle-fill' },
  '3': { label: 'document.status.rejected', tone: 'danger', icon: 'bi-x-circle-fill' },
};

const fileSize = (bytes: number | null, language: string) =>
  bytes === null
    ? ''
    : bytes < 1024 * 1024
      ? `${new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(bytes / 1024)} KB`
      : `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} MB`;

/** The file of a document as a blob URL (fetched with the bearer token, never a guessable link). */
function useDocumentUrl(clientId: number, documentId: number | null) {
  const query = useQuery({
    queryKey: clientKeys.part(clientId, 'file', documentId),
    queryFn: ({ signal }) =>
      staffBlob(`/api/backoffice/clients/${clientId}/documents/${documentId}/file`, signal),
    enabled: documentId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(query.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [query.data]);
  return { ...query, url };
}

function Viewer({
  client,
  type,
  onClose,
}: {
  client: ClientDetail;
  type: DocumentType;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const document = client.documents[type];
  const file = useDocumentUrl(client.id, document.documentId);
  const label = t(LABELS[type].label);
  const pdf = (document.mime ?? file.data?.type) === 'application/pdf';
  return (
    <BoPanel
      className="bo-viewer"
      title={t('bo.docs.viewerTitle', { document: label, name: document.originalName ?? '' })}
      actions={
        <>
          {file.url && (
            <a
              className="btn btn-sm btn-outline-secondary"
              href={file.url}
              download={document.originalName ?? `${type}${pdf ? '.pdf' : '.jpg'}`}
            >
              <i className="bi bi-download me-1" aria-hidden="true" />
              {t('bo.docs.download')}
            </a>
          )}
          <Button
            size="sm"
            variant="link"
            className="bo-icon-btn"
            onClick={onClose}
            aria-label={t('bo.docs.hide')}
            title={t('bo.docs.hide')}
          >
            <i className="bi bi-x-lg" aria-hidden="true" />
          </Button>
        </>
      }
      flush
    >
      <div className="bo-viewer-stage" data-testid="bo-doc-viewer">
        {file.isError ? (
          <BoEmpty icon="bi-file-earmark-x">{t('bo.docs.viewerFailed')}</BoEmpty>
        ) : !file.url ? (
          <div className="p-3 w-100">
            <SkeletonBlock lines={10} />
          </div>
        ) : pdf ? (
          <object data={file.url} type="application/pdf" title={label} className="bo-viewer-pdf">
            <a href={file.url} download={document.originalName ?? `${type}.pdf`}>
              {t('bo.docs.download')}
            </a>
          </object>
        ) : (
          <img src={file.url} alt={label} className="bo-viewer-img" />
        )}
      </div>
    </BoPanel>
  );
}

const EXPIRY: Record<
  Exclude<DocumentExpiryState, 'none'>,
  { label: TranslationKey; tone: Tone; icon: string }
> = {
  valid: { label: 'bo.docs.expiry.valid', tone: 'success', icon: 'bi-calendar-check' },
  expiring: { label: 'bo.docs.expiry.expiring', tone: 'warning', icon: 'bi-calendar-event' },
  expired: { label: 'bo.docs.expiry.expired', tone: 'danger', icon: 'bi-calendar-x' },
};

/** A document's number, issuing country and expiry, the expiry highlighted when it is near or past. */
function DetailsLine({
  document,
}: {
  document: Pick<ClientDocument, 'documentNumber' | 'issuingCountry' | 'expiresOn' | 'expiry'>;
}) {
  const { t } = useTranslation();
  if (!document.documentNumber && !document.issuingCountry && !document.expiresOn) return null;
  const expiry = document.expiry === 'none' ? null : EXPIRY[document.expiry];
  return (
    <div className="bo-doc-details" data-testid="bo-doc-details" data-expiry={document.expiry}>
      {document.documentNumber && (
        <span>
          {t('bo.docs.number')}: <strong>{document.documentNumber}</strong>
        </span>
      )}
      {document.issuingCountry && <span>{document.issuingCountry}</span>}
      {document.expiresOn && (
        <span>
          {t('bo.docs.expiresOn')}: <strong>{document.expiresOn}</strong>
        </span>
      )}
      {expiry && (
        <StatusBadge tone={expiry.tone} icon={expiry.icon}>
          {t(expiry.label)}
        </StatusBadge>
      )}
    </div>
  );
}

interface DetailsDraft {
  documentNumber: string;
  issuingCountry: string;
  expiresOn: string;
}

const draftOf = (document: ClientDocument): DetailsDraft => ({
  documentNumber: document.documentNumber ?? '',
  issuingCountry: document.issuingCountry ?? '',
  expiresOn: document.expiresOn ?? '',
});

/** The details compliance enters while reviewing a proof of identity or address; sent with the decision. */
function DetailsEditor({
  type,
  draft,
  onChange,
  disabled,
}: {
  type: DocumentType;
  draft: DetailsDraft;
  onChange: (draft: DetailsDraft) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="bo-doc-editor" data-testid={`bo-doc-details-${type}`}>
      <Form.Group controlId={`bo-doc-number-${type}`}>
        <Form.Label>{t('bo.docs.number')}</Form.Label>
        <Form.Control
          size="sm"
          name="documentNumber"
          value={draft.documentNumber}
          disabled={disabled}
          onChange={(e) => onChange({ ...draft, documentNumber: e.target.value })}
        />
      </Form.Group>
      <Form.Group controlId={`bo-doc-country-${type}`}>
        <Form.Label>{t('bo.docs.country')}</Form.Label>
        <Form.Control
          size="sm"
          name="issuingCountry"
          maxLength={2}
          value={draft.issuingCountry}
          disabled={disabled}
          onChange={(e) => onChange({ ...draft, issuingCountry: e.target.value.toUpperCase() })}
        />
      </Form.Group>
      <Form.Group controlId={`bo-doc-expires-${type}`}>
        <Form.Label>{t('bo.docs.expiresOn')}</Form.Label>
        <Form.Control
          size="sm"
          type="date"
          name="expiresOn"
          value={draft.expiresOn}
          disabled={disabled}
          onChange={(e) => onChange({ ...draft, expiresOn: e.target.value })}
        />
      </Form.Group>
    </div>
  );
}

const STEP_LABEL: Record<DocumentUpload['history'][number]['action'], TranslationKey> = {
  uploaded: 'bo.docs.step.uploaded',
  approve: 'bo.docs.step.approve',
  reject: 'bo.docs.step.reject',
  details: 'bo.docs.step.details',
};

/** Every upload of the client, newest first, with its details and review history (nothing is ever replaced). */
function UploadHistory({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const uploads = useQuery({
    queryKey: clientKeys.part(clientId, 'uploads'),
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/clients/${clientId}/documents`, {
        schema: ClientDocumentUploads,
        signal,
      }),
  });
  return (
    <BoPanel title={t('bo.docs.uploads')} className="bo-doc-history">
      {uploads.isLoading ? (
        <SkeletonBlock lines={4} />
      ) : !uploads.data?.length ? (
        <BoEmpty icon="bi-clock-history">{t('bo.docs.noUploads')}</BoEmpty>
      ) : (
        <ol className="bo-upload-list" data-testid="bo-doc-uploads">
          {uploads.data.map((upload) => {
            const status = STATUS[upload.status] ?? STATUS['0'];
            return (
              <li
                key={upload.documentId}
                className="bo-upload"
                data-testid={`bo-upload-${upload.documentId}`}
              >
                <div className="bo-upload-head">
                  <strong>{t(LABELS[upload.type].label)}</strong>
                  <span className="bo-ellipsis">{upload.originalName}</span>
                  <StatusBadge tone={status.tone} icon={status.icon}>
                    {t(status.label)}
                  </StatusBadge>
                </div>
                <DetailsLine document={upload} />
                {upload.detailsBy === 'client' && (
                  <span className="bo-hint">{t('bo.docs.detailsByClient')}</span>
                )}
                <ul className="bo-upload-steps">
                  {upload.history.map((step) => (
                    <li key={`${step.action}-${step.at}`}>
                      <DateTime value={step.at} /> {t(STEP_LABEL[step.action], { actor: step.actor })}
                      {step.note && <span className="bo-upload-note"> — {step.note}</span>}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ol>
      )}
    </BoPanel>
  );
}

type Decision = { type: DocumentType; decision: 'approve' | 'reject' };

/**
 * The four documents: status, file, inline viewer for images and PDF, and approve or reject
 * with a note the client sees (documents.review).
 */
export function DocumentsTab({ client }: { client: ClientDetail }) {
  const { t, i18n } = useTranslation();
  const { can } = useStaffSession();
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const brands = useBrands();
  const reviewer = can('documents.review');
  const firstWithFile = DOCUMENT_TYPES.find((type) => client.documents[type]?.documentId !== null) ?? null;
  const [viewing, setViewing] = useState<DocumentType | null>(firstWithFile);
  const [pending, setPending] = useState<Decision | null>(null);
  // the details compliance enters per proof, sent with the decision (prefilled with what is stored)
  const [drafts, setDrafts] = useState<Partial<Record<DocumentType, DetailsDraft>>>({});
  const draftFor = (type: DocumentType) => drafts[type] ?? draftOf(client.documents[type]);
  const review = useMutation({
    mutationFn: ({ type, decision, note }: Decision & { note: string; detailsOnly?: boolean }) =>
      staffRequest(`/api/backoffice/clients/${client.id}/documents/${type}/review`, {
        schema: ClientDetail,
        method: 'POST',
        // the details entered (empty ones are left as they are)
        body: {
          decision,
          note,
          ...(documentExpires(type)
            ? Object.fromEntries(Object.entries(draftFor(type)).filter(([, value]) => value.trim() !== ''))
            : {}),
        },
      }),
    onSuccess: (saved, { type, decision, detailsOnly }) => {
      queryClient.setQueryData(clientKeys.detail(client.id), saved);
      void queryClient.invalidateQueries({ queryKey: clientKeys.part(client.id, 'audit') });
      void queryClient.invalidateQueries({ queryKey: clientKeys.part(client.id, 'uploads') });
      void queryClient.invalidateQueries({ queryKey: ['bo', 'clients'] });
      toast('success', {
        key: detailsOnly
          ? 'bo.docs.detailsSaved'
          : decision === 'approve'
            ? 'bo.docs.approved'
            : 'bo.docs.rejected',
      });
      setDrafts(({ [type]: _saved, ...rest }) => rest);
      setPending(null);
    },
  });
  const mode = brands.data?.find((brand) => brand.id === client.brandId)?.backoffice.verification;

  return (
    <div className="bo-docs-layout">
      <div className="bo-docs-list">
        {mode && (
          <p className="bo-hint">
            <i className="bi bi-info-circle me-1" aria-hidden="true" />
            {mode === 'manual' ? t('bo.docs.manualVerify') : t('bo.docs.autoVerify')}
          </p>
        )}
        {DOCUMENT_TYPES.map((type) => {
          const document = client.documents[type];
          if (!document) return null;
          const status = STATUS[document.status] ?? STATUS['0'];
          const hasFile = document.documentId !== null;
          return (
            <div
              key={type}
              className={`bo-doc${viewing === type ? ' active' : ''}`}
              data-testid={`bo-doc-${type}`}
            >
              <div className="bo-doc-head">
                <span className="bo-doc-icon" aria-hidden="true">
                  <i className={`bi ${LABELS[type].icon}`} />
                </span>
                <div className="bo-doc-title">
                  <strong>{t(LABELS[type].label)}</strong>
                  <span className="bo-doc-meta">
                    {hasFile ? (
                      <>
                        <span className="bo-ellipsis">{document.originalName ?? type}</span>
                        {document.size !== null && <span>{fileSize(document.size, i18n.language)}</span>}
                        <DateTime value={document.updated} />
                      </>
                    ) : (
                      t('bo.docs.noFile')
                    )}
                  </span>
                </div>
                <StatusBadge tone={status.tone} icon={status.icon}>
                  {t(status.label)}
                </StatusBadge>
              </div>
              <DetailsLine document={document} />
              {reviewer && hasFile && documentExpires(type) && (
                <DetailsEditor
                  type={type}
                  draft={draftFor(type)}
                  disabled={review.isPending}
                  onChange={(draft) => setDrafts((all) => ({ ...all, [type]: draft }))}
                />
              )}
              {review.isError && !pending && review.variables?.type === type && (
                <p className="bo-doc-error text-danger" role="alert" data-testid={`bo-doc-error-${type}`}>
                  {errorText(review.error)}
                </p>
              )}
              {document.note && (
                <p className="bo-doc-note">
                  <i className="bi bi-chat-left-text me-1" aria-hidden="true" />
                  {t('bo.docs.clientNote', { note: document.note })}
                </p>
              )}
              {hasFile && (
                <div className="bo-doc-actions">
                  <Button
                    size="sm"
                    variant={viewing === type ? 'secondary' : 'outline-secondary'}
                    onClick={() => setViewing(viewing === type ? null : type)}
                    data-testid={`bo-doc-view-${type}`}
                  >
                    <i className="bi bi-eye me-1" aria-hidden="true" />
                    {t('bo.docs.view')}
                  </Button>
                  {reviewer && (
                    <>
                      <Button
                        size="sm"
                        variant="outline-success"
                        disabled={document.status === '2'}
                        onClick={() => setPending({ type, decision: 'approve' })}
                        data-testid={`bo-doc-approve-${type}`}
                      >
                        <i className="bi bi-check-lg me-1" aria-hidden="true" />
                        {t('bo.docs.approve')}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline-danger"
                        disabled={document.status === '3'}
                        onClick={() => setPending({ type, decision: 'reject' })}
                        data-testid={`bo-doc-reject-${type}`}
                      >
                        <i className="bi bi-x-lg me-1" aria-hidden="true" />
                        {t('bo.docs.reject')}
                      </Button>
                      {document.status === '2' && documentExpires(type) && (
                        <Button
                          size="sm"
                          variant="outline-primary"
                          disabled={review.isPending}
                          onClick={() =>
                            review.mutate({
                              type,
                              decision: 'approve',
                              note: document.note,
                              detailsOnly: true,
                            })
                          }
                          data-testid={`bo-doc-save-${type}`}
                        >
                          <i className="bi bi-save me-1" aria-hidden="true" />
                          {t('bo.docs.saveDetails')}
                        </Button>
                      )}
                    </>
                  )}
                </div>
              )}
            </div>
          );
        })}
      </div>
      <div className="bo-docs-viewer">
        {viewing && client.documents[viewing]?.documentId !== null ? (
          <Viewer key={viewing} client={client} type={viewing} onClose={() => setViewing(null)} />
        ) : (
          <BoPanel>
            <BoEmpty icon="bi-file-earmark-image">{t('bo.docs.noFile')}</BoEmpty>
          </BoPanel>
        )}
        <UploadHistory clientId={client.id} />
      </div>
      <ConfirmDialog
        show={pending !== null}
        title={
          pending
            ? t(pending.decision === 'approve' ? 'bo.docs.approveTitle' : 'bo.docs.rejectTitle', {
                document: t(LABELS[pending.type].label),
              })
            : ''
        }
        confirmLabel={pending?.decision === 'reject' ? t('bo.docs.reject') : t('bo.docs.approve')}
        variant={pending?.decision === 'reject' ? 'danger' : 'success'}
        reasonLabel={t('bo.docs.note')}
        reasonHint={t('bo.docs.noteHint')}
        reasonRequired={pending?.decision === 'reject'}
        reasonRequiredText={t('bo.docs.rejectNoteRequired')}
        pending={review.isPending}
        error={review.isError ? errorText(review.error) : null}
        onConfirm={(note) => pending && review.mutate({ ...pending, note })}
        onCancel={() => {
          setPending(null);
          review.reset();
        }}
      />
    </div>
  );
}
