import { CLIENT_LEVELS, type ClientDetail } from '@openbroker/domain';
import { useId, useState } from 'react';
import { Button, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BoPanel } from '../shell/BoPage.js';
import { ConfirmDialog } from '../shell/ConfirmDialog.js';
import { useStaffSession } from '../shell/session.js';
import { SkeletonBlock, useErrorText } from '../shell/states.js';
import { draftOf, type TradingDraft, tradingChanges } from './tradingDraft.js';
import { useReference } from './useClients.js';
import { useClientUpdate } from './useClientUpdate.js';

/**
 * A client's trading settings: trading on or off, restricted mode, level, and the allowed
 * categories and leverages; the changes are applied together, with a reason.
 */
export function TradingSettingsPanel({ client }: { client: ClientDetail }) {
  const { t } = useTranslation();
  const { can } = useStaffSession();
  const errorText = useErrorText();
  const reference = useReference();
  const ids = { level: useId(), enabled: useId(), restricted: useId() };
  const original = draftOf(client);
  const [draft, setDraft] = useState<TradingDraft>(original);
  const [confirming, setConfirming] = useState(false);
  const update = useClientUpdate(client, 'trading', 'bo.trading.saved');
  const editable = can('permissions.edit');
  const changes = tradingChanges(original, draft);
  const dirty = Object.keys(changes).length > 0;
  const levels = reference.data?.levels.length ? reference.data.levels : [...CLIENT_LEVELS];

  const toggleCategory = (id: number, on: boolean) =>
    setDraft((current) => ({
      ...current,
      assetsGroupPermission: on
        ? [...new Set([...current.assetsGroupPermission, id])].sort((a, b) => a - b)
        : current.assetsGroupPermission.filter((value) => value !== id),
    }));
  const toggleLeverage = (name: string, index: number) =>
    setDraft((current) => {
      const key = name.toLowerCase();
      const list = current.customLeverage[key] ?? [];
      const next = list.includes(index)
        ? list.filter((value) => value !== index)
        : [...list, index].sort((a, b) => a - b);
      const customLeverage = { ...current.customLeverage };
      if (next.length === 0) delete customLeverage[key];
      else customLeverage[key] = next;
      return { ...current, customLeverage };
    });

  return (
    <BoPanel
      title={t('bo.trading.settings')}
      actions={
        editable && (
          <>
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={!dirty}
              onClick={() => setDraft(original)}
            >
              {t('bo.profile.reset')}
            </Button>
            <Button
              size="sm"
              disabled={!dirty}
              onClick={() => setConfirming(true)}
              data-testid="bo-trading-apply"
            >
              {t('bo.trading.apply')}
            </Button>
          </>
        )
      }
    >
      {!editable && (
        <p className="bo-readonly-note">
          <i className="bi bi-lock me-1" aria-hidden="true" />
          {t('bo.trading.readOnly')}
        </p>
      )}
      <fieldset disabled={!editable} className="bo-trading-grid">
        <Form.Group controlId={ids.level}>
          <Form.Label>{t('bo.trading.level')}</Form.Label>
          <Form.Select
            size="sm"
            value={draft.level}
            onChange={(event) => setDraft({ ...draft, level: event.target.value })}
            data-testid="bo-trading-level"
          >
            {!levels.includes(draft.level) && <option value={draft.level}>{draft.level || '—'}</option>}
            {levels.map((level) => (
              <option key={level} value={level}>
                {level}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <div>
          <Form.Check
            type="switch"
            id={ids.enabled}
            checked={draft.tradingEnabled}
            label={t('bo.trading.enabled')}
            onChange={(event) => setDraft({ ...draft, tradingEnabled: event.target.checked })}
            data-testid="bo-trading-enabled"
          />
          <p className="bo-hint mb-0">{t('bo.trading.enabledHint')}</p>
        </div>
        <div>
          <Form.Check
            type="switch"
            id={ids.restricted}
            checked={draft.restrictedMode}
            label={t('bo.trading.restricted')}
            onChange={(event) => setDraft({ ...draft, restrictedMode: event.target.checked })}
            data-testid="bo-trading-restricted"
          />
          <p className="bo-hint mb-0">{t('bo.trading.restrictedHint')}</p>
        </div>
      </fieldset>
      <h3 className="bo-form-section mt-4">{t('bo.trading.categories')}</h3>
      {!reference.data ? (
        <SkeletonBlock lines={5} />
      ) : (
        <fieldset disabled={!editable}>
          <Table size="sm" className="bo-table mb-0" data-testid="bo-trading-categories">
            <thead>
              <tr>
                <th scope="col">{t('bo.trading.category')}</th>
                <th scope="col">{t('bo.trading.allowed')}</th>
                <th scope="col">{t('bo.trading.leverage')}</th>
              </tr>
            </thead>
            <tbody>
              {reference.data.assetCategories.map((category) => {
                const allowed = draft.assetsGroupPermission.includes(category.id);
                const chosen = draft.customLeverage[category.name.toLowerCase()] ?? [];
                return (
                  <tr key={category.id}>
                    <th scope="row" className="fw-semibold">
                      {category.name}
                    </th>
                    <td>
                      <Form.Check
                        type="switch"
                        id={`bo-cat-${category.id}`}
                        checked={allowed}
                        aria-label={`${category.name}: ${t('bo.trading.allowed')}`}
                        onChange={(event) => toggleCategory(category.id, event.target.checked)}
                      />
                    </td>
                    <td>
                      <div className="bo-lev-chips">
                        {category.leverages.map((leverage, index) => (
                          <button
                            key={`${category.id}-${leverage}`}
                            type="button"
                            className={`bo-lev${chosen.includes(index) ? ' on' : ''}`}
                            aria-pressed={chosen.includes(index)}
                            onClick={() => toggleLeverage(category.name, index)}
                          >
                            1:{leverage}
                          </button>
                        ))}
                        {chosen.length === 0 && (
                          <span className="bo-hint ms-1">{t('bo.trading.allLeverages')}</span>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </fieldset>
      )}
      <ConfirmDialog
        show={confirming}
        title={t('bo.trading.apply')}
        confirmLabel={t('bo.trading.apply')}
        reasonLabel={t('bo.trading.reason')}
        reasonHint={t('bo.trading.reasonHint')}
        reasonRequired
        pending={update.isPending}
        error={update.isError ? errorText(update.error) : null}
        onConfirm={(reason) =>
          update.mutate(
            { ...changes, reason },
            {
              onSuccess: (saved) => {
                setConfirming(false);
                setDraft(draftOf(saved));
              },
            },
          )
        }
        onCancel={() => {
          setConfirming(false);
          update.reset();
        }}
      />
    </BoPanel>
  );
}
