import { ClientAppropriateness, type ClientDetail } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { Badge, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { staffRequest } from '../api.js';
import { BoPanel } from '../shell/BoPage.js';
import { DateTime } from '../shell/cells.js';
import { ErrorBlock, SkeletonBlock } from '../shell/states.js';
import { clientKeys } from './useClients.js';

const TONE = { pass: 'success', warn: 'warning', block: 'danger' } as const;

/** The client's appropriateness attempts, newest first: outcome, score, version, date, acknowledgement, answers. */
export function AppropriatenessTab({ client }: { client: ClientDetail }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: clientKeys.part(client.id, 'appropriateness'),
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/clients/${client.id}/appropriateness`, {
        schema: ClientAppropriateness,
        signal,
      }),
  });
  if (query.isError) return <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <SkeletonBlock lines={4} />;
  const { attempts, required } = query.data;
  return (
    <BoPanel title={required ? t('bo.approp.required') : t('bo.approp.notRequired')}>
      {attempts.length === 0 && <p className="text-body-secondary mb-0">{t('bo.approp.none')}</p>}
      {attempts.map((attempt) => (
        <section key={attempt.id} className="mb-4" data-testid="bo-approp-attempt">
          <div className="d-flex flex-wrap align-items-center gap-3 mb-2">
            <Badge bg={TONE[attempt.outcome]} data-testid="bo-approp-outcome">
              {t(`bo.approp.outcome.${attempt.outcome}`)}
            </Badge>
            <span>{t('bo.approp.score', { score: attempt.score })}</span>
            <span className="text-body-secondary">
              {t('bo.approp.version', { version: attempt.version })}
            </span>
            <span className="text-body-secondary">
              <DateTime value={attempt.createdAt} />
            </span>
            {attempt.blockedUntil && (
              <span>
                {t('bo.approp.blockedUntil')} <DateTime value={attempt.blockedUntil} dateOnly />
              </span>
            )}
            {attempt.outcome === 'warn' && (
              <span>
                {attempt.acknowledgedAt ? (
                  <>
                    {t('bo.approp.acknowledged')} <DateTime value={attempt.acknowledgedAt} />
                  </>
                ) : (
                  t('bo.approp.notAcknowledged')
                )}
              </span>
            )}
          </div>
          <Table size="sm" className="mb-0">
            <thead>
              <tr>
                <th>{t('bo.approp.question')}</th>
                <th>{t('bo.approp.answer')}</th>
                <th className="text-end">{t('bo.approp.points')}</th>
              </tr>
            </thead>
            <tbody>
              {attempt.answers.map((a) => (
                <tr key={a.question}>
                  <td className="bo-cell-wrap">{a.question}</td>
                  <td className="bo-cell-wrap">{a.answer}</td>
                  <td className="text-end">{a.points ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </section>
      ))}
    </BoPanel>
  );
}
