import type { PriceAlertDto } from '@openbroker/domain';
import { useEffect, useState } from 'react';
import { Badge, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { shortDateTime } from '../../../lib/dates.js';
import { useInstruments } from '../../../shared/market/useMarketData.js';
import { useAuth } from '../../../shared/session/useAuth.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { AlertForm } from './AlertForm.js';
import { isPushOn, pushSupport, turnPushOff, turnPushOn } from './pushNotifications.js';
import { useAlerts } from './useAlerts.js';
import './alerts.css';

const STATUS_VARIANT = { active: 'primary', triggered: 'success', expired: 'secondary' } as const;

/** What an alert watches, in the client's words: "Bid ≥ 61 000.00", "Ask moves 2 % from 60 000.00". */
function AlertCondition({ alert, precision }: { alert: PriceAlertDto; precision: number }) {
  const { t } = useTranslation();
  const side = t(`alerts.side.${alert.side}`);
  if (alert.kind === 'move')
    return (
      <>
        {t('alerts.condition.move', {
          side,
          percent: alert.value,
          base: alert.base_price?.toFixed(precision) ?? '–',
        })}
        <div className="small text-body-secondary">
          {alert.below?.toFixed(precision)} – {alert.above?.toFixed(precision)}
        </div>
      </>
    );
  return <>{t(`alerts.condition.${alert.kind}`, { side, level: alert.value.toFixed(precision) })}</>;
}

/** This browser's push switch: on, off, or why it cannot be (unsupported, blocked, not HTTPS). */
function PushSwitch() {
  const { t } = useTranslation();
  const token = useAuth()?.access_token ?? '';
  const toast = useToast();
  const support = pushSupport();
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!token || support !== 'available') return;
    let live = true;
    isPushOn(token)
      .then((value) => live && setOn(value))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [token, support]);
  const change = async (wanted: boolean) => {
    setBusy(true);
    try {
      if (wanted) {
        const done = await turnPushOn(token);
        setOn(done);
        if (!done) toast('danger', { key: 'alerts.push.refused' });
      } else {
        await turnPushOff(token);
        setOn(false);
      }
    } catch {
      toast('danger', { key: 'alerts.push.failed' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form.Check
      type="switch"
      id="ob-alert-push"
      className="small mb-0"
      label={
        support === 'unsupported'
          ? t('alerts.push.unsupported')
          : support === 'denied'
            ? t('alerts.push.denied')
            : t('alerts.push.label')
      }
      checked={on}
      disabled={busy || support !== 'available'}
      onChange={(event) => void change(event.target.checked)}
      data-testid="alerts-push"
    />
  );
}

/**
 * The client's price alerts in the terminal: each alert with what it watches, its state (active, triggered at
 * which price and when, expired), its note; edit and delete; "Set alert" for the market on screen; the switch for
 * push notifications in this browser.
 */
export function AlertsTab({ symbol }: { symbol: string }) {
  const { t, i18n } = useTranslation();
  const { alerts, maxActive, isError, retry, save, remove } = useAlerts();
  const instruments = useInstruments();
  const toast = useToast();
  const [editing, setEditing] = useState<PriceAlertDto | 'new' | null>(null);
  const precisionOf = (s: string) => instruments.bySymbol.get(s)?.precision ?? 5;
  const active = alerts?.filter((a) => a.status === 'active').length ?? 0;
  const formSymbol = editing && editing !== 'new' ? editing.symbol : symbol;

  const onDelete = async (alert: PriceAlertDto) => {
    try {
      await remove(alert.id);
      toast('success', { key: 'alerts.deleted' });
    } catch {
      toast('danger', { key: 'alerts.saveFailed' });
    }
  };

  return (
    <div className="ob-alerts" data-testid="alerts-tab">
      <div className="ob-alerts-bar d-flex flex-wrap align-items-center gap-2 px-3 py-2 border-bottom">
        <Button size="sm" variant="primary" onClick={() => setEditing('new')} data-testid="alerts-new">
          <i className="bi bi-bell me-1" aria-hidden="true" />
          {t('alerts.setFor', { symbol })}
        </Button>
        <span className="small text-body-secondary">
          {t('alerts.count', { count: active, max: maxActive })}
        </span>
        <div className="ms-auto">
          <PushSwitch />
        </div>
      </div>
      {isError ? (
        <EmptyState icon="bi-wifi-off">
          {t('alerts.loadFailed')}{' '}
          <Button variant="link" size="sm" onClick={retry}>
            {t('app.retry')}
          </Button>
        </EmptyState>
      ) : alerts && alerts.length === 0 ? (
        <EmptyState icon="bi-bell">{t('alerts.empty')}</EmptyState>
      ) : (
        <div className="ob-table-wrap table-responsive">
          <table className="table table-hover ob-table mb-0 align-middle" data-testid="alerts-list">
            <thead>
              <tr>
                <th scope="col">{t('alerts.col.market')}</th>
                <th scope="col">{t('alerts.col.condition')}</th>
                <th scope="col">{t('alerts.col.status')}</th>
                <th scope="col" className="d-none d-md-table-cell">
                  {t('alerts.col.note')}
                </th>
                <th scope="col" className="ob-r">
                  <span className="visually-hidden">{t('alerts.col.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(alerts ?? []).map((alert) => {
                const precision = precisionOf(alert.symbol);
                return (
                  <tr key={alert.id} data-testid={`alert-row-${alert.id}`} data-status={alert.status}>
                    <td className="fw-semibold">{alert.symbol}</td>
                    <td>
                      <AlertCondition alert={alert} precision={precision} />
                    </td>
                    <td>
                      <Badge bg={STATUS_VARIANT[alert.status]} data-testid="alert-status">
                        {t(`alerts.status.${alert.status}`)}
                      </Badge>
                      <div className="small text-body-secondary">
                        {alert.status === 'triggered' && alert.triggered_price !== null
                          ? t('alerts.triggeredAt', {
                              price: alert.triggered_price.toFixed(precision),
                              time: shortDateTime(alert.triggered_at, i18n.language),
                            })
                          : alert.expires_at
                            ? t('alerts.expires', { time: shortDateTime(alert.expires_at, i18n.language) })
                            : null}
                      </div>
                    </td>
                    <td className="d-none d-md-table-cell small text-break">{alert.note}</td>
                    <td className="ob-r text-nowrap">
                      <Button
                        size="sm"
                        variant="link"
                        aria-label={t('alerts.edit', { symbol: alert.symbol })}
                        onClick={() => setEditing(alert)}
                        data-testid={`alert-edit-${alert.id}`}
                      >
                        <i className="bi bi-pencil" aria-hidden="true" />
                      </Button>
                      <Button
                        size="sm"
                        variant="link"
                        className="text-danger"
                        aria-label={t('alerts.delete', { symbol: alert.symbol })}
                        onClick={() => void onDelete(alert)}
                        data-testid={`alert-delete-${alert.id}`}
                      >
                        <i className="bi bi-trash" aria-hidden="true" />
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <AlertForm
          symbol={formSymbol}
          precision={precisionOf(formSymbol)}
          {...(editing !== 'new' ? { alert: editing } : {})}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
