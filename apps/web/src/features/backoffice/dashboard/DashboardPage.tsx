import {
  ClientRowPage,
  MoneyQueueAnswer,
  type StaffPermission,
  type TransactionQueue,
} from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { staffRequest } from '../api.js';
import { DashboardTasks } from '../compliance/DashboardTasks.js';
import { queueQueryKey, useBackofficeLive } from '../live.js';
import { DashboardKpis } from '../reports/DashboardKpis.js';
import { BoPage, BoPanel } from '../shell/BoPage.js';
import { BACKOFFICE_BASE, useVisibleNav } from '../shell/nav.js';
import { useStaffSession } from '../shell/session.js';
import './dashboard.css';

interface Tile {
  id: string;
  label: TranslationKey;
  icon: string;
  tone: 'warning' | 'info' | 'accent' | 'danger';
  permission: StaffPermission;
  to: string;
  queryKey: readonly unknown[];
  count: (signal: AbortSignal) => Promise<number>;
}

/** How many clients a client-list filter finds (the client list's own contract). */
const clientCount = async (path: string, signal: AbortSignal) =>
  (await staffRequest(path, { schema: ClientRowPage, signal })).total;
/** How many items wait in a money queue (the queue's own contract). */
const queueLength = async (queue: TransactionQueue, signal: AbortSignal) =>
  (await staffRequest(`/api/backoffice/queues/${queue}`, { schema: MoneyQueueAnswer, signal })).length;

/** What needs attention, one tile per queue the staff member works (queue counts). */
const TILES: readonly Tile[] = [
  {
    id: 'deposits',
    label: 'bo.dash.deposits',
    icon: 'bi-box-arrow-in-down',
    tone: 'info',
    permission: 'deposits.approve',
    to: `${BACKOFFICE_BASE}/deposits`,
    queryKey: [...queueQueryKey('deposits'), 'count'],
    count: (signal) => queueLength('deposits', signal),
  },
  {
    id: 'withdrawals',
    label: 'bo.dash.withdrawals',
    icon: 'bi-box-arrow-up',
    tone: 'warning',
    permission: 'withdrawals.approve',
    to: `${BACKOFFICE_BASE}/withdrawals`,
    queryKey: [...queueQueryKey('withdrawals'), 'count'],
    count: (signal) => queueLength('withdrawals', signal),
  },
  {
    id: 'documents',
    label: 'bo.dash.documents',
    icon: 'bi-file-earmark-person',
    tone: 'accent',
    permission: 'documents.review',
    to: `${BACKOFFICE_BASE}/clients?documentsWaiting=true`,
    queryKey: ['bo', 'clients', 'count', 'documentsWaiting'],
    count: (signal) => clientCount('/api/backoffice/clients?documentsWaiting=true', signal),
  },
  {
    id: 'unverified',
    label: 'bo.dash.unverified',
    icon: 'bi-person-exclamation',
    tone: 'danger',
    permission: 'verification.edit',
    to: `${BACKOFFICE_BASE}/clients?verified=false`,
    queryKey: ['bo', 'clients', 'count', 'unverified'],
    count: (signal) => clientCount('/api/backoffice/clients?verified=false', signal),
  },
];

function CountTile({ tile }: { tile: Tile }) {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: tile.queryKey,
    queryFn: ({ signal }) => tile.count(signal),
    refetchInterval: 60_000,
  });
  return (
    <Link to={tile.to} className={`bo-tile bo-tile-${tile.tone}`} data-testid={`bo-tile-${tile.id}`}>
      <span className="bo-tile-icon" aria-hidden="true">
        <i className={`bi ${tile.icon}`} />
      </span>
      <span className="bo-tile-text">
        <span className="bo-tile-count">
          {query.isPending ? (
            <span className="bo-skeleton bo-skeleton-num" />
          ) : query.isError ? (
            '—'
          ) : (
            new Intl.NumberFormat(i18n.language).format(query.data)
          )}
        </span>
        <span className="bo-tile-label">{t(tile.label)}</span>
      </span>
      <i className="bi bi-chevron-right bo-tile-go" aria-hidden="true" />
    </Link>
  );
}

/** The back office's start screen: queue counts, shortcuts, and what this staff member may do. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { staff, can } = useStaffSession();
  useBackofficeLive();
  const tiles = TILES.filter((tile) => can(tile.permission));
  const shortcuts = useVisibleNav(can)
    .flatMap((section) => section.items)
    .filter((item) => item.to !== BACKOFFICE_BASE);
  if (!staff) return null;
  return (
    <BoPage
      title={t('bo.dash.title')}
      subtitle={t('bo.dash.welcome', { name: staff.name })}
      testId="bo-dashboard"
    >
      {tiles.length > 0 && (
        <div className="bo-tiles">
          {tiles.map((tile) => (
            <CountTile key={tile.id} tile={tile} />
          ))}
        </div>
      )}
      {can('verification.edit') && <DashboardTasks />}
      {can('reports.read') && <DashboardKpis />}
      <div className="bo-grid-2">
        <BoPanel title={t('bo.dash.shortcuts')}>
          <div className="bo-shortcuts">
            {shortcuts.map((item) => (
              <Link key={item.to} to={item.to} className="bo-shortcut">
                <i className={`bi ${item.icon}`} aria-hidden="true" />
                {t(item.label)}
              </Link>
            ))}
          </div>
        </BoPanel>
        <BoPanel title={t('bo.dash.yourAccess')}>
          <dl className="bo-dl">
            <dt>{t('bo.dash.permissions')}</dt>
            <dd>
              <div className="bo-perm-list">
                {staff.permissions.map((permission) => (
                  <code key={permission} className="bo-perm">
                    {permission}
                  </code>
                ))}
              </div>
            </dd>
          </dl>
        </BoPanel>
      </div>
    </BoPage>
  );
}
