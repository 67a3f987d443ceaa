import type { KpiFigures, KpiGroup } from '@openbroker/domain';
import { useState } from 'react';
import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandFilter, useBrands } from '../shell/BrandFilter.js';
import { BACKOFFICE_BASE } from '../shell/nav.js';
import { ErrorBlock, SkeletonBlock } from '../shell/states.js';
import { KpiValue, mainGroup, RetailLossCard, TILE_FIGURES } from './parts.js';
import { monthRange, useKpis } from './useReports.js';
import './reports.css';

/** The figures the dashboard shows for this month, each with today's value below. */
const DASH_FIGURES = TILE_FIGURES.filter((f) =>
  (
    [
      'registrations',
      'ftdAmount',
      'deposits',
      'netDeposits',
      'activeTraders',
      'volume',
    ] as (keyof KpiFigures)[]
  ).includes(f.key),
);

function GroupTiles({ group }: { group: KpiGroup }) {
  const { t } = useTranslation();
  const today = group.days[group.days.length - 1];
  return (
    <div className="bo-kpi-tiles" data-testid={`bo-dash-kpis-${group.currency}`}>
      {DASH_FIGURES.map((f) => (
        <div key={f.key} className="bo-kpi-tile" data-testid={`bo-dash-${f.key}`}>
          <span className="bo-kpi-label">{t(f.label)}</span>
          <span className="bo-kpi-value" data-testid="bo-dash-month">
            <KpiValue value={group.totals[f.key]} money={f.money} currency={group.currency} />
          </span>
          {today && (
            <span className="bo-kpi-sub" data-testid="bo-dash-today">
              {t('bor.dash.todayValue')}{' '}
              <KpiValue value={today[f.key]} money={f.money} currency={group.currency} />
            </span>
          )}
        </div>
      ))}
    </div>
  );
}

/** The dashboard's KPI tiles (this month, with today) and the retail-loss card, for staff with reports.read. */
export function DashboardKpis() {
  const { t } = useTranslation();
  const [brandId, setBrandId] = useState<number | undefined>(undefined);
  const [currency, setCurrency] = useState<string | undefined>(undefined);
  const brands = useBrands();
  const kpis = useKpis({ brandId, ...monthRange(new Date()) });
  const groups = kpis.data?.groups ?? [];
  const group = groups.find((g) => g.currency === currency) ?? mainGroup(groups);
  // the disclosure is per brand: the chosen one, else the first in scope
  const retailBrand = brands.data?.find((b) => b.id === brandId) ?? brands.data?.[0];
  return (
    <section className="bo-dash-reports" data-testid="bo-dash-reports">
      <div className="bo-dash-kpis-head">
        <h2 className="bo-dash-kpis-title">
          {group ? t('bor.dash.month', { currency: group.currency }) : t('bor.title')}
        </h2>
        <div className="bo-dash-kpis-tools">
          {groups.length > 1 && (
            <Nav variant="pills" className="bo-dash-currencies" activeKey={group?.currency}>
              {groups.map((g) => (
                <Nav.Item key={g.currency}>
                  <Nav.Link
                    eventKey={g.currency}
                    onClick={() => setCurrency(g.currency)}
                    data-testid={`bo-dash-currency-${g.currency}`}
                  >
                    {g.currency}
                  </Nav.Link>
                </Nav.Item>
              ))}
            </Nav>
          )}
          <BrandFilter value={brandId} onChange={setBrandId} className="bo-filter" />
          <Link to={`${BACKOFFICE_BASE}/reports`} className="small text-nowrap">
            {t('bor.dash.open')}
            <i className="bi bi-chevron-right ms-1" aria-hidden="true" />
          </Link>
        </div>
      </div>
      {kpis.isError ? (
        <ErrorBlock error={kpis.error} onRetry={() => void kpis.refetch()} />
      ) : !kpis.data ? (
        <SkeletonBlock lines={3} />
      ) : (
        group && <GroupTiles group={group} />
      )}
      <RetailLossCard brandId={retailBrand?.id} brandName={retailBrand?.name} />
    </section>
  );
}
