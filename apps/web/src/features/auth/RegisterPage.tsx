import { type Message, RegisterInput } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../api/ApiError.js';
import { accountsApi } from '../../api/accounts.js';
import {
  authStore,
  endedSession,
  registerFlag,
  storedReferralCode,
  storedReferralSource,
} from '../../shared/session/authStore.js';
import { AuthCard } from '../../ui/AuthCard.js';
import { PasswordField, SubmitButton, TextField } from '../../ui/fields.js';
import { applyServerError, FieldFeedback, FormAlert } from '../../ui/forms.js';
import {
  defaultPhoneCountry,
  type PhoneCountryValue,
  PhoneField,
  phoneFormResolver,
} from '../../ui/PhoneField.js';

const FAILURE: Message = { key: 'register.error_message' };

/** spec §2 /register (only reachable when the brand enables registration; see redirects.ts). */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const agreeId = useId();
  const [failure, setFailure] = useState<Message | null>(null);
  const form = useForm<z.input<typeof RegisterInput> & PhoneCountryValue, unknown, RegisterInput>({
    resolver: phoneFormResolver(RegisterInput),
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      phone_country: defaultPhoneCountry(),
      password: '',
      agree: false,
    },
  });

  const register = useMutation({
    mutationFn: accountsApi.register,
    onSuccess: (auth) => {
      // spec §4: after sign up the register flag is set and the user goes to my-account/info
      endedSession.clear();
      authStore.set(auth);
      registerFlag.set();
      navigate('/my-account/info', { replace: true });
    },
    onError: (error) => setFailure(isApiError(error) ? applyServerError(form, error, FAILURE) : FAILURE),
  });

  const onSubmit = form.handleSubmit(({ info: _info, ...values }) => {
    setFailure(null);
    // spec §4: a referral code from the ref query parameter is sent at registration, with its landing page
    register.mutate({
      ...values,
      ref: storedReferralCode() ?? undefined,
      source_page: storedReferralSource() ?? undefined,
    });
  });

  return (
    <AuthCard
      wide
      icon="bi-person-plus"
      title={t('register.title')}
      lead={t('register.lead')}
      footer={
        <>
          {t('register.haveAccount')} <Link to="/login">{t('register.login')}</Link>
        </>
      }
    >
      <FormAlert message={failure} />
      <Form noValidate onSubmit={onSubmit} data-testid="register-form">
        <Row className="g-0 gx-sm-3">
          <Col sm={6}>
            <TextField form={form} name="first_name" label={t('form.firstName')} autoComplete="given-name" />
          </Col>
          <Col sm={6}>
            <TextField form={form} name="last_name" label={t('form.lastName')} autoComplete="family-name" />
          </Col>
        </Row>
        <TextField form={form} name="email" label={t('form.email')} type="email" autoComplete="email" />
        <PhoneField form={form} label={t('form.phone')} hint={t('form.phoneHint')} />
        <PasswordField form={form} name="password" label={t('form.password')} autoComplete="new-password" />
        <Form.Group className="mb-3">
          <Form.Check
            id={agreeId}
            type="checkbox"
            {...form.register('agree')}
            isInvalid={!!form.formState.errors.agree}
            label={<Trans i18nKey="register.agree" components={{ terms: <Link to="/terms-conditions" /> }} />}
          />
          <FieldFeedback error={form.formState.errors.agree} />
        </Form.Group>
        <SubmitButton pending={register.isPending}>{t('register.submit')}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
