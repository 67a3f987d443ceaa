import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** spec §5 new password form; the update call comes with later work, so the form is shown disabled. */
export function PasswordTab() {
  const { t } = useTranslation();
  return (
    <>
      <p className="text-body-secondary">{t('account.password.lead')}</p>
      <Form className="ob-narrow-form">
        <fieldset disabled>
          <Form.Group className="mb-3" controlId="password-new">
            <Form.Label>{t('form.newPassword')}</Form.Label>
            <Form.Control type="password" autoComplete="new-password" />
          </Form.Group>
          <Form.Group className="mb-3" controlId="password-confirm">
            <Form.Label>{t('form.confirmPassword')}</Form.Label>
            <Form.Control type="password" autoComplete="new-password" />
          </Form.Group>
        </fieldset>
        <div className="d-flex flex-wrap align-items-center gap-3 mt-4">
          <Button variant="primary" disabled>
            {t('form.save')}
          </Button>
          <span className="small text-body-secondary">{t('account.editingSoon')}</span>
        </div>
      </Form>
    </>
  );
}
