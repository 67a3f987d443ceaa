import type { Message } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/ApiError.js';
import { useAttemptKeys } from './idempotency.js';

interface KeyedAttempt<Input> {
  input: Input;
  key: string;
}

export interface KeyedRequestOptions<Input, Result> {
  /** Sends one attempt with its Idempotency-Key. */
  request: (input: Input, key: string) => Promise<Result>;
  onSuccess: (result: Result, input: Input) => void;
  /** The server refused the attempt: apply its field errors and return the alert to show. */
  onRefused: (error: unknown) => Message;
}

export interface KeyedRequest<Input> {
  /** Sends `input` as a new attempt, or as the open one when it is the same payload again. */
  submit: (input: Input) => void;
  /** Sends the attempt whose answer never arrived again, with the same key. */
  retry: () => void;
  /** The server's refusal of the last attempt. */
  failure: Message | null;
  /** The last attempt got no answer (network): it may or may not have been booked. */
  unreachable: boolean;
  pending: boolean;
}

/**
 * A payment request (deposit or withdrawal) that books at most once (spec §7 create with an
 * Idempotency-Key): an attempt the server answered is closed, so the next submit is a new one; an
 * attempt that got no answer keeps its key, and the retry the page offers resends it with that key,
 * so the server answers with the first result instead of booking twice.
 */
export function useKeyedRequest<Input, Result>({
  request,
  onSuccess,
  onRefused,
}: KeyedRequestOptions<Input, Result>): KeyedRequest<Input> {
  const keys = useAttemptKeys();
  const [failure, setFailure] = useState<Message | null>(null);
  const [unreachable, setUnreachable] = useState<KeyedAttempt<Input> | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ input, key }: KeyedAttempt<Input>) => {
      const result = await request(input, key);
      keys.settle();
      return result;
    },
    onSuccess: (result, { input }) => onSuccess(result, input),
    onError: (error, attempt) => {
      if (isApiError(error) && error.isNetwork) {
        setUnreachable(attempt);
        return;
      }
      keys.settle();
      setFailure(onRefused(error));
    },
  });
  const send = (attempt: KeyedAttempt<Input>) => {
    setFailure(null);
    setUnreachable(null);
    mutation.mutate(attempt);
  };
  return {
    submit: (input) => send({ input, key: keys.keyFor(input) }),
    retry: () => {
      if (unreachable) send(unreachable);
    },
    failure,
    unreachable: unreachable !== null,
    pending: mutation.isPending,
  };
}

/** 'We could not reach the server…' with a retry button that resends the same attempt. */
export function UnreachableAlert({ onRetry, testId }: { onRetry: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Alert variant="danger" className="ob-form-alert" data-testid={`${testId}-unreachable`}>
      <div className="d-flex gap-2">
        <i className="bi bi-wifi-off" aria-hidden="true" />
        <span>{t('payments.unreachable')}</span>
      </div>
      <Button size="sm" variant="danger" className="mt-2" onClick={onRetry} data-testid={`${testId}-retry`}>
        <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
        {t('app.retry')}
      </Button>
    </Alert>
  );
}
