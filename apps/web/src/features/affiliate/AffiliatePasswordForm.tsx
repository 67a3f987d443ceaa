import { AffiliatePasswordInput, type Message } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Card, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../api/ApiError.js';
import { affiliateApi } from '../../api/affiliate.js';
import { PasswordField, SubmitButton } from '../../ui/fields.js';
import { applyServerError, domainResolver, FormAlert } from '../../ui/forms.js';

const FAILURE: Message = { key: 'error.internal' };

/** The affiliate's password change: the current password, then a new one (spec §5 rules). */
export function AffiliatePasswordForm({ token, onEnded }: { token: string; onEnded: () => void }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<Message | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<z.input<typeof AffiliatePasswordInput>, unknown, AffiliatePasswordInput>({
    resolver: domainResolver(AffiliatePasswordInput),
    defaultValues: { password: '', new_password: '', confirm_password: '' },
  });
  const change = useMutation({
    mutationFn: (input: AffiliatePasswordInput) => affiliateApi.updatePassword(token, input),
    onSuccess: () => {
      setDone(true);
      form.reset();
    },
    onError: (error) => {
      if (isApiError(error) && error.isUnauthorized) return onEnded();
      setFailure(isApiError(error) ? applyServerError(form, error, FAILURE) : FAILURE);
    },
  });

  return (
    <Card className="ob-card">
      <Card.Header className="ob-card-header">
        <h2 className="ob-card-title">{t('affiliate.password.title')}</h2>
      </Card.Header>
      <Card.Body className="p-4">
        <FormAlert message={failure} />
        {done && (
          <div className="alert alert-success ob-form-alert" role="status">
            {t('affiliate.password.done')}
          </div>
        )}
        <Form
          noValidate
          data-testid="affiliate-password-form"
          onSubmit={form.handleSubmit((values) => {
            setFailure(null);
            setDone(false);
            change.mutate(values);
          })}
        >
          <PasswordField form={form} name="password" label={t('affiliate.password.current')} />
          <PasswordField
            form={form}
            name="new_password"
            label={t('affiliate.password.new')}
            autoComplete="new-password"
          />
          <PasswordField
            form={form}
            name="confirm_password"
            label={t('affiliate.password.confirm')}
            autoComplete="new-password"
          />
          <SubmitButton pending={change.isPending} inline>
            {t('affiliate.password.submit')}
          </SubmitButton>
        </Form>
      </Card.Body>
    </Card>
  );
}
