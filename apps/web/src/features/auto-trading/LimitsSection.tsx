import type { AutoTradingOverview } from '@openbroker/domain';
import { ButtonGroup, Col, Form, InputGroup, Row, ToggleButton } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../lib/i18n/keys.js';
import { useAccountCurrency } from '../../shared/trading-accounts/currentAccount.js';
import { useMessageText } from '../../ui/forms.js';
import { Field } from './Field.js';
import { type FieldErrors, leverageChoices, type SettingsForm } from './settingsForm.js';

/**
 * The limits section of the settings: the amount per trade (fixed or a share of the balance), the
 * open positions and leverage caps, the daily-loss and drawdown limits and whether reaching one closes.
 */
export function LimitsSection({
  overview,
  form,
  errors,
  id,
  fid,
  set,
  onTouch,
}: {
  overview: AutoTradingOverview;
  form: SettingsForm;
  errors: FieldErrors;
  /** The form's id (the amount mode's buttons are named after it). */
  id: string;
  /** The id of a field's input, by its path. */
  fid: (field: string) => string;
  set: <K extends keyof SettingsForm>(key: K, value: SettingsForm[K], field: string) => void;
  onTouch: (field: string) => void;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const { currencySymbol } = useAccountCurrency();
  const leverages = leverageChoices(overview, form.symbols);
  const current = Number(form.maxLeverage);
  const leverageOptions =
    Number.isFinite(current) && current > 0 && !leverages.includes(current)
      ? [...leverages, current].sort((a, b) => a - b)
      : leverages;
  const money = (field: 'dailyLossLimit' | 'drawdownLimit', label: TranslationKey, hint: TranslationKey) => {
    const path = `limits.${field}`;
    return (
      <Field id={fid(path)} label={t(label)} error={errors[path]} hint={t(hint)}>
        <InputGroup hasValidation>
          <InputGroup.Text>{currencySymbol}</InputGroup.Text>
          <Form.Control
            type="text"
            inputMode="decimal"
            value={form[field]}
            isInvalid={!!errors[path]}
            onChange={(event) => set(field, event.target.value, path)}
            onBlur={() => onTouch(path)}
            aria-describedby={`${fid(path)}-hint`}
            data-testid={`field-${field}`}
          />
        </InputGroup>
      </Field>
    );
  };

  return (
    <>
      <h3 className="ob-form-section">{t('at.section.limits')}</h3>
      <Field
        id={fid('limits.amount.value')}
        label={t('at.field.amount')}
        error={errors['limits.amount.value']}
        hint={
          form.amountMode === 'fixed'
            ? t('at.field.amount.hintFixed', { currency: currencySymbol })
            : t('at.field.amount.hintPercent')
        }
      >
        <div className="ob-at-amount">
          <ButtonGroup size="sm" className="ob-at-amount-mode">
            {(['fixed', 'percent'] as const).map((mode) => (
              <ToggleButton
                key={mode}
                id={`${id}-amount-${mode}`}
                type="radio"
                variant="outline-secondary"
                name={`${id}-amount-mode`}
                value={mode}
                checked={form.amountMode === mode}
                onChange={() => set('amountMode', mode, 'limits.amount.value')}
                data-testid={`amount-mode-${mode}`}
              >
                {t(mode === 'fixed' ? 'at.field.amount.fixed' : 'at.field.amount.percent')}
              </ToggleButton>
            ))}
          </ButtonGroup>
          <InputGroup hasValidation className="ob-at-amount-value">
            {form.amountMode === 'fixed' && <InputGroup.Text>{currencySymbol}</InputGroup.Text>}
            <Form.Control
              type="text"
              inputMode="decimal"
              value={form.amountValue}
              isInvalid={!!errors['limits.amount.value']}
              onChange={(event) => set('amountValue', event.target.value, 'limits.amount.value')}
              onBlur={() => onTouch('limits.amount.value')}
              aria-describedby={`${fid('limits.amount.value')}-hint`}
              data-testid="field-amount"
            />
            {form.amountMode === 'percent' && <InputGroup.Text>%</InputGroup.Text>}
          </InputGroup>
        </div>
      </Field>
      <Row className="gx-3">
        <Col sm={6}>
          <Field
            id={fid('limits.maxPositions')}
            label={t('at.field.maxPositions')}
            error={errors['limits.maxPositions']}
          >
            <Form.Control
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={form.maxPositions}
              isInvalid={!!errors['limits.maxPositions']}
              onChange={(event) => set('maxPositions', event.target.value, 'limits.maxPositions')}
              onBlur={() => onTouch('limits.maxPositions')}
              data-testid="field-maxPositions"
            />
          </Field>
        </Col>
        <Col sm={6}>
          <Field
            id={fid('limits.maxLeverage')}
            label={t('at.field.maxLeverage')}
            error={errors['limits.maxLeverage']}
            hint={
              overview.maxLeverage != null
                ? t('at.field.maxLeverage.capped', { max: overview.maxLeverage })
                : t('at.field.maxLeverage.hint')
            }
          >
            <Form.Select
              value={form.maxLeverage}
              isInvalid={!!errors['limits.maxLeverage']}
              onChange={(event) => {
                set('maxLeverage', event.target.value, 'limits.maxLeverage');
                onTouch('limits.maxLeverage');
              }}
              aria-describedby={`${fid('limits.maxLeverage')}-hint`}
              data-testid="field-maxLeverage"
            >
              {leverageOptions.map((leverage) => (
                <option key={leverage} value={String(leverage)}>
                  1:{leverage}
                </option>
              ))}
            </Form.Select>
          </Field>
        </Col>
        <Col sm={6}>{money('dailyLossLimit', 'at.field.dailyLossLimit', 'at.field.dailyLossLimit.hint')}</Col>
        <Col sm={6}>{money('drawdownLimit', 'at.field.drawdownLimit', 'at.field.drawdownLimit.hint')}</Col>
      </Row>
      <Form.Group className="mb-3" controlId={fid('limits.closeOnLimit')}>
        <Form.Check
          type="checkbox"
          checked={form.closeOnLimit}
          onChange={(event) => set('closeOnLimit', event.target.checked, 'limits.closeOnLimit')}
          label={t('at.field.closeOnLimit')}
          data-testid="field-closeOnLimit"
        />
        <Form.Text muted className="d-block ms-4">
          {t('at.field.closeOnLimit.hint')}
        </Form.Text>
        {errors['limits.closeOnLimit'] && (
          <div className="invalid-feedback d-block">{text(errors['limits.closeOnLimit'])}</div>
        )}
      </Form.Group>
    </>
  );
}
