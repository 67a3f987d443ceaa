import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/download.js';
import { useAuth } from '../session/useAuth.js';

/**
 * "Download CSV" for a client export (`path`: a GET answering text/csv for the signed-in client): fetched with the
 * session's token and saved under the server's file name; a failure says so under the button.
 */
export function DownloadCsvButton({
  path,
  fallbackName,
  testId,
  size,
}: {
  path: string;
  fallbackName: string;
  testId: string;
  size?: 'sm' | 'lg';
}) {
  const { t } = useTranslation();
  const token = useAuth()?.access_token ?? '';
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await downloadFile(token, path, fallbackName);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="d-inline-flex flex-column align-items-start">
      <Button
        size={size}
        variant="outline-secondary"
        disabled={busy || !token}
        onClick={() => void download()}
        data-testid={testId}
      >
        <i className="bi bi-filetype-csv me-1" aria-hidden="true" />
        {busy ? t('export.preparing') : t('export.csv')}
      </Button>
      {failed && (
        <span className="small text-danger mt-1" role="alert">
          {t('export.failed')}
        </span>
      )}
    </span>
  );
}
