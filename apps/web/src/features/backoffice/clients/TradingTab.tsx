import type { ClientDetail } from '@openbroker/domain';
import { useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BoPanel } from '../shell/BoPage.js';
import { ConfirmDialog } from '../shell/ConfirmDialog.js';
import { StatusBadge } from '../shell/cells.js';
import { useStaffSession } from '../shell/session.js';
import { useErrorText } from '../shell/states.js';
import { TradingSettingsPanel } from './TradingSettingsPanel.js';
import { draftOf } from './tradingDraft.js';
import { useClientUpdate } from './useClientUpdate.js';

function VerificationPanel({ client }: { client: ClientDetail }) {
  const { t } = useTranslation();
  const { can } = useStaffSession();
  const errorText = useErrorText();
  const switchId = useId();
  const [target, setTarget] = useState<boolean | null>(null);
  const update = useClientUpdate(client, 'verification', 'bo.trading.verifiedSaved');
  const editable = can('verification.edit');
  return (
    <BoPanel title={t('bo.trading.verification')}>
      <div className="bo-switch-row">
        <Form.Check
          type="switch"
          id={switchId}
          checked={client.verified}
          disabled={!editable || update.isPending}
          label={t('bo.trading.verifiedSwitch')}
          onChange={(event) => setTarget(event.target.checked)}
          data-testid="bo-verified-switch"
        />
        {client.verified ? (
          <StatusBadge tone="success" icon="bi-patch-check-fill">
            {t('bo.client.verified')}
          </StatusBadge>
        ) : (
          <StatusBadge tone="neutral">{t('bo.client.notVerified')}</StatusBadge>
        )}
      </div>
      <p className="bo-hint mt-2 mb-0">{t('bo.trading.verifiedHint')}</p>
      <ConfirmDialog
        show={target !== null}
        title={target ? t('bo.trading.verifyTitle') : t('bo.trading.unverifyTitle')}
        confirmLabel={t('bo.confirm')}
        variant={target ? 'success' : 'danger'}
        reasonLabel={t('bo.trading.reason')}
        reasonHint={t('bo.trading.reasonHint')}
        reasonRequired
        pending={update.isPending}
        error={update.isError ? errorText(update.error) : null}
        onConfirm={(reason) =>
          update.mutate({ verified: target, reason }, { onSuccess: () => setTarget(null) })
        }
        onCancel={() => {
          setTarget(null);
          update.reset();
        }}
      />
    </BoPanel>
  );
}

/** Verification and trading settings, each change with a reason for the audit trail. */
export function TradingTab({ client }: { client: ClientDetail }) {
  return (
    <div className="bo-stack">
      <VerificationPanel client={client} />
      <TradingSettingsPanel key={JSON.stringify(draftOf(client))} client={client} />
    </div>
  );
}
