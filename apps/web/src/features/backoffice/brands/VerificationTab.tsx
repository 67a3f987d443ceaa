import { BackofficeRulesInput, type BrandAdminView } from '@openbroker/domain';
import { Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FieldFeedback } from '../../../ui/forms.js';
import { errorAt, NumberField, SectionForm, SwitchField, useSectionForm } from './parts.js';

/**
 * The brand's back-office rules: how clients are verified, whether withdrawals wait for it, the
 * four-eyes threshold, bonus withdrawals, and the defaults a new client gets.
 */
export function VerificationTab({ brand }: { brand: BrandAdminView }) {
  const { t } = useTranslation();
  const { form, onSubmit, saving, failure } = useSectionForm(
    brand,
    BackofficeRulesInput,
    (b) => structuredClone(b.backoffice),
    (v) => ({ backoffice: v }),
  );
  const permissions = form.watch('defaultPermissions');
  const leverage = form.watch('defaultLeverage');
  const set = <K extends 'defaultPermissions' | 'defaultLeverage'>(
    name: K,
    value: K extends 'defaultPermissions' ? number[] | null : Record<string, number[]> | null,
  ) => form.setValue(name, value as never, { shouldDirty: true });
  return (
    <SectionForm
      testId="bob-verification"
      onSubmit={onSubmit}
      saving={saving}
      failure={failure}
      dirty={form.formState.isDirty}
    >
      <Row>
        <Col md={6}>
          <Form.Group className="mb-3" controlId="bob-verification-rule">
            <Form.Label>{t('bob.field.verification')}</Form.Label>
            <Form.Select {...form.register('verification')}>
              <option value="automatic">{t('bob.verification.automatic')}</option>
              <option value="manual">{t('bob.verification.manual')}</option>
            </Form.Select>
            <Form.Text muted>{t('bob.hint.verification')}</Form.Text>
          </Form.Group>
        </Col>
        <Col md={6}>
          <NumberField
            form={form}
            name="fourEyesAbove"
            label={t('bob.field.fourEyesAbove')}
            hint={t('bob.hint.fourEyesAbove')}
            step="1"
          />
        </Col>
        <Col xs={12}>
          <SwitchField form={form} name="bonusWithdrawable" label={t('bob.field.bonusWithdrawable')} />
        </Col>
        <Col xs={12}>
          <SwitchField
            form={form}
            name="withdrawalsNeedVerification"
            label={t('bob.field.withdrawalsNeedVerification')}
            hint={t('bob.hint.withdrawalsNeedVerification')}
          />
        </Col>
      </Row>
      <h3 className="bob-subhead">{t('bob.defaults.title')}</h3>
      <p className="bob-lead">{t('bob.defaults.lead')}</p>
      <Form.Check
        type="switch"
        id="bob-all-categories"
        label={t('bob.defaults.allCategories')}
        checked={permissions === null}
        onChange={(e) =>
          set('defaultPermissions', e.target.checked ? null : brand.categories.map((c) => c.id))
        }
      />
      <div className="bob-categories" data-testid="bob-categories">
        {brand.categories.map((category) => {
          const allowed = permissions === null || permissions.includes(category.id);
          const levels = leverage?.[category.name];
          return (
            <div key={category.id} className="bob-category">
              <Form.Check
                id={`bob-cat-${category.id}`}
                label={<strong>{category.name}</strong>}
                checked={allowed}
                disabled={permissions === null}
                onChange={(e) =>
                  set(
                    'defaultPermissions',
                    e.target.checked
                      ? [...(permissions ?? []), category.id].sort((a, b) => a - b)
                      : (permissions ?? []).filter((id) => id !== category.id),
                  )
                }
              />
              <fieldset className="bob-leverages">
                <legend className="visually-hidden">
                  {t('bob.defaults.leverages', { category: category.name })}
                </legend>
                {category.leverages.map((lev, index) => (
                  <Form.Check
                    key={lev}
                    inline
                    id={`bob-lev-${category.id}-${index}`}
                    label={`1:${lev}`}
                    checked={levels === undefined || levels.includes(index)}
                    onChange={(e) => {
                      const current = levels ?? category.leverages.map((_, i) => i);
                      const next = e.target.checked
                        ? [...current, index].sort((a, b) => a - b)
                        : current.filter((i) => i !== index);
                      const map = { ...(leverage ?? {}) };
                      if (next.length === category.leverages.length) delete map[category.name];
                      else map[category.name] = next;
                      set('defaultLeverage', Object.keys(map).length > 0 ? map : null);
                    }}
                  />
                ))}
              </fieldset>
              <FieldFeedback
                error={errorAt(form.formState.errors, `defaultLeverage.${category.name}`)}
                title={category.name}
              />
            </div>
          );
        })}
      </div>
    </SectionForm>
  );
}
