import { Alert, Spinner } from 'react-bootstrap';
import { type TextMessage, useMessageText } from '../../../ui/forms.js';

/** The server's refusal of a ticket, as one message above its confirm button. */
export function TicketError({
  error,
  className = 'ob-form-alert py-2 small mt-3 mb-0',
  testId,
}: {
  error: TextMessage | null;
  className?: string;
  testId?: string;
}) {
  const text = useMessageText();
  if (!error) return null;
  return (
    <Alert variant="danger" className={className} role="alert" {...(testId ? { 'data-testid': testId } : {})}>
      {text(error)}
    </Alert>
  );
}

/** The spinner a confirm button shows while its request is on its way. */
export function SendingSpinner({ pending }: { pending: boolean }) {
  return pending ? <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" /> : null;
}
