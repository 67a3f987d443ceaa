import {
  BackofficeRulesInput,
  BRAND_CURRENCIES,
  BRAND_LANGUAGES,
  BRAND_WIDGETS,
  type BrandAdminView,
  brandText,
  ClientAreaInput,
  hostsField,
  LegalInput,
} from '@openbroker/domain';
import { useId } from 'react';
import { Button, Col, Form, InputGroup, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { FieldFeedback } from '../../../ui/forms.js';
import { errorAt, NumberField, SectionForm, SwitchField, TextInput, useSectionForm } from './parts.js';

// ------------------------------------------------------------------------------------------ general

const GeneralForm = z.strictObject({ name: brandText(120, { required: true }) });

export function GeneralTab({ brand }: { brand: BrandAdminView }) {
  const { t } = useTranslation();
  const { form, onSubmit, saving, failure } = useSectionForm(
    brand,
    GeneralForm,
    (b) => ({ name: b.name }),
    (v) => ({ name: v.name }),
  );
  return (
    <SectionForm
      testId="bob-general"
      onSubmit={onSubmit}
      saving={saving}
      failure={failure}
      dirty={form.formState.isDirty}
    >
      <Row>
        <Col md={6}>
          <TextInput form={form} name="name" label={t('bob.field.name')} hint={t('bob.hint.name')} />
        </Col>
        <Col md={6}>
          <Form.Group className="mb-3" controlId="bob-slug">
            <Form.Label>{t('bob.field.slug')}</Form.Label>
            <Form.Control value={brand.slug} readOnly plaintext className="font-monospace" />
            <Form.Text muted>{t('bob.hint.slug')}</Form.Text>
          </Form.Group>
        </Col>
      </Row>
    </SectionForm>
  );
}

// ------------------------------------------------------------------------------------------ hosts

const HostsForm = z.strictObject({ hosts: hostsField });

export function HostsTab({ brand }: { brand: BrandAdminView }) {
  const { t } = useTranslation();
  const { form, onSubmit, saving, failure } = useSectionForm(
    brand,
    HostsForm,
    (b) => ({ hosts: [...b.hosts] }),
    (v) => ({ hosts: v.hosts }),
  );
  const hosts = form.watch('hosts');
  const listError = errorAt(form.formState.errors, 'hosts');
  return (
    <SectionForm
      testId="bob-hosts"
      onSubmit={onSubmit}
      saving={saving}
      failure={failure}
      dirty={form.formState.isDirty}
    >
      <p className="bob-lead">{t('bob.hosts.lead')}</p>
      {hosts.map((_host, index) => {
        const error = errorAt(form.formState.errors, `hosts.${index}`);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the hosts are edited in place by position
          <Form.Group key={index} className="mb-2" controlId={`bob-host-${index}`}>
            <Form.Label visuallyHidden>{t('bob.hosts.host', { n: index + 1 })}</Form.Label>
            <InputGroup hasValidation>
              <InputGroup.Text>
                <i className="bi bi-globe2" aria-hidden="true" />
              </InputGroup.Text>
              <Form.Control
                className="font-monospace"
                isInvalid={!!error}
                placeholder="broker.example.com"
                {...form.register(`hosts.${index}`)}
              />
              <Button
                variant="outline-secondary"
                aria-label={t('bob.hosts.remove', { host: hosts[index] ?? '' })}
                disabled={hosts.length <= 1}
                onClick={() =>
                  form.setValue(
                    'hosts',
                    hosts.filter((_, i) => i !== index),
                    { shouldDirty: true },
                  )
                }
              >
                <i className="bi bi-x-lg" aria-hidden="true" />
              </Button>
              <FieldFeedback error={error} title={t('bob.field.host')} />
            </InputGroup>
          </Form.Group>
        );
      })}
      {listError && <FieldFeedback error={listError} title={t('bob.field.hosts')} />}
      <Button
        variant="outline-primary"
        size="sm"
        className="mt-2"
        data-testid="bob-host-add"
        onClick={() => form.setValue('hosts', [...hosts, ''], { shouldDirty: true })}
      >
        <i className="bi bi-plus-lg me-1" aria-hidden="true" />
        {t('bob.hosts.add')}
      </Button>
    </SectionForm>
  );
}

// ------------------------------------------------------------------------------------------ client area

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
      </Row>
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

// ------------------------------------------------------------------------------------------ legal

