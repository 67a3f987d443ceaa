import type { ScreeningMatch } from '@openbroker/domain';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DateTime, StatusBadge, type Tone } from '../shell/cells.js';

const TONE: Record<ScreeningMatch['status'], Tone> = {
  pending: 'warning',
  cleared: 'success',
  confirmed: 'danger',
};

/** One possible match: the client's data beside the list entry, the score, and the decision or its buttons. */
export function MatchCard({
  match,
  showClient = true,
  onDecide,
}: {
  match: ScreeningMatch;
  showClient?: boolean;
  onDecide?: (match: ScreeningMatch, decision: 'clear' | 'confirm') => void;
}) {
  const { t } = useTranslation();
  const unknown = t('bos.unknown');
  return (
    <article className="bos-match" data-testid={`bos-match-${match.id}`}>
      <header className="bos-match-head">
        <span className="bos-match-id">#{match.id}</span>
        <StatusBadge tone={TONE[match.status]}>{t(`bos.status.${match.status}`)}</StatusBadge>
        <span className="bos-score" title={t('bos.col.score')}>
          {t('bos.col.score')} <strong>{match.score}</strong>
        </span>
        <span className="bos-dob">{t(`bos.dob.${match.birthDateAgreement}`)}</span>
        <span className="bos-when">
          <DateTime value={match.createdAt} />
        </span>
      </header>
      <div className="bos-sides">
        <section className="bos-side" aria-label={t('bos.col.client')}>
          <h3 className="bos-side-title">
            {t('bos.col.client')}
            {showClient && (
              <a className="ms-2" href={`/backoffice/clients/${match.userId}`}>
                {match.client.email}
              </a>
            )}
            <span className="bos-brand">{match.brandSlug}</span>
          </h3>
          <dl>
            <dt>{t('bos.name')}</dt>
            <dd>
              {match.client.firstName} {match.client.lastName}
            </dd>
            <dt>{t('bos.birthDate')}</dt>
            <dd>{match.client.birthDate ?? unknown}</dd>
            <dt>{t('bos.country')}</dt>
            <dd>{match.client.country ?? unknown}</dd>
          </dl>
        </section>
        <section className="bos-side bos-side-entry" aria-label={t('bos.col.entry')}>
          <h3 className="bos-side-title">
            {t('bos.col.entry')}
            <span className="bos-brand">
              {match.source.toUpperCase()} {match.entryRef}
            </span>
          </h3>
          <dl>
            <dt>{t('bos.aliases')}</dt>
            <dd>
              {match.entry.names.map((name) => (
                <span key={name} className={name === match.matchedName ? 'bos-matched' : 'bos-alias'}>
                  {name}
                </span>
              ))}
            </dd>
            <dt>{t('bos.birthDate')}</dt>
            <dd>{match.entry.birthDates.join(', ') || unknown}</dd>
            <dt>{t('bos.programme')}</dt>
            <dd>{match.entry.programme || unknown}</dd>
            {match.entry.countries.length > 0 && (
              <>
                <dt>{t('bos.country')}</dt>
                <dd>{match.entry.countries.join(', ')}</dd>
              </>
            )}
          </dl>
        </section>
      </div>
      {match.status === 'pending' && onDecide ? (
        <footer className="bos-actions">
          <Button
            size="sm"
            variant="outline-success"
            onClick={() => onDecide(match, 'clear')}
            data-testid={`bos-clear-${match.id}`}
          >
            <i className="bi bi-check2-circle me-1" aria-hidden="true" />
            {t('bos.clear')}
          </Button>
          <Button
            size="sm"
            variant="outline-danger"
            onClick={() => onDecide(match, 'confirm')}
            data-testid={`bos-confirm-${match.id}`}
          >
            <i className="bi bi-slash-circle me-1" aria-hidden="true" />
            {t('bos.confirm')}
          </Button>
        </footer>
      ) : (
        match.reason && (
          <footer className="bos-decision">
            {t('bos.decided', {
              status: t(`bos.status.${match.status}`),
              by: match.decidedBy ?? '',
              at: match.decidedAt?.slice(0, 10) ?? '',
              reason: match.reason,
            })}
          </footer>
        )
      )}
    </article>
  );
}
