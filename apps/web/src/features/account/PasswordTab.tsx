import { type Message, PasswordChangeInput } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../api/ApiError.js';
import { accountsApi } from '../../api/accounts.js';
import { isUser } from '../../api/types.js';
import { useReplaceUser } from '../../shared/session/useReplaceUser.js';
import { PasswordField, SubmitButton } from '../../ui/fields.js';
import { applyServerError, domainResolver, FormAlert } from '../../ui/forms.js';
import { useToast } from '../../ui/ToastProvider.js';

const FAILURE: Message = { key: 'error.validation' };
const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

/**
 * spec §5 new password: at least 8 characters, confirmed ('The passwords do not match'), after the
 * current password (a session alone is not enough to change it).
 */
export function PasswordTab({ token }: { token: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const replaceUser = useReplaceUser();
  const [failure, setFailure] = useState<Message | null>(null);
  const form = useForm<z.input<typeof PasswordChangeInput>, unknown, PasswordChangeInput>({
    resolver: domainResolver(PasswordChangeInput),
    defaultValues: EMPTY,
  });
  const change = useMutation({
    mutationFn: (values: PasswordChangeInput) => accountsApi.updatePassword(token, values),
    // The server ends the client's other sessions and keeps this one; its answer is the user.
    onSuccess: (answer) => {
      if (isUser(answer)) replaceUser(answer);
      form.reset(EMPTY);
      toast('success', { key: 'account.password.changed' });
    },
    onError: (error) => setFailure(isApiError(error) ? applyServerError(form, error, FAILURE) : FAILURE),
  });

  return (
    <>
      <p className="text-body-secondary">{t('account.password.lead')}</p>
      <FormAlert message={failure} />
      <Form
        noValidate
        className="ob-narrow-form"
        data-testid="password-form"
        onSubmit={form.handleSubmit((values) => {
          setFailure(null);
          change.mutate(values);
        })}
      >
        <PasswordField
          form={form}
          name="current_password"
          label={t('form.currentPassword')}
          autoComplete="current-password"
        />
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
        <div className="ob-form-actions">
          <SubmitButton inline pending={change.isPending}>
            {t('account.password.submit')}
          </SubmitButton>
        </div>
      </Form>
    </>
  );
}
