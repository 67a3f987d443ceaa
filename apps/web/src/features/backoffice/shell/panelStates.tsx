import { isMessageKey } from '@openbroker/domain';
import { Alert, Button, Placeholder } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/ApiError.js';

/*
 * The list and dialog states of the money, dealing, staff, audit, affiliates and pop-up screens: their
 * error text knows the refusal codes of a decision and the values of a refused field, and their loading
 * rows are Bootstrap placeholders. The other screens use the ones in `states.tsx`.
 */

type LooseT = (key: string, options?: Record<string, unknown>) => string;

/** Error codes of the money routes that deserve their own explanation on these screens. */
const CODE_TEXT: Record<string, string> = {
  SAME_APPROVER: 'bom.error.sameApprover',
  FORBIDDEN: 'bom.error.forbidden',
  NOT_FOUND: 'bom.error.notFound',
};

/**
 * What went wrong, in the reader's language: our text for the codes these screens know
 * (SAME_APPROVER), else the catalogue message the server named, else the server's own words.
 */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  const loose = t as unknown as LooseT;
  return (error) => {
    if (!isApiError(error)) return loose('error.internal');
    const own = CODE_TEXT[error.code];
    if (own) return loose(own);
    if (error.isNetwork) return loose('error.internal');
    if (error.httpStatus === 403) return loose('bom.error.forbidden');
    // A refused field (the amount above what can be withdrawn) carries its message's values.
    const field = error.errors.find((e) => isMessageKey(e.key));
    if (field) return loose(field.key, field.params ?? {});
    if (error.key) {
      const text = loose(error.key);
      // the values of a top-level message travel only in the server's own (English) text
      return text.includes('{{') ? error.message : text;
    }
    return error.message || loose('error.internal');
  };
}

/** An error box with a retry button (a list that could not be loaded). */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const text = useErrorText();
  return (
    <Alert variant="danger" className="m-3 d-flex align-items-center gap-3" role="alert">
      <i className="bi bi-exclamation-octagon" aria-hidden="true" />
      <span className="flex-grow-1">{text(error)}</span>
      <Button size="sm" variant="outline-danger" onClick={onRetry}>
        <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
        {t('app.retry')}
      </Button>
    </Alert>
  );
}

/** Placeholder rows while a table loads. */
export function SkeletonRows({ columns, rows = 4 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
        <tr key={row}>
          {Array.from({ length: columns }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder cells
            <td key={column}>
              <Placeholder animation="glow">
                <Placeholder xs={column === 0 ? 6 : 8} />
              </Placeholder>
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
