import { isProfileComplete } from '@openbroker/domain';
import { Alert, Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/types.js';
import type { TranslationKey } from '../../app/i18n/resources.js';

const FIELDS: readonly [keyof User, TranslationKey, string][] = [
  ['first_name', 'form.firstName', 'text'],
  ['last_name', 'form.lastName', 'text'],
  ['email', 'form.email', 'email'],
  ['phone', 'form.phone', 'tel'],
  ['birth_date', 'form.birthDate', 'date'],
  ['state', 'form.state', 'text'],
  ['city', 'form.city', 'text'],
  ['street', 'form.street', 'text'],
  ['zip_code', 'form.zip', 'text'],
];

/**
 * The profile (spec §5 profile fields) as stored for the user. Saving needs the profile update call and
 * the country list, which come with later work: the form shows the data read-only and says so.
 */
export function ProfileTab({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="text-body-secondary">{t('account.info.lead')}</p>
      {/* spec §5: an incomplete profile shows a warning */}
      {!isProfileComplete(user) && (
        <Alert variant="warning" className="ob-form-alert">
          <i className="bi bi-exclamation-triangle me-2" aria-hidden="true" />
          {t('account.fillDetails')}
        </Alert>
      )}
      <Form>
        <fieldset disabled>
          <Row className="g-3">
            {FIELDS.map(([field, label, type]) => (
              <Col sm={6} key={field}>
                <Form.Group controlId={`profile-${field}`}>
                  <Form.Label>{t(label)}</Form.Label>
                  <Form.Control type={type} readOnly defaultValue={String(user[field] ?? '')} />
                </Form.Group>
              </Col>
            ))}
          </Row>
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
