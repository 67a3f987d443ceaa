import { useId, useState } from 'react';
import { Alert, Button, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** A password shown this once, selectable, with a copy button and the reminder that it is not kept. */
export function OneTimeSecret({ password }: { password: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      // no clipboard permission: the password stays selectable
    }
  };
  return (
    <>
      <Form.Label htmlFor={id}>{t('boe.aff.password')}</Form.Label>
      <InputGroup className="mb-2">
        <Form.Control
          id={id}
          readOnly
          value={password}
          className="boe-secret"
          onFocus={(event) => event.target.select()}
          data-testid="boe-aff-password"
        />
        <Button variant="outline-secondary" onClick={() => void copy()} data-testid="boe-aff-copy">
          <i className={`bi ${copied ? 'bi-check-lg' : 'bi-clipboard'} me-1`} aria-hidden="true" />
          {t(copied ? 'boe.aff.copied' : 'boe.aff.copy')}
        </Button>
      </InputGroup>
      <Alert variant="warning" className="py-2 small d-flex gap-2 mb-0">
        <i className="bi bi-eye-slash" aria-hidden="true" />
        <span>{t('boe.aff.once')}</span>
      </Alert>
    </>
  );
}
