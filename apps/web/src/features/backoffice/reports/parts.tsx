import type { KpiFigures, KpiGroup } from '@openbroker/domain';
import { formatMoneyIn } from '@openbroker/domain';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { BoPanel } from '../shell/BoPage.js';
import { ErrorBlock, SkeletonBlock } from '../shell/states.js';
import { useRetailLoss } from './useReports.js';

/** The KPI tiles of a range's totals, in this order. */
export const TILE_FIGURES: readonly {
  key: keyof KpiFigures;
  label: TranslationKey;
  money: boolean;
  /** A second line: the count behind an amount, and its label ('{{n}} deposits'). */
  count?: keyof KpiFigures;
  countLabel?: 'bor.kpi.clients' | 'bor.kpi.transactions' | 'bor.kpi.positions';
}[] = [
  { key: 'registrations', label: 'bor.kpi.registrations', money: false },
  // counted apart: a demo account holds virtual money, so none of the money figures below include it
  { key: 'demoSignups', label: 'bor.kpi.demoSignups', money: false },
  { key: 'verified', label: 'bor.kpi.verified', money: false },
  { key: 'ftdAmount', label: 'bor.kpi.ftd', money: true, count: 'ftdCount', countLabel: 'bor.kpi.clients' },
  {
    key: 'deposits',
    label: 'bor.kpi.deposits',
    money: true,
    count: 'depositCount',
    countLabel: 'bor.kpi.transactions',
  },
  {
    key: 'withdrawals',
    label: 'bor.kpi.withdrawals',
    money: true,
    count: 'withdrawalCount',
    countLabel: 'bor.kpi.transactions',
  },
  { key: 'netDeposits', label: 'bor.kpi.netDeposits', money: true },
  { key: 'activeTraders', label: 'bor.kpi.activeTraders', money: false },
  {
    key: 'volume',
    label: 'bor.kpi.volume',
    money: true,
    count: 'positionsOpened',
    countLabel: 'bor.kpi.positions',
  },
  { key: 'realisedPnl', label: 'bor.kpi.realisedPnl', money: true },
];

/** The currency group shown first: the one with the most brands. */
export const mainGroup = (groups: readonly KpiGroup[]): KpiGroup | undefined =>
  [...groups].sort((a, b) => b.brands.length - a.brands.length || a.currency.localeCompare(b.currency))[0];

/** A KPI value: a count, or an exact amount with its currency (red when negative). */
export function KpiValue({
  value,
  money,
  currency,
}: {
  value: string | number;
  money: boolean;
  /** The amount's ISO currency (the group's): every amount shows it. */
  currency: string;
}) {
  const { i18n } = useTranslation();
  if (!money) return <>{new Intl.NumberFormat(i18n.language).format(Number(value))}</>;
  const text = String(value);
  const negative = text.startsWith('-') && /[1-9]/.test(text);
  return (
    <span className={negative ? 'bo-neg' : undefined}>{formatMoneyIn(text, currency, i18n.language)}</span>
  );
}

/** Tiles with a currency group's totals (`figures` picks which; all by default). */
export function KpiTiles({
  group,
  totals,
  figures = TILE_FIGURES,
  testId,
}: {
  group: Pick<KpiGroup, 'currency' | 'currencySymbol'>;
  totals: KpiFigures;
  figures?: typeof TILE_FIGURES;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="bo-kpi-tiles" data-testid={testId}>
      {figures.map((f) => (
        <div key={f.key} className="bo-kpi-tile" data-testid={`bo-kpi-${f.key}`}>
          <span className="bo-kpi-label">{t(f.label)}</span>
          <span className="bo-kpi-value">
            <KpiValue value={totals[f.key]} money={f.money} currency={group.currency} />
          </span>
          {f.count && f.countLabel && (
            <span className="bo-kpi-sub">
              {t(f.countLabel, { n: new Intl.NumberFormat(i18n.language).format(Number(totals[f.count])) })}
            </span>
          )}
        </div>
      ))}
    </div>
  );
}

/** The retail-loss disclosure of a brand: the percentage, accounts losing / accounts that traded, the period. */
export function RetailLossCard({ brandId, brandName }: { brandId: number | undefined; brandName?: string }) {
  const { t, i18n } = useTranslation();
  const query = useRetailLoss(brandId);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  return (
    <BoPanel
      title={brandName ? t('bor.retail.titleBrand', { brand: brandName }) : t('bor.retail.title')}
      className="bo-retail-card"
    >
      <div data-testid="bo-retail-loss">
        {brandId === undefined ? (
          <p className="text-body-secondary mb-0">{t('bor.retail.pickBrand')}</p>
        ) : query.isPending ? (
          <SkeletonBlock lines={3} />
        ) : query.isError ? (
          <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <div className="bo-retail-figure">
              <span
                className={`bo-retail-percent${query.data.percent === null ? ' bo-retail-none' : ''}`}
                data-testid="bo-retail-percent"
              >
                {query.data.percent === null ? '—' : `${number(query.data.percent)} %`}
              </span>
              <span className="bo-retail-ratio" data-testid="bo-retail-ratio">
                {t('bor.retail.ratio', {
                  losing: number(query.data.losing),
                  accounts: number(query.data.accounts),
                })}
              </span>
            </div>
            <p className="bo-retail-text">
              {query.data.percent === null
                ? t('bor.retail.none')
                : t('bor.retail.sentence', { percent: number(query.data.percent) })}
            </p>
            {query.data.accounts > 0 && (
              <p className="bo-retail-sample" data-testid="bo-retail-sample">
                {t('bor.retail.sample', { count: query.data.accounts, n: number(query.data.accounts) })}
              </p>
            )}
            {query.data.accounts > 0 && !query.data.meaningful && (
              <Alert variant="warning" className="bo-retail-warning" data-testid="bo-retail-small-sample">
                <i className="bi bi-exclamation-triangle me-2" aria-hidden="true" />
                {t('bor.retail.smallSample', { minimum: number(query.data.minimumAccounts) })}
              </Alert>
            )}
            <p className="bo-retail-period">
              {t('bor.retail.period', { from: date(query.data.from), until: date(query.data.until) })}
            </p>
          </>
        )}
      </div>
    </BoPanel>
  );
}
