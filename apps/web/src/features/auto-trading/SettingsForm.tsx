import type { AutoTradingOverview, StrategyTimeframe } from '@openbroker/domain';
import { type FormEvent, useId } from 'react';
import { Alert, Button, Card, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../lib/i18n/keys.js';
import { SubmitButton } from '../../ui/fields.js';
import { type TextMessage, useMessageText } from '../../ui/forms.js';
import { Field } from './Field.js';
import { InstrumentPicker } from './InstrumentPicker.js';
import { LimitsSection } from './LimitsSection.js';
import { type FieldErrors, PARAM_NAMES, type SettingsForm, withStrategy } from './settingsForm.js';
import { STRATEGY_NAME, STRATEGY_SUB, TIMEFRAME_NAME, useNumber } from './strategyText.js';

const PARAM_LABEL: Record<string, TranslationKey> = {
  fastPeriod: 'at.param.fastPeriod',
  slowPeriod: 'at.param.slowPeriod',
  atrPeriod: 'at.param.atrPeriod',
  stopAtr: 'at.param.stopAtr',
  takeProfitAtr: 'at.param.takeProfitAtr',
  rsiPeriod: 'at.param.rsiPeriod',
  oversold: 'at.param.oversold',
  overbought: 'at.param.overbought',
  exitLevel: 'at.param.exitLevel',
};

/**
 * The client's choice: a strategy the brand offers, its timeframe and parameters within the brand's
 * ranges, the instruments, the amount per trade and the risk limits. Messages come from the domain's check as the
 * client types (after a field is left or a save was tried) and from the server's refusal, each at its field.
 */
export function SettingsFormCard({
  overview,
  form,
  errors,
  formMessage,
  dirty,
  saving,
  onChange,
  onTouch,
  onSubmit,
  onDiscard,
}: {
  overview: AutoTradingOverview;
  form: SettingsForm;
  errors: FieldErrors;
  formMessage: TextMessage | null;
  dirty: boolean;
  saving: boolean;
  onChange: (next: SettingsForm, field: string) => void;
  onTouch: (field: string) => void;
  onSubmit: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const num = useNumber(4);
  const id = useId();
  const fid = (field: string) => `${id}-${field.replaceAll('.', '-')}`;
  const offer = overview.offers.find((o) => o.id === form.strategy) ?? overview.offers[0];
  const set = <K extends keyof SettingsForm>(key: K, value: SettingsForm[K], field: string) =>
    onChange({ ...form, [key]: value }, field);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <Card className="ob-card" data-testid="settings-card">
      <Card.Header className="ob-card-header">
        <h2 className="ob-card-title">
          <i className="bi bi-sliders2 me-2" aria-hidden="true" />
          {t('at.settings.title')}
        </h2>
      </Card.Header>
      <Card.Body className="p-3 p-md-4">
        {overview.offers.length === 0 || !offer ? (
          <Alert variant="secondary" className="mb-0">
            {t('at.block.noOffer')}
          </Alert>
        ) : (
          <Form noValidate onSubmit={submit} data-testid="settings-form">
            <p className="small text-body-secondary">{t('at.settings.lead')}</p>
            <h3 className="ob-form-section">{t('at.section.strategy')}</h3>
            <fieldset className="mb-3">
              <legend className="form-label">{t('at.field.strategy')}</legend>
              <div className="ob-at-strategies">
                {overview.offers.map((o) => (
                  <label
                    key={o.id}
                    className={o.id === form.strategy ? 'ob-at-strategy active' : 'ob-at-strategy'}
                    data-testid={`strategy-${o.id}`}
                  >
                    <input
                      type="radio"
                      name={`${id}-strategy`}
                      value={o.id}
                      checked={o.id === form.strategy}
                      onChange={() => onChange(withStrategy(form, o.id, overview.offers), 'params.strategy')}
                      className="form-check-input"
                    />
                    <span>
                      <span className="d-block fw-semibold">{t(STRATEGY_NAME[o.id])}</span>
                      <span className="d-block small text-body-secondary">{t(STRATEGY_SUB[o.id])}</span>
                    </span>
                  </label>
                ))}
              </div>
              {errors['params.strategy'] && (
                <div className="invalid-feedback d-block">{text(errors['params.strategy'])}</div>
              )}
            </fieldset>
            <Field
              id={fid('params.timeframe')}
              label={t('at.field.timeframe')}
              error={errors['params.timeframe']}
              hint={t('at.field.timeframe.hint')}
            >
              <Form.Select
                value={form.timeframe}
                isInvalid={!!errors['params.timeframe']}
                onChange={(event) =>
                  set('timeframe', event.target.value as StrategyTimeframe, 'params.timeframe')
                }
                data-testid="field-timeframe"
              >
                {offer.timeframes.map((tf) => (
                  <option key={tf} value={tf}>
                    {t(TIMEFRAME_NAME[tf])}
                  </option>
                ))}
              </Form.Select>
            </Field>

            <h3 className="ob-form-section">{t('at.section.params')}</h3>
            <Row className="gx-3">
              {PARAM_NAMES[form.strategy].map((name) => {
                const path = `params.${name}`;
                const range = offer.ranges[name];
                const label = t(PARAM_LABEL[name] ?? 'at.section.params');
                return (
                  <Col sm={6} key={name}>
                    <Field
                      id={fid(path)}
                      label={label}
                      error={errors[path]}
                      hint={
                        range &&
                        t('at.param.range', {
                          min: num(range.min),
                          max: num(range.max),
                          step: num(range.step),
                        })
                      }
                    >
                      <Form.Control
                        type="number"
                        inputMode="decimal"
                        min={range?.min}
                        max={range?.max}
                        step={range?.step}
                        value={form.params[name] ?? ''}
                        isInvalid={!!errors[path]}
                        onChange={(event) =>
                          onChange({ ...form, params: { ...form.params, [name]: event.target.value } }, path)
                        }
                        onBlur={() => onTouch(path)}
                        aria-describedby={`${fid(path)}-hint`}
                        data-testid={`param-${name}`}
                      />
                    </Field>
                  </Col>
                );
              })}
            </Row>

            <h3 className="ob-form-section">{t('at.section.instruments')}</h3>
            <Form.Group className="mb-3">
              <Form.Label id={`${fid('limits.symbols')}-label`}>{t('at.field.symbols')}</Form.Label>
              <InstrumentPicker
                instruments={overview.instruments}
                value={form.symbols}
                onChange={(symbols) => {
                  onChange({ ...form, symbols }, 'limits.symbols');
                  onTouch('limits.symbols');
                }}
                invalid={!!errors['limits.symbols']}
                labelledBy={`${fid('limits.symbols')}-label`}
              />
              {errors['limits.symbols'] && (
                <div className="invalid-feedback d-block" data-testid="field-error-symbols">
                  {text(errors['limits.symbols'], t('at.field.symbols'))}
                </div>
              )}
            </Form.Group>

            <LimitsSection
              overview={overview}
              form={form}
              errors={errors}
              id={id}
              fid={fid}
              set={set}
              onTouch={onTouch}
            />

            {formMessage && (
              <Alert variant="danger" className="ob-form-alert" role="alert" data-testid="settings-error">
                {text(formMessage)}
              </Alert>
            )}
            <div className="ob-form-actions">
              <SubmitButton pending={saving} disabled={!dirty} inline>
                <i className="bi bi-check2 me-1" aria-hidden="true" />
                {t('at.save')}
              </SubmitButton>
              {dirty && (
                <Button variant="link" className="px-0" onClick={onDiscard} data-testid="settings-discard">
                  {t('at.discard')}
                </Button>
              )}
            </div>
          </Form>
        )}
      </Card.Body>
    </Card>
  );
}
