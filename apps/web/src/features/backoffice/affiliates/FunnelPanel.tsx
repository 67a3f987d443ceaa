import { AffiliateFunnel, lastDays } from '@openbroker/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatCount, formatRate } from '../../../shared/affiliate/format.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { queryString, staffRequest } from '../api.js';
import { BoPanel } from '../shell/BoPage.js';
import { LoadError } from '../shell/panelStates.js';
import { SkeletonBlock } from '../shell/states.js';
import { AFFILIATES_KEY } from './types.js';

/** The affiliate panel's funnel for a range of UTC days: five figures and the per-day table with totals. */
export function FunnelPanel({ affiliateId }: { affiliateId: number }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [range, setRange] = useState(() => lastDays(new Date()));
  const valid = !!range.from && !!range.until && range.from <= range.until;
  const funnel = useQuery({
    queryKey: [...AFFILIATES_KEY, affiliateId, 'funnel', range.from, range.until],
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/affiliates/${affiliateId}/funnel${queryString(range)}`, {
        schema: AffiliateFunnel,
        signal,
      }),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  const f = funnel.data;
  const count = (n: number) => formatCount(n, i18n.language);
  const rate = (r: number | null) => formatRate(r, i18n.language);
  const active =
    f?.days.filter((d) => d.clicks || d.registrations || d.demo_signups || d.first_deposits) ?? [];
  const kpis: [string, string, string][] = f
    ? [
        ['clicks', t('boe.aff.kpi.clicks'), count(f.clicks)],
        ['registrations', t('boe.aff.kpi.registrations'), count(f.registrations)],
        // counted apart: a demo sign-up holds virtual money and is no conversion
        ['demo-signups', t('boe.aff.kpi.demoSignups'), count(f.demo_signups)],
        ['ftds', t('boe.aff.kpi.ftds'), count(f.first_deposits)],
        ['registration-rate', t('boe.aff.kpi.registrationRate'), rate(f.registration_rate)],
        ['deposit-rate', t('boe.aff.kpi.depositRate'), rate(f.deposit_rate)],
      ]
    : [];
  return (
    <BoPanel
      title={t('boe.aff.funnel')}
      actions={
        <div className="boe-range">
          <Form.Group controlId={`${id}-from`}>
            <Form.Label className="small mb-0">{t('boe.aff.range.from')}</Form.Label>
            <Form.Control
              size="sm"
              type="date"
              value={range.from}
              onChange={(event) => setRange({ ...range, from: event.target.value })}
              isInvalid={!valid}
              data-testid="boe-aff-from"
            />
          </Form.Group>
          <Form.Group controlId={`${id}-until`}>
            <Form.Label className="small mb-0">{t('boe.aff.range.until')}</Form.Label>
            <Form.Control
              size="sm"
              type="date"
              value={range.until}
              onChange={(event) => setRange({ ...range, until: event.target.value })}
              isInvalid={!valid}
              data-testid="boe-aff-until"
            />
          </Form.Group>
        </div>
      }
    >
      <p className="boe-sub">{t('boe.aff.funnelLead')}</p>
      {!valid && <p className="text-danger small">{t('boe.aff.range.invalid')}</p>}
      {funnel.isError && !f ? (
        <LoadError error={funnel.error} onRetry={() => void funnel.refetch()} />
      ) : !f ? (
        <SkeletonBlock lines={4} />
      ) : (
        <>
          <div className="boe-kpis" data-testid="boe-aff-kpis">
            {kpis.map(([key, label, value]) => (
              <div key={key} className="boe-kpi" data-testid={`boe-aff-kpi-${key}`}>
                <div className="boe-kpi-value">{value}</div>
                <div className="boe-kpi-label">{label}</div>
              </div>
            ))}
          </div>
          {active.length === 0 ? (
            <EmptyState icon="bi-graph-up">{t('boe.aff.noActivity')}</EmptyState>
          ) : (
            <div className="bo-table-scroll">
              <Table size="sm" hover className="bo-table mb-0" data-testid="boe-aff-days">
                <thead>
                  <tr>
                    <th scope="col">{t('boe.aff.day')}</th>
                    <th scope="col" className="text-end">
                      {t('boe.aff.kpi.clicks')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('boe.aff.kpi.registrations')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('boe.aff.kpi.demoSignups')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('boe.aff.kpi.ftds')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {active.map((day) => (
                    <tr key={day.day}>
                      <td className="bo-num">{day.day}</td>
                      <td className="text-end bo-num">{count(day.clicks)}</td>
                      <td className="text-end bo-num">{count(day.registrations)}</td>
                      <td className="text-end bo-num">{count(day.demo_signups)}</td>
                      <td className="text-end bo-num">{count(day.first_deposits)}</td>
                    </tr>
                  ))}
                  <tr className="boe-total-row" data-testid="boe-aff-total">
                    <td>{t('boe.aff.total')}</td>
                    <td className="text-end bo-num">{count(f.clicks)}</td>
                    <td className="text-end bo-num">{count(f.registrations)}</td>
                    <td className="text-end bo-num">{count(f.demo_signups)}</td>
                    <td className="text-end bo-num">{count(f.first_deposits)}</td>
                  </tr>
                </tbody>
              </Table>
            </div>
          )}
        </>
      )}
    </BoPanel>
  );
}
