import type { Message } from '@openbroker/domain';
import { useState } from 'react';
import type { TextMessage } from '../../../ui/forms.js';
import { ackFieldMessages, ackMessage } from '../trading/ackMessage.js';

/**
 * What the server said of a ticket's last send: one message for the whole ticket and one per field it named.
 * Editing a field clears them; a refusal sets them.
 */
/** A refused send, as the trading store answers it. */
type Rejection = Parameters<typeof ackMessage>[0];

export function useTicketServer() {
  const [error, setError] = useState<TextMessage | null>(null);
  const [fields, setFields] = useState<Record<string, Message>>({});
  const clear = () => {
    setError(null);
    setFields({});
  };
  const refused = (ack: Rejection) => {
    setError(ackMessage(ack));
    setFields(ackFieldMessages(ack));
  };
  return {
    error,
    fields,
    clear,
    clearError: () => setError(null),
    clearFields: () => setFields({}),
    refused,
  };
}