export function LegalTab({ brand }: { brand: BrandAdminView }) {
  const { t } = useTranslation();
  const { form, onSubmit, saving, failure } = useSectionForm(
    brand,
    LegalInput,
    (b) => ({ ...b.legal }),
    (v) => ({ legal: v }),
  );
  return (
    <SectionForm
      testId="bob-legal"
      onSubmit={onSubmit}
      saving={saving}
      failure={failure}
      dirty={form.formState.isDirty}
    >
      <Row>
        <Col md={6}>
          <TextInput form={form} name="legalName" label={t('bob.field.legalName')} />
        </Col>
        <Col md={6}>
          <TextInput form={form} name="supportEmail" type="email" label={t('bob.field.supportEmail')} />
        </Col>
        <Col md={8}>
          <TextInput form={form} name="address" label={t('bob.field.address')} />
        </Col>
        <Col md={4}>
          <TextInput form={form} name="phone" label={t('bob.field.phone')} />
        </Col>
        <Col xs={12}>
          <TextInput form={form} name="tagline" label={t('bob.field.tagline')} hint={t('bob.hint.tagline')} />
        </Col>
        <Col xs={12}>
          <TextInput
            form={form}
            name="copyright"
            as="textarea"
            rows={3}
            label={t('bob.field.copyright')}
            hint={t('bob.hint.copyright')}
          />
        </Col>
      </Row>
    </SectionForm>
  );
}

// ------------------------------------------------------------------------------------------ verification & defaults

export function VerificationTab({ brand }: { brand: BrandAdminView }) {
  const { t } = useTranslation();
  const { form, onSubmit, saving, failure } = useSectionForm(
    brand,
    BackofficeRulesInput,
    (b) => structuredClone(b.backoffice),
    (v) => ({ backoffice: v }),
  );
  const permissions = form.watch('defaultPermissions');
  const leverage = form.watch('defaultLeverage');
  const set = <K extends 'defaultPermissions' | 'defaultLeverage'>(
    name: K,
    value: K extends 'defaultPermissions' ? number[] | null : Record<string, number[]> | null,
  ) => form.setValue(name, value as never, { shouldDirty: true });
  return (
    <SectionForm
      testId="bob-verification"
      onSubmit={onSubmit}
      saving={saving}
      failure={failure}
      dirty={form.formState.isDirty}
    >
      <Row>
        <Col md={6}>
          <Form.Group className="mb-3" controlId="bob-verification-rule">
            <Form.Label>{t('bob.field.verification')}</Form.Label>
            <Form.Select {...form.register('verification')}>
              <option value="automatic">{t('bob.verification.automatic')}</option>
              <option value="manual">{t('bob.verification.manual')}</option>
            </Form.Select>
            <Form.Text muted>{t('bob.hint.verification')}</Form.Text>
          </Form.Group>
        </Col>
        <Col md={6}>
          <NumberField
            form={form}
            name="fourEyesAbove"
            label={t('bob.field.fourEyesAbove')}
            hint={t('bob.hint.fourEyesAbove')}
            step="1"
          />
        </Col>
        <Col xs={12}>
          <SwitchField form={form} name="bonusWithdrawable" label={t('bob.field.bonusWithdrawable')} />
        </Col>
        <Col xs={12}>
          <SwitchField
            form={form}
            name="withdrawalsNeedVerification"
            label={t('bob.field.withdrawalsNeedVerification')}
            hint={t('bob.hint.withdrawalsNeedVerification')}
          />
        </Col>
      </Row>
      <h3 className="bob-subhead">{t('bob.defaults.title')}</h3>
      <p className="bob-lead">{t('bob.defaults.lead')}</p>
      <Form.Check
        type="switch"
        id="bob-all-categories"
        label={t('bob.defaults.allCategories')}
        checked={permissions === null}
        onChange={(e) =>
          set('defaultPermissions', e.target.checked ? null : brand.categories.map((c) => c.id))
        }
      />
      <div className="bob-categories" data-testid="bob-categories">
        {brand.categories.map((category) => {
          const allowed = permissions === null || permissions.includes(category.id);
          const levels = leverage?.[category.name];
          return (
            <div key={category.id} className="bob-category">
              <Form.Check
                id={`bob-cat-${category.id}`}
                label={<strong>{category.name}</strong>}
                checked={allowed}
                disabled={permissions === null}
                onChange={(e) =>
                  set(
                    'defaultPermissions',
                    e.target.checked
                      ? [...(permissions ?? []), category.id].sort((a, b) => a - b)
                      : (permissions ?? []).filter((id) => id !== category.id),
                  )
                }
              />
              <fieldset className="bob-leverages">
                <legend className="visually-hidden">
                  {t('bob.defaults.leverages', { category: category.name })}
                </legend>
                {category.leverages.map((lev, index) => (
                  <Form.Check
                    key={lev}
                    inline
                    id={`bob-lev-${category.id}-${index}`}
                    label={`1:${lev}`}
                    checked={levels === undefined || levels.includes(index)}
                    onChange={(e) => {
                      const current = levels ?? category.leverages.map((_, i) => i);
                      const next = e.target.checked
                        ? [...current, index].sort((a, b) => a - b)
                        : current.filter((i) => i !== index);
                      const map = { ...(leverage ?? {}) };
                      if (next.length === category.leverages.length) delete map[category.name];
                      else map[category.name] = next;
                      set('defaultLeverage', Object.keys(map).length > 0 ? map : null);
                    }}
                  />
                ))}
              </fieldset>
              <FieldFeedback
                error={errorAt(form.formState.errors, `defaultLeverage.${category.name}`)}
                title={category.name}
              />
            </div>
          );
        })}
      </div>
    </SectionForm>
  );
}
