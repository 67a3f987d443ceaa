import { type ReactNode, useEffect, useId, useState } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useErrorText } from './panelStates.js';

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
