import { type Message, ResetPasswordInput } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../api/ApiError.js';
import { accountsApi } from '../../api/accounts.js';
import { AuthCard } from '../../ui/AuthCard.js';
import { PasswordField, SubmitButton } from '../../ui/fields.js';
import { applyServerError, domainResolver, FormAlert } from '../../ui/forms.js';

const FAILURE: Message = { key: 'password.resetInvalid' };

/** The link of the forgot-password mail lands here: choose a new password (spec §5 new-password rules). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [failure, setFailure] = useState<Message | null>(null);
  const form = useForm<z.input<typeof ResetPasswordInput>, unknown, ResetPasswordInput>({
    resolver: domainResolver(ResetPasswordInput),
    defaultValues: { token, new_password: '', confirm_password: '' },
  });
  const reset = useMutation({
    mutationFn: accountsApi.resetPassword,
    onError: (error) => setFailure(isApiError(error) ? applyServerError(form, error, FAILURE) : FAILURE),
  });

  if (reset.isSuccess) {
    return (
      <AuthCard
        icon="bi-check2-circle"
        title={t('reset.doneTitle')}
        lead={t('reset.doneBody')}
        footer={<Link to="/login">{t('forgot.backToLogin')}</Link>}
      >
        <Link to="/login" className="btn btn-primary w-100">
          {t('login.submit')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon="bi-key"
      title={t('reset.title')}
      lead={t('reset.lead')}
      footer={<Link to="/login">{t('forgot.backToLogin')}</Link>}
    >
      <FormAlert message={failure} />
      <Form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          setFailure(null);
          reset.mutate(values);
        })}
      >
        <input type="hidden" {...form.register('token')} />
        <PasswordField
          form={form}
          name="new_password"
          label={t('form.newPassword')}
          autoComplete="new-password"
        />
        <PasswordField
          form={form}
          name="confirm_password"
          label={t('form.confirmPassword')}
          autoComplete="new-password"
        />
        <SubmitButton pending={reset.isPending}>{t('reset.submit')}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
