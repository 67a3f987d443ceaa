import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../lib/i18n/keys.js';
import './FullPage.css';

/** Centred spinner for the short moment before the brand is known. */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="ob-fullpage" role="status" aria-live="polite">
      <Spinner animation="border" variant="primary" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}

export interface FullPageMessageProps {
  titleKey: TranslationKey;
  bodyKey: TranslationKey;
  onRetry?: () => void;
  retrying?: boolean;
}

/** A whole-screen explanation for when the app cannot work at all (e.g. the server is unreachable). */
export function FullPageMessage({ titleKey, bodyKey, onRetry, retrying = false }: FullPageMessageProps) {
  const { t } = useTranslation();
  return (
    <main className="ob-fullpage" data-testid="app-unavailable">
      <div className="ob-fullpage-box text-center">
        <i className="bi bi-cloud-slash ob-fullpage-icon" aria-hidden="true" />
        <h1 className="h4 mt-3">{t(titleKey)}</h1>
        <p className="text-body-secondary mb-4">{t(bodyKey)}</p>
        {onRetry && (
          <Button variant="primary" onClick={onRetry} disabled={retrying}>
            {retrying ? <Spinner size="sm" animation="border" className="me-2" /> : null}
            {t('app.retry')}
          </Button>
        )}
      </div>
    </main>
  );
}
