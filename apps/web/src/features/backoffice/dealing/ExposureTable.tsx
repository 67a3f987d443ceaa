import type { DeskInstrumentExposure, DeskSnapshot } from '@openbroker/domain';
import { useState } from 'react';
import { Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/EmptyState.js';
import { useBoFormat } from '../money/format.js';
import { BoPanel } from '../shell/BoPage.js';
import { useMoney } from '../shell/currency.js';
import { SkeletonRows } from '../shell/panelStates.js';
import { GROUP_KEY, tone } from './deskFigures.js';

type SortKey =
  | 'symbol'
  | 'positions'
  | 'longVolume'
  | 'shortVolume'
  | 'netVolume'
  | 'clientsProfit'
  | 'brokerProfit';

/** Exposure per instrument, sortable; a symbol filters the positions below. */
export function ExposureTable({
  snapshot,
  loading,
  selected,
  onSymbol,
}: {
  snapshot: DeskSnapshot | null;
  loading: boolean;
  selected: string;
  onSymbol: (symbol: string) => void;
}) {
  const { t } = useTranslation();
  const format = useBoFormat();
  const money = useMoney();
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'netVolume', desc: true });
  const rows = [...(snapshot?.instruments ?? [])];
  const value = (row: DeskInstrumentExposure) =>
    sort.key === 'netVolume' ? Math.abs(row.netVolume) : (row[sort.key] as string | number);
  rows.sort((a, b) => {
    const x = value(a);
    const y = value(b);
    // amounts of different currencies are compared as figures only to order the rows, never added
    const order =
      x < y
        ? -1
        : x > y
          ? 1
          : a.symbol < b.symbol
            ? -1
            : a.symbol > b.symbol
              ? 1
              : a.currency < b.currency
                ? -1
                : 1;
    return sort.desc ? -order : order;
  });
  const header = (key: SortKey, label: string, end = true) => {
    const active = sort.key === key;
    return (
      <th
        scope="col"
        className={end ? 'text-end' : undefined}
        aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : 'none'}
      >
        <button
          type="button"
          className={`bod-sort${active ? ' bod-sort-active' : ''}`}
          onClick={() => setSort({ key, desc: active ? !sort.desc : key !== 'symbol' })}
          data-testid={`bod-sort-${key}`}
        >
          {label}
          <i
            className={`bi ${active ? (sort.desc ? 'bi-caret-down-fill' : 'bi-caret-up-fill') : 'bi-chevron-expand'}`}
            aria-hidden="true"
          />
        </button>
      </th>
    );
  };
  return (
    <BoPanel title={t('bod.exposure.title')} flush className="bod-exposure">
      <div className="table-responsive bom-scroll">
        <Table hover className="ob-table bom-table mb-0 align-middle" data-testid="bo-exposure">
          <caption className="visually-hidden">{t('bod.exposure.title')}</caption>
          <thead>
            <tr>
              {header('symbol', t('bod.col.symbol'), false)}
              {header('positions', t('bod.col.positions'))}
              {header('longVolume', t('bod.col.long'))}
              {header('shortVolume', t('bod.col.short'))}
              {header('netVolume', t('bod.col.net'))}
              {header('clientsProfit', t('bod.col.clientsPl'))}
              {header('brokerProfit', t('bod.col.brokerPl'))}
            </tr>
          </thead>
          <tbody>
            {loading && !snapshot && <SkeletonRows columns={7} rows={4} />}
            {rows.map((row) => (
              <tr
                key={`${row.symbol}-${row.currency}`}
                className={selected === row.symbol ? 'table-active' : undefined}
                data-testid="bod-exposure-row"
                data-currency={row.currency}
              >
                <td>
                  <button
                    type="button"
                    className="btn btn-link p-0 ob-symbol text-decoration-none"
                    onClick={() => onSymbol(selected === row.symbol ? '' : row.symbol)}
                    aria-pressed={selected === row.symbol}
                    title={t('bom.dealing.filterBySymbol')}
                  >
                    {row.symbol}
                  </button>{' '}
                  <span className="bod-ccy" data-testid="bod-currency">
                    {row.currency}
                  </span>
                  <div className="bom-sub">{t(GROUP_KEY[row.group])}</div>
                </td>
                <td className="text-end ob-num">
                  {format.number(row.positions, 0)}
                  <div className="bom-sub">
                    {row.longPositions} / {row.shortPositions}
                  </div>
                </td>
                <td className="text-end ob-num">
                  {money(row.longVolume, row.currency)}
                  <div className="bom-sub">{money(row.longMargin, row.currency)}</div>
                </td>
                <td className="text-end ob-num">
                  {money(row.shortVolume, row.currency)}
                  <div className="bom-sub">{money(row.shortMargin, row.currency)}</div>
                </td>
                <td className={`text-end ob-num fw-semibold ${tone(row.netVolume)}`} data-testid="bod-net">
                  {money(row.netVolume, row.currency)}
                </td>
                <td className={`text-end ob-num ${tone(row.clientsProfit)}`}>
                  {money(row.clientsProfit, row.currency)}
                </td>
                <td className={`text-end ob-num fw-semibold ${tone(row.brokerProfit)}`}>
                  {money(row.brokerProfit, row.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
        {snapshot && rows.length === 0 && (
          <EmptyState icon="bi-bar-chart">{t('bod.exposure.empty')}</EmptyState>
        )}
      </div>
      <div className="bod-foot bom-sub">{t('bod.exposure.note')}</div>
    </BoPanel>
  );
}
