import {
  type BrandAdminView,
  BrandTradingView,
  INSTRUMENT_GROUPS,
  JURISDICTION_PRESETS,
  LEVERAGE_CLASSES,
  type Message,
} from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Alert, Col, Form, Row, Table } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../../api/ApiError.js';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { domainResolver, FieldFeedback, useMessageText } from '../../../ui/forms.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { staffRequest } from '../api.js';
import { ErrorBlock, SkeletonBlock } from '../shell/states.js';
import { errorAt, NumberField, SectionForm, SwitchField } from './parts.js';
import { TradingForm, type TradingValues, toSettings, toValues } from './tradingForm.js';
import { brandKey, tradingKey, useSaveBrand } from './useBrandAdmin.js';

const DAYS: TranslationKey[] = [
  'bob.day.0',
  'bob.day.1',
  'bob.day.2',
  'bob.day.3',
  'bob.day.4',
  'bob.day.5',
  'bob.day.6',
];

/** The issue-14 trading conditions of a brand, edited: preset, levels, per-group costs, caps, retail-loss share. */
export function TradingTab({ brand }: { brand: BrandAdminView }) {
  const query = useQuery({
    queryKey: tradingKey(brand.id),
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/brands/${brand.id}/trading`, { schema: BrandTradingView, signal }),
  });
  if (query.isError) return <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <SkeletonBlock lines={8} />;
  return <TradingEditor brand={brand} dto={query.data} />;
}

function TradingEditor({ brand, dto }: { brand: BrandAdminView; dto: BrandTradingView }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const toast = useToast();
  const queryClient = useQueryClient();
  const saveBrand = useSaveBrand(brand.id);
  const [failure, setFailure] = useState<Message | null>(null);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const form = useForm<TradingValues, unknown, z.output<typeof TradingForm>>({
    resolver: domainResolver(TradingForm),
    defaultValues: toValues(dto, brand),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the stored settings change
  useEffect(() => {
    form.reset(toValues(dto, brand));
  }, [dto, brand.riskWarning.computedRetailLoss]);
  const save = useMutation({
    mutationFn: async (v: z.output<typeof TradingForm>) => {
      const answer = await staffRequest(`/api/backoffice/brands/${brand.id}/trading`, {
        schema: BrandTradingView,
        method: 'PUT',
        body: toSettings(v),
      });
      if (v.computedRetailLoss !== brand.riskWarning.computedRetailLoss)
        await saveBrand.mutateAsync({ riskWarning: { computedRetailLoss: v.computedRetailLoss } });
      return answer;
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(tradingKey(brand.id), answer);
      void queryClient.invalidateQueries({ queryKey: brandKey(brand.id) });
      toast('success', { key: 'bob.saved' });
    },
    onError: (error) => {
      if (isApiError(error) && error.errors.length > 0) {
        setServerErrors(
          error.errors.map(
            (e) =>
              `${e.path}: ${e.key ? text({ key: e.key as TranslationKey, ...(e.params ? { params: e.params } : {}) }) : e.message}`,
          ),
        );
        setFailure({ key: 'error.validation' });
      } else
        setFailure(
          isApiError(error) ? error.toMessage({ key: 'error.internal' }) : { key: 'error.internal' },
        );
    },
  });
  const onSubmit = form.handleSubmit((v) => {
    setFailure(null);
    setServerErrors([]);
    save.mutate(v);
  });
  const capsOff = form.watch('capsOff');
  const err = (name: string) => errorAt(form.formState.errors, name);
  return (
    <SectionForm
      testId="bob-trading"
      onSubmit={() => void onSubmit()}
      saving={save.isPending}
      failure={failure}
      dirty={form.formState.isDirty}
    >
      {serverErrors.length > 0 && (
        <Alert variant="danger" className="py-2">
          <ul className="mb-0 ps-3">
            {serverErrors.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Alert>
      )}
      <Row>
        <Col md={3}>
          <Form.Group className="mb-3" controlId="bob-preset">
            <Form.Label>{t('bob.trading.preset')}</Form.Label>
            <Form.Select {...form.register('preset')}>
              {JURISDICTION_PRESETS.map((p) => (
                <option key={p} value={p}>
                  {t(`bob.preset.${p}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col md={3}>
          <NumberField form={form} name="marginCallLevel" label={t('bob.trading.marginCall')} hint="%" />
        </Col>
        <Col md={3}>
          <NumberField form={form} name="stopOutLevel" label={t('bob.trading.stopOut')} hint="%" />
        </Col>
        <Col md={3}>
          <NumberField
            form={form}
            name="retailLossPercent"
            label={t('bob.trading.retailLoss')}
            hint={t('bob.trading.retailLossHint')}
          />
        </Col>
        <Col xs={12}>
          <SwitchField
            form={form}
            name="computedRetailLoss"
            label={t('bob.trading.computedRetailLoss')}
            hint={t('bob.trading.computedRetailLossHint')}
          />
        </Col>
      </Row>
      <h3 className="bob-subhead">{t('bob.trading.caps')}</h3>
      <SwitchField
        form={form}
        name="capsOff"
        label={t('bob.trading.capsOff')}
        hint={t('bob.trading.capsOffHint')}
      />
      <Row className="g-2 mb-3">
        {LEVERAGE_CLASSES.map((c) => (
          <Col xs={6} md={4} lg={2} key={c}>
            <Form.Group controlId={`bob-cap-${c}`}>
              <Form.Label className="small">{t(`bob.class.${c}`)}</Form.Label>
              <Form.Control
                type="number"
                step="1"
                disabled={capsOff}
                isInvalid={!!err(`leverageCaps.${c}`)}
                {...form.register(`leverageCaps.${c}`, { valueAsNumber: true })}
              />
              <FieldFeedback error={err(`leverageCaps.${c}`)} title={t(`bob.class.${c}`)} />
            </Form.Group>
          </Col>
        ))}
      </Row>
      <h3 className="bob-subhead">{t('bob.trading.costs')}</h3>
      <div className="table-responsive">
        <Table size="sm" className="align-middle bob-costs" data-testid="bob-costs">
          <thead>
            <tr>
              <th scope="col">{t('bob.trading.group')}</th>
              <th scope="col">{t('bob.trading.markup')}</th>
              <th scope="col">{t('bob.trading.commission')}</th>
              <th scope="col">{t('bob.trading.swapLong')}</th>
              <th scope="col">{t('bob.trading.swapShort')}</th>
              <th scope="col">{t('bob.trading.tripleDay')}</th>
              <th scope="col">{t('bob.trading.weekends')}</th>
            </tr>
          </thead>
          <tbody>
            {INSTRUMENT_GROUPS.map((g) => (
              <tr key={g} data-testid={`bob-costs-${g}`}>
                <th scope="row">{t(`bob.group.${g}`)}</th>
                <td>
                  <div className="bob-pair">
                    <Form.Control
                      size="sm"
                      type="number"
                      step="any"
                      aria-label={`${t(`bob.group.${g}`)} ${t('bob.trading.markup')}`}
                      isInvalid={!!err(`groups.${g}.markup.value`)}
                      {...form.register(`groups.${g}.markup.value`, { valueAsNumber: true })}
                    />
                    <Form.Select
                      size="sm"
                      aria-label={`${t(`bob.group.${g}`)} ${t('bob.trading.unit')}`}
                      {...form.register(`groups.${g}.markup.unit`)}
                    >
                      <option value="percent">%</option>
                      <option value="pips">{t('bob.unit.pips')}</option>
                    </Form.Select>
                  </div>
                </td>
                <td>
                  <div className="bob-pair">
                    <Form.Control
                      size="sm"
                      type="number"
                      step="any"
                      aria-label={`${t(`bob.group.${g}`)} ${t('bob.trading.commission')}`}
                      isInvalid={!!err(`groups.${g}.commission.value`)}
                      {...form.register(`groups.${g}.commission.value`, { valueAsNumber: true })}
                    />
                    <Form.Select
                      size="sm"
                      aria-label={`${t(`bob.group.${g}`)} ${t('bob.trading.unit')}`}
                      {...form.register(`groups.${g}.commission.unit`)}
                    >
                      <option value="perLot">{t('bob.unit.perLot')}</option>
                      <option value="percent">%</option>
                    </Form.Select>
                  </div>
                </td>
                {(['long', 'short'] as const).map((side) => (
                  <td key={side}>
                    <Form.Control
                      size="sm"
                      type="number"
                      step="any"
                      aria-label={`${t(`bob.group.${g}`)} ${t(side === 'long' ? 'bob.trading.swapLong' : 'bob.trading.swapShort')}`}
                      isInvalid={!!err(`groups.${g}.swap.${side}`)}
                      {...form.register(`groups.${g}.swap.${side}`, { valueAsNumber: true })}
                    />
                  </td>
                ))}
                <td>
                  <Form.Select
                    size="sm"
                    aria-label={`${t(`bob.group.${g}`)} ${t('bob.trading.tripleDay')}`}
                    {...form.register(`groups.${g}.swap.tripleDay`)}
                  >
                    <option value="">{t('bob.day.none')}</option>
                    {DAYS.map((day, i) => (
                      <option key={day} value={String(i)}>
                        {t(day)}
                      </option>
                    ))}
                  </Form.Select>
                </td>
                <td>
                  <Form.Check
                    aria-label={`${t(`bob.group.${g}`)} ${t('bob.trading.weekends')}`}
                    {...form.register(`groups.${g}.swap.weekends`)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <p className="form-text">{t('bob.trading.note')}</p>
    </SectionForm>
  );
}
