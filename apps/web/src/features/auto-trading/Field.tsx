import type { Message } from '@openbroker/domain';
import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { useMessageText } from '../../ui/forms.js';

/** One input with its label, hint and the first message for its field (translated with the label as its title). */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error: Message | undefined;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const text = useMessageText();
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{label}</Form.Label>
      {children}
      {error ? (
        <Form.Control.Feedback type="invalid" className="d-block" data-testid={`field-error-${id}`}>
          {text(error, label)}
        </Form.Control.Feedback>
      ) : (
        hint && (
          <Form.Text id={`${id}-hint`} muted className="d-block">
            {hint}
          </Form.Text>
        )
      )}
    </Form.Group>
  );
}
