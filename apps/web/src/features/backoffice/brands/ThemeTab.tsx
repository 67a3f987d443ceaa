import { type BrandAdminView, PALETTE_KEYS, ThemeInput } from '@openbroker/domain';
import { Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { FieldFeedback } from '../../../ui/forms.js';
import { MediaPicker } from './MediaPicker.js';
import { errorAt, NumberField, SectionForm, TextInput, useSectionForm } from './parts.js';
import { HEX, ThemePreview } from './ThemePreview.js';

const PALETTE_LABEL: Record<(typeof PALETTE_KEYS)[number], TranslationKey> = {
  primary: 'bob.palette.primary',
  onPrimary: 'bob.palette.onPrimary',
  secondary: 'bob.palette.secondary',
  accent: 'bob.palette.accent',
  background: 'bob.palette.background',
  surface: 'bob.palette.surface',
  text: 'bob.palette.text',
  muted: 'bob.palette.muted',
  border: 'bob.palette.border',
  heroFrom: 'bob.palette.heroFrom',
  heroTo: 'bob.palette.heroTo',
};

export function ThemeTab({ brand }: { brand: BrandAdminView }) {
  const { t } = useTranslation();
  const { form, onSubmit, saving, failure } = useSectionForm(
    brand,
    ThemeInput,
    (b) => structuredClone(b.theme),
    (v) => ({ theme: v }),
  );
  const theme = form.watch();
  return (
    <SectionForm
      testId="bob-theme"
      onSubmit={onSubmit}
      saving={saving}
      failure={failure}
      dirty={form.formState.isDirty}
    >
      <Row className="g-4">
        <Col xl={7}>
          <Row>
            <Col sm={8}>
              <TextInput form={form} name="logoText" label={t('bob.field.logoText')} />
            </Col>
            <Col sm={4}>
              <NumberField form={form} name="radius" label={t('bob.field.radius')} step="1" />
            </Col>
          </Row>
          <Row>
            <Col sm={6}>
              <MediaPicker
                brandId={brand.id}
                purpose="logo"
                label={t('bob.media.logo')}
                value={theme.logoUrl ?? null}
                onChange={(url) => form.setValue('logoUrl', url, { shouldDirty: true })}
                error={errorAt(form.formState.errors, 'logoUrl')}
              />
            </Col>
            <Col sm={6}>
              <MediaPicker
                brandId={brand.id}
                purpose="favicon"
                label={t('bob.media.favicon')}
                value={theme.faviconUrl ?? null}
                onChange={(url) => form.setValue('faviconUrl', url, { shouldDirty: true })}
                error={errorAt(form.formState.errors, 'faviconUrl')}
              />
            </Col>
          </Row>
          <div className="table-responsive">
            <table className="table table-sm align-middle bob-palette-table" data-testid="bob-palette">
              <thead>
                <tr>
                  <th scope="col">{t('bob.palette.colour')}</th>
                  <th scope="col">{t('bob.preview.light')}</th>
                  <th scope="col">{t('bob.preview.dark')}</th>
                </tr>
              </thead>
              <tbody>
                {PALETTE_KEYS.map((key) => (
                  <tr key={key}>
                    <th scope="row" className="fw-normal">
                      {t(PALETTE_LABEL[key])}
                    </th>
                    {(['light', 'dark'] as const).map((mode) => {
                      const name = `${mode}.${key}` as const;
                      const value = theme[mode]?.[key] ?? '';
                      const error = errorAt(form.formState.errors, name);
                      const label = `${t(PALETTE_LABEL[key])} (${t(`bob.preview.${mode}`)})`;
                      return (
                        <td key={mode}>
                          <div className="bob-colour">
                            <Form.Control
                              type="color"
                              className="bob-colour-swatch"
                              aria-label={t('bob.palette.pick', { what: label })}
                              value={HEX.test(value) ? value.toLowerCase() : '#000000'}
                              onChange={(e) =>
                                form.setValue(name, e.target.value, {
                                  shouldDirty: true,
                                  shouldValidate: true,
                                })
                              }
                            />
                            <Form.Control
                              size="sm"
                              className="font-monospace bob-colour-text"
                              aria-label={label}
                              isInvalid={!!error}
                              {...form.register(name)}
                            />
                          </div>
                          <FieldFeedback error={error} title={t(PALETTE_LABEL[key])} />
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Col>
        <Col xl={5}>
          <div className="bob-previews">
            <ThemePreview
              mode="light"
              palette={theme.light ?? {}}
              radius={theme.radius}
              logoText={theme.logoText}
              logoUrl={theme.logoUrl ?? null}
            />
            <ThemePreview
              mode="dark"
              palette={theme.dark ?? {}}
              radius={theme.radius}
              logoText={theme.logoText}
              logoUrl={theme.logoUrl ?? null}
            />
          </div>
          <p className="form-text">{t('bob.preview.note')}</p>
        </Col>
      </Row>
    </SectionForm>
  );
}
