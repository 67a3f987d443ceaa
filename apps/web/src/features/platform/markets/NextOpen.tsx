import { useTranslation } from 'react-i18next';
import { useOpeningRefresh } from '../useMarketData.js';

/** '{weekday} {day} {month}, {hh:mm} {zone}' in the reader's language and the browser's time zone. */
export function formatOpening(at: number, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(at);
}

/**
 * spec §8 'Will be back soon', and when the server knows the instrument's calendar, when it opens next in
 * the client's own time zone. An opening time already past (a stale catalogue) is not shown, and without an
 * upcoming one the catalogue is asked again (a market that closed while the page was open).
 */
export function ClosedMarket({
  nextOpen,
  now = Date.now(),
  className,
  testId,
}: {
  nextOpen: number | null;
  now?: number;
  className?: string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const upcoming = nextOpen !== null && nextOpen > now ? nextOpen : null;
  useOpeningRefresh(upcoming === null);
  return (
    <span className={`ob-closed-market ${className ?? ''}`} data-testid={testId}>
      <span className="ob-unavailable">{t('price.unavailable')}</span>
      {upcoming !== null && (
        <span className="ob-next-open" data-testid={testId ? `${testId}-next-open` : undefined}>
          <i className="bi bi-clock" aria-hidden="true" />{' '}
          {t('term.opensAt', { time: formatOpening(upcoming, i18n.language) })}
        </span>
      )}
    </span>
  );
}
