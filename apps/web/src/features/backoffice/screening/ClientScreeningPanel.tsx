import { useQuery } from '@tanstack/react-query';
import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BoPanel } from '../shell/BoPage.js';
import { StatusBadge, type Tone } from '../shell/cells.js';
import { LoadError } from '../shell/panelStates.js';
import { useStaffSession } from '../shell/session.js';
import { screeningApi } from './api.js';
import { MatchCard } from './MatchCard.js';
import './screening.css';

const TONE: Record<'clear' | 'pending' | 'confirmed', Tone> = {
  clear: 'success',
  pending: 'warning',
  confirmed: 'danger',
};

/** The client page's screening: the standing's screening status and every possible match, newest first. */
export function ClientScreeningPanel({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const { can } = useStaffSession();
  const query = useQuery({
    queryKey: ['bo', 'screening', 'client', clientId],
    queryFn: ({ signal }) => screeningApi.ofClient(clientId, signal),
  });
  const data = query.data;
  return (
    <BoPanel
      title={t('bos.client.title')}
      actions={
        data &&
        can('screening.review') &&
        data.matches.some((m) => m.status === 'pending') && (
          <Link to="/backoffice/screening">{t('bos.client.open')}</Link>
        )
      }
    >
      {query.isError && !data ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Spinner animation="border" size="sm" role="status" />
      ) : (
        <div data-testid="bo-client-screening">
          <p>
            {t('bos.client.status')}:{' '}
            <StatusBadge tone={TONE[data.status]}>
              {data.status === 'clear' ? t('bos.status.cleared') : t(`bos.status.${data.status}`)}
            </StatusBadge>
          </p>
          {data.matches.length === 0 ? (
            <p className="bos-empty">{t('bos.client.none')}</p>
          ) : (
            <div className="bos-list">
              {data.matches.map((match) => (
                <MatchCard key={match.id} match={match} showClient={false} />
              ))}
            </div>
          )}
        </div>
      )}
    </BoPanel>
  );
}
