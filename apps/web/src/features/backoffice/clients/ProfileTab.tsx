import {
  ClientDetail,
  ClientProfileInput,
  type Message,
  MIN_AGE_DEFAULT,
  profileUpdateInputFor,
  splitPhone,
} from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../../api/ApiError.js';
import { SubmitButton, TextField } from '../../../ui/fields.js';
import { applyServerError, FieldFeedback, FormAlert } from '../../../ui/forms.js';
import {
  defaultPhoneCountry,
  type PhoneCountryValue,
  PhoneField,
  phoneFormResolver,
} from '../../../ui/PhoneField.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { staffRequest } from '../api.js';
import { BoPanel } from '../shell/BoPage.js';
import { useStaffSession } from '../shell/session.js';
import { clientKeys, useReference } from './useClients.js';

type ProfileForm = z.input<typeof ClientProfileInput> & PhoneCountryValue;
type ProfileValues = z.output<typeof ClientProfileInput>;

const FAILURE: Message = { key: 'error.validation' };
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The form's values from the client record (phone split into country code and number). */
export function clientProfileDefaults(
  client: ClientDetail,
  alpha2ById: (id: number | null) => string | undefined,
): ProfileForm {
  const phone = splitPhone(text(client.phone));
  return {
    first_name: text(client.firstName),
    last_name: text(client.lastName),
    email: text(client.email),
    phone: phone.national,
    phone_country: phone.alpha2 ?? alpha2ById(client.countryId) ?? defaultPhoneCountry(),
    birth_date: text(client.birthDate).slice(0, 10),
    country_id: client.countryId ? String(client.countryId) : '',
    state: text(client.state),
    city: text(client.city),
    street: text(client.street),
    zip_code: text(client.zipCode),
  };
}

/**
 * The client's profile: the same fields and domain rules as the client's own profile form
 * (ProfileUpdateInput with the birth-date rule) plus the e-mail. Editable with clients.edit; read-only
 * otherwise.
 */
export function ProfileTab({ client }: { client: ClientDetail }) {
  const { t } = useTranslation();
  const { can } = useStaffSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const reference = useReference();
  const countryFieldId = useId();
  const editable = can('clients.edit');
  const [failure, setFailure] = useState<Message | null>(null);
  const countries = reference.data?.countries;
  const alpha2ById = (id: number | null) => countries?.find((country) => country.id === id)?.alpha2;
  const resolver = useMemo(
    () =>
      phoneFormResolver(
        profileUpdateInputFor({ now: new Date(), minAge: MIN_AGE_DEFAULT }).extend({
          email: ClientProfileInput.shape.email,
        }),
      ),
    [],
  );
  const form = useForm<ProfileForm, unknown, ProfileValues>({
    resolver,
    defaultValues: clientProfileDefaults(client, alpha2ById),
  });

  const save = useMutation({
    mutationFn: (values: ProfileValues) =>
      staffRequest(`/api/backoffice/clients/${client.id}/profile`, {
        schema: ClientDetail,
        method: 'PATCH',
        body: values,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(clientKeys.detail(client.id), saved);
      void queryClient.invalidateQueries({ queryKey: clientKeys.part(client.id, 'audit') });
      toast('success', { key: 'bo.profile.saved' });
      form.reset(clientProfileDefaults(saved, alpha2ById));
    },
    onError: (error) => setFailure(isApiError(error) ? applyServerError(form, error, FAILURE) : FAILURE),
  });

  const countryError = form.formState.errors.country_id;
  return (
    <BoPanel>
      {!editable && (
        <p className="bo-readonly-note" data-testid="bo-profile-readonly">
          <i className="bi bi-lock me-1" aria-hidden="true" />
          {t('bo.profile.readOnly')}
        </p>
      )}
      <FormAlert message={failure} />
      <Form
        noValidate
        data-testid="bo-profile-form"
        onSubmit={form.handleSubmit((values) => {
          setFailure(null);
          save.mutate(values);
        })}
      >
        <fieldset disabled={!editable}>
          <h3 className="bo-form-section">{t('bo.profile.personal')}</h3>
          <Row className="gx-3">
            <Col md={4}>
              <TextField form={form} name="first_name" label={t('form.firstName')} />
            </Col>
            <Col md={4}>
              <TextField form={form} name="last_name" label={t('form.lastName')} />
            </Col>
            <Col md={4}>
              <TextField form={form} name="birth_date" label={t('form.birthDate')} type="date" />
            </Col>
            <Col md={6}>
              <TextField form={form} name="email" label={t('form.email')} type="email" />
            </Col>
            <Col md={6}>
              <PhoneField form={form} label={t('form.phone')} />
            </Col>
          </Row>
          <h3 className="bo-form-section">{t('bo.profile.address')}</h3>
          <Row className="gx-3">
            <Col md={4}>
              <Form.Group className="mb-3" controlId={countryFieldId}>
                <Form.Label>{t('form.country')}</Form.Label>
                {countries ? (
                  <Form.Select {...form.register('country_id')} isInvalid={!!countryError}>
                    <option value="">{t('form.choose')}</option>
                    {countries.map((country) => (
                      <option key={country.id} value={String(country.id)}>
                        {country.name}
                      </option>
                    ))}
                  </Form.Select>
                ) : (
                  <Form.Select disabled>
                    <option>{t('bo.loading')}</option>
                  </Form.Select>
                )}
                <FieldFeedback error={countryError} title={t('form.country')} />
              </Form.Group>
            </Col>
            <Col md={4}>
              <TextField form={form} name="state" label={t('form.state')} />
            </Col>
            <Col md={4}>
              <TextField form={form} name="city" label={t('form.city')} />
            </Col>
            <Col md={8}>
              <TextField form={form} name="street" label={t('form.street')} />
            </Col>
            <Col md={4}>
              <TextField form={form} name="zip_code" label={t('form.zip')} />
            </Col>
          </Row>
        </fieldset>
        {editable && (
          <div className="bo-form-actions">
            <Button
              variant="outline-secondary"
              disabled={!form.formState.isDirty || save.isPending}
              onClick={() => {
                setFailure(null);
                form.reset(clientProfileDefaults(client, alpha2ById));
              }}
            >
              {t('bo.profile.reset')}
            </Button>
            <SubmitButton inline pending={save.isPending} disabled={!form.formState.isDirty}>
              {t('bo.save')}
            </SubmitButton>
          </div>
        )}
      </Form>
    </BoPanel>
  );
}
