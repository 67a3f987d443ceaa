import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Instrument } from '../../../api/types.js';
import { OneClickDialog } from './OneClickDialog.js';
import { useOneClickSettings } from './useOneClick.js';
import './oneclick.css';

/** The market list's one-click switch: shows whether one-click trading is on and opens its settings. */
export function OneClickSwitch({ instrument }: { instrument: Instrument | undefined }) {
  const { t } = useTranslation();
  const { on, settings } = useOneClickSettings();
  const [open, setOpen] = useState(false);
  return (
    <>
      {settings && (
        <Button
          size="sm"
          variant={on ? 'warning' : 'outline-secondary'}
          className="ob-oc-switch"
          aria-pressed={on}
          title={on ? t('oc.switchOn') : t('oc.switchOff')}
          aria-label={on ? t('oc.switchOn') : t('oc.switchOff')}
          onClick={() => setOpen(true)}
          data-testid="oc-switch"
          data-on={on}
        >
          <i className="bi bi-lightning-charge-fill" aria-hidden="true" />
        </Button>
      )}
      {open && <OneClickDialog instrument={instrument} onClose={() => setOpen(false)} />}
    </>
  );
}
