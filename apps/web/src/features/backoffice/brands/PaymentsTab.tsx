import {
  type BrandAdminView,
  type BrandPaymentProviderView,
  PAYMENT_PROVIDER_TYPES,
  PaymentsInput,
  PROVIDER_SECRET_FIELDS,
} from '@openbroker/domain';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { BoEmpty } from '../shell/states.js';
import { errorAt, SectionForm, TextInput, useSectionForm } from './parts.js';

const PaymentsForm = z.strictObject({ payments: PaymentsInput });
type ProviderType = (typeof PAYMENT_PROVIDER_TYPES)[number];

const TYPE_LABEL: Record<ProviderType, TranslationKey> = {
  'sandbox-card': 'bob.pay.type.sandbox-card',
  'bank-wire': 'bob.pay.type.bank-wire',
  'sandbox-alternative': 'bob.pay.type.sandbox-alternative',
  'sandbox-cashier': 'bob.pay.type.sandbox-cashier',
};

const SECRET_LABEL: Record<(typeof PROVIDER_SECRET_FIELDS)[number], TranslationKey> = {
  apiKey: 'bob.pay.apiKey',
  webhookSecret: 'bob.pay.webhookSecret',
};

/** A provider as the form edits it: no hints, secrets empty (empty keeps the stored one). */
function toFormProvider(view: BrandPaymentProviderView): Record<string, unknown> {
  const { secretHints: _hints, ...rest } = view;
  return { merchantId: '', ...rest, apiKey: '', webhookSecret: '' };
}

function blankProvider(type: ProviderType, key: string): Record<string, unknown> {
  const base = { key, type, merchantId: '', apiKey: '', webhookSecret: '' };
  if (type === 'sandbox-card') return { ...base, flow: 'redirect' };
  if (type === 'bank-wire') return { ...base, beneficiary: '', bankName: '', iban: '', bic: '' };
  if (type === 'sandbox-alternative') return { ...base, title: '', url: '' };
  return { ...base, title: '' };
}

export function PaymentsTab({ brand }: { brand: BrandAdminView }) {
  const { t } = useTranslation();
  const { form, onSubmit, saving, failure } = useSectionForm(
    brand,
    PaymentsForm,
    (b) => ({ payments: b.payments.map(toFormProvider) }) as z.input<typeof PaymentsForm>,
    (v) => ({ payments: v.payments }),
  );
  const list = useFieldArray({ control: form.control, name: 'payments' });
  const values = form.watch('payments') ?? [];
  const hintsOf = (key: string) => brand.payments.find((p) => p.key === key)?.secretHints ?? {};
  return (
    <SectionForm
      testId="bob-payments"
      onSubmit={onSubmit}
      saving={saving}
      failure={failure}
      dirty={form.formState.isDirty}
    >
      <p className="bob-lead">{t('bob.pay.lead')}</p>
      {list.fields.length === 0 && <BoEmpty icon="bi-credit-card">{t('bob.pay.none')}</BoEmpty>}
      {list.fields.map((field, index) => {
        const provider = values[index] as Record<string, unknown> | undefined;
        const type = (provider?.type ?? 'sandbox-card') as ProviderType;
        const at = (name: string) => `payments.${index}.${name}` as `payments.${number}.key`;
        const hints = hintsOf(String(provider?.key ?? ''));
        return (
          <fieldset key={field.id} className="bob-provider" data-testid="bob-provider">
            <legend className="bob-provider-head">
              <span>
                <i className="bi bi-credit-card-2-front me-2" aria-hidden="true" />
                {t(TYPE_LABEL[type])} · <code>{String(provider?.key ?? '')}</code>
              </span>
              <span className="d-flex gap-1">
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={index === 0}
                  aria-label={t('bob.pay.up')}
                  onClick={() => list.move(index, index - 1)}
                >
                  <i className="bi bi-arrow-up" aria-hidden="true" />
                </Button>
                <Button
                  size="sm"
                  variant="outline-danger"
                  aria-label={t('bob.pay.remove')}
                  onClick={() => list.remove(index)}
                >
                  <i className="bi bi-trash" aria-hidden="true" />
                </Button>
              </span>
            </legend>
            <Row>
              <Col md={4}>
                <TextInput form={form} name={at('key')} label={t('bob.pay.key')} />
              </Col>
              <Col md={4}>
                <Form.Group className="mb-3" controlId={`bob-pay-type-${field.id}`}>
                  <Form.Label>{t('bob.pay.type')}</Form.Label>
                  <Form.Control plaintext readOnly value={t(TYPE_LABEL[type])} />
                </Form.Group>
              </Col>
              <Col md={4}>
                <TextInput form={form} name={at('merchantId')} label={t('bob.pay.merchantId')} />
              </Col>
              {type === 'sandbox-card' && (
                <Col md={4}>
                  <Form.Group className="mb-3" controlId={`bob-pay-flow-${field.id}`}>
                    <Form.Label>{t('bob.pay.flow')}</Form.Label>
                    <Form.Select {...form.register(at('flow'))}>
                      <option value="redirect">{t('bob.pay.flow.redirect')}</option>
                      <option value="form">{t('bob.pay.flow.form')}</option>
                    </Form.Select>
                  </Form.Group>
                </Col>
              )}
              {type === 'bank-wire' &&
                (['beneficiary', 'bankName', 'iban', 'bic'] as const).map((name) => (
                  <Col md={6} key={name}>
                    <TextInput form={form} name={at(name)} label={t(`bob.pay.${name}`)} />
                  </Col>
                ))}
              {(type === 'sandbox-alternative' || type === 'sandbox-cashier') && (
                <Col md={4}>
                  <TextInput form={form} name={at('title')} label={t('bob.pay.title')} />
                </Col>
              )}
              {type === 'sandbox-alternative' && (
                <Col md={8}>
                  <TextInput
                    form={form}
                    name={at('url')}
                    label={t('bob.pay.url')}
                    hint={t('bob.pay.urlHint')}
                  />
                </Col>
              )}
              {PROVIDER_SECRET_FIELDS.map((secret) => (
                <Col md={6} key={secret}>
                  <TextInput
                    form={form}
                    type="password"
                    autoComplete="new-password"
                    name={at(secret)}
                    label={t(SECRET_LABEL[secret])}
                    placeholder={hints[secret] ?? t('bob.pay.notSet')}
                    hint={
                      hints[secret] ? t('bob.pay.keepHint', { hint: hints[secret] }) : t('bob.pay.setHint')
                    }
                  />
                </Col>
              ))}
            </Row>
            {errorAt(form.formState.errors, `payments.${index}`) && (
              <div className="invalid-feedback d-block">{t('bob.pay.invalid')}</div>
            )}
          </fieldset>
        );
      })}
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <span className="form-text m-0">{t('bob.pay.add')}</span>
        {PAYMENT_PROVIDER_TYPES.map((type) => (
          <Button
            key={type}
            size="sm"
            variant="outline-primary"
            data-testid={`bob-pay-add-${type}`}
            onClick={() => {
              const used = new Set(values.map((p) => String((p as { key?: string }).key)));
              let n = 1;
              while (used.has(`${type}-${n}`)) n++;
              list.append(blankProvider(type, `${type}-${n}`) as never);
            }}
          >
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t(TYPE_LABEL[type])}
          </Button>
        ))}
      </div>
    </SectionForm>
  );
}
