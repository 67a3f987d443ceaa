import { type AutoBrandDetail, AutoBrandKillSwitchAnswer } from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../ui/ToastProvider.js';
import { staffRequest } from '../api.js';
import { useBoFormat } from '../money/format.js';
import { ConfirmDialog } from '../shell/ConfirmDialog.js';
import { useErrorText } from '../shell/states.js';
import { autoBrandKey, autoBrandPath, autoBrandsKey } from './types.js';

/**
 * The brand's kill switch: running or stopped, who changed it when and why, and the one button that
 * stops all auto-trading of the brand (a reason is required; the server switches every account off) or lets it
 * run again (nobody is switched back on).
 */
export function KillSwitchPanel({ brand }: { brand: AutoBrandDetail }) {
  const { t } = useTranslation();
  const format = useBoFormat();
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const { kill } = brand;
  const change = useMutation({
    mutationFn: (reason: string) =>
      staffRequest(`${autoBrandPath(brand.id)}/kill-switch`, {
        schema: AutoBrandKillSwitchAnswer,
        method: 'POST',
        body: { killed: !kill.killed, reason },
      }),
    onSuccess: (answer) => {
      setAsking(false);
      queryClient.setQueryData(autoBrandKey(brand.id), answer);
      void queryClient.invalidateQueries({ queryKey: autoBrandsKey });
      toast(
        'success',
        answer.killed
          ? { key: 'boat.kill.toastStopped', params: { brand: brand.name, count: answer.stopped ?? 0 } }
          : { key: 'boat.kill.toastResumed', params: { brand: brand.name } },
      );
    },
  });
  const at = format.dateTime(kill.at);
  const history = kill.killed
    ? kill.by
      ? t('boat.kill.stoppedBy', { by: kill.by, at })
      : kill.at
        ? t('boat.kill.stoppedAt', { at })
        : null
    : kill.by && kill.at
      ? t('boat.kill.resumedBy', { by: kill.by, at })
      : null;

  return (
    <section
      className={`boat-kill ${kill.killed ? 'boat-kill-stopped' : 'boat-kill-running'}`}
      aria-labelledby="boat-kill-head"
      data-testid="boat-kill"
      data-killed={kill.killed ? 'true' : 'false'}
    >
      <div className="boat-kill-icon" aria-hidden="true">
        <i className={`bi ${kill.killed ? 'bi-sign-stop-fill' : 'bi-play-circle-fill'}`} />
      </div>
      <div className="boat-kill-text">
        <div className="boat-kill-label">{t('boat.kill.title')}</div>
        <h2 id="boat-kill-head" className="boat-kill-head">
          {kill.killed
            ? t('boat.kill.stoppedHead', { brand: brand.name })
            : t('boat.kill.runningHead', { brand: brand.name })}
        </h2>
        <p className="boat-kill-lead">
          {kill.killed ? t('boat.kill.stoppedText') : t('boat.kill.runningText')}
        </p>
        {history && (
          <p className="boat-kill-history" data-testid="boat-kill-history">
            <i className="bi bi-clock-history" aria-hidden="true" /> {history}
            {kill.reason && (
              <>
                {' · '}
                <span className="boat-kill-reason">{t('boat.kill.reason', { reason: kill.reason })}</span>
              </>
            )}
          </p>
        )}
      </div>
      <div className="boat-kill-action">
        {kill.killed ? (
          <Button variant="outline-success" onClick={() => setAsking(true)} data-testid="boat-kill-resume">
            <i className="bi bi-play-fill me-1" aria-hidden="true" />
            {t('boat.kill.resume')}
          </Button>
        ) : (
          <Button
            variant="danger"
            size="lg"
            className="boat-kill-stop"
            onClick={() => setAsking(true)}
            data-testid="boat-kill-stop"
          >
            <i className="bi bi-power me-2" aria-hidden="true" />
            {t('boat.kill.stop')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        show={asking}
        title={
          kill.killed
            ? t('boat.kill.confirmResumeTitle', { brand: brand.name })
            : t('boat.kill.confirmStopTitle', { brand: brand.name })
        }
        body={
          kill.killed ? (
            <p className="mb-0">{t('boat.kill.confirmResumeBody')}</p>
          ) : (
            <>
              <p>{t('boat.kill.confirmStopBody', { count: brand.clientsOn })}</p>
              <p className="mb-0 text-body-secondary">{t('boat.kill.confirmStopNote')}</p>
            </>
          )
        }
        confirmLabel={kill.killed ? t('boat.kill.confirmResume') : t('boat.kill.confirmStop')}
        variant={kill.killed ? 'success' : 'danger'}
        reasonLabel={kill.killed ? t('boat.kill.reasonOptional') : t('boat.kill.reasonLabel')}
        reasonRequired={!kill.killed}
        reasonRequiredText={t('boat.kill.reasonRequired')}
        pending={change.isPending}
        error={change.isError ? errorText(change.error) : null}
        onConfirm={(reason) => change.mutate(reason)}
        onCancel={() => {
          setAsking(false);
          change.reset();
        }}
      />
    </section>
  );
}
