import {
  SCREENING_LIST_FORMATS,
  SCREENING_MATCH_STATUSES,
  type ScreeningListFormat,
  type ScreeningMatch,
} from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useToast } from '../../../ui/ToastProvider.js';
import { BoPage, BoPanel } from '../shell/BoPage.js';
import { DateTime } from '../shell/cells.js';
import { LoadError, useErrorText } from '../shell/panelStates.js';
import { ReasonDialog } from '../shell/ReasonDialog.js';
import { useStaffSession } from '../shell/session.js';
import { NoAccess } from '../shell/states.js';
import { importScreeningList, isMatchStatus, screeningApi } from './api.js';
import { MatchCard } from './MatchCard.js';
import './screening.css';

/**
 * The screening queue (docs/compliance.md "Screening"): possible matches of clients in the member's brands, the
 * client's data beside the list entry, cleared or confirmed with a reason; and, for members working for every
 * brand, the import of a list file and the imports so far.
 */
export function ScreeningPage() {
  const { t } = useTranslation();
  const { can, staff } = useStaffSession();
  const allowed = can('screening.review');
  const everyBrand = staff?.brandScope.all === true;
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = raw === 'all' ? '' : isMatchStatus(raw) ? raw : 'pending';
  const client = useQueryClient();
  const toast = useToast();
  const [deciding, setDeciding] = useState<{ match: ScreeningMatch; decision: 'clear' | 'confirm' } | null>(
    null,
  );

  const queue = useQuery({
    queryKey: ['bo', 'screening', 'queue', status],
    queryFn: ({ signal }) => screeningApi.queue(status, signal),
    enabled: allowed,
  });
  const decide = useMutation({
    mutationFn: (input: { id: number; decision: 'clear' | 'confirm'; reason: string }) =>
      screeningApi.decide(input.id, { decision: input.decision, reason: input.reason }),
    onSuccess: (match) => {
      setDeciding(null);
      toast('success', { key: match.status === 'cleared' ? 'bos.done.cleared' : 'bos.done.confirmed' });
      void client.invalidateQueries({ queryKey: ['bo', 'screening'] });
    },
  });

  const items = queue.data?.items ?? [];
  return (
    <BoPage title={t('bos.title')} subtitle={t('bos.lead')} testId="bo-screening">
      {!allowed ? (
        <BoPanel>
          <NoAccess />
        </BoPanel>
      ) : (
        <>
          <BoPanel
            title={t('bos.filter.status')}
            actions={
              <Form.Select
                size="sm"
                aria-label={t('bos.filter.status')}
                value={status || 'all'}
                onChange={(event) => setParams(new URLSearchParams({ status: event.target.value }))}
                data-testid="bos-status"
              >
                {SCREENING_MATCH_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`bos.status.${s}`)}
                  </option>
                ))}
                <option value="all">{t('bos.status.all')}</option>
              </Form.Select>
            }
          >
            {queue.isError && !queue.data ? (
              <LoadError error={queue.error} onRetry={() => void queue.refetch()} />
            ) : queue.isPending ? (
              <Spinner animation="border" size="sm" role="status" />
            ) : items.length === 0 ? (
              <p className="bos-empty" data-testid="bos-empty">
                {t('bos.empty')}
              </p>
            ) : (
              <div className="bos-list">
                {items.map((match) => (
                  <MatchCard
                    key={match.id}
                    match={match}
                    onDecide={(m, decision) => {
                      decide.reset();
                      setDeciding({ match: m, decision });
                    }}
                  />
                ))}
              </div>
            )}
          </BoPanel>
          {everyBrand && <ImportPanel />}
          <ReasonDialog
            show={deciding !== null}
            title={
              deciding
                ? t(deciding.decision === 'clear' ? 'bos.clearTitle' : 'bos.confirmTitle', {
                    id: deciding.match.id,
                  })
                : ''
            }
            reasonRequired
            confirmLabel={deciding?.decision === 'confirm' ? t('bos.confirm') : t('bos.clear')}
            variant={deciding?.decision === 'confirm' ? 'danger' : 'success'}
            pending={decide.isPending}
            error={decide.error}
            onConfirm={(reason) =>
              deciding && decide.mutate({ id: deciding.match.id, decision: deciding.decision, reason })
            }
            onHide={() => setDeciding(null)}
            testId="bos-decision-dialog"
          >
            {deciding?.decision === 'confirm' && <Alert variant="danger">{t('bos.confirmWarning')}</Alert>}
          </ReasonDialog>
        </>
      )}
    </BoPage>
  );
}

