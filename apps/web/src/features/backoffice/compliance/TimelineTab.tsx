import { type ClientDetail, TIMELINE_KINDS, type TimelineEntry, TimelinePage } from '@openbroker/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { queryString, staffRequest } from '../api.js';
import { BoPanel } from '../shell/BoPage.js';
import { Amount, DateTime } from '../shell/cells.js';
import { BoEmpty, ErrorBlock, SkeletonBlock } from '../shell/states.js';
import './compliance.css';

const ICONS: Record<TimelineEntry['kind'], string> = {
  login: 'bi-box-arrow-in-right',
  upload: 'bi-file-earmark-arrow-up',
  money: 'bi-cash-coin',
  trading: 'bi-graph-up',
  staff: 'bi-person-badge',
  note: 'bi-sticky',
};

function EntryText({ entry }: { entry: TimelineEntry }) {
  const { t } = useTranslation();
  switch (entry.kind) {
    case 'login':
      return (
        <>
          {t('bo.timeline.login', { ip: entry.ip || '—' })}
          <span className="bo-timeline-detail">{entry.device}</span>
        </>
      );
    case 'upload':
      return <>{t('bo.timeline.upload', { type: entry.documentType })}</>;
    case 'money':
      return (
        <>
          {t(entry.direction === 'deposit' ? 'bo.timeline.deposit' : 'bo.timeline.withdrawal', {
            reference: entry.reference,
          })}{' '}
          <Amount value={entry.amount} currency={entry.currency} />
          <span className="bo-timeline-detail">{entry.status}</span>
        </>
      );
    case 'trading':
      return (
        <>
          {t('bo.timeline.trading', {
            opens: entry.opens,
            closes: entry.closes,
            account: entry.accountNumber,
          })}
          <span className="bo-timeline-detail">
            {t('bo.timeline.volume')} <Amount value={entry.volume} currency={entry.currency} />
          </span>
        </>
      );
    case 'staff':
      return (
        <>
          {t('bo.timeline.staff', { action: entry.action, who: entry.who })}
          {entry.reason && <span className="bo-timeline-detail">{entry.reason}</span>}
        </>
      );
    case 'note':
      return (
        <>
          {t('bo.timeline.note', { who: entry.who })}
          <span className="bo-timeline-detail">{entry.body}</span>
        </>
      );
  }
}

/** What the client did and what staff did on them, newest first, with a kind filter; read only. */
export function TimelineTab({ client }: { client: ClientDetail }) {
  const { t } = useTranslation();
  const id = useId();
  const [kind, setKind] = useState('');
  const timeline = useInfiniteQuery({
    queryKey: ['bo', 'clients', client.id, 'timeline', kind],
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      staffRequest(
        `/api/backoffice/clients/${client.id}/timeline${queryString({ kind, before: pageParam })}`,
        { schema: TimelinePage, signal },
      ),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
  const items = timeline.data?.pages.flatMap((page) => page.items);
  return (
    <BoPanel
      title={t('bo.tab.timeline')}
      actions={
        <Form.Group controlId={id} className="d-flex align-items-center gap-2">
          <Form.Label className="mb-0 small">{t('bo.timeline.filter')}</Form.Label>
          <Form.Select
            size="sm"
            value={kind}
            onChange={(event) => setKind(event.target.value)}
            data-testid="bo-timeline-kind"
          >
            <option value="">{t('bo.timeline.kind.all')}</option>
            {TIMELINE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`bo.timeline.kind.${k}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      }
      flush
    >
      {timeline.isError ? (
        <ErrorBlock error={timeline.error} onRetry={() => void timeline.refetch()} />
      ) : !items ? (
        <SkeletonBlock />
      ) : items.length === 0 ? (
        <BoEmpty icon="bi-clock-history">{t('bo.timeline.empty')}</BoEmpty>
      ) : (
        <>
          <ol className="bo-timeline" data-testid="bo-timeline">
            {items.map((entry) => (
              <li
                key={entry.id}
                className={`bo-timeline-item bo-timeline-${entry.kind}`}
                data-kind={entry.kind}
              >
                <span className="bo-timeline-icon" aria-hidden="true">
                  <i className={`bi ${ICONS[entry.kind]}`} />
                </span>
                <span className="bo-timeline-when">
                  <DateTime value={entry.at} dateOnly={entry.kind === 'trading'} />
                </span>
                <span className="bo-timeline-what">
                  <EntryText entry={entry} />
                </span>
              </li>
            ))}
          </ol>
          {timeline.hasNextPage && (
            <div className="p-2 text-center">
              <Button
                size="sm"
                variant="outline-secondary"
                disabled={timeline.isFetchingNextPage}
                onClick={() => void timeline.fetchNextPage()}
              >
                {t('bo.timeline.more')}
              </Button>
            </div>
          )}
        </>
      )}
    </BoPanel>
  );
}
