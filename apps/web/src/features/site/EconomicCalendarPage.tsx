import type { ContentComponent } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button, ButtonGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { type EconomicEvent, siteApi } from '../../api/site.js';
import { useBrand } from '../../lib/BrandProvider.js';
import type { TranslationKey } from '../../lib/i18n/keys.js';
import { isFullWidthNode } from '../../shared/content/blocks.js';
import { ContentPageBody } from '../../shared/content/ContentRenderer.js';
import { NotFoundPage } from '../../shared/site/NotFoundPage.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { useContentPage } from './useContentPage.js';
import { usePageTitle } from './usePageTitle.js';

export const CALENDAR_SLUG = 'economic-calendar';
const IMPACTS = [3, 2, 1] as const;
type Impact = (typeof IMPACTS)[number];
const IMPACT_LABEL: Record<Impact, TranslationKey> = {
  3: 'site.calendar.impact.high',
  2: 'site.calendar.impact.medium',
  1: 'site.calendar.impact.low',
};

export interface CalendarFilter {
  impacts: ReadonlySet<number>;
  /** Empty: every currency. */
  currencies: ReadonlySet<string>;
}

/** spec §2 /economic-calendar filters: by impact and by currency (none chosen: all). */
export const filterEvents = (events: readonly EconomicEvent[], filter: CalendarFilter): EconomicEvent[] =>
  events.filter(
    (event) =>
      (filter.impacts.size === 0 || filter.impacts.has(event.impact)) &&
      (filter.currencies.size === 0 || filter.currencies.has(event.currency)),
  );

const toggle = <T,>(set: ReadonlySet<T>, value: T): Set<T> => {
  const next = new Set(set);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return next;
};