/** Importing a list file in its format, and the imports so far. */
function ImportPanel() {
  const { t } = useTranslation();
  const id = useId();
  const toast = useToast();
  const errorText = useErrorText();
  const client = useQueryClient();
  const [format, setFormat] = useState<ScreeningListFormat>('eu');
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const lists = useQuery({
    queryKey: ['bo', 'screening', 'lists'],
    queryFn: ({ signal }) => screeningApi.lists(signal),
    refetchInterval: (query) => (query.state.data?.some((l) => l.screenedAt === null) ? 2_000 : false),
  });
  const upload = useMutation({
    mutationFn: (input: { format: ScreeningListFormat; file: File }) =>
      importScreeningList(input.format, input.file),
    onSuccess: ({ list }) => {
      toast('success', { key: 'bos.import.done', params: { count: list.entryCount, file: list.fileName } });
      setFile(null);
      void client.invalidateQueries({ queryKey: ['bo', 'screening'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setMissing(true);
      return;
    }
    upload.mutate({ format, file });
  };
  return (
    <BoPanel title={t('bos.import.title')}>
      <p className="text-body-secondary small">{t('bos.import.lead')}</p>
      <Form noValidate onSubmit={submit} className="bos-import" data-testid="bos-import">
        <Form.Group controlId={`${id}-format`}>
          <Form.Label>{t('bos.import.format')}</Form.Label>
          <Form.Select value={format} onChange={(e) => setFormat(e.target.value as ScreeningListFormat)}>
            {SCREENING_LIST_FORMATS.map((f) => (
              <option key={f} value={f}>
                {t(`bos.import.format.${f}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId={`${id}-file`}>
          <Form.Label>{t('bos.import.file')}</Form.Label>
          <Form.Control
            type="file"
            accept=".xml,.csv,text/xml,text/csv,application/xml"
            isInvalid={missing}
            onChange={(e) => {
              setMissing(false);
              setFile((e.target as HTMLInputElement).files?.[0] ?? null);
            }}
          />
          <Form.Control.Feedback type="invalid">{t('bos.import.noFile')}</Form.Control.Feedback>
        </Form.Group>
        <Button type="submit" disabled={upload.isPending} data-testid="bos-import-submit">
          {upload.isPending && <Spinner size="sm" animation="border" className="me-1" aria-hidden="true" />}
          {t('bos.import.submit')}
        </Button>
      </Form>
      {upload.isError && (
        <Alert variant="danger" className="mt-3 mb-0">
          {errorText(upload.error)}
        </Alert>
      )}
      <h3 className="bos-lists-title">{t('bos.lists.title')}</h3>
      <div className="table-responsive">
        <table className="table table-sm bos-lists" data-testid="bos-lists">
          <thead>
            <tr>
              <th>{t('bos.lists.col.source')}</th>
              <th>{t('bos.lists.col.file')}</th>
              <th className="text-end">{t('bos.lists.col.entries')}</th>
              <th>{t('bos.lists.col.by')}</th>
              <th>{t('bos.lists.col.at')}</th>
              <th>{t('bos.lists.col.screened')}</th>
            </tr>
          </thead>
          <tbody>
            {(lists.data ?? []).map((list) => (
              <tr key={list.id}>
                <td>{list.source.toUpperCase()}</td>
                <td title={`sha256 ${list.fileHash}`}>{list.fileName}</td>
                <td className="text-end">{list.entryCount}</td>
                <td>{list.importedBy}</td>
                <td>
                  <DateTime value={list.importedAt} />
                </td>
                <td>{list.screenedAt ? <DateTime value={list.screenedAt} /> : t('bos.lists.running')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </BoPanel>
  );
}
