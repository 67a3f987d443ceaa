import type { FormEvent, ReactNode } from 'react';
import { useId } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { SendingSpinner } from './TicketAlert.js';

/**
 * The confirm step every order and position dialog shares: a titled modal form whose footer cancels or sends,
 * the send button showing a spinner while the request is on its way.
 */
export function TicketDialog({
  testId,
  title,
  onClose,
  onSubmit,
  children,
  submitLabel,
  submitVariant = 'primary',
  submitDisabled,
  submitTestId,
  pending,
}: {
  testId: string;
  title: ReactNode;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
  submitLabel: string;
  submitVariant?: 'primary' | 'danger';
  submitDisabled: boolean;
  submitTestId: string;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`} data-testid={testId}>
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton closeLabel={t('app.close')}>
          <Modal.Title id={`${id}-title`} className="fs-6">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {t('positions.edit.cancel')}
          </Button>
          <Button type="submit" variant={submitVariant} disabled={submitDisabled} data-testid={submitTestId}>
            <SendingSpinner pending={pending} />
            {submitLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
