import { convertTotal, type DeskCurrencyFigures, type DeskSnapshot } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import {
  ConversionNote,
  ReportingCurrencyPicker,
  useMoney,
  useReportingCurrency,
} from '../shell/currency.js';
import { GROUP_KEY, tone } from './deskFigures.js';
import { ASSET_GROUPS, type AssetGroup } from './types.js';

const GROUP_ICON: Record<AssetGroup, string> = {
  forex: 'bi-currency-exchange',
  stocks: 'bi-building',
  crypto: 'bi-currency-bitcoin',
  commodities: 'bi-droplet-half',
  index: 'bi-graph-up',
};

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
