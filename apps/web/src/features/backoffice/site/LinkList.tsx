import { useId } from 'react';
import { Button, Form } from 'react-bootstrap';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldFeedback } from '../../../ui/forms.js';
import type { SettingsForm, SettingsValues } from './siteSettingsForm.js';

/**
 * A list of links (header menu, footer links): label and address per row, reorder, remove, add. Errors
 * of a row (from the schema or the server) show under its fields.
 */
export function LinkList({
  form,
  name,
  testId,
}: {
  form: UseFormReturn<SettingsForm, unknown, SettingsValues>;
  name: 'menu' | 'footer_links';
  testId: string;
}) {
  const { t } = useTranslation();
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name });
  const errors = form.formState.errors[name];
  const baseId = useId();
  return (
    <div data-testid={testId}>
      {fields.length === 0 && <p className="bo-hint mb-2">{t('bos.site.noLinks')}</p>}
      <ol className="bos-links">
        {fields.map((field, index) => {
          const rowErrors = Array.isArray(errors) ? errors[index] : undefined;
          return (
            <li key={field.id} className="bos-link-row" data-testid={`${testId}-row`}>
              <span className="bos-link-index bo-num" aria-hidden="true">
                {index + 1}
              </span>
              <Form.Group className="bos-link-title" controlId={`${baseId}-${index}-title`}>
                <Form.Label className="visually-hidden">{`${t('bos.site.linkTitle')} ${index + 1}`}</Form.Label>
                <Form.Control
                  size="sm"
                  placeholder={t('bos.site.linkTitle')}
                  isInvalid={!!rowErrors?.title}
                  {...form.register(`${name}.${index}.title` as const)}
                />
                <FieldFeedback error={rowErrors?.title} title={t('bos.site.linkTitle')} />
              </Form.Group>
              <Form.Group className="bos-link-url" controlId={`${baseId}-${index}-url`}>
                <Form.Label className="visually-hidden">{`${t('bos.site.linkUrl')} ${index + 1}`}</Form.Label>
                <Form.Control
                  size="sm"
                  placeholder="/about"
                  className="bo-mono"
                  isInvalid={!!rowErrors?.url}
                  {...form.register(`${name}.${index}.url` as const)}
                />
                <FieldFeedback error={rowErrors?.url} title={t('bos.site.linkUrl')} />
              </Form.Group>
              <div className="bos-link-actions btn-group btn-group-sm">
                <Button
                  variant="outline-secondary"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                  aria-label={t('bos.site.linkUp')}
                  title={t('bos.site.linkUp')}
                >
                  <i className="bi bi-arrow-up" aria-hidden="true" />
                </Button>
                <Button
                  variant="outline-secondary"
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                  aria-label={t('bos.site.linkDown')}
                  title={t('bos.site.linkDown')}
                >
                  <i className="bi bi-arrow-down" aria-hidden="true" />
                </Button>
                <Button
                  variant="outline-danger"
                  onClick={() => remove(index)}
                  aria-label={t('bos.site.linkRemove')}
                  title={t('bos.site.linkRemove')}
                >
                  <i className="bi bi-trash" aria-hidden="true" />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        size="sm"
        variant="outline-primary"
        disabled={fields.length >= 20}
        onClick={() => append({ title: '', url: '' })}
        data-testid={`${testId}-add`}
      >
        <i className="bi bi-plus-lg me-1" aria-hidden="true" />
        {t('bos.site.linkAdd')}
      </Button>
    </div>
  );
}
