import type { Message } from '@openbroker/domain';
import { Form } from 'react-bootstrap';
import { useMessageText } from '../../../ui/forms.js';

/** A message about the whole offer (or all its strategies), under the form's head. */
export function FormLevel({ message }: { message: Message | undefined }) {
  const text = useMessageText();
  return message ? <div className="small mt-1">{text(message)}</div> : null;
}

/** A field's message, as the field's invalid feedback. */
export function FieldError({ message }: { message: Message | undefined }) {
  const text = useMessageText();
  if (!message) return null;
  return <Form.Control.Feedback type="invalid">{text(message)}</Form.Control.Feedback>;
}
