import { useEffect, useRef, useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/**
 * A read-only link with a copy button (the affiliate's tracking link, a client's referral link).
 * Without clipboard permission the field stays selectable, so the link can be copied by hand.
 */
export function CopyLinkField({
  id,
  label,
  value,
  placeholder,
  testId,
}: {
  id: string;
  label: string;
  value: string;
  placeholder?: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), 2000);
    } catch {
      document.getElementById(id)?.focus();
    }
  };

  return (
    <>
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <InputGroup>
        <Form.Control
          id={id}
          readOnly
          value={value}
          placeholder={placeholder}
          onFocus={(event) => event.currentTarget.select()}
          data-testid={testId}
          className="font-monospace"
        />
        <Button
          variant={copied ? 'success' : 'primary'}
          onClick={copy}
          disabled={!value}
          aria-label={copied ? t('affiliate.copied') : t('affiliate.copyLabel')}
          data-testid={`${testId}-copy`}
        >
          <i className={`bi ${copied ? 'bi-check2' : 'bi-clipboard'} me-1`} aria-hidden="true" />
          {copied ? t('affiliate.copied') : t('affiliate.copy')}
        </Button>
      </InputGroup>
      <span className="visually-hidden" role="status">
        {copied ? t('affiliate.copied') : ''}
      </span>
    </>
  );
}
