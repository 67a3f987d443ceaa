import type { PaletteInput } from '@openbroker/domain';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/** A colour as the palette stores it (#rrggbb). */
export const HEX = /^#[0-9a-fA-F]{6}$/;

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
