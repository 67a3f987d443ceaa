import {
  EMPLOYMENT_STATUSES,
  FUNDS_SOURCES,
  MONEY_BANDS,
  SourceOfFundsAnswer,
  SourceOfFundsInput,
} from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Alert, Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/ApiError.js';
import { apiRequest } from '../../api/client.js';
import { useToast } from '../../ui/ToastProvider.js';

type Draft = {
  employmentStatus: string;
  annualIncome: string;
  source: string;
  expectedDeposits: string;
  pep: '' | 'yes' | 'no';
};
const EMPTY: Draft = { employmentStatus: '', annualIncome: '', source: '', expectedDeposits: '', pep: '' };

/**
 * The source-of-funds questions (docs/compliance.md "Risk score"): employment, income band, the money's source,
 * expected yearly deposits and PEP status. Checked with the same contract the server uses; the answers feed the
 * client's risk score.
 */
export function SourceOfFundsForm({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const ids = { employment: useId(), income: useId(), source: useId(), expected: useId(), pep: useId() };
  const key = ['account', 'source-of-funds'];
  const stored = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      apiRequest('/api/accounts/source-of-funds', {
        method: 'POST',
        token,
        body: {},
        schema: SourceOfFundsAnswer,
        signal,
      }),
  });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    const answer = stored.data;
    if (answer)
      setDraft({
        employmentStatus: answer.employmentStatus,
        annualIncome: answer.annualIncome,
        source: answer.source,
        expectedDeposits: answer.expectedDeposits,
        pep: answer.pep ? 'yes' : 'no',
      });
  }, [stored.data]);
  const save = useMutation({
    mutationFn: (input: SourceOfFundsInput) =>
      apiRequest('/api/accounts/source-of-funds/answer', {
        method: 'POST',
        token,
        body: input,
        schema: SourceOfFundsAnswer,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      toast('success', { key: 'sof.saved' });
    },
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = SourceOfFundsInput.safeParse({
      ...draft,
      pep: draft.pep === '' ? undefined : draft.pep === 'yes',
    });
    setInvalid(!parsed.success);
    if (parsed.success) save.mutate(parsed.data);
  };
  const set = (field: keyof Draft) => (event: React.ChangeEvent<HTMLSelectElement>) => {
    setDraft({ ...draft, [field]: event.target.value });
    setInvalid(false);
  };
  const select = (
    id: string,
    field: keyof Draft,
    label: string,
    options: readonly string[],
    prefix: string,
  ) => (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        value={draft[field]}
        onChange={set(field)}
        isInvalid={invalid && draft[field] === ''}
        data-testid={`sof-${field}`}
      >
        <option value="">{t('sof.choose')}</option>
        {options.map((value) => (
          <option key={value} value={value}>
            {t(`${prefix}.${value}` as never)}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
  return (
    <section className="mt-4 pt-4 border-top" data-testid="sof-form" aria-labelledby={`${ids.pep}-title`}>
      <h2 id={`${ids.pep}-title`} className="h5">
        {t('sof.title')}
      </h2>
      <p className="text-body-secondary">{t('sof.lead')}</p>
      <Form noValidate onSubmit={submit}>
        <Row className="g-3">
          <Col md={6}>
            {select(
              ids.employment,
              'employmentStatus',
              t('sof.employment'),
              EMPLOYMENT_STATUSES,
              'sof.employment',
            )}
          </Col>
          <Col md={6}>{select(ids.source, 'source', t('sof.source'), FUNDS_SOURCES, 'sof.source')}</Col>
          <Col md={6}>{select(ids.income, 'annualIncome', t('sof.income'), MONEY_BANDS, 'sof.band')}</Col>
          <Col md={6}>
            {select(ids.expected, 'expectedDeposits', t('sof.expected'), MONEY_BANDS, 'sof.band')}
          </Col>
          <Col xs={12}>{select(ids.pep, 'pep', t('sof.pep'), ['no', 'yes'], 'sof')}</Col>
        </Row>
        {(invalid || save.isError) && (
          <Alert variant="danger" className="mt-3 mb-0" role="alert">
            {invalid || !isApiError(save.error) ? t('sof.invalid') : save.error.message}
          </Alert>
        )}
        <div className="d-flex align-items-center gap-3 mt-3 flex-wrap">
          <Button type="submit" disabled={save.isPending} data-testid="sof-save">
            {save.isPending && <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />}
            {t('sof.save')}
          </Button>
          {stored.data && (
            <span className="small text-body-secondary">
              {t('sof.answeredAt', {
                date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
                  new Date(stored.data.answeredAt),
                ),
              })}
            </span>
          )}
        </div>
      </Form>
    </section>
  );
}
