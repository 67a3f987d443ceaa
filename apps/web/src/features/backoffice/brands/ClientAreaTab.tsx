import {
  BRAND_CURRENCIES,
  BRAND_LANGUAGES,
  BRAND_WIDGETS,
  type BrandAdminView,
  ClientAreaInput,
} from '@openbroker/domain';
import { useId } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { FieldFeedback } from '../../../ui/forms.js';
import { errorAt, NumberField, SectionForm, SwitchField, useSectionForm } from './parts.js';

const FEATURES = [
  ['registrationEnabled', 'bob.area.registration', 'bob.area.registrationHint'],
  ['restrictedMode', 'bob.area.restricted', 'bob.area.restrictedHint'],
  ['homeRedirectsToPlatform', 'bob.area.redirect', 'bob.area.redirectHint'],
  ['economics', 'bob.area.economics', 'bob.area.economicsHint'],
] as const satisfies readonly (readonly [string, TranslationKey, TranslationKey])[];

const WIDGET_LABEL: Record<(typeof BRAND_WIDGETS)[number], TranslationKey> = {
  'market-quotes': 'bob.widget.market-quotes',
  'cross-rates': 'bob.widget.cross-rates',
  'ticker-tape': 'bob.widget.ticker-tape',
};

/** A list of choices kept as an array in the form. */
function ChoiceList<V extends string>({
  label,
  options,
  value,
  onChange,
  labelOf,
  testId,
}: {
  label: string;
  options: readonly V[];
  value: V[];
  onChange: (next: V[]) => void;
  labelOf: (v: V) => string;
  testId: string;
}) {
  const id = useId();
  return (
    <fieldset className="mb-3" data-testid={testId}>
      <legend className="form-label fs-6">{label}</legend>
      {options.map((option) => (
        <Form.Check
          key={option}
          inline
          id={`${id}-${option}`}
          label={labelOf(option)}
          checked={value.includes(option)}
          onChange={(event) =>
            onChange(
              event.target.checked
                ? options.filter((o) => o === option || value.includes(o))
                : value.filter((v) => v !== option),
            )
          }
        />
      ))}
    </fieldset>
  );
}

/**
 * The brand's client area: account currency and minimum deposit, the live account currencies and the demo
 * account's virtual money, the feature switches, the home page's widgets and the languages offered.
 */
export function ClientAreaTab({ brand }: { brand: BrandAdminView }) {
  const { t } = useTranslation();
  const { form, onSubmit, saving, failure } = useSectionForm(
    brand,
    ClientAreaInput,
    (b) => structuredClone(b.clientArea),
    (v) => ({ clientArea: v }),
  );
  const currencyError = errorAt(form.formState.errors, 'currency');
  return (
    <SectionForm
      testId="bob-area"
      onSubmit={onSubmit}
      saving={saving}
      failure={failure}
      dirty={form.formState.isDirty}
    >
      <Row>
        <Col md={4}>
          <Form.Group className="mb-3" controlId="bob-currency">
            <Form.Label>{t('bob.field.currency')}</Form.Label>
            <Form.Select isInvalid={!!currencyError} {...form.register('currency')}>
              {Object.entries(BRAND_CURRENCIES).map(([code, symbol]) => (
                <option key={code} value={code}>
                  {code} ({symbol})
                </option>
              ))}
            </Form.Select>
            <Form.Text muted>{t('bob.hint.currency')}</Form.Text>
            <FieldFeedback error={currencyError} title={t('bob.field.currency')} />
          </Form.Group>
        </Col>
        <Col md={4}>
          <NumberField form={form} name="minDeposit" label={t('bob.field.minDeposit')} step="1" />
        </Col>
        <Col md={4}>
          <NumberField
            form={form}
            name="demoBalance"
            label={t('bob.field.demoBalance')}
            hint={t('bob.hint.demoBalance')}
            step="1"
          />
        </Col>
      </Row>
      <ChoiceList
        testId="bob-account-currencies"
        label={t('bob.field.accountCurrencies')}
        options={Object.keys(BRAND_CURRENCIES) as (keyof typeof BRAND_CURRENCIES)[]}
        value={form.watch('accountCurrencies') ?? []}
        onChange={(next) => form.setValue('accountCurrencies', next, { shouldDirty: true })}
        labelOf={(code) => `${code} (${BRAND_CURRENCIES[code]})`}
      />
      <Form.Text muted className="d-block mt-n2 mb-3">
        {t('bob.hint.accountCurrencies')}
      </Form.Text>
      <FieldFeedback
        error={errorAt(form.formState.errors, 'accountCurrencies')}
        title={t('bob.field.accountCurrencies')}
      />
      <h3 className="bob-subhead">{t('bob.area.features')}</h3>
      <Row>
        {FEATURES.map(([name, label, hint]) => (
          <Col md={6} key={name}>
            <SwitchField form={form} name={`features.${name}`} label={t(label)} hint={t(hint)} />
          </Col>
        ))}
      </Row>
      <h3 className="bob-subhead">{t('bob.area.home')}</h3>
      <ChoiceList
        testId="bob-widgets"
        label={t('bob.field.widgets')}
        options={BRAND_WIDGETS}
        value={form.watch('widgets') ?? []}
        onChange={(next) => form.setValue('widgets', next, { shouldDirty: true })}
        labelOf={(w) => t(WIDGET_LABEL[w])}
      />
      <ChoiceList
        testId="bob-languages"
        label={t('bob.field.languages')}
        options={BRAND_LANGUAGES}
        value={form.watch('languages') ?? []}
        onChange={(next) => form.setValue('languages', next, { shouldDirty: true })}
        labelOf={(l) => l.toUpperCase()}
      />
      <FieldFeedback error={errorAt(form.formState.errors, 'languages')} title={t('bob.field.languages')} />
    </SectionForm>
  );
}
