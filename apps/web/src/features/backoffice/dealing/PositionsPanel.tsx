import { DealerCloseAnswer, type DealerPosition, DealerPositionPage, formatPrice } from '@openbroker/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button, Form, InputGroup, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { queryString, staffRequest } from '../api.js';
import { useBoFormat } from '../money/format.js';
import { Pager } from '../money/Pager.js';
import { BoPanel } from '../shell/BoPage.js';
import { StatusBadge } from '../shell/cells.js';
import { useMoney } from '../shell/currency.js';
import { LoadError, SkeletonRows } from '../shell/panelStates.js';
import { Facts, ReasonDialog } from '../shell/ReasonDialog.js';
import { useStaffSession } from '../shell/session.js';
import { tone } from './deskFigures.js';
import { CLOSES_KEY, DESK_KEY } from './useDealingDesk.js';

/** The positions list refreshes on its own (the desk above is live over the socket). */
const REFRESH_MS = 5_000;

export const POSITIONS_KEY = ['bo', 'positions'] as const;

/**
 * Every open position across the clients in scope (newest first, paged, filtered by symbol), with closing a
 * client's position for a reason: audited, and the client is told "Closed by the broker: <reason>" at once.
 */
export function PositionsPanel({
  brandId,
  symbol,
  page,
  onSymbol,
  onPage,
}: {
  brandId: number | undefined;
  symbol: string;
  page: number;
  onSymbol: (symbol: string) => void;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const { can } = useStaffSession();
  const format = useBoFormat();
  const money = useMoney();
  const toast = useToast();
  const queryClient = useQueryClient();
  const filterId = useId();
  const [typed, setTyped] = useState(symbol);
  const [shownSymbol, setShownSymbol] = useState(symbol);
  const [closing, setClosing] = useState<DealerPosition | null>(null);
  // A symbol chosen from the exposure table replaces what was typed.
  if (symbol !== shownSymbol) {
    setShownSymbol(symbol);
    setTyped(symbol);
  }

  const query = useQuery({
    queryKey: [...POSITIONS_KEY, brandId ?? 'all', symbol, page],
    queryFn: ({ signal }) =>
      staffRequest(
        `/api/backoffice/positions${queryString({ brandId, symbol: symbol || undefined, page })}`,
        {
          schema: DealerPositionPage,
          signal,
        },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  const close = useMutation({
    mutationFn: ({ position, reason }: { position: DealerPosition; reason: string }) =>
      staffRequest(`/api/backoffice/clients/${position.userId}/positions/${position.id}/close`, {
        schema: DealerCloseAnswer,
        method: 'POST',
        body: { reason },
      }),
    onSuccess: () => {
      setClosing(null);
      toast('success', { key: 'bom.dealing.toast.closed' });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: POSITIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: DESK_KEY });
      void queryClient.invalidateQueries({ queryKey: CLOSES_KEY });
    },
  });
  const mayClose = can('positions.close');
  const rows = query.data?.items ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSymbol(typed.trim().toUpperCase());
  };

  return (
    <BoPanel
      title={t('bom.dealing.positions')}
      flush
      actions={
        <Form onSubmit={submit} className="d-flex gap-2" role="search">
          <InputGroup size="sm">
            <Form.Label htmlFor={filterId} className="visually-hidden">
              {t('bom.dealing.col.symbol')}
            </Form.Label>
            <Form.Control
              id={filterId}
              value={typed}
              placeholder={t('bom.dealing.symbolPlaceholder')}
              onChange={(event) => setTyped(event.target.value)}
              className="bom-symbol-input"
              data-testid="bo-symbol-filter"
            />
            {symbol && (
              <Button variant="outline-secondary" onClick={() => onSymbol('')} title={t('bom.clear')}>
                <i className="bi bi-x-lg" aria-hidden="true" />
                <span className="visually-hidden">{t('bom.clear')}</span>
              </Button>
            )}
            <Button type="submit" variant="outline-secondary">
              <i className="bi bi-funnel" aria-hidden="true" />
              <span className="visually-hidden">{t('bom.filter.apply')}</span>
            </Button>
          </InputGroup>
        </Form>
      }
    >
      {query.isError && !query.data ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <div className="table-responsive bom-scroll">
            <Table hover className="ob-table bom-table mb-0 align-middle" data-testid="bo-positions">
              <caption className="visually-hidden">{t('bom.dealing.positions')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('bom.dealing.col.opened')}</th>
                  <th scope="col">{t('bom.dealing.col.client')}</th>
                  <th scope="col">{t('bom.dealing.col.symbol')}</th>
                  <th scope="col">{t('bom.dealing.col.direction')}</th>
                  <th scope="col" className="text-end">
                    {t('bom.dealing.col.amount')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('bom.dealing.col.leverage')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('bom.dealing.col.openRate')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('bom.dealing.col.tpsl')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('bom.dealing.col.profit')}
                  </th>
                  <th scope="col" className="text-end">
                    <span className="visually-hidden">{t('bom.queue.col.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {query.isPending && <SkeletonRows columns={10} />}
                {rows.map((row) => (
                  <tr key={row.id} data-testid="bo-position-row">
                    <td className="text-nowrap ob-num">{format.dateTime(row.open_date)}</td>
                    <td>
                      <Link to={`/backoffice/clients/${row.userId}`} className="fw-semibold">
                        {row.clientName}
                      </Link>
                      <div className="bom-sub">
                        <span className="ob-num" data-testid="bo-position-account">
                          {row.accountNumber}
                        </span>
                        {row.demo && (
                          <StatusBadge tone="warning" icon="bi-controller">
                            {t('bo.accounts.demo')}
                          </StatusBadge>
                        )}
                        <span className="ob-num">
                          {t('bom.pin')} {row.pin}
                        </span>
                        <span className="bom-brand-tag">{row.brandSlug}</span>
                      </div>
                    </td>
                    <td>
                      <span className="ob-symbol">{row.symbol}</span>
                    </td>
                    <td>
                      <span
                        className={`bom-side ${row.direction === 'buy' ? 'bom-side-buy' : 'bom-side-sell'}`}
                      >
                        <i
                          className={`bi ${row.direction === 'buy' ? 'bi-arrow-up-right' : 'bi-arrow-down-right'} me-1`}
                          aria-hidden="true"
                        />
                        {t(row.direction === 'buy' ? 'bom.dealing.buy' : 'bom.dealing.sell')}
                      </span>
                    </td>
                    <td className="text-end ob-num">{money(row.amount, row.currency)}</td>
                    <td className="text-end ob-num">1:{row.leverage}</td>
                    <td className="text-end ob-num">{formatPrice(row.open_rate)}</td>
                    <td className="text-end ob-num text-nowrap bom-sub">
                      {row.take_profit === null ? '—' : formatPrice(row.take_profit)}
                      {' / '}
                      {row.stop_lost === null ? '—' : formatPrice(row.stop_lost)}
                    </td>
                    <td className={`text-end ob-num fw-semibold ${tone(Number(row.profit))}`}>
                      {money(row.profit, row.currency)}
                    </td>
                    <td className="text-end">
                      {mayClose && (
                        <Button
                          size="sm"
                          variant="outline-danger"
                          onClick={() => {
                            close.reset();
                            setClosing(row);
                          }}
                          data-testid="bo-close-position"
                        >
                          {t('bom.dealing.close')}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
            {query.isSuccess && rows.length === 0 && (
              <EmptyState
                icon="bi-graph-up"
                hint={symbol ? t('bom.dealing.emptyFiltered', { symbol }) : undefined}
              >
                {t('bom.dealing.empty')}
              </EmptyState>
            )}
          </div>
          {query.data && query.data.total > 0 && (
            <div className="bom-panel-foot">
              <Pager
                page={query.data.page}
                total={query.data.total}
                pageSize={query.data.pageSize}
                onPage={onPage}
              />
            </div>
          )}
        </>
      )}
      {closing && (
        <ReasonDialog
          show
          title={t('bom.dealing.closeTitle')}
          reasonRequired
          confirmLabel={t('bod.close.confirm', { id: closing.id })}
          cancelLabel={t('bod.close.keep')}
          variant="danger"
          pending={close.isPending}
          error={close.error}
          onConfirm={(reason) => close.mutate({ position: closing, reason })}
          onHide={() => setClosing(null)}
          testId="bo-close-dialog"
        >
          <Facts
            rows={[
              [t('bom.dealing.col.client'), `${closing.clientName} (${t('bom.pin')} ${closing.pin})`],
              [
                t('bom.dealing.col.symbol'),
                `${closing.symbol} · ${t(closing.direction === 'buy' ? 'bom.dealing.buy' : 'bom.dealing.sell')}`,
              ],
              [
                t('bom.dealing.col.amount'),
                <span key="amount" className="ob-num">
                  {money(closing.amount, closing.currency)}
                </span>,
              ],
              [
                t('bom.dealing.col.openRate'),
                <span key="rate" className="ob-num">
                  {formatPrice(closing.open_rate)}
                </span>,
              ],
            ]}
          />
          <div className="bom-note bom-note-warn">
            <i className="bi bi-exclamation-triangle" aria-hidden="true" />
            <span>{t('bom.dealing.closeNote')}</span>
          </div>
          <div className="bom-note">
            <i className="bi bi-chat-left-quote" aria-hidden="true" />
            <span>{t('bod.close.clientSees')}</span>
          </div>
        </ReasonDialog>
      )}
    </BoPanel>
  );
}
