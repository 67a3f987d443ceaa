import {
  type AppropriatenessResult,
  type AppropriatenessTest,
  type Message,
  messagesByPath,
} from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/ApiError.js';
import { appropriatenessApi } from '../../api/appropriateness.js';
import { formatDate } from '../../lib/dates.js';
import { useRefreshComplianceStatus } from '../../shared/compliance/useComplianceStatus.js';
import { useMessageText } from '../../ui/forms.js';

const FAILED: Message = { key: 'error.internal' };

/** The outcome screen: pass; warn with the warning and the acknowledgement; block with the date of the next try. */
function Outcome({
  result,
  onAcknowledge,
  acknowledging,
  onRetake,
}: {
  result: AppropriatenessResult;
  onAcknowledge: () => void;
  acknowledging: boolean;
  onRetake: () => void;
}) {
  const { t, i18n } = useTranslation();
  const text = useMessageText();
  const taken = t('approp.takenOn', {
    date: formatDate(result.createdAt, i18n.language),
    version: result.version,
  });
  const score = t('approp.score', { score: result.score, max: result.maxScore });
  const blockedUntil = result.blockedUntil ?? '';
  const open = result.outcome === 'block' && Date.parse(blockedUntil) <= Date.now();
  return (
    <div className="ob-approp-outcome" data-testid="approp-outcome" data-outcome={result.outcome}>
      {result.outcome === 'pass' && (
        <Alert variant="success" className="ob-form-alert">
          <h3 className="h5 d-flex align-items-center gap-2">
            <i className="bi bi-check-circle" aria-hidden="true" />
            {t('approp.pass.title')}
          </h3>
          <p className="mb-0">{t('approp.pass.text')}</p>
        </Alert>
      )}
      {result.outcome === 'warn' && (
        <Alert variant="warning" className="ob-form-alert">
          <h3 className="h5 d-flex align-items-center gap-2">
            <i className="bi bi-exclamation-triangle" aria-hidden="true" />
            {t('approp.warn.title')}
          </h3>
          <p data-testid="approp-warning">{text({ key: 'appropriateness.warningText' })}</p>
          {result.warnLeverageCap !== null && (
            <p>
              {text({ key: 'appropriateness.warnLeverageCapped', params: { max: result.warnLeverageCap } })}
            </p>
          )}
          {result.acknowledgedAt ? (
            <p className="mb-0 fw-semibold" data-testid="approp-acknowledged">
              <i className="bi bi-check2 me-1" aria-hidden="true" />
              {t('approp.acknowledged', { date: formatDate(result.acknowledgedAt, i18n.language, true) })}
            </p>
          ) : (
            <Button
              variant="primary"
              onClick={onAcknowledge}
              disabled={acknowledging}
              data-testid="approp-acknowledge"
            >
              {acknowledging && <Spinner size="sm" className="me-2" aria-hidden="true" />}
              {t('approp.acknowledge')}
            </Button>
          )}
        </Alert>
      )}
      {result.outcome === 'block' && (
        <Alert variant="danger" className="ob-form-alert">
          <h3 className="h5 d-flex align-items-center gap-2">
            <i className="bi bi-slash-circle" aria-hidden="true" />
            {t('approp.block.title')}
          </h3>
          <p className="mb-0" data-testid="approp-blocked">
            {text({ key: 'compliance.appropriatenessBlocked', params: { date: blockedUntil.slice(0, 10) } })}
          </p>
        </Alert>
      )}
      <p className="text-body-secondary small mb-3">
        {score} · {taken}
      </p>
      {(result.outcome !== 'block' || open) && (
        <Button variant="outline-secondary" onClick={onRetake} data-testid="approp-retake">
          {t('approp.retake')}
        </Button>
      )}
    </div>
  );
}

