import { type ChangeEvent, useRef, useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/ApiError.js';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { FieldFeedback, useMessageText } from '../../../ui/forms.js';
import type { errorAt } from './parts.js';
import { uploadBrandMedia } from './useBrandAdmin.js';

/** Logo or favicon: the current file, an upload button (checked by content on the server) and a reset. */
export function MediaPicker({
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
