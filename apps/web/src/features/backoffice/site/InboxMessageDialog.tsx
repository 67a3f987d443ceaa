import type { InboxItem } from '@openbroker/domain';
import { Button, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { DateTime, StatusBadge } from '../shell/cells.js';
import { useErrorText } from '../shell/states.js';
import { FIELD_LABELS, mailto, orderedFields, senderOf, text } from './inboxMessage.js';

/** One field of a message: a known field's translated label, else the field's own name. */
function FieldRow({ field, value }: { field: string; value: string }) {
  const { t } = useTranslation();
  const label = FIELD_LABELS.has(field) ? t(`bos.inbox.field.${field}` as TranslationKey) : field;
  return (
    <>
      <dt>{label}</dt>
      <dd>{value || '—'}</dd>
    </>
  );
}

/**
 * One message of the inbox, opened: when, brand, its fields and text, who handled it and when;
 * reply by e-mail (a plain address only), close, or mark it handled or open again.
 */
export function InboxMessageDialog({
  opened,
  brandName,
  formLabel,
  pending,
  failed,
  error,
  onToggle,
  onClose,
}: {
  /** The open message, or none (the dialog is hidden). */
  opened: InboxItem | null;
  brandName: (id: number, slug: string) => string;
  formLabel: (form: string) => string;
  /** Marking the message is under way. */
  pending: boolean;
  /** Marking the message failed (the error shows in the dialog). */
  failed: boolean;
  error: unknown;
  onToggle: (item: InboxItem) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <Modal show={opened !== null} onHide={onClose} centered size="lg" className="bo-modal">
      {opened && (
        <>
          <Modal.Header closeButton>
            <Modal.Title as="h2" className="h5 mb-0">
              {t('bos.inbox.message', { id: opened.id })}
              <span className="ms-2">
                <StatusBadge tone={opened.form === 'platform-contact' ? 'accent' : 'info'}>
                  {formLabel(opened.form)}
                </StatusBadge>
              </span>
            </Modal.Title>
          </Modal.Header>
          <Modal.Body data-testid="bos-inbox-message">
            <dl className="bos-values mb-3">
              <dt>{t('bos.inbox.col.received')}</dt>
              <dd>
                <DateTime value={opened.createdAt} />
              </dd>
              <dt>{t('bos.inbox.col.brand')}</dt>
              <dd>{brandName(opened.brandId, opened.brandSlug)}</dd>
              {orderedFields(opened.values).map(([field, value]) => (
                <FieldRow key={field} field={field} value={value} />
              ))}
            </dl>
            <div className="bos-message-body" data-testid="bos-inbox-body">
              {text(opened.values.message)}
            </div>
            {opened.handled && opened.handledAt && (
              <p className="bo-hint mt-3 mb-0" data-testid="bos-inbox-handled-note">
                <i className="bi bi-check2-circle me-1" aria-hidden="true" />
                {opened.handledBy
                  ? t('bos.inbox.handledBy', {
                      name: opened.handledBy,
                      when: when(opened.handledAt),
                    })
                  : t('bos.inbox.handledAt', { when: when(opened.handledAt) })}
              </p>
            )}
            {failed && (
              <p className="text-danger mt-3 mb-0" role="alert">
                {errorText(error)}
              </p>
            )}
          </Modal.Body>
          <Modal.Footer>
            {mailto(senderOf(opened).email) && (
              <Button
                variant="outline-secondary"
                href={mailto(senderOf(opened).email) ?? undefined}
                className="me-auto"
              >
                <i className="bi bi-reply me-1" aria-hidden="true" />
                {t('bos.inbox.reply')}
              </Button>
            )}
            <Button variant="outline-secondary" onClick={onClose}>
              {t('bos.inbox.close')}
            </Button>
            <Button
              variant={opened.handled ? 'outline-warning' : 'success'}
              disabled={pending}
              onClick={() => onToggle(opened)}
              data-testid="bos-inbox-toggle"
            >
              {pending && <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />}
              {opened.handled ? t('bos.inbox.markOpen') : t('bos.inbox.markHandled')}
            </Button>
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}
