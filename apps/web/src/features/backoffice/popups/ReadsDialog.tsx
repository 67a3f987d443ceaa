import { BACKOFFICE_PAGE_SIZE, type BoPopup, BoPopupReadsPage } from '@openbroker/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { queryString, staffRequest } from '../api.js';
import { useBoFormat } from '../money/format.js';
import { Pager } from '../money/Pager.js';
import { BoTable } from '../shell/BoTable.js';
import { LoadError } from '../shell/panelStates.js';
import { POPUPS_KEY } from './types.js';

/** Who read (closed) a pop-up: client, e-mail, PIN and when, newest first, 50 a page. */
export function ReadsDialog({ popup, onHide }: { popup: BoPopup; onHide: () => void }) {
  const { t } = useTranslation();
  const format = useBoFormat();
  const [page, setPage] = useState(1);
  const reads = useQuery({
    queryKey: [...POPUPS_KEY, popup.id, 'reads', page],
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/popups/${popup.id}/reads${queryString({ page })}`, {
        schema: BoPopupReadsPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <Modal show onHide={onHide} size="lg" centered scrollable data-testid="boe-reads-dialog">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5 mb-0">
          {t('boe.popups.reads.title')}: {popup.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="boe-sub">
          {t('boe.popups.readsTitle', {
            reads: format.number(popup.reads, 0),
            size: format.number(popup.audienceSize, 0),
          })}
        </p>
        {reads.isError && !reads.data ? (
          <LoadError error={reads.error} onRetry={() => void reads.refetch()} />
        ) : (
          <>
            <BoTable
              testId="boe-reads"
              rows={reads.data?.items}
              rowKey={(row) => row.userId}
              empty={t('boe.popups.reads.empty')}
              emptyIcon="bi-envelope-open"
              columns={[
                { key: 'name', header: t('boe.popups.reads.name'), cell: (row) => row.name },
                { key: 'email', header: t('boe.popups.reads.email'), cell: (row) => row.email },
                {
                  key: 'pin',
                  header: t('boe.popups.reads.pin'),
                  cell: (row) => <span className="bo-num">{row.pin}</span>,
                },
                {
                  key: 'at',
                  header: t('boe.popups.reads.at'),
                  align: 'end',
                  cell: (row) => <span className="bo-num">{format.dateTime(row.readAt)}</span>,
                },
              ]}
            />
            {reads.data && reads.data.total > BACKOFFICE_PAGE_SIZE && (
              <Pager page={page} total={reads.data.total} pageSize={reads.data.pageSize} onPage={setPage} />
            )}
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          {t('boe.popups.reads.close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
