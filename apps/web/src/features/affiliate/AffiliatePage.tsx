import { AffiliateLoginInput, type Message } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../api/ApiError.js';
import { affiliateApi } from '../../api/affiliate.js';
import { AuthCard } from '../../ui/AuthCard.js';
import { PasswordField, SubmitButton, TextField } from '../../ui/fields.js';
import { applyServerError, domainResolver, FormAlert } from '../../ui/forms.js';
import { AffiliatePanel } from './AffiliatePanel.js';
import { affiliateSessionEnded, affiliateStore } from './affiliateStore.js';
import { useAffiliateSession } from './useAffiliateSession.js';

const FAILURE: Message = { key: 'login.error_message' };

/**
 * spec §2 /affiliate: the affiliate login, then the panel of referred accounts. The affiliate session is
 * stored apart from a client's (spec §6), so a client and an affiliate can be logged in at once.
 */
export function AffiliatePage() {
  const session = useAffiliateSession();
  return session ? <AffiliatePanel session={session} /> : <AffiliateLogin />;
}

function AffiliateLogin() {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<Message | null>(null);
  const [ended] = useState(() => affiliateSessionEnded.take());
  const form = useForm<z.input<typeof AffiliateLoginInput>, unknown, AffiliateLoginInput>({
    resolver: domainResolver(AffiliateLoginInput),
    defaultValues: { email: '', password: '' },
  });
  const login = useMutation({
    mutationFn: affiliateApi.login,
    onSuccess: (session) => affiliateStore.set(session),
    onError: (error) => setFailure(isApiError(error) ? applyServerError(form, error, FAILURE) : FAILURE),
  });
  return (
    <AuthCard icon="bi-diagram-3" title={t('affiliate.title')} lead={t('affiliate.lead')}>
      {ended && !failure && (
        <Alert variant="info" className="ob-form-alert" role="status" data-testid="affiliate-session-ended">
          {t('affiliate.sessionEnded')}
        </Alert>
      )}
      <FormAlert message={failure} />
      <Form
        noValidate
        data-testid="affiliate-login-form"
        onSubmit={form.handleSubmit((values) => {
          setFailure(null);
          login.mutate(values);
        })}
      >
        <TextField form={form} name="email" label={t('form.email')} type="email" autoComplete="username" />
        <PasswordField form={form} name="password" label={t('form.password')} />
        <SubmitButton pending={login.isPending}>{t('affiliate.submit')}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
