import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { AlertForm } from './AlertForm.js';
import { useAlerts } from './useAlerts.js';

/** The bell beside the chart's title: sets a price alert on the market on screen, prefilled with its price now. */
export function SetAlertButton({ symbol, precision }: { symbol: string; precision: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { save } = useAlerts();
  return (
    <>
      <Button
        size="sm"
        variant="outline-secondary"
        className="ob-set-alert flex-shrink-0"
        title={t('alerts.setAlert', { symbol })}
        aria-label={t('alerts.setAlert', { symbol })}
        onClick={() => setOpen(true)}
        data-testid="set-alert"
      >
        <i className="bi bi-bell" aria-hidden="true" />
      </Button>
      {open && (
        <AlertForm symbol={symbol} precision={precision} onSave={save} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
