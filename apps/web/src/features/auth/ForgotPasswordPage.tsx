import { ForgotPasswordInput, type Message } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../api/ApiError.js';
import { accountsApi } from '../../api/accounts.js';
import { AuthCard } from '../../ui/AuthCard.js';
import { SubmitButton, TextField } from '../../ui/fields.js';
import { applyServerError, domainResolver, FormAlert } from '../../ui/forms.js';

const FAILURE: Message = { key: 'forgot_password.error_message' };

/**
 * A server of this API family that still tells an unknown address apart (spec §8 'Email is not exist.'): the
 * page shows it like any other address, so it never tells whether an account exists.
 */
const isUnknownAddress = (error: unknown) => isApiError(error) && error.code === 'EMAIL_NOT_FOUND';

/**
 * spec §2: forgot password form; afterwards a confirmation title that the mail was sent. the
 * confirmation is the same for every address, registered or not (the server answers them alike).
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<Message | null>(null);
  const form = useForm<z.input<typeof ForgotPasswordInput>, unknown, ForgotPasswordInput>({
    resolver: domainResolver(ForgotPasswordInput),
    defaultValues: { email: '' },
  });
  const request = useMutation({
    mutationFn: accountsApi.forgotPassword,
    // spec §8: forgot password failure shows forgot_password.error_message
    onError: (error) => {
      if (isUnknownAddress(error)) return;
      setFailure(isApiError(error) ? applyServerError(form, error, FAILURE) : FAILURE);
    },
  });
  const backToLogin = <Link to="/login">{t('forgot.backToLogin')}</Link>;

  if (request.isSuccess || isUnknownAddress(request.error)) {
    return (
      <AuthCard
        icon="bi-envelope-check"
        title={t('safety.forgot.sentTitle')}
        lead={t('safety.forgot.sentBody')}
        footer={backToLogin}
      >
        {null}
      </AuthCard>
    );
  }

  return (
    <AuthCard icon="bi-key" title={t('forgot.title')} lead={t('forgot.lead')} footer={backToLogin}>
      <FormAlert message={failure} />
      <Form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          setFailure(null);
          request.mutate(values);
        })}
      >
        <TextField form={form} name="email" label={t('form.email')} type="email" autoComplete="email" />
        <SubmitButton pending={request.isPending}>{t('forgot.submit')}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
