import { type ClientDetail, formatPrice, type PositionDto, PositionsPayload } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { staffRequest } from '../api.js';
import { BoPanel } from '../shell/BoPage.js';
import { type BoColumn, BoTable } from '../shell/BoTable.js';
import { Amount, DateTime, StatusBadge } from '../shell/cells.js';
import { ErrorBlock } from '../shell/states.js';
import { clientKeys } from './useClients.js';

/** A rate with the decimals the terminal shows (spec §9), as on the dealing screen. */
const rate = (value: number | null) => (value === null ? '—' : formatPrice(value));

/** The client's open positions and history (engine PositionDto). */
export function PositionsTab({ client }: { client: ClientDetail }) {
  const { t } = useTranslation();
  const positions = useQuery({
    queryKey: clientKeys.part(client.id, 'positions'),
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/clients/${client.id}/positions`, { schema: PositionsPayload, signal }),
    refetchInterval: 15_000,
  });
  const columns = (closed: boolean): BoColumn<PositionDto>[] => [
    { key: 'id', header: t('bo.positions.col.id'), cell: (row) => <span className="bo-mono">{row.id}</span> },
    { key: 'symbol', header: t('bo.positions.col.symbol'), cell: (row) => <strong>{row.symbol}</strong> },
    {
      key: 'side',
      header: t('bo.positions.col.side'),
      cell: (row) =>
        row.direction === 'buy' ? (
          <StatusBadge tone="success">{t('bo.positions.buy')}</StatusBadge>
        ) : (
          <StatusBadge tone="danger">{t('bo.positions.sell')}</StatusBadge>
        ),
    },
    {
      key: 'amount',
      header: t('bo.positions.col.amount'),
      align: 'end',
      cell: (row) => <Amount value={String(row.amount)} currency={client.currency} />,
    },
    {
      key: 'leverage',
      header: t('bo.positions.col.leverage'),
      align: 'end',
      cell: (row) => <span className="bo-num">1:{row.leverage}</span>,
    },
    {
      key: 'open',
      header: t('bo.positions.col.open'),
      align: 'end',
      cell: (row) => <span className="bo-num">{rate(row.open_rate)}</span>,
    },
    ...(closed
      ? [
          {
            key: 'close',
            header: t('bo.positions.col.close'),
            align: 'end' as const,
            cell: (row: PositionDto) => <span className="bo-num">{rate(row.closed_rate)}</span>,
          },
        ]
      : []),
    {
      key: 'profit',
      header: t('bo.positions.col.profit'),
      align: 'end',
      cell: (row) =>
        row.profit === null ? (
          '—'
        ) : (
          <Amount value={row.profit.toFixed(2)} currency={client.currency} signed />
        ),
    },
    {
      key: 'opened',
      header: t('bo.positions.col.opened'),
      cell: (row) => <DateTime value={row.open_date} />,
    },
    ...(closed
      ? [
          {
            key: 'closed',
            header: t('bo.positions.col.closed'),
            cell: (row: PositionDto) => <DateTime value={row.close_date} />,
          },
        ]
      : []),
  ];
  if (positions.isError)
    return <ErrorBlock error={positions.error} onRetry={() => void positions.refetch()} />;
  return (
    <div className="bo-stack">
      <BoPanel title={t('bo.positions.open')} flush>
        <BoTable
          testId="bo-positions-open"
          rows={positions.data?.open}
          rowKey={(row) => row.id}
          columns={columns(false)}
          empty={t('bo.positions.empty')}
          emptyIcon="bi-graph-up"
        />
      </BoPanel>
      <BoPanel title={t('bo.positions.history')} flush>
        <BoTable
          testId="bo-positions-history"
          rows={positions.data?.history}
          rowKey={(row) => row.id}
          columns={columns(true)}
          empty={t('bo.positions.empty')}
          emptyIcon="bi-clock-history"
        />
      </BoPanel>
    </div>
  );
}