/** The questionnaire: one scrollable form, every question a group of answers; checked by the server's domain. */
function Questionnaire({
  test,
  token,
  onDone,
}: {
  test: AppropriatenessTest;
  token: string;
  onDone: (r: AppropriatenessResult) => void;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, Message>>({});
  const submit = useMutation({
    mutationFn: () => appropriatenessApi.submit(token, { version: test.version, answers }),
    onSuccess: onDone,
    onError: (error) => {
      if (isApiError(error) && error.errors.length > 0) setProblems(messagesByPath(error.errors as never));
      else setProblems({ '': isApiError(error) ? error.toMessage(FAILED) : FAILED });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // the same rule as the server's: every question answered (the server scores and checks again)
    const missing = Object.fromEntries(
      test.questions
        .filter((q) => !answers[q.id])
        .map((q) => [q.id, { key: 'appropriateness.unanswered' } as Message]),
    );
    setProblems(missing);
    if (Object.keys(missing).length === 0) submit.mutate();
  };
  const formProblem = problems[''];
  return (
    <Form noValidate onSubmit={onSubmit} data-testid="approp-form">
      {test.questions.map((question, index) => {
        const problem = problems[question.id];
        return (
          <fieldset
            key={question.id}
            className="ob-form-section ob-approp-question"
            data-testid={`approp-q-${question.id}`}
          >
            <legend className="fs-6 fw-semibold mb-2">
              <span className="ob-approp-step text-body-secondary small d-block">
                {t('approp.questionOf', { n: index + 1, total: test.questions.length })}
              </span>
              {question.text}
            </legend>
            {question.options.map((option) => (
              <Form.Check
                key={option.id}
                type="radio"
                id={`approp-${question.id}-${option.id}`}
                name={question.id}
                label={option.text}
                value={option.id}
                checked={answers[question.id] === option.id}
                isInvalid={!!problem}
                onChange={() => {
                  setAnswers((current) => ({ ...current, [question.id]: option.id }));
                  setProblems(({ [question.id]: _gone, ...rest }) => rest);
                }}
                className="ob-approp-option"
              />
            ))}
            {problem && <div className="invalid-feedback d-block">{text(problem)}</div>}
          </fieldset>
        );
      })}
      {formProblem && (
        <Alert variant="danger" className="ob-form-alert">
          {text(formProblem)}
        </Alert>
      )}
      <div className="ob-form-actions">
        <Button type="submit" variant="primary" disabled={submit.isPending} data-testid="approp-submit">
          {submit.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {t('approp.submit')}
        </Button>
      </div>
    </Form>
  );
}

/** The client's appropriateness test: the questionnaire, or the newest result and what it means. */
export function AppropriatenessTab({ token }: { token: string }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const queryClient = useQueryClient();
  const refreshStatus = useRefreshComplianceStatus();
  const key = ['appropriateness', token];
  const test = useQuery({ queryKey: key, queryFn: ({ signal }) => appropriatenessApi.test(token, signal) });
  const [retaking, setRetaking] = useState(false);
  const [problem, setProblem] = useState<Message | null>(null);
  const done = (result: AppropriatenessResult) => {
    queryClient.setQueryData(key, (current: AppropriatenessTest | undefined) =>
      current ? { ...current, latest: result } : current,
    );
    setRetaking(false);
    void refreshStatus();
  };
  const acknowledge = useMutation({
    mutationFn: () => appropriatenessApi.acknowledge(token),
    onSuccess: done,
    onError: (error) => setProblem(isApiError(error) ? error.toMessage(FAILED) : FAILED),
  });
  if (test.isPending) return <Spinner size="sm" aria-label={t('approp.submit')} />;
  if (!test.data) return <Alert variant="danger">{text(FAILED)}</Alert>;
  const latest = test.data.latest;
  return (
    <div data-testid="approp-tab">
      <p className="text-body-secondary mb-4">{t('approp.lead')}</p>
      {!test.data.required && !latest && <Alert variant="secondary">{t('approp.notRequired')}</Alert>}
      {problem && <Alert variant="danger">{text(problem)}</Alert>}
      {latest && !retaking ? (
        <Outcome
          result={latest}
          onAcknowledge={() => acknowledge.mutate()}
          acknowledging={acknowledge.isPending}
          onRetake={() => setRetaking(true)}
        />
      ) : (
        test.data.required && <Questionnaire test={test.data} token={token} onDone={done} />
      )}
    </div>
  );
}
