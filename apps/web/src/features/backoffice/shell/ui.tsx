import { formatMoneyIn } from '@openbroker/domain';
import { type ReactNode, useId, useState } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/ApiError.js';
import { useMessageText } from '../../../ui/forms.js';

/**
 * Small building blocks of the back-office screens (W1 and W2 share them): status badges, money and
 * dates for dense tables, skeleton rows, error blocks, a pager and the confirmation dialog.
 */

export type Tone = 'success' | 'danger' | 'warning' | 'info' | 'neutral' | 'accent';

/** A compact status pill. */
export function StatusBadge({ tone, children, icon }: { tone: Tone; children: ReactNode; icon?: string }) {
  return (
    <span className={`bo-badge bo-badge-${tone}`}>
      {icon && <i className={`bi ${icon}`} aria-hidden="true" />}
      {children}
    </span>
  );
}

/**
 * A decimal money string ('1234.5', '-20.00') grouped for the reader's language, never through a float:
 * the integer part goes through BigInt, the fraction is kept (at least two places).
 */
export function formatAmount(
  value: string | number | null | undefined,
  language: string,
  symbol = '',
): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = String(value).trim();
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, sign, whole = '0', fraction = ''] = match;
  const parts = new Intl.NumberFormat(language, { minimumFractionDigits: 1 }).formatToParts(1.5);
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
  const grouped = new Intl.NumberFormat(language).format(BigInt(whole));
  const cents = fraction.padEnd(2, '0');
  const amount = `${grouped}${decimal}${cents}`;
  const negative = sign === '-' && /[1-9]/.test(whole + fraction);
  return `${negative ? '−' : ''}${symbol ? `${symbol} ` : ''}${amount}`;
}

/** A money cell: tabular figures, red when negative; with `currency`, written with it by the domain's formatMoneyIn. */
export function Amount({
  value,
  symbol,
  currency,
  signed,
}: {
  value: string | number | null | undefined;
  symbol?: string;
  /** The amount's ISO currency ('EUR', 'USD'): every amount of money in the back office names it. */
  currency?: string;
  /** Colours positive green too (ledger movements). */
  signed?: boolean;
}) {
  const { i18n } = useTranslation();
  const text = String(value ?? '');
  const negative = text.startsWith('-') && /[1-9]/.test(text);
  const tone = negative ? ' bo-neg' : signed && /[1-9]/.test(text) ? ' bo-pos' : '';
  return (
    <span className={`bo-num${tone}`}>
      {currency
        ? formatMoneyIn(value === '' ? null : value, currency, i18n.language)
        : formatAmount(value, i18n.language, symbol)}
    </span>
  );
}

/** A date (and time) cell in the reader's language. */
export function DateTime({ value, dateOnly }: { value: string | null | undefined; dateOnly?: boolean }) {
  const { i18n } = useTranslation();
  if (!value) return <span className="text-body-secondary">—</span>;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <span>{value}</span>;
  const text = new Intl.DateTimeFormat(i18n.language, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(dateOnly ? {} : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const }),
  }).format(date);
  return (
    <time dateTime={value} className="bo-num" title={date.toISOString()}>
      {text}
    </time>
  );
}

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

/** Previous/next pager with the row range ('51–100 of 1,234'). `page` is 1-based. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  return (
    <nav className="bo-pager" aria-label={t('bo.pager.label')} data-testid="bo-pager">
      <span className="bo-pager-range">
        {t('bo.pager.range', { from: number(from), to: number(to), total: number(total) })}
      </span>
      <span className="bo-pager-pages">
        {t('bo.pager.page', { page: number(page), pages: number(pages) })}
      </span>
      <div className="btn-group btn-group-sm">
        <Button
          variant="outline-secondary"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          aria-label={t('bo.pager.prev')}
          title={t('bo.pager.prev')}
        >
          <i className="bi bi-chevron-left" aria-hidden="true" />
        </Button>
        <Button
          variant="outline-secondary"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
          aria-label={t('bo.pager.next')}
          title={t('bo.pager.next')}
        >
          <i className="bi bi-chevron-right" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

/**
 * A confirmation dialog for actions that change a client or money. With `reasonLabel` it asks for a
 * reason (mandatory when `reasonRequired`) and hands it to `onConfirm`.
 */
export function ConfirmDialog({
  show,
  title,
  body,
  confirmLabel,
  cancelLabel,
  variant = 'primary',
  reasonLabel,
  reasonHint,
  reasonRequired,
  reasonRequiredText,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  show: boolean;
  title: string;
  body?: ReactNode;
  confirmLabel: string;
  /** The dismissing button's name when "Cancel" would be ambiguous (e.g. "Keep position"). */
  cancelLabel?: string;
  variant?: 'primary' | 'danger' | 'success' | 'warning';
  reasonLabel?: string;
  reasonHint?: string;
  reasonRequired?: boolean;
  reasonRequiredText?: string;
  pending?: boolean;
  error?: string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const close = () => {
    setReason('');
    setMissing(false);
    onCancel();
  };
  return (
    <Modal
      show={show}
      onHide={close}
      onExited={() => {
        setReason('');
        setMissing(false);
      }}
      centered
      className="bo-modal"
      data-testid="bo-confirm"
    >
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (reasonLabel && reasonRequired && reason.trim() === '') {
            setMissing(true);
            return;
          }
          onConfirm(reason.trim());
        }}
      >
        <Modal.Header closeButton closeLabel={t('bo.cancel')}>
          <Modal.Title as="h2" className="bo-modal-title">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {body && <div className="mb-3">{body}</div>}
          {reasonLabel && (
            <Form.Group controlId={id}>
              <Form.Label>{reasonLabel}</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                value={reason}
                maxLength={1000}
                isInvalid={missing}
                onChange={(event) => {
                  setReason(event.target.value);
                  setMissing(false);
                }}
                data-testid="bo-confirm-reason"
              />
              {missing ? (
                <Form.Control.Feedback type="invalid">
                  {reasonRequiredText ?? t('bo.trading.reasonRequired')}
                </Form.Control.Feedback>
              ) : (
                reasonHint && <Form.Text muted>{reasonHint}</Form.Text>
              )}
            </Form.Group>
          )}
          {error && (
            <Alert variant="danger" className="mt-3 mb-0" role="alert">
              {error}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button
            variant="outline-secondary"
            onClick={close}
            disabled={pending}
            data-testid="bo-confirm-cancel"
          >
            {cancelLabel ?? t('bo.cancel')}
          </Button>
          <Button type="submit" variant={variant} disabled={pending} data-testid="bo-confirm-submit">
            {pending && <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />}
            {confirmLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