function ImpactBars({ impact }: { impact: number }) {
  const { t } = useTranslation();
  const label = t(IMPACT_LABEL[(IMPACTS as readonly number[]).includes(impact) ? (impact as Impact) : 1]);
  return (
    <span className={`ob-impact ob-impact-${impact}`} title={label}>
      {[1, 2, 3].map((level) => (
        <span key={level} className={level <= impact ? 'on' : ''} aria-hidden="true" />
      ))}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

function EventsTable({ events }: { events: readonly EconomicEvent[] }) {
  const { t, i18n } = useTranslation();
  const day = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', day: 'numeric', month: 'long' });
  const time = new Intl.DateTimeFormat(i18n.language, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const rows: { key: string; label: string; events: EconomicEvent[] }[] = [];
  for (const event of events) {
    const at = new Date(event.at);
    const label = day.format(at);
    const last = rows.at(-1);
    if (last?.label === label) last.events.push(event);
    else rows.push({ key: event.at, label, events: [event] });
  }
  return (
    <div className="table-responsive">
      <table className="table ob-table ob-calendar-table mb-0">
        <thead>
          <tr>
            <th scope="col">{t('site.calendar.time')}</th>
            <th scope="col">{t('site.calendar.currency')}</th>
            <th scope="col">{t('site.calendar.impact')}</th>
            <th scope="col">{t('site.calendar.event')}</th>
            <th scope="col" className="text-end">
              {t('site.calendar.actual')}
            </th>
            <th scope="col" className="text-end d-none d-md-table-cell">
              {t('site.calendar.forecast')}
            </th>
            <th scope="col" className="text-end d-none d-md-table-cell">
              {t('site.calendar.previous')}
            </th>
          </tr>
        </thead>
        {rows.map((group) => (
          <tbody key={group.key}>
            <tr className="ob-calendar-day">
              <th scope="rowgroup" colSpan={7}>
                {group.label}
              </th>
            </tr>
            {group.events.map((event) => (
              <tr
                key={event.id}
                data-testid="economic-event"
                data-impact={event.impact}
                data-currency={event.currency}
              >
                <td className="text-nowrap ob-calendar-time">{time.format(new Date(event.at))}</td>
                <td className="ob-calendar-currency">
                  <span className="ob-symbol">{event.currency}</span>
                </td>
                <td className="ob-calendar-impact">
                  <ImpactBars impact={event.impact} />
                </td>
                <td className="ob-calendar-title">{event.title}</td>
                <td
                  className="text-end fw-semibold ob-calendar-actual"
                  data-label={t('site.calendar.actual')}
                >
                  {event.actual ?? '—'}
                </td>
                <td className="text-end d-none d-md-table-cell">{event.forecast ?? '—'}</td>
                <td className="text-end d-none d-md-table-cell text-body-secondary">
                  {event.previous ?? '—'}
                </td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}

/** The events with their impact and currency filters. */
export function EconomicCalendar() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['economic-events'],
    queryFn: ({ signal }) => siteApi.economicEvents(signal),
    staleTime: 5 * 60_000,
  });
  const [impacts, setImpacts] = useState<ReadonlySet<number>>(new Set());
  const [currencies, setCurrencies] = useState<ReadonlySet<string>>(new Set());
  const events = useMemo(
    () => [...(query.data ?? [])].sort((a, b) => a.at.localeCompare(b.at)),
    [query.data],
  );
  const allCurrencies = useMemo(() => [...new Set(events.map((event) => event.currency))].sort(), [events]);
  const shown = filterEvents(events, { impacts, currencies });

  return (
    <div className="card ob-card ob-calendar" data-testid="economic-calendar">
      <div className="ob-calendar-filters">
        <div className="ob-filter-group">
          <span className="ob-filter-label">{t('site.calendar.impact')}</span>
          <ButtonGroup size="sm" className="flex-wrap">
            {IMPACTS.map((impact) => (
              <Button
                key={impact}
                variant={impacts.has(impact) ? 'primary' : 'outline-secondary'}
                aria-pressed={impacts.has(impact)}
                onClick={() => setImpacts(toggle(impacts, impact))}
                data-testid={`calendar-impact-${impact}`}
              >
                <ImpactBars impact={impact} /> {t(IMPACT_LABEL[impact])}
              </Button>
            ))}
          </ButtonGroup>
        </div>
        <div className="ob-filter-group">
          <span className="ob-filter-label">{t('site.calendar.currency')}</span>
          <div className="ob-chips">
            {allCurrencies.map((currency) => (
              <button
                type="button"
                key={currency}
                className={`ob-chip ${currencies.has(currency) ? 'active' : ''}`}
                aria-pressed={currencies.has(currency)}
                onClick={() => setCurrencies(toggle(currencies, currency))}
                data-testid={`calendar-currency-${currency}`}
              >
                {currency}
              </button>
            ))}
          </div>
        </div>
        {(impacts.size > 0 || currencies.size > 0) && (
          <Button
            variant="link"
            size="sm"
            className="ms-auto"
            onClick={() => {
              setImpacts(new Set());
              setCurrencies(new Set());
            }}
          >
            {t('site.calendar.clear')}
          </Button>
        )}
      </div>
      {query.isPending ? (
        <div className="p-4 text-center">
          <span className="spinner-border spinner-border-sm text-secondary" role="status" />
        </div>
      ) : query.isError ? (
        <EmptyState icon="bi-exclamation-circle" hint={t('site.calendar.errorHint')}>
          {t('site.calendar.error')}
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState icon="bi-calendar-x">{t('site.calendar.empty')}</EmptyState>
      ) : (
        <EventsTable events={shown} />
      )}
    </div>
  );
}

/**
 * spec §2 /economic-calendar (only when the brand's economics flag is on): the content page of that
 * slug around the events table — its banners above, the rest below. Without the page, a plain header.
 */
export function EconomicCalendarPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const page = useContentPage(CALENDAR_SLUG);
  const data = brand.features.economics && !page.isError ? page.data : undefined;
  usePageTitle(data?.title ?? t('site.calendar.title'), data?.description || undefined);
  if (!brand.features.economics) return <NotFoundPage />;
  const components: ContentComponent[] = data?.components ?? [];
  const banners = components.filter((node, index) => index === 0 && isFullWidthNode(node));
  const rest = components.slice(banners.length);
  return (
    <div data-testid="content-page" data-slug={CALENDAR_SLUG}>
      {banners.length > 0 && <ContentPageBody components={banners} />}
      <div className="container-xl ob-section">
        {banners.length === 0 && (
          <PageHeader title={t('site.calendar.title')} lead={t('site.calendar.lead')} />
        )}
        <EconomicCalendar />
      </div>
      {rest.length > 0 && <ContentPageBody components={rest} />}
    </div>
  );
}
