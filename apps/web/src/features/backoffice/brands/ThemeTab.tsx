import { type BrandAdminView, PALETTE_KEYS, type PaletteInput, ThemeInput } from '@openbroker/domain';
import { type ChangeEvent, type CSSProperties, useRef, useState } from 'react';
import { Alert, Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/ApiError.js';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { FieldFeedback, useMessageText } from '../../../ui/forms.js';
import { errorAt, NumberField, SectionForm, TextInput, useSectionForm } from './parts.js';
import { uploadBrandMedia } from './useBrandAdmin.js';

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

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The site in miniature with one palette: header, hero gradient, a card and a button. */
export function ThemePreview({
  palette,
  radius,
  logoText,
  logoUrl,
  mode,
}: {
  palette: Partial<PaletteInput>;
  radius: number;
  logoText: string;
  logoUrl: string | null;
  mode: 'light' | 'dark';
}) {
  const { t } = useTranslation();
  const c = (key: keyof PaletteInput, fallback: string) => {
    const value = palette[key];
    return value && HEX.test(value) ? value : fallback;
  };
  const r = Number.isFinite(radius) ? Math.max(0, Math.min(24, radius)) : 8;
  const style = {
    '--pv-bg': c('background', '#ffffff'),
    '--pv-surface': c('surface', '#ffffff'),
    '--pv-text': c('text', '#111111'),
    '--pv-muted': c('muted', '#666666'),
    '--pv-border': c('border', '#dddddd'),
    '--pv-primary': c('primary', '#0b5cff'),
    '--pv-on-primary': c('onPrimary', '#ffffff'),
    '--pv-accent': c('accent', '#00b386'),
    '--pv-hero-from': c('heroFrom', '#0a3a9e'),
    '--pv-hero-to': c('heroTo', '#0b5cff'),
    '--pv-radius': `${r}px`,
  } as CSSProperties;
  return (
    <figure
      className="bob-preview"
      style={style}
      data-testid={`bob-preview-${mode}`}
      aria-label={t(`bob.preview.${mode}`)}
    >
      <figcaption className="bob-preview-caption">{t(`bob.preview.${mode}`)}</figcaption>
      <div className="bob-preview-site">
        <div className="bob-preview-header">
          {logoUrl ? (
            <img className="bob-preview-logo" src={logoUrl} alt="" height={16} />
          ) : (
            <span className="bob-preview-mark" />
          )}
          <strong>{logoText || '—'}</strong>
          <span className="bob-preview-nav" />
          <span className="bob-preview-nav" />
        </div>
        <div className="bob-preview-hero">
          <span className="bob-preview-title">{t('bob.preview.hero')}</span>
          <span className="bob-preview-badge">{t('bob.preview.badge')}</span>
        </div>
        <div className="bob-preview-body">
          <div className="bob-preview-card">
            <span>EURUSD</span>
            <span className="bob-preview-muted">1.0842</span>
          </div>
          <button type="button" tabIndex={-1} className="bob-preview-button">
            {t('bob.preview.button')}
          </button>
        </div>
      </div>
    </figure>
  );
}

/** Logo or favicon: the current file, an upload button (checked by content on the server) and a reset. */
function MediaPicker({
  brandId,
  label,
  purpose,
  value,
  onChange,
  error,
}: {
  brandId: number;
  label: string;
  purpose: 'logo' | 'favicon';
  value: string | null;
  onChange: (url: string | null) => void;
  error: ReturnType<typeof errorAt>;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      const stored = await uploadBrandMedia(brandId, file, purpose);
      onChange(stored.url);
    } catch (failure) {
      const fieldKey = isApiError(failure) ? failure.errors[0]?.key : undefined;
      setProblem(
        fieldKey
          ? text({ key: fieldKey as TranslationKey })
          : text(
              isApiError(failure) ? failure.toMessage({ key: 'error.internal' }) : { key: 'error.internal' },
            ),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="bob-media" data-testid={`bob-media-${purpose}`}>
      <div className="bob-media-label">{label}</div>
      <div className="bob-media-row">
        <div className="bob-media-thumb">
          {value ? (
            <img src={value} alt={label} />
          ) : (
            <span className="bob-media-none">{t('bob.media.builtIn')}</span>
          )}
        </div>
        <div className="d-flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif,image/x-icon,image/svg+xml,.ico,.svg"
            className="d-none"
            data-testid={`bob-media-${purpose}-input`}
            aria-label={t('bob.media.upload', { what: label })}
            onChange={(e) => void pick(e)}
          />
          <Button size="sm" variant="outline-primary" disabled={busy} onClick={() => input.current?.click()}>
            {busy ? (
              <Spinner size="sm" className="me-1" />
            ) : (
              <i className="bi bi-upload me-1" aria-hidden="true" />
            )}
            {t('bob.media.choose')}
          </Button>
          {value && (
            <Button size="sm" variant="outline-secondary" onClick={() => onChange(null)}>
              {t('bob.media.reset')}
            </Button>
          )}
        </div>
      </div>
      <div className="form-text">{t('bob.media.rules')}</div>
      {problem && (
        <Alert variant="danger" className="py-2 mt-2 mb-0" role="alert">
          {problem}
        </Alert>
      )}
      <FieldFeedback error={error} title={label} />
    </div>
  );
}

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
