import type { ReactNode } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/ApiError.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { useMessageText } from '../../../ui/forms.js';

/** Placeholder rows while a table loads. */
export function SkeletonRows({ rows = 8, cols }: { rows?: number; cols: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <tr key={row} className="bo-skeleton-row">
          {Array.from({ length: cols }, (_, col) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <td key={col}>
              <span className="bo-skeleton" style={{ width: `${45 + ((row * 7 + col * 13) % 45)}%` }} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

/** A block placeholder (cards, forms) while something loads. */
export function SkeletonBlock({ lines = 4 }: { lines?: number }) {
  const { t } = useTranslation();
  return (
    <div className="bo-skeleton-block" role="status" aria-label={t('bo.loading')}>
      {Array.from({ length: lines }, (_, line) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <span key={line} className="bo-skeleton" style={{ width: `${55 + ((line * 17) % 40)}%` }} />
      ))}
    </div>
  );
}

/** What a failed call means for the reader, as a translated sentence. */
export function useErrorText(): (error: unknown, fallback?: 'bo.loadFailed') => string {
  const { t } = useTranslation();
  const text = useMessageText();
  return (error, fallback = 'bo.loadFailed') => {
    if (isApiError(error)) {
      if (error.httpStatus === 403) return t('bo.noAccess');
      const message = error.toMessage({ key: 'error.internal' });
      if (message.key !== 'error.internal' || error.httpStatus >= 500 || error.isNetwork) {
        return message.key === 'error.internal' ? t(fallback) : text(message);
      }
    }
    return t(fallback);
  };
}

/** An error block with a retry button. */
export function ErrorBlock({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Alert variant="danger" className="bo-error d-flex align-items-center gap-3" role="alert">
      <i className="bi bi-exclamation-octagon" aria-hidden="true" />
      <span className="flex-grow-1">{errorText(error)}</span>
      {onRetry && (
        <Button size="sm" variant="outline-danger" onClick={onRetry}>
          {t('bo.retry')}
        </Button>
      )}
    </Alert>
  );
}

/** An empty list: icon, text, optional hint. */
export function BoEmpty({
  icon = 'bi-inbox',
  children,
  hint,
}: {
  icon?: string;
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div className="bo-empty" role="status">
      <i className={`bi ${icon}`} aria-hidden="true" />
      <p className="bo-empty-text">{children}</p>
      {hint && <p className="bo-empty-hint">{hint}</p>}
    </div>
  );
}

/** The screen is not part of this staff member's roles. */
export function NoAccess() {
  const { t } = useTranslation();
  return (
    <EmptyState icon="bi-shield-lock" hint={t('bom.noAccess.hint')}>
      {t('bom.noAccess')}
    </EmptyState>
  );
}
