import type { DeskSnapshot } from '@openbroker/domain';
import { Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { useBoFormat } from '../money/format.js';
import { BoPanel } from '../shell/BoPage.js';
import { useMoney } from '../shell/currency.js';
import { SkeletonRows } from '../shell/panelStates.js';
import { marginBand } from './deskFigures.js';

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
                <tr key={row.accountNumber ?? row.userId} data-testid="bod-nearest-row" data-band={band}>
                  <td>
                    <Link to={`/backoffice/clients/${row.userId}`} className="fw-semibold">
                      {row.clientName || `#${row.userId}`}
                    </Link>
                    <div className="bom-sub">
                      {row.accountNumber && <span className="ob-num">{row.accountNumber}</span>}{' '}
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
