import {
  AutoBrandDetail,
  type Message,
  STRATEGY_IDS,
  type StrategyId,
  validateBrandAutoTrading,
} from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { Alert, Button, Form, InputGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/ApiError.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { staffRequest } from '../api.js';
import { BoPanel } from '../shell/BoPage.js';
import { useErrorText } from '../shell/states.js';
import { FieldError, FormLevel } from './OfferMessages.js';
import { draftOf, errorsByField, inputOf, type OfferDraft, type StrategyDraft } from './offerDraft.js';
import { StrategyCard } from './StrategyCard.js';
import { autoBrandKey, autoBrandPath, autoBrandsKey } from './types.js';

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
