import { DEFAULT_PLATFORM_PATH, LoginInput, type Message } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../api/ApiError.js';
import { accountsApi } from '../../api/accounts.js';
import { useBrand } from '../../lib/BrandProvider.js';
import { authStore, endedSession } from '../../shared/session/authStore.js';
import type { LoginLocationState } from '../../shared/session/useLogout.js';
import { AuthCard } from '../../ui/AuthCard.js';
import { PasswordField, SubmitButton, TextField } from '../../ui/fields.js';
import { applyServerError, domainResolver, FormAlert } from '../../ui/forms.js';

const FAILURE: Message = { key: 'login.error_message' };

export function LoginPage() {
  const { t } = useTranslation();
  const { features } = useBrand();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as LoginLocationState;
  const [endedReason] = useState(() => endedSession.peek() ?? state.reason ?? null);
  const [failure, setFailure] = useState<Message | null>(null);
  const form = useForm<z.input<typeof LoginInput>, unknown, LoginInput>({
    resolver: domainResolver(LoginInput),
    defaultValues: { email: '', password: '' },
  });

  const login = useMutation({
    mutationFn: accountsApi.login,
    onSuccess: (auth) => {
      endedSession.clear();
      authStore.set(auth);
      navigate(state.from ?? DEFAULT_PLATFORM_PATH, { replace: true });
    },
    // spec §8: login failure shows 'login.error_message'
    onError: (error) => setFailure(isApiError(error) ? applyServerError(form, error, FAILURE) : FAILURE),
  });

  const onSubmit = form.handleSubmit(({ email, password }) => {
    setFailure(null);
    login.mutate({ email, password });
  });

  return (
    <AuthCard
      title={t('login.title')}
      lead={t('login.lead')}
      footer={
        features.registrationEnabled ? (
          <>
            {t('login.noAccount')} <Link to="/register">{t('login.register')}</Link>
          </>
        ) : undefined
      }
    >
      {endedReason && !failure && (
        <Alert variant="info" className="ob-form-alert">
          {t('login.sessionEnded')}
        </Alert>
      )}
      <FormAlert message={failure} />
      <Form noValidate onSubmit={onSubmit} data-testid="login-form">
        <TextField form={form} name="email" label={t('form.email')} type="email" autoComplete="username" />
        <PasswordField form={form} name="password" label={t('form.password')} />
        <div className="d-flex justify-content-end mb-3 mt-n1">
          <Link to="/password/request" className="small">
            {t('login.forgot')}
          </Link>
        </div>
        <SubmitButton pending={login.isPending}>{t('login.submit')}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
