import {
  convertTotal,
  type DeskClose,
  type DeskCloseKind,
  type DeskCurrencyFigures,
  type DeskInstrumentExposure,
  type DeskNearAccount,
  type DeskSnapshot,
  formatPrice,
} from '@openbroker/domain';
import { useState } from 'react';
import { Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { useBoFormat } from '../money/format.js';
import { SkeletonRows } from '../money/parts.js';
import { BoPanel } from '../shell/BoPage.js';
import {
  ConversionNote,
  ReportingCurrencyPicker,
  useMoney,
  useReportingCurrency,
} from '../shell/currency.js';
import { ASSET_GROUPS, type AssetGroup } from './types.js';

const GROUP_KEY: Record<AssetGroup, TranslationKey> = {
  forex: 'bod.group.forex',
  stocks: 'bod.group.stocks',
  crypto: 'bod.group.crypto',
  commodities: 'bod.group.commodities',
  index: 'bod.group.index',
};
const GROUP_ICON: Record<AssetGroup, string> = {
  forex: 'bi-currency-exchange',
  stocks: 'bi-building',
  crypto: 'bi-currency-bitcoin',
  commodities: 'bi-droplet-half',
  index: 'bi-graph-up',
};
const KIND_KEY: Record<DeskCloseKind, TranslationKey> = {
  stop_loss: 'bod.kind.stop_loss',
  take_profit: 'bod.kind.take_profit',
  low_margin: 'bod.kind.low_margin',
  ai_trade: 'bod.kind.ai_trade',
  client: 'bod.kind.client',
  staff: 'bod.kind.staff',
};

/** up / down class for a signed figure (nothing for zero). */
export const tone = (value: number | null | undefined) =>
  value === null || value === undefined || value === 0 ? '' : value > 0 ? 'ob-up' : 'ob-down';

/** The risk band of a margin level against the account's brand levels (percent). */
export function marginBand(
  account: Pick<DeskNearAccount, 'marginLevel' | 'stopOutLevel' | 'marginCallLevel'>,
) {
  if (account.marginLevel <= account.stopOutLevel) return 'stopOut' as const;
  if (account.marginLevel < account.marginCallLevel) return 'marginCall' as const;
  if (account.marginLevel < account.marginCallLevel * 2) return 'watch' as const;
  return 'ok' as const;
}

/** One tile per asset class plus all of them: per account currency, net notional, long and short, broker P/L. */
export function GroupTiles({ snapshot }: { snapshot: DeskSnapshot | null }) {
  const { t } = useTranslation();
  const money = useMoney();
  const byGroup = new Map(snapshot?.groups.map((g) => [g.group, g.currencies]));
  const tile = (key: string, label: string, icon: string, currencies: readonly DeskCurrencyFigures[]) => {
    const positions = currencies.reduce((n, c) => n + c.positions, 0);
    return (
      <div className="bod-tile" key={key} data-testid={`bod-tile-${key}`}>
        <div className="bod-tile-head">
          <i className={`bi ${icon}`} aria-hidden="true" />
          <span className="bod-tile-label">{label}</span>
          <span className="bod-tile-count ob-num">{t('bod.tile.positions', { count: positions })}</span>
        </div>
        {currencies.length === 0 && <div className="bod-tile-net bod-tile-empty ob-num">—</div>}
        {currencies.map((figures) => (
          <div className="bod-tile-ccy" key={figures.currency} data-testid="bod-tile-currency">
            <div className={`bod-tile-net ob-num ${tone(figures.netVolume)}`}>
              <span className="visually-hidden">{t('bod.tile.net')} </span>
              {money(figures.netVolume, figures.currency)}
            </div>
            <dl className="bod-tile-facts">
              <div>
                <dt>{t('bod.tile.long')}</dt>
                <dd className="ob-num">{money(figures.longVolume, figures.currency)}</dd>
              </div>
              <div>
                <dt>{t('bod.tile.short')}</dt>
                <dd className="ob-num">{money(figures.shortVolume, figures.currency)}</dd>
              </div>
              <div>
                <dt>{t('bod.tile.brokerPl')}</dt>
                <dd className={`ob-num fw-semibold ${tone(figures.brokerProfit)}`}>
                  {money(figures.brokerProfit, figures.currency)}
                </dd>
              </div>
            </dl>
          </div>
        ))}
      </div>
    );
  };
  return (
    <div className="bod-tiles" data-testid="bod-tiles">
      {tile('total', t('bod.total'), 'bi-layers', snapshot?.totals.currencies ?? [])}
      {ASSET_GROUPS.map((group) =>
        tile(group, t(GROUP_KEY[group]), GROUP_ICON[group], byGroup.get(group) ?? []),
      )}
    </div>
  );
}

/**
 * The whole book in the staff member's reporting currency: each currency's figures converted at the feed's pair mid
 * (the rate shown), then summed; 'no rate' instead of a figure when the feed has no price for a pair.
 */
export function ConvertedTotals({ snapshot }: { snapshot: DeskSnapshot | null }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [currency, setCurrency] = useReportingCurrency();
  const parts = snapshot?.totals.currencies ?? [];
  const rates = snapshot?.rates ?? [];
  const total = (pick: (f: DeskCurrencyFigures) => number) =>
    convertTotal(
      parts.map((f) => ({ currency: f.currency, amount: pick(f) })),
      currency,
      rates,
    );
  const net = total((f) => f.netVolume);
  const figures = [
    { key: 'net', label: t('bod.col.net'), total: net, strong: true },
    { key: 'long', label: t('bod.col.long'), total: total((f) => f.longVolume) },
    { key: 'short', label: t('bod.col.short'), total: total((f) => f.shortVolume) },
    { key: 'clientsPl', label: t('bod.col.clientsPl'), total: total((f) => f.clientsProfit) },
    { key: 'brokerPl', label: t('bod.col.brokerPl'), total: total((f) => f.brokerProfit), strong: true },
  ];
  return (
    <section
      className="bod-converted"
      data-testid="bod-converted"
      aria-label={t('bod.converted.title', { currency })}
    >
      <div className="bod-converted-head">
        <span className="bod-converted-title">{t('bod.converted.title', { currency })}</span>
        <ReportingCurrencyPicker value={currency} onChange={setCurrency} extra={snapshot?.currencies ?? []} />
      </div>
      <dl className="bod-converted-figures">
        {figures.map((f) => (
          <div key={f.key} data-testid={`bod-converted-${f.key}`}>
            <dt>{f.label}</dt>
            <dd
              className={`ob-num ${f.strong ? 'fw-semibold' : ''} ${f.total.ok ? tone(f.total.amount) : ''}`}
            >
              {f.total.ok ? money(f.total.amount, f.total.currency) : t('bo.ccy.noRateShort')}
            </dd>
          </div>
        ))}
      </dl>
      <div className="bod-converted-note bom-sub" data-testid="bod-converted-note">
        <ConversionNote total={net} />
      </div>
    </section>
  );
}

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

const BAND_KEY = {
  stopOut: 'bod.band.stopOut',
  marginCall: 'bod.band.marginCall',
  watch: 'bod.band.watch',
  ok: 'bod.band.ok',
} as const satisfies Record<string, TranslationKey>;

/** The accounts nearest to stop-out, lowest margin level first, coloured by band. */
export function NearestTable({ snapshot, loading }: { snapshot: DeskSnapshot | null; loading: boolean }) {
  const { t } = useTranslation();
  const format = useBoFormat();
  const money = useMoney();
  const rows = snapshot?.nearest ?? [];
  return (
    <BoPanel title={t('bod.nearest.title')} flush className="bod-nearest">
      <div className="table-responsive bom-scroll">
        <Table hover className="ob-table bom-table mb-0 align-middle" data-testid="bod-nearest">
          <caption className="visually-hidden">{t('bod.nearest.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('bod.col.client')}</th>
              <th scope="col" className="text-end">
                {t('bod.col.equity')}
              </th>
              <th scope="col" className="text-end">
                {t('bod.col.usedMargin')}
              </th>
              <th scope="col" className="text-end">
                {t('bod.col.marginLevel')}
              </th>
            </tr>
          </thead>
          <tbody>
            {loading && !snapshot && <SkeletonRows columns={4} rows={4} />}
            {rows.map((row) => {
              const band = marginBand(row);
              return (
                <tr key={row.userId} data-testid="bod-nearest-row" data-band={band}>
                  <td>
                    <Link to={`/backoffice/clients/${row.userId}`} className="fw-semibold">
                      {row.clientName || `#${row.userId}`}
                    </Link>
                    <div className="bom-sub">
                      <span className="bom-brand-tag">{row.brandSlug}</span>{' '}
                      {t('bod.nearest.positions', { count: row.positions })}
                    </div>
                  </td>
                  <td className="text-end ob-num">{money(row.equity, row.currency)}</td>
                  <td className="text-end ob-num">{money(row.usedMargin, row.currency)}</td>
                  <td className="text-end">
                    <span
                      className={`bod-level bod-level-${band}`}
                      title={t('bod.nearest.levels', {
                        stopOut: format.number(row.stopOutLevel),
                        marginCall: format.number(row.marginCallLevel),
                      })}
                    >
                      <span className="ob-num">{format.number(row.marginLevel)} %</span>
                      <span className="bod-level-band">{t(BAND_KEY[band])}</span>
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
        {snapshot && rows.length === 0 && (
          <EmptyState icon="bi-shield-check">{t('bod.nearest.empty')}</EmptyState>
        )}
      </div>
    </BoPanel>
  );
}

/** The closes stream: newest first, why, at which quote, and the staff reason of a broker close. */
export function ClosesStream({ closes, loading }: { closes: DeskClose[]; loading: boolean }) {
  const { t } = useTranslation();
  const format = useBoFormat();
  const money = useMoney();
  return (
    <BoPanel title={t('bod.closes.title')} flush className="bod-closes">
      <ol className="bod-stream" data-testid="bod-closes" aria-live="polite">
        {loading && closes.length === 0 && (
          <li className="bod-stream-item">
            <span className="bo-skeleton" style={{ width: '70%' }} />
          </li>
        )}
        {closes.map((close) => (
          <li key={close.positionId} className="bod-stream-item" data-testid="bod-close-row">
            <div className="bod-stream-top">
              <span className={`bod-kind bod-kind-${close.kind}`}>{t(KIND_KEY[close.kind])}</span>
              <span className="ob-symbol">{close.symbol}</span>
              <span className={`ob-num fw-semibold ms-auto ${tone(close.profit)}`}>
                {money(close.profit, close.currency)}
              </span>
            </div>
            <div className="bom-sub bod-stream-facts">
              <span>
                #{close.positionId}
                {close.partial && <> · {t('bod.closes.partial')}</>}
              </span>
              <Link to={`/backoffice/clients/${close.userId}`}>{close.clientName || `#${close.userId}`}</Link>
              <span className="bom-brand-tag">{close.brandSlug}</span>
              <time dateTime={close.at} className="ob-num">
                {format.dateTime(close.at)}
              </time>
            </div>
            <div className="bom-sub ob-num">
              {close.closedRate !== null && t('bod.closes.rate', { rate: formatPrice(close.closedRate) })}
              {close.quote && (
                <>
                  {' · '}
                  {t('bod.closes.quote', {
                    sell: formatPrice(close.quote.sell),
                    buy: formatPrice(close.quote.buy),
                  })}
                </>
              )}
            </div>
            {close.reason && (
              <div className="bod-stream-reason" data-testid="bod-close-reason">
                <i className="bi bi-chat-left-quote" aria-hidden="true" /> {close.reason}
              </div>
            )}
          </li>
        ))}
      </ol>
      {!loading && closes.length === 0 && (
        <EmptyState icon="bi-clock-history">{t('bod.closes.empty')}</EmptyState>
      )}
    </BoPanel>
  );
}
