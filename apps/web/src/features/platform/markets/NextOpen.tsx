import { useTranslation } from 'react-i18next';
import { useOpeningRefresh } from '../../../shared/market/useMarketData.js';

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

/** Within this many days an opening is named by its weekday alone ('Mon 00:00'), else by its date ('1 Dec 00:00'). */
const WEEKDAY_WITHIN_DAYS = 6;

/**
 * The short form for a narrow cell (the market list cut the long one): '{weekday} {hh:mm}' within the
 * coming week, else '{day} {month} {hh:mm}', in the reader's language and time zone, without the zone's name
 * (the full form is the element's title).
 */
export function formatOpeningShort(
  at: number,
  language: string,
  now = Date.now(),
  timeZone?: string,
): string {
  const soon = at - now < WEEKDAY_WITHIN_DAYS * 86_400_000;
  return new Intl.DateTimeFormat(language, {
    ...(soon ? { weekday: 'short' } : { day: 'numeric', month: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(at);
}

/**
 * spec §8 'Will be back soon', and when the server knows the instrument's calendar, when it opens next in
 * the client's own time zone. An opening time already past (a stale catalogue) is not shown, and without an
 * upcoming one the catalogue is asked again (a market that closed while the page was open). `compact` (the
 * market list's narrow price cells) shows the short form; the full text is always the title, and what screen
 * readers read. `besideLast` (the last prices are on screen, greyed) leaves 'Will be back soon' to screen
 * readers, so that a narrow row stays two lines high.
 */
export function ClosedMarket({
  nextOpen,
  now = Date.now(),
  className,
  testId,
  compact = false,
  besideLast = false,
}: {
  nextOpen: number | null;
  now?: number;
  className?: string;
  testId?: string;
  compact?: boolean;
  besideLast?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const upcoming = nextOpen !== null && nextOpen > now ? nextOpen : null;
  useOpeningRefresh(upcoming === null);
  const full = upcoming === null ? '' : t('term.opensAt', { time: formatOpening(upcoming, i18n.language) });
  return (
    <span className={`ob-closed-market ${className ?? ''}`} data-testid={testId}>
      <span className={besideLast ? 'visually-hidden' : 'ob-unavailable'}>{t('price.unavailable')}</span>
      {upcoming !== null && (
        <span className="ob-next-open" title={full} data-testid={testId ? `${testId}-next-open` : undefined}>
          <i className="bi bi-clock" aria-hidden="true" />{' '}
          {compact ? (
            <>
              <span aria-hidden="true">
                {t('term.opensAt', { time: formatOpeningShort(upcoming, i18n.language, now) })}
              </span>
              <span className="visually-hidden">{full}</span>
            </>
          ) : (
            full
          )}
        </span>
      )}
    </span>
  );
}
