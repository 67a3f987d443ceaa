import {
  APPROPRIATENESS_LIMITS,
  APPROPRIATENESS_TOPICS,
  type AppropriatenessSettings,
  type BrandAdminView,
  type BrandComplianceSettings,
  DEFAULT_HIGH_RISK_COUNTRIES,
  type Message,
} from '@openbroker/domain';
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Col, Form, InputGroup, Row } from 'react-bootstrap';
import { type FieldValues, type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/ApiError.js';
import { applyServerError, FieldFeedback } from '../../../ui/forms.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { ErrorBlock, SkeletonBlock } from '../shell/states.js';
import {
  freshId,
  liveMaxScore,
  presetOf,
  presetTestValues,
  type RiskValues,
  riskBody,
  riskResolver,
  riskValues,
  storedTestValues,
  type TestValues,
  testBody,
  testResolver,
  typedCodes,
} from './complianceForm.js';
import { errorAt, NumberField, SectionForm, SwitchField } from './parts.js';
import {
  useAppropriatenessSettings,
  useBrandComplianceSettings,
  useSaveAppropriateness,
  useSaveBrandCompliance,
} from './useBrandCompliance.js';

type AnyForm = UseFormReturn<FieldValues, unknown, FieldValues>;
const FAILURE: Message = { key: 'error.validation' };

/**
 * The brand's compliance settings (docs/compliance.md, "Admin"): the appropriateness test (required, questionnaire,
 * thresholds) and the documents-and-risk settings (grace days, client-entered details, high-risk countries), each
 * section saved on its own.
 */
export function ComplianceTab({ brand }: { brand: BrandAdminView }) {
  const test = useAppropriatenessSettings(brand.id);
  const risk = useBrandComplianceSettings(brand.id);
  return (
    <div data-testid="bob-compliance">
      {test.isError ? (
        <ErrorBlock error={test.error} onRetry={() => void test.refetch()} />
      ) : !test.data ? (
        <SkeletonBlock lines={8} />
      ) : (
        <TestEditor brandId={brand.id} stored={test.data} />
      )}
      {risk.isError ? (
        <ErrorBlock error={risk.error} onRetry={() => void risk.refetch()} />
      ) : !risk.data ? (
        <SkeletonBlock lines={4} />
      ) : (
        <RiskEditor brandId={brand.id} stored={risk.data} />
      )}
    </div>
  );
}

function TestEditor({ brandId, stored }: { brandId: number; stored: AppropriatenessSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveAppropriateness(brandId);
  const preset = presetOf(stored.preset);
  const professional = preset === 'professional';
  const [failure, setFailure] = useState<Message | null>(null);
  const [restored, setRestored] = useState(false);
  const form = useForm<TestValues>({
    resolver: testResolver(preset),
    defaultValues: storedTestValues(stored),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the stored test changes
  useEffect(() => {
    form.reset(storedTestValues(stored));
    setRestored(false);
  }, [stored]);
  const questions = useFieldArray({ control: form.control, name: 'questions', keyName: 'key' });
  const values = form.watch();
  const top = liveMaxScore(values.questions);
  const questionsChanged = useMemo(
    () => JSON.stringify(values.questions) !== JSON.stringify(stored.questionnaire.questions),
    [values.questions, stored.questionnaire.questions],
  );
  const versionUnchanged = questionsChanged && values.version.trim() === stored.questionnaire.version;
  const onSubmit = form.handleSubmit((v) => {
    setFailure(null);
    save.mutate(testBody(v), {
      onSuccess: () => toast('success', { key: 'bob.comp.test.saved' }),
      onError: (error) =>
        setFailure(
          isApiError(error)
            ? applyServerError(form as unknown as AnyForm, error, FAILURE)
            : { key: 'error.internal' },
        ),
    });
  });
  const err = (name: string) => errorAt(form.formState.errors, name);
  return (
    <section className="bob-comp-section" aria-labelledby="bob-comp-test-title">
      <div className="bob-comp-head">
        <div>
          <h3 id="bob-comp-test-title" className="bob-comp-title">
            {t('bob.comp.test.title')}
          </h3>
          <p className="bob-lead mb-0">{t('bob.comp.test.lead')}</p>
        </div>
        <div className="bob-comp-preset">
          <span className="text-muted small">
            {t('bob.comp.test.preset', { preset: t(`bob.preset.${preset}`) })}
          </span>
          <span
            className={`bob-comp-origin${stored.isDefault ? '' : ' bob-comp-origin-custom'}`}
            data-testid="bob-comp-test-origin"
          >
            {stored.isDefault ? t('bob.comp.test.presetDefault') : t('bob.comp.test.customised')}
          </span>
        </div>
      </div>
      <SectionForm
        testId="bob-comp-test"
        onSubmit={() => void onSubmit()}
        saving={save.isPending}
        failure={failure}
        dirty={form.formState.isDirty}
      >
        {professional ? (
          <Alert variant="secondary" className="py-2" data-testid="bob-comp-professional">
            {t('bob.comp.test.professional')}
          </Alert>
        ) : null}
        <Form.Group className="mb-3 bob-switch" controlId="bob-comp-required">
          <Form.Check
            type="switch"
            label={t('bob.comp.test.required')}
            disabled={professional}
            {...form.register('required')}
          />
          <Form.Text muted>{t('bob.comp.test.requiredHint')}</Form.Text>
          <FieldFeedback error={err('required')} />
        </Form.Group>
        <Row className="align-items-end">
          <Col md={4}>
            <Form.Group className="mb-3" controlId="bob-comp-version">
              <Form.Label>{t('bob.comp.test.version')}</Form.Label>
              <Form.Control
                className="font-monospace"
                autoComplete="off"
                maxLength={40}
                isInvalid={!!err('version')}
                {...form.register('version')}
              />
              <FieldFeedback error={err('version')} title={t('bob.comp.test.version')} />
            </Form.Group>
          </Col>
          <Col md={8} className="mb-3 text-md-end">
            <Button
              variant="outline-secondary"
              size="sm"
              data-testid="bob-comp-restore"
              onClick={() => {
                form.reset(presetTestValues(preset, form.getValues('required')), { keepDefaultValues: true });
                setRestored(true);
              }}
            >
              <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
              {t('bob.comp.test.restore')}
            </Button>
          </Col>
        </Row>
        <p className="form-text">{t('bob.comp.test.versionHint')}</p>
        {restored && (
          <Alert variant="info" className="py-2">
            {t('bob.comp.test.restored')}
          </Alert>
        )}
        {versionUnchanged && (
          <Alert variant="warning" className="py-2" data-testid="bob-comp-version-warning">
            {t('bob.comp.test.versionUnchanged')}
          </Alert>
        )}
        <h4 className="bob-subhead">{t('bob.comp.test.questions')}</h4>
        <FieldFeedback error={err('questions')} />
        <ol className="bob-questions" data-testid="bob-comp-questions">
          {questions.fields.map((field, index) => (
            <QuestionEditor
              key={field.key}
              form={form}
              index={index}
              count={questions.fields.length}
              onMove={(to) => questions.move(index, to)}
              onRemove={() => questions.remove(index)}
            />
          ))}
        </ol>
        <Button
          variant="outline-primary"
          size="sm"
          disabled={questions.fields.length >= APPROPRIATENESS_LIMITS.maxQuestions}
          data-testid="bob-comp-add-question"
          onClick={() =>
            questions.append({
              id: freshId(
                'q',
                form.getValues('questions').map((q) => q.id),
              ),
              topic: 'cfd',
              text: '',
              options: [
                { id: 'a1', text: '', points: 0 },
                { id: 'a2', text: '', points: 0 },
              ],
            })
          }
        >
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('bob.comp.test.addQuestion')}
        </Button>
        <h4 className="bob-subhead">{t('bob.comp.test.thresholds')}</h4>
        <Row className="row-cols-1 row-cols-sm-2 row-cols-lg-5">
          <Col>
            <Form.Group className="mb-3" controlId="bob-comp-max">
              <Form.Label>{t('bob.comp.test.maxScore')}</Form.Label>
              <Form.Control
                plaintext
                readOnly
                value={top}
                className="bob-comp-max"
                data-testid="bob-comp-max"
              />
              <Form.Text muted>{t('bob.comp.test.maxHint')}</Form.Text>
            </Form.Group>
          </Col>
          <Col>
            <NumberField
              form={form}
              name="passScore"
              label={t('bob.comp.test.passScore')}
              hint={t('bob.comp.test.passHint')}
              step="1"
            />
          </Col>
          <Col>
            <NumberField
              form={form}
              name="warnScore"
              label={t('bob.comp.test.warnScore')}
              hint={t('bob.comp.test.warnHint')}
              step="1"
            />
          </Col>
          <Col>
            <NumberField
              form={form}
              name="blockDays"
              label={t('bob.comp.test.blockDays')}
              hint={t('bob.comp.test.blockHint')}
              step="1"
            />
          </Col>
          <Col>
            <NumberField
              form={form}
              name="warnLeverageCap"
              label={t('bob.comp.test.warnCap')}
              hint={t('bob.comp.test.warnCapHint')}
              step="1"
            />
          </Col>
        </Row>
      </SectionForm>
    </section>
  );
}

function QuestionEditor({
  form,
  index,
  count,
  onMove,
  onRemove,
}: {
  form: UseFormReturn<TestValues>;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const name = `questions.${index}` as const;
  const options = useFieldArray({ control: form.control, name: `${name}.options`, keyName: 'key' });
  const id = form.watch(`${name}.id`);
  const err = (path: string) => errorAt(form.formState.errors, path);
  const title = t('bob.comp.test.question', { n: index + 1 });
  return (
    <li className="bob-question" data-testid={`bob-comp-question-${index}`}>
      <div className="bob-question-head">
        <strong>{title}</strong>
        <code className="bob-question-id">{id}</code>
        <div className="bob-question-tools">
          <Button
            variant="link"
            size="sm"
            disabled={index === 0}
            aria-label={`${title}: ${t('bob.comp.test.moveUp')}`}
            title={t('bob.comp.test.moveUp')}
            onClick={() => onMove(index - 1)}
          >
            <i className="bi bi-arrow-up" aria-hidden="true" />
          </Button>
          <Button
            variant="link"
            size="sm"
            disabled={index === count - 1}
            aria-label={`${title}: ${t('bob.comp.test.moveDown')}`}
            title={t('bob.comp.test.moveDown')}
            onClick={() => onMove(index + 1)}
          >
            <i className="bi bi-arrow-down" aria-hidden="true" />
          </Button>
          <Button
            variant="link"
            size="sm"
            className="bob-remove"
            disabled={count <= 1}
            aria-label={`${title}: ${t('bob.comp.test.remove')}`}
            title={t('bob.comp.test.remove')}
            onClick={onRemove}
          >
            <i className="bi bi-trash" aria-hidden="true" />
          </Button>
        </div>
      </div>
      <Row>
        <Col md={3}>
          <Form.Group className="mb-2" controlId={`bob-comp-q${index}-topic`}>
            <Form.Label className="small">{t('bob.comp.test.topic')}</Form.Label>
            <Form.Select size="sm" {...form.register(`${name}.topic`)}>
              {APPROPRIATENESS_TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {t(`bob.comp.topic.${topic}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col md={9}>
          <Form.Group className="mb-2" controlId={`bob-comp-q${index}-text`}>
            <Form.Label className="small">{t('bob.comp.test.text')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              size="sm"
              maxLength={APPROPRIATENESS_LIMITS.maxText}
              isInvalid={!!err(name)}
              {...form.register(`${name}.text`)}
            />
            <FieldFeedback error={err(name)} />
          </Form.Group>
        </Col>
      </Row>
      <div className="bob-answers">
        <div className="bob-answers-head small text-muted" aria-hidden="true">
          <span>{t('bob.comp.test.answers')}</span>
          <span>{t('bob.comp.test.points')}</span>
        </div>
        {options.fields.map((option, j) => {
          const at = `${name}.options.${j}` as const;
          const answer = t('bob.comp.test.answer', { n: j + 1 });
          return (
            <div key={option.key} className="bob-answer">
              <div className="bob-answer-row">
                <Form.Control
                  size="sm"
                  aria-label={`${title}, ${answer}`}
                  maxLength={APPROPRIATENESS_LIMITS.maxText}
                  isInvalid={!!err(at)}
                  {...form.register(`${at}.text`)}
                />
                <Form.Control
                  size="sm"
                  type="number"
                  step="1"
                  min={0}
                  max={APPROPRIATENESS_LIMITS.maxPoints}
                  className="bob-answer-points"
                  aria-label={`${title}, ${answer}: ${t('bob.comp.test.points')}`}
                  isInvalid={!!err(at)}
                  {...form.register(`${at}.points`, { valueAsNumber: true })}
                />
                <Button
                  variant="link"
                  size="sm"
                  className="bob-remove"
                  disabled={options.fields.length <= 2}
                  aria-label={`${title}, ${answer}: ${t('bob.comp.test.remove')}`}
                  title={t('bob.comp.test.remove')}
                  onClick={() => options.remove(j)}
                >
                  <i className="bi bi-x-lg" aria-hidden="true" />
                </Button>
              </div>
              <FieldFeedback error={err(at)} />
            </div>
          );
        })}
        <Button
          variant="link"
          size="sm"
          className="px-0"
          disabled={options.fields.length >= APPROPRIATENESS_LIMITS.maxOptions}
          onClick={() =>
            options.append({
              id: freshId(
                'a',
                form.getValues(`${name}.options`).map((o) => o.id),
              ),
              text: '',
              points: 0,
            })
          }
        >
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('bob.comp.test.addAnswer')}
        </Button>
      </div>
    </li>
  );
}

function useCountryName(): (code: string) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    } catch {
      names = undefined;
    }
    return (code: string) => {
      try {
        const name = names?.of(code);
        return name && name !== code ? name : '';
      } catch {
        return '';
      }
    };
  }, [i18n.language]);
}

function RiskEditor({ brandId, stored }: { brandId: number; stored: BrandComplianceSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const countryName = useCountryName();
  const save = useSaveBrandCompliance(brandId);
  const [failure, setFailure] = useState<Message | null>(null);
  const [typed, setTyped] = useState('');
  const form = useForm<RiskValues>({ resolver: riskResolver, defaultValues: riskValues(stored) });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the stored settings change
  useEffect(() => {
    form.reset(riskValues(stored));
  }, [stored]);
  const useDefault = form.watch('useDefault');
  const countries = form.watch('highRiskCountries');
  const setCountries = (next: string[]) =>
    form.setValue('highRiskCountries', next, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  const onSubmit = form.handleSubmit((v) => {
    setFailure(null);
    save.mutate(riskBody(v), {
      onSuccess: () => toast('success', { key: 'bob.comp.docs.saved' }),
      onError: (error) =>
        setFailure(
          isApiError(error)
            ? applyServerError(form as unknown as AnyForm, error, FAILURE)
            : { key: 'error.internal' },
        ),
    });
  });
  const add = () => {
    const codes = typedCodes(typed);
    if (codes.length === 0) return;
    setCountries([...new Set([...countries, ...codes])]);
    setTyped('');
  };
  const countriesError = errorAt(form.formState.errors, 'highRiskCountries');
  const chip = (code: string, removable: boolean) => (
    <li key={code} className="bob-country" data-testid={`bob-country-${code}`}>
      <code>{code}</code>
      {countryName(code) && <span className="bob-country-name">{countryName(code)}</span>}
      {removable && (
        <button
          type="button"
          className="btn-close bob-country-remove"
          aria-label={t('bob.comp.docs.removeCountry', { country: code })}
          onClick={() => setCountries(countries.filter((c) => c !== code))}
        />
      )}
    </li>
  );
  return (
    <section className="bob-comp-section" aria-labelledby="bob-comp-docs-title">
      <div className="bob-comp-head">
        <div>
          <h3 id="bob-comp-docs-title" className="bob-comp-title">
            {t('bob.comp.docs.title')}
          </h3>
          <p className="bob-lead mb-0">{t('bob.comp.docs.lead')}</p>
        </div>
      </div>
      <SectionForm
        testId="bob-comp-docs"
        onSubmit={() => void onSubmit()}
        saving={save.isPending}
        failure={failure}
        dirty={form.formState.isDirty}
      >
        <Row>
          <Col md={4}>
            <NumberField
              form={form}
              name="documentGraceDays"
              label={t('bob.comp.docs.grace')}
              hint={t('bob.comp.docs.graceHint')}
              step="1"
            />
          </Col>
          <Col md={8} className="pt-md-4">
            <SwitchField
              form={form}
              name="clientEntersDocumentDetails"
              label={t('bob.comp.docs.clientEnters')}
              hint={t('bob.comp.docs.clientEntersHint')}
            />
          </Col>
        </Row>
        <h4 className="bob-subhead">{t('bob.comp.docs.countries')}</h4>
        <p className="bob-lead">{t('bob.comp.docs.countriesHint')}</p>
        <Form.Check
          type="switch"
          id="bob-comp-default-countries"
          label={t('bob.comp.docs.useDefault')}
          checked={useDefault}
          onChange={(e) => {
            form.setValue('useDefault', e.target.checked, { shouldDirty: true });
            // switching to the brand's own list starts from the default one
            if (!e.target.checked && countries.length === 0)
              setCountries([...DEFAULT_HIGH_RISK_COUNTRIES].sort());
          }}
        />
        {useDefault ? (
          <div className="mt-2" data-testid="bob-comp-default-list">
            <p className="small text-muted mb-1">
              {t('bob.comp.docs.defaultCount', { count: DEFAULT_HIGH_RISK_COUNTRIES.length })}
            </p>
            <ul className="bob-countries bob-countries-muted">
              {[...DEFAULT_HIGH_RISK_COUNTRIES].sort().map((code) => chip(code, false))}
            </ul>
          </div>
        ) : (
          <div className="mt-2" data-testid="bob-comp-own-list">
            <p className="small text-muted mb-1">
              {countries.length === 0
                ? t('bob.comp.docs.none')
                : t('bob.comp.docs.customCount', { count: countries.length })}
            </p>
            <ul className="bob-countries">{countries.map((code) => chip(code, true))}</ul>
            <Form.Label htmlFor="bob-comp-add-country" className="small mt-2">
              {t('bob.comp.docs.addCountry')}
            </Form.Label>
            <InputGroup size="sm" className="bob-country-add">
              <Form.Control
                id="bob-comp-add-country"
                value={typed}
                placeholder={t('bob.comp.docs.addPlaceholder')}
                autoComplete="off"
                maxLength={200}
                isInvalid={!!countriesError}
                onChange={(e) => setTyped(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    add();
                  }
                }}
              />
              <Button variant="outline-primary" onClick={add} data-testid="bob-comp-add-country">
                {t('bob.comp.docs.add')}
              </Button>
            </InputGroup>
          </div>
        )}
        <FieldFeedback error={countriesError} />
      </SectionForm>
    </section>
  );
}
