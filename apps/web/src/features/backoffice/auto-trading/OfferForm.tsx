import {
  AutoBrandDetail,
  type Message,
  STRATEGY_IDS,
  STRATEGY_TIMEFRAMES,
  type StrategyId,
  type StrategyOffer,
  validateBrandAutoTrading,
} from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { Alert, Button, Form, InputGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/ApiError.js';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { useMessageText } from '../../../ui/forms.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { staffRequest } from '../api.js';
import { useBoFormat } from '../money/format.js';
import { BoPanel } from '../shell/BoPage.js';
import { useErrorText } from '../shell/states.js';
import {
  BOUNDS,
  type Bound,
  draftOf,
  errorsByField,
  inputOf,
  type OfferDraft,
  type RangeDraft,
  rangePath,
  type StrategyDraft,
} from './offerDraft.js';
import { autoBrandKey, autoBrandPath, autoBrandsKey } from './types.js';

const BOUND_LABEL: Record<Bound, TranslationKey> = {
  min: 'boat.offer.col.min',
  default: 'boat.offer.col.default',
  max: 'boat.offer.col.max',
};

/**
 * The brand's offer: per strategy whether clients may pick it, its timeframes and each parameter's
 * lowest, default and highest value inside the product's range; then the leverage cap. Checked with the domain's
 * rules before sending (the server checks the same) and saved in one go; messages land on their fields.
 */
export function OfferForm({ brand }: { brand: AutoBrandDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const capId = useId();
  // compared as text: a new answer with the same offer (e.g. after the kill switch) keeps what is being typed
  const stored = JSON.stringify(draftOf(brand));
  const initial = useMemo(() => JSON.parse(stored) as OfferDraft, [stored]);
  const [draft, setDraft] = useState<OfferDraft>(initial);
  const [errors, setErrors] = useState<Record<string, Message>>({});
  const [failure, setFailure] = useState<unknown>(null);
  // a stored change (this form's save, another tab) becomes the new starting point
  useEffect(() => {
    setDraft(initial);
    setErrors({});
  }, [initial]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);

  const save = useMutation({
    mutationFn: (body: unknown) =>
      staffRequest(autoBrandPath(brand.id), { schema: AutoBrandDetail, method: 'PUT', body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(autoBrandKey(brand.id), answer);
      void queryClient.invalidateQueries({ queryKey: autoBrandsKey });
      toast('success', { key: 'boat.saved', params: { brand: brand.name } });
    },
    onError: (error) => {
      if (isApiError(error) && error.errors.length > 0) {
        setErrors(
          errorsByField(
            error.errors.map((e) => ({
              path: Array.isArray(e.path) ? e.path.join('.') : e.path,
              key: e.key as Message['key'],
              ...(e.params ? { params: e.params } : {}),
            })),
          ),
        );
      } else setFailure(error);
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const input = inputOf(draft);
    const checked = validateBrandAutoTrading(input);
    if (!checked.ok) {
      setErrors(errorsByField(checked.errors));
      return;
    }
    setErrors({});
    save.mutate(input);
  };

  const setStrategy = (id: StrategyId, next: StrategyDraft) =>
    setDraft((d) => ({ ...d, strategies: { ...d.strategies, [id]: next } }));
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <Form noValidate onSubmit={submit} data-testid="boat-offer">
      <BoPanel title={t('boat.offer.title')}>
        <p className="boat-muted mb-3">{t('boat.offer.lead')}</p>
        {hasErrors && (
          <Alert variant="danger" className="py-2" role="alert" data-testid="boat-invalid">
            {t('boat.invalid')}
            {errors[''] || errors.strategies ? <FormLevel message={errors[''] ?? errors.strategies} /> : null}
          </Alert>
        )}
        {failure ? (
          <Alert variant="danger" className="py-2" role="alert">
            {errorText(failure)}
          </Alert>
        ) : null}
        <div className="boat-cards">
          {STRATEGY_IDS.map((id) => (
            <StrategyCard
              key={id}
              id={id}
              draft={draft.strategies[id]}
              product={brand.product[id]}
              errors={errors}
              onChange={(next) => setStrategy(id, next)}
            />
          ))}
        </div>
        <div className="boat-cap">
          <h3 className="boat-card-title mb-2">{t('boat.cap.title')}</h3>
          <Form.Group controlId={capId}>
            <Form.Label>{t('boat.cap.label')}</Form.Label>
            <InputGroup className="boat-cap-input" hasValidation>
              <InputGroup.Text>1:</InputGroup.Text>
              <Form.Control
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={draft.maxLeverage}
                isInvalid={Boolean(errors.maxLeverage)}
                onChange={(event) => setDraft((d) => ({ ...d, maxLeverage: event.target.value }))}
                data-testid="boat-cap"
              />
              <FieldError message={errors.maxLeverage} />
            </InputGroup>
            <Form.Text muted>{t('boat.cap.hint')}</Form.Text>
          </Form.Group>
        </div>
        <div className="boat-save-bar">
          <Button type="submit" variant="primary" disabled={save.isPending} data-testid="boat-save">
            {save.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {t('boat.save')}
          </Button>
          {dirty && (
            <>
              <Button
                variant="outline-secondary"
                onClick={() => {
                  setDraft(initial);
                  setErrors({});
                  setFailure(null);
                }}
                disabled={save.isPending}
                data-testid="boat-discard"
              >
                {t('boat.discard')}
              </Button>
              <span className="boat-unsaved" data-testid="boat-unsaved">
                <i className="bi bi-dot" aria-hidden="true" />
                {t('boat.unsaved')}
              </span>
            </>
          )}
        </div>
      </BoPanel>
    </Form>
  );
}

function FormLevel({ message }: { message: Message | undefined }) {
  const text = useMessageText();
  return message ? <div className="small mt-1">{text(message)}</div> : null;
}

function FieldError({ message }: { message: Message | undefined }) {
  const text = useMessageText();
  if (!message) return null;
  return <Form.Control.Feedback type="invalid">{text(message)}</Form.Control.Feedback>;
}

function StrategyCard({
  id,
  draft,
  product,
  errors,
  onChange,
}: {
  id: StrategyId;
  draft: StrategyDraft;
  product: StrategyOffer;
  errors: Record<string, Message>;
  onChange: (next: StrategyDraft) => void;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const format = useBoFormat();
  const switchId = useId();
  const name = t(`boat.strategy.${id}` as TranslationKey);
  const timeframesError = errors[`strategies.${id}.timeframes`];
  const toggle = (timeframe: (typeof STRATEGY_TIMEFRAMES)[number]) => {
    const on = draft.timeframes.includes(timeframe);
    const next = on ? draft.timeframes.filter((x) => x !== timeframe) : [...draft.timeframes, timeframe];
    onChange({ ...draft, timeframes: STRATEGY_TIMEFRAMES.filter((x) => next.includes(x)) });
  };
  const setRange = (param: string, range: RangeDraft) =>
    onChange({ ...draft, ranges: { ...draft.ranges, [param]: range } });

  return (
    <section
      className={`boat-card${draft.offered ? '' : ' boat-card-off'}`}
      aria-label={name}
      data-testid={`boat-strategy-${id}`}
    >
      <header className="boat-card-head">
        <div>
          <h3 className="boat-card-title">
            <i
              className={`bi ${id === 'trend' ? 'bi-graph-up-arrow' : 'bi-arrow-left-right'} me-2`}
              aria-hidden="true"
            />
            {name}
          </h3>
          <p className="boat-muted mb-0">{t(`boat.strategy.${id}.lead` as TranslationKey)}</p>
        </div>
        <Form.Check
          type="switch"
          id={switchId}
          className="boat-offered"
          label={t('boat.offer.offered')}
          checked={draft.offered}
          onChange={(event) => onChange({ ...draft, offered: event.target.checked })}
          data-testid={`boat-offered-${id}`}
        />
      </header>
      {!draft.offered && <p className="boat-off-note">{t('boat.offer.notOffered')}</p>}
      <fieldset className="boat-tfs">
        <legend className="boat-sub-label">{t('boat.offer.timeframes')}</legend>
        <div className="boat-tf-list">
          {STRATEGY_TIMEFRAMES.filter((tf) => product.timeframes.includes(tf)).map((tf) => {
            const on = draft.timeframes.includes(tf);
            return (
              <button
                key={tf}
                type="button"
                className={`boat-tf${on ? ' boat-tf-on' : ''}`}
                aria-pressed={on}
                onClick={() => toggle(tf)}
                data-testid={`boat-tf-${id}-${tf}`}
              >
                <i className={`bi ${on ? 'bi-check-lg' : 'bi-plus'}`} aria-hidden="true" />
                {t(`boat.tf.${tf}` as TranslationKey)}
              </button>
            );
          })}
        </div>
        {timeframesError && (
          <div className="invalid-feedback d-block" role="alert">
            {text(timeframesError)}
          </div>
        )}
      </fieldset>
      <table className="boat-params">
        <thead>
          <tr>
            <th scope="col">{t('boat.offer.col.param')}</th>
            <th scope="col">{t('boat.offer.col.product')}</th>
            {BOUNDS.map((bound) => (
              <th key={bound} scope="col" className="boat-num-col">
                {t(BOUND_LABEL[bound])}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">{t('boat.offer.reset')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(product.ranges).map(([param, range]) => {
            const value = draft.ranges[param] ?? {
              min: String(range.min),
              default: String(range.default),
              max: String(range.max),
            };
            const label = t(`boat.param.${param}` as TranslationKey);
            const narrowed = Number(value.min) !== range.min || Number(value.max) !== range.max;
            return (
              <tr key={param} data-testid={`boat-param-${id}-${param}`}>
                <th scope="row" className="boat-param-name">
                  {label}
                  {narrowed && <span className="boat-narrowed">{t('boat.offer.narrowed')}</span>}
                </th>
                <td className="boat-product">
                  {t('boat.offer.productRange', {
                    min: format.number(range.min),
                    max: format.number(range.max),
                    step: format.number(range.step),
                  })}
                </td>
                {BOUNDS.map((bound) => {
                  const error = errors[rangePath(id, param, bound)];
                  return (
                    <td key={bound} className="boat-num-col">
                      <Form.Control
                        size="sm"
                        type="number"
                        inputMode="decimal"
                        min={range.min}
                        max={range.max}
                        step={range.step}
                        value={value[bound]}
                        isInvalid={Boolean(error)}
                        aria-label={t('boat.offer.fieldLabel', {
                          param: label,
                          bound: t(BOUND_LABEL[bound]),
                        })}
                        onChange={(event) => setRange(param, { ...value, [bound]: event.target.value })}
                        data-testid={`boat-${id}-${param}-${bound}`}
                      />
                      {error && (
                        <div className="invalid-feedback d-block boat-field-error">{text(error)}</div>
                      )}
                    </td>
                  );
                })}
                <td className="boat-reset-cell">
                  {narrowed && (
                    <Button
                      size="sm"
                      variant="link"
                      className="boat-reset"
                      title={t('boat.offer.resetLabel', { param: label })}
                      aria-label={t('boat.offer.resetLabel', { param: label })}
                      onClick={() =>
                        setRange(param, {
                          min: String(range.min),
                          default: String(range.default),
                          max: String(range.max),
                        })
                      }
                    >
                      <i className="bi bi-arrow-counterclockwise" aria-hidden="true" />
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
