import { isMessageKey } from '@openbroker/domain';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Alert, Button, Form, Modal, Placeholder, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/ApiError.js';
import { EmptyState } from '../../../ui/EmptyState.js';

type LooseT = (key: string, options?: Record<string, unknown>) => string;

/** Error codes of the money routes that deserve their own explanation on these screens. */
const CODE_TEXT: Record<string, string> = {
  SAME_APPROVER: 'bom.error.sameApprover',
  FORBIDDEN: 'bom.error.forbidden',
  NOT_FOUND: 'bom.error.notFound',
};

/**
 * What went wrong, in the reader's language: our text for the codes these screens know
 * (SAME_APPROVER), else the catalogue message the server named, else the server's own words.
 */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  const loose = t as unknown as LooseT;
  return (error) => {
    if (!isApiError(error)) return loose('error.internal');
    const own = CODE_TEXT[error.code];
    if (own) return loose(own);
    if (error.isNetwork) return loose('error.internal');
    if (error.httpStatus === 403) return loose('bom.error.forbidden');
    // A refused field (the amount above what can be withdrawn) carries its message's values.
    const field = error.errors.find((e) => isMessageKey(e.key));
    if (field) return loose(field.key, field.params ?? {});
    if (error.key) {
      const text = loose(error.key);
      // the values of a top-level message travel only in the server's own (English) text
      return text.includes('{{') ? error.message : text;
    }
    return error.message || loose('error.internal');
  };
}

/** An error box with a retry button (a list that could not be loaded). */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const text = useErrorText();
  return (
    <Alert variant="danger" className="m-3 d-flex align-items-center gap-3" role="alert">
      <i className="bi bi-exclamation-octagon" aria-hidden="true" />
      <span className="flex-grow-1">{text(error)}</span>
      <Button size="sm" variant="outline-danger" onClick={onRetry}>
        <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
        {t('app.retry')}
      </Button>
    </Alert>
  );
}

/** The screen is not part of this staff member's roles. */
export function NoAccess() {
  const { t } = useTranslation();
  return (
    <EmptyState icon="bi-shield-lock" hint={t('bom.noAccess.hint')}>
      {t('bom.noAccess')}
    </EmptyState>
  );
}

/** Placeholder rows while a table loads. */
export function SkeletonRows({ columns, rows = 4 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
        <tr key={row}>
          {Array.from({ length: columns }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder cells
            <td key={column}>
              <Placeholder animation="glow">
                <Placeholder xs={column === 0 ? 6 : 8} />
              </Placeholder>
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

export interface ReasonDialogProps {
  show: boolean;
  title: string;
  /** What is about to happen (the record, the amounts). */
  children?: ReactNode;
  /** A reason must be given (rejections, adjustments, closing a position). */
  reasonRequired: boolean;
  confirmLabel: string;
  /**
   * The dismissing button's name when "Cancel" would be ambiguous (e.g. "Keep position" beside "Close position
   * #12"); the header then has no separate close button, so no two buttons share a name.
   */
  cancelLabel?: string;
  variant?: 'primary' | 'success' | 'danger' | 'warning';
  pending: boolean;
  /** The refusal of the last attempt, shown inside the dialog. */
  error?: unknown;
  onConfirm: (reason: string) => void;
  onHide: () => void;
  /** A reason typed before the dialog opened (a form's own field). */
  initialReason?: string;
  /** Hide the reason field (the reason was given in the form already). */
  hideReason?: boolean;
  testId?: string;
}

/**
 * A confirmation dialog with a reason for the audit trail. A mandatory reason is checked here
 * before anything is sent; the server's refusal is shown inside the dialog.
 */
export function ReasonDialog({
  show,
  title,
  children,
  reasonRequired,
  confirmLabel,
  cancelLabel,
  variant = 'primary',
  pending,
  error,
  onConfirm,
  onHide,
  initialReason = '',
  hideReason = false,
  testId = 'bo-reason-dialog',
}: ReasonDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const [reason, setReason] = useState(initialReason);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (show) {
      setReason(initialReason);
      setMissing(false);
    }
  }, [show, initialReason]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (reasonRequired && !trimmed) {
      setMissing(true);
      return;
    }
    onConfirm(trimmed);
  };

  return (
    <Modal show={show} onHide={pending ? () => {} : onHide} centered data-testid={testId}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton={!pending && !cancelLabel}>
          <Modal.Title as="h2" className="h5 mb-0">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {children}
          {!hideReason && (
            <Form.Group controlId={id} className="mt-3">
              <Form.Label>{t(reasonRequired ? 'bom.reason.required' : 'bom.reason.optional')}</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                maxLength={500}
                value={reason}
                isInvalid={missing}
                onChange={(event) => {
                  setReason(event.target.value);
                  if (missing && event.target.value.trim()) setMissing(false);
                }}
                data-testid="bo-reason-input"
              />
              {missing ? (
                <Form.Control.Feedback type="invalid" className="d-block">
                  {t('staff.reasonRequired')}
                </Form.Control.Feedback>
              ) : (
                <Form.Text muted>{t('bom.reason.hint')}</Form.Text>
              )}
            </Form.Group>
          )}
          {error ? (
            <Alert
              variant="danger"
              className="mt-3 mb-0 d-flex gap-2"
              role="alert"
              data-testid="bo-dialog-error"
            >
              <i className="bi bi-exclamation-octagon-fill" aria-hidden="true" />
              <span>{errorText(error)}</span>
            </Alert>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button
            variant="outline-secondary"
            onClick={onHide}
            disabled={pending}
            data-testid="bo-dialog-cancel"
          >
            {cancelLabel ?? t('bo.cancel')}
          </Button>
          <Button type="submit" variant={variant} disabled={pending} data-testid="bo-dialog-confirm">
            {pending && <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />}
            {confirmLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** A label / value list inside a dialog. */
export function Facts({ rows }: { rows: [ReactNode, ReactNode][] }) {
  return (
    <dl className="bom-facts">
      {rows.map(([label, value], index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed list
        <div key={index} className="bom-facts-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
