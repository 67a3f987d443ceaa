import { Form } from 'react-bootstrap';
import { type TextMessage, useMessageText } from '../../../ui/forms.js';

/** A ticket field's message under it, shown whenever there is one (the field's own title fills the text). */
export function FieldFeedback({
  message,
  title,
  testId,
}: {
  message: TextMessage | null | undefined;
  title: string;
  testId?: string;
}) {
  const text = useMessageText();
  if (!message) return null;
  return (
    <Form.Control.Feedback type="invalid" className="d-block" {...(testId ? { 'data-testid': testId } : {})}>
      {text(message, title)}
    </Form.Control.Feedback>
  );
}
