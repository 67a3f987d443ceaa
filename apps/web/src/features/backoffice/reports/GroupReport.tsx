import type { KpiDay, KpiGroup } from '@openbroker/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { BoPanel } from '../shell/BoPage.js';
import { type BoColumn, BoTable } from '../shell/BoTable.js';
import { KpiChart, type KpiSeries } from './KpiChart.js';
import { KpiTiles, KpiValue } from './parts.js';

/** Columns of the per-day table: [figure, label, money]. */
const TABLE: readonly [keyof KpiDay, TranslationKey, boolean][] = [
  ['registrations', 'bor.col.registrations', false],
  ['demoSignups', 'bor.col.demoSignups', false],
  ['verified', 'bor.col.verified', false],
  ['ftdCount', 'bor.col.ftdCount', false],
  ['ftdAmount', 'bor.col.ftdAmount', true],
  ['deposits', 'bor.col.deposits', true],
  ['withdrawals', 'bor.col.withdrawals', true],
  ['netDeposits', 'bor.col.netDeposits', true],
  ['activeTraders', 'bor.col.activeTraders', false],
  ['positionsOpened', 'bor.col.positionsOpened', false],
  ['volume', 'bor.col.volume', true],
  ['realisedPnl', 'bor.col.realisedPnl', true],
  ['costs', 'bor.col.costs', true],
];

/**
 * The report of one currency group: the figures' tiles, the money and activity charts and the
 * per-day table, in the group's currency.
 */
export function GroupReport({ group, days }: { group: KpiGroup; days: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const money = useMemo<KpiSeries[]>(
    () => [
      {
        id: 'deposits',
        label: t('bor.kpi.deposits'),
        kind: 'histogram',
        color: '--bo-success',
        fallback: '#0a8a4f',
        values: group.days.map((d) => Number(d.deposits)),
      },
      {
        id: 'withdrawals',
        label: t('bor.kpi.withdrawals'),
        kind: 'histogram',
        color: '--bo-danger',
        fallback: '#c7322f',
        values: group.days.map((d) => -Number(d.withdrawals)),
      },
      {
        id: 'net',
        label: t('bor.kpi.netDeposits'),
        kind: 'line',
        color: '--bo-info',
        fallback: '#1769c2',
        values: group.days.map((d) => Number(d.netDeposits)),
      },
    ],
    [group, t],
  );
  const activity = useMemo<KpiSeries[]>(
    () => [
      {
        id: 'registrations',
        label: t('bor.kpi.registrations'),
        kind: 'histogram',
        color: '--bo-accent',
        fallback: '#6d4bd8',
        values: group.days.map((d) => d.registrations),
      },
      {
        id: 'traders',
        label: t('bor.kpi.activeTraders'),
        kind: 'line',
        color: '--bo-warning',
        fallback: '#b56a00',
        values: group.days.map((d) => d.activeTraders),
      },
    ],
    [group, t],
  );
  const columns = useMemo<BoColumn<KpiDay>[]>(
    () => [
      {
        key: 'day',
        header: t('bor.col.day'),
        cell: (row) => (
          <span className="text-nowrap">
            {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
              new Date(`${row.day}T00:00:00Z`),
            )}
          </span>
        ),
      },
      ...TABLE.map(([key, label, isMoney]) => ({
        key,
        header: t(label),
        align: 'end' as const,
        cell: (row: KpiDay) => (
          <span className="bo-num">
            <KpiValue value={row[key]} money={isMoney} currency={group.currency} />
          </span>
        ),
      })),
    ],
    [t, i18n.language, group.currency],
  );
  const newestFirst = useMemo(() => [...group.days].reverse(), [group]);
  return (
    <div className="bo-report-group" data-testid={`bo-report-${group.currency}`}>
      <KpiTiles group={group} totals={group.totals} testId="bo-kpi-totals" />
      <div className="bo-grid-2">
        <BoPanel title={t('bor.chart.money', { currency: group.currency })}>
          <KpiChart
            days={days}
            series={money}
            locale={i18n.language}
            label={t('bor.chart.money', { currency: group.currency })}
            testId="bo-chart-money"
          />
        </BoPanel>
        <BoPanel title={t('bor.chart.activity')}>
          <KpiChart
            days={days}
            series={activity}
            locale={i18n.language}
            label={t('bor.chart.activity')}
            testId="bo-chart-activity"
          />
        </BoPanel>
      </div>
      <BoPanel title={t('bor.table.title', { currency: group.currency })} flush>
        <BoTable
          columns={columns}
          rows={newestFirst}
          rowKey={(row) => row.day}
          empty={t('bor.empty')}
          testId="bo-kpi-table"
        />
      </BoPanel>
    </div>
  );
}
