import {
  type Message,
  STAFF_PASSWORD_MIN_LENGTH,
  StaffMe,
  StaffPasswordChangeInput,
} from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../../api/ApiError.js';
import { useWindowTitle } from '../../../lib/useDocumentTitle.js';
import { PasswordField, SubmitButton } from '../../../ui/fields.js';
import { applyServerError, domainResolver, FormAlert } from '../../../ui/forms.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { staffRequest } from '../api.js';
import { AuthFrame } from './AuthFrame.js';
import { BACKOFFICE_BASE } from './nav.js';
import { useStaffSession } from './session.js';
import { SkeletonBlock } from './states.js';

const FAILURE: Message = { key: 'error.validation' };
const EMPTY = { current_password: '', new_password: '' };

/**
 * A staff member changes their own password: the current one, then a new one that follows the staff rule.
 * After an administrator's reset this is the only screen they reach until the change is done.
 */
export function PasswordPage() {
  const { t } = useTranslation();
  useWindowTitle(`${t('bo.password.title')} · ${t('bo.title')}`);
  const { status, token, signIn } = useStaffSession();
  const navigate = useNavigate();
  const toast = useToast();
  const [failure, setFailure] = useState<Message | null>(null);
  const forced = status === 'passwordChange';
  const form = useForm<z.input<typeof StaffPasswordChangeInput>, unknown, StaffPasswordChangeInput>({
    resolver: domainResolver(StaffPasswordChangeInput),
    defaultValues: EMPTY,
  });
  const change = useMutation({
    mutationFn: (values: StaffPasswordChangeInput) =>
      staffRequest('/api/backoffice/auth/password', { schema: StaffMe, method: 'POST', body: values }),
    // This session goes on (the member's other sessions ended); its answer is the member.
    onSuccess: (member) => {
      if (token) signIn(token, member);
      form.reset(EMPTY);
      toast('success', { key: 'bo.password.changed' });
      navigate(member.twoFactorEnabled ? BACKOFFICE_BASE : `${BACKOFFICE_BASE}/enrol`, { replace: true });
    },
    onError: (error) => setFailure(isApiError(error) ? applyServerError(form, error, FAILURE) : FAILURE),
  });

  if (status === 'anonymous') return <Navigate to={`${BACKOFFICE_BASE}/login`} replace />;
  if (status === 'loading')
    return (
      <AuthFrame title={t('bo.password.title')} icon="bi-key">
        <SkeletonBlock />
      </AuthFrame>
    );

  return (
    <AuthFrame
      title={t('bo.password.title')}
      icon="bi-key"
      lead={t('bo.password.lead', { min: STAFF_PASSWORD_MIN_LENGTH })}
    >
      {forced && (
        <Alert variant="warning" className="bo-auth-alert" role="status" data-testid="bo-password-forced">
          <i className="bi bi-exclamation-triangle me-2" aria-hidden="true" />
          {t('bo.password.forced')}
        </Alert>
      )}
      <FormAlert message={failure} />
      <Form
        noValidate
        data-testid="bo-password-form"
        onSubmit={form.handleSubmit((values) => {
          setFailure(null);
          change.mutate(values);
        })}
      >
        <PasswordField
          form={form}
          name="current_password"
          label={t(forced ? 'bo.password.temporary' : 'bo.password.current')}
          autoComplete="current-password"
        />
        <PasswordField
          form={form}
          name="new_password"
          label={t('bo.password.new')}
          autoComplete="new-password"
        />
        <SubmitButton pending={change.isPending}>{t('bo.password.submit')}</SubmitButton>
      </Form>
      {!forced && status === 'ready' && (
        <p className="mt-3 mb-0 text-center">
          <Link to={BACKOFFICE_BASE}>{t('bo.backToDashboard')}</Link>
        </p>
      )}
    </AuthFrame>
  );
}
