import { type BrandAdminView, brandText, hostsField, LegalInput } from '@openbroker/domain';
import { Button, Col, Form, InputGroup, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FieldFeedback } from '../../../ui/forms.js';
import { errorAt, SectionForm, TextInput, useSectionForm } from './parts.js';

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
