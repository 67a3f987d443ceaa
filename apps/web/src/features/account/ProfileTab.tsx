import {
  isProfileComplete,
  type Message,
  MIN_AGE_DEFAULT,
  type ProfileUpdateInput,
  profileUpdateInputFor,
  splitPhone,
} from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { Alert, Col, Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../api/ApiError.js';
import { accountsApi } from '../../api/accounts.js';
import type { User } from '../../api/types.js';
import { useBrand } from '../../lib/BrandProvider.js';
import { registerFlag } from '../../shared/session/authStore.js';
import { useReplaceUser } from '../../shared/session/useReplaceUser.js';
import { SubmitButton, TextField } from '../../ui/fields.js';
import { applyServerError, FieldFeedback, FormAlert } from '../../ui/forms.js';
import {
  defaultPhoneCountry,
  type PhoneCountryValue,
  PhoneField,
  phoneFormResolver,
} from '../../ui/PhoneField.js';
import { useToast } from '../../ui/ToastProvider.js';
import { type Countries, useCountries } from './useCountries.js';

type ProfileForm = z.input<typeof ProfileUpdateInput> & PhoneCountryValue;

/** After sign-up the next step is the first deposit (spec §4). */
export const DEPOSIT_PATH = '/payment/deposit';

const FAILURE: Message = { key: 'error.validation' };
const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** The form's starting values: the stored profile, the phone split into country code and number. */
export function profileDefaults(user: User, countries: Countries): ProfileForm {
  const phone = splitPhone(text(user.phone));
  return {
    first_name: text(user.first_name),
    last_name: text(user.last_name),
    phone: phone.national,
    phone_country: phone.alpha2 ?? countries.byId(user.country_id)?.alpha2 ?? defaultPhoneCountry(),
    birth_date: text(user.birth_date).slice(0, 10),
    country_id: user.country_id ? String(user.country_id) : '',
    state: text(user.state),
    city: text(user.city),
    street: text(user.street),
    zip_code: text(user.zip_code),
  };
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * spec §5 profile: every field required. Saving replaces the stored user with the answer (spec §7); right
 * after sign-up (register flag) the next stop is the deposit page (spec §4).
 */
export function ProfileTab({ user, token }: { user: User; token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const replaceUser = useReplaceUser();
  const countries = useCountries();
  const countryId = useId();
  const [failure, setFailure] = useState<Message | null>(null);
  const minAge = useBrand().minAge ?? MIN_AGE_DEFAULT;
  // The server's birth date rule (not in the future, at least the brand's minimum age), explained at once.
  const resolver = useMemo(
    () => phoneFormResolver(profileUpdateInputFor({ now: new Date(), minAge })),
    [minAge],
  );
  const form = useForm<ProfileForm, unknown, ProfileUpdateInput>({
    resolver,
    defaultValues: profileDefaults(user, countries),
  });

  // A profile without a country starts with the one of the phone number, once the list is known.
  const { options } = countries;
  useEffect(() => {
    if (!options || form.getValues('country_id') || form.getFieldState('country_id').isDirty) return;
    const phoneCountry = form.getValues('phone_country');
    const match = options.find((country) => country.alpha2 === phoneCountry);
    if (match) form.setValue('country_id', String(match.id));
  }, [options, form]);

  const save = useMutation({
    mutationFn: (values: ProfileUpdateInput) => accountsApi.update(token, values),
    onSuccess: (saved) => {
      replaceUser(saved);
      toast('success', { key: 'data.saved' });
      form.reset(profileDefaults(saved, countries));
      if (registerFlag.isSet()) {
        registerFlag.clear();
        navigate(DEPOSIT_PATH);
      }
    },
    onError: (error) => {
      // spec §8: profile update failures are logged; the client is told too, in their language.
      console.warn('Profile update failed', error);
      setFailure(isApiError(error) ? applyServerError(form, error, FAILURE) : FAILURE);
    },
  });

  const countryError = form.formState.errors.country_id;
  return (
    <>
      <p className="text-body-secondary">{t('account.info.lead')}</p>
      {/* spec §5: an incomplete profile shows a warning */}
      {!isProfileComplete(user) && (
        <Alert variant="warning" className="ob-form-alert d-flex gap-2" data-testid="profile-incomplete">
          <i className="bi bi-exclamation-triangle" aria-hidden="true" />
          <span>{t('account.fillDetails')}</span>
        </Alert>
      )}
      <FormAlert message={failure} />
      <Form
        noValidate
        data-testid="profile-form"
        onSubmit={form.handleSubmit((values) => {
          setFailure(null);
          save.mutate(values);
        })}
      >
        <h2 className="ob-form-section">{t('account.info.personal')}</h2>
        <Row className="gx-3">
          <Col sm={6}>
            <TextField form={form} name="first_name" label={t('form.firstName')} autoComplete="given-name" />
          </Col>
          <Col sm={6}>
            <TextField form={form} name="last_name" label={t('form.lastName')} autoComplete="family-name" />
          </Col>
          <Col sm={6}>
            <TextField
              form={form}
              name="birth_date"
              label={t('form.birthDate')}
              type="date"
              autoComplete="bday"
              max={today()}
            />
          </Col>
          <Col sm={6}>
            <PhoneField form={form} label={t('form.phone')} />
          </Col>
          <Col sm={6}>
            <Form.Group className="mb-3" controlId="profile-email">
              <Form.Label>{t('form.email')}</Form.Label>
              <Form.Control type="email" value={user.email} readOnly disabled />
              <Form.Text muted>{t('account.info.emailFixed')}</Form.Text>
            </Form.Group>
          </Col>
        </Row>

        <h2 className="ob-form-section">{t('account.info.address')}</h2>
        <Row className="gx-3">
          <Col sm={6}>
            <Form.Group className="mb-3" controlId={countryId}>
              <Form.Label>{t('form.country')}</Form.Label>
              {/* The select mounts with its options, so the stored country shows as chosen. */}
              {countries.options ? (
                <Form.Select
                  {...form.register('country_id')}
                  isInvalid={!!countryError}
                  autoComplete="country"
                  data-testid="country-select"
                >
                  <option value="">{t('form.choose')}</option>
                  {countries.options.map((country) => (
                    <option key={country.id} value={String(country.id)}>
                      {country.label}
                    </option>
                  ))}
                </Form.Select>
              ) : (
                <Form.Select disabled data-testid="country-select-loading">
                  <option>{t('app.loading')}</option>
                </Form.Select>
              )}
              <FieldFeedback error={countryError} title={t('form.country')} />
            </Form.Group>
          </Col>
          <Col sm={6}>
            <TextField form={form} name="state" label={t('form.state')} autoComplete="address-level1" />
          </Col>
          <Col sm={6}>
            <TextField form={form} name="city" label={t('form.city')} autoComplete="address-level2" />
          </Col>
          <Col sm={6}>
            <TextField form={form} name="zip_code" label={t('form.zip')} autoComplete="postal-code" />
          </Col>
          <Col xs={12}>
            <TextField form={form} name="street" label={t('form.street')} autoComplete="street-address" />
          </Col>
        </Row>
        <div className="ob-form-actions">
          <SubmitButton inline pending={save.isPending}>
            {t('form.save')}
          </SubmitButton>
        </div>
      </Form>
    </>
  );
}
