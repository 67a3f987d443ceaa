import { type ReactNode, useId, useState } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/**
 * A confirmation dialog for actions that change a client or money. With `reasonLabel` it asks for a
 * reason (mandatory when `reasonRequired`) and hands it to `onConfirm`.
 */
export function ConfirmDialog({
  show,
  title,
  body,
  confirmLabel,
  cancelLabel,
  variant = 'primary',
  reasonLabel,
  reasonHint,
  reasonRequired,
  reasonRequiredText,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  show: boolean;
  title: string;
  body?: ReactNode;
  confirmLabel: string;
  /** The dismissing button's name when "Cancel" would be ambiguous (e.g. "Keep position"). */
  cancelLabel?: string;
  variant?: 'primary' | 'danger' | 'success' | 'warning';
  reasonLabel?: string;
  reasonHint?: string;
  reasonRequired?: boolean;
  reasonRequiredText?: string;
  pending?: boolean;
  error?: string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const close = () => {
    setReason('');
    setMissing(false);
    onCancel();
  };
  return (
    <Modal
      show={show}
      onHide={close}
      onExited={() => {
        setReason('');
        setMissing(false);
      }}
      centered
      className="bo-modal"
      data-testid="bo-confirm"
    >
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (reasonLabel && reasonRequired && reason.trim() === '') {
            setMissing(true);
            return;
          }
          onConfirm(reason.trim());
        }}
      >
        <Modal.Header closeButton closeLabel={t('bo.cancel')}>
          <Modal.Title as="h2" className="bo-modal-title">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {body && <div className="mb-3">{body}</div>}
          {reasonLabel && (
            <Form.Group controlId={id}>
              <Form.Label>{reasonLabel}</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                value={reason}
                maxLength={1000}
                isInvalid={missing}
                onChange={(event) => {
                  setReason(event.target.value);
                  setMissing(false);
                }}
                data-testid="bo-confirm-reason"
              />
              {missing ? (
                <Form.Control.Feedback type="invalid">
                  {reasonRequiredText ?? t('bo.trading.reasonRequired')}
                </Form.Control.Feedback>
              ) : (
                reasonHint && <Form.Text muted>{reasonHint}</Form.Text>
              )}
            </Form.Group>
          )}
          {error && (
            <Alert variant="danger" className="mt-3 mb-0" role="alert">
              {error}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button
            variant="outline-secondary"
            onClick={close}
            disabled={pending}
            data-testid="bo-confirm-cancel"
          >
            {cancelLabel ?? t('bo.cancel')}
          </Button>
          <Button type="submit" variant={variant} disabled={pending} data-testid="bo-confirm-submit">
            {pending && <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />}
            {confirmLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
