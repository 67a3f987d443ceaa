import {
  accountEmail,
  DEFAULT_PLATFORM_PATH,
  formObject,
  type Message,
  PASSWORD_MIN_LENGTH,
  passwordField,
} from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../api/ApiError.js';
import { tradingAccountsApi } from '../../api/tradingAccounts.js';
import { useDocumentTitle } from '../../lib/useDocumentTitle.js';
import { authStore, endedSession, storedReferralCode } from '../../shared/session/authStore.js';
import { refusalText } from '../../shared/trading-accounts/accountText.js';
import { addAccountsResources } from '../../shared/trading-accounts/i18n.js';
import { AuthCard } from '../../ui/AuthCard.js';
import { PasswordField, SubmitButton, TextField } from '../../ui/fields.js';
import { applyServerError, domainResolver, type TextMessage, useMessageText } from '../../ui/forms.js';

/** The demo sign-up's fields, checked as registration checks them: a valid e-mail, a password of 8 or more. */
export const DemoSignupForm = formObject({
  email: accountEmail(),
  password: passwordField('password', PASSWORD_MIN_LENGTH),
});
export type DemoSignupForm = z.infer<typeof DemoSignupForm>;

const NONE: Message = { key: 'error.internal' };

/**
 * "Try a demo" (/demo): e-mail and password only, no KYC. The server opens a client with a demo account
 * and answers as a login does; the session is stored as a login stores it and the visitor lands in the terminal.
 */
export function DemoPage() {
  const { t, i18n } = useTranslation();
  addAccountsResources(i18n);
  useDocumentTitle(t('demo.windowTitle'));
  const navigate = useNavigate();
  const text = useMessageText();
  const [failure, setFailure] = useState<TextMessage | null>(null);
  const form = useForm<z.input<typeof DemoSignupForm>, unknown, DemoSignupForm>({
    resolver: domainResolver(DemoSignupForm),
    defaultValues: { email: '', password: '' },
  });

  const signup = useMutation({
    mutationFn: tradingAccountsApi.demoSignup,
    onSuccess: (auth) => {
      endedSession.clear();
      authStore.set(auth);
      navigate(DEFAULT_PLATFORM_PATH, { replace: true });
    },
    onError: (error) => {
      if (!isApiError(error)) {
        setFailure({ key: 'demo.failed' });
        return;
      }
      // field refusals (an e-mail already taken) go under their field; the form says the rest
      const message = applyServerError(form, error, NONE);
      setFailure(message === NONE ? refusalText(error, 'demo.failed') : message);
    },
  });

  const onSubmit = form.handleSubmit(({ email, password }) => {
    setFailure(null);
    const ref = storedReferralCode();
    signup.mutate({ email, password, language: i18n.language, ...(ref ? { ref } : {}) });
  });

  return (
    <AuthCard
      icon="bi-rocket-takeoff"
      title={t('demo.title')}
      lead={t('demo.lead')}
      footer={
        <>
          {t('demo.haveAccount')} <Link to="/login">{t('demo.login')}</Link>
        </>
      }
    >
      {failure && (
        <Alert variant="danger" className="ob-form-alert" role="alert">
          {text(failure)}
        </Alert>
      )}
      <Form noValidate onSubmit={onSubmit} data-testid="demo-form">
        <TextField form={form} name="email" label={t('form.email')} type="email" autoComplete="email" />
        <PasswordField form={form} name="password" label={t('form.password')} autoComplete="new-password" />
        <SubmitButton pending={signup.isPending}>{t('demo.submit')}</SubmitButton>
      </Form>
      <p className="small text-body-secondary mt-3 mb-0">{t('demo.note')}</p>
    </AuthCard>
  );
}
