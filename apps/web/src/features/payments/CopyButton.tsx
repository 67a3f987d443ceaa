import { useEffect, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

const COPIED_MS = 2000;

/** A small button that copies `value`; it shows a tick for a moment when done. */
export function CopyButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard permission: the value is selectable, so it can still be copied by hand.
    }
  };

  return (
    <Button
      variant="link"
      size="sm"
      className={`ob-copy ${copied ? 'ob-copy-done' : ''}`}
      onClick={copy}
      aria-label={t('payments.copy', { label })}
      title={copied ? t('payments.copied') : t('payments.copy', { label })}
      data-testid={testId}
    >
      <i className={`bi ${copied ? 'bi-check2' : 'bi-copy'}`} aria-hidden="true" />
      <span className="visually-hidden" aria-live="polite">
        {copied ? t('payments.copied') : ''}
      </span>
    </Button>
  );
}
