import type { Funnel } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../lib/i18n/keys.js';
import { formatCount, formatRate } from '../../shared/affiliate/format.js';

interface CardSpec {
  key: string;
  label: TranslationKey;
  icon: string;
  value: (funnel: Funnel, language: string) => string;
  rate?: boolean;
}

const CARDS: CardSpec[] = [
  {
    key: 'clicks',
    label: 'affiliate.card.clicks',
    icon: 'bi-cursor',
    value: (f, l) => formatCount(f.clicks, l),
  },
  {
    key: 'registrations',
    label: 'affiliate.card.registrations',
    icon: 'bi-person-plus',
    value: (f, l) => formatCount(f.registrations, l),
  },
  {
    // counted apart: a demo sign-up holds virtual money, it is no registration and no conversion
    key: 'demo-signups',
    label: 'affiliate.card.demoSignups',
    icon: 'bi-controller',
    value: (f, l) => formatCount(f.demo_signups, l),
  },
  {
    key: 'depositors',
    label: 'affiliate.card.depositors',
    icon: 'bi-wallet2',
    value: (f, l) => formatCount(f.first_deposits, l),
  },
  {
    key: 'registration-rate',
    label: 'affiliate.card.registrationRate',
    icon: 'bi-funnel',
    value: (f, l) => formatRate(f.registration_rate, l),
    rate: true,
  },
  {
    key: 'deposit-rate',
    label: 'affiliate.card.depositRate',
    icon: 'bi-graph-up-arrow',
    value: (f, l) => formatRate(f.deposit_rate, l),
    rate: true,
  },
];

/**
 * The funnel of the period as six figures: clicks, registrations, demo sign-ups (apart), first-time depositors and
 * both rates.
 */
export function FunnelCards({ funnel }: { funnel: Funnel | undefined }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="ob-aff-cards" data-testid="affiliate-cards">
      {CARDS.map((card) => (
        <div
          key={card.key}
          className={`ob-aff-card ${card.rate ? 'ob-aff-card-rate' : ''}`}
          data-testid={`affiliate-card-${card.key}`}
        >
          <div className="ob-aff-card-label">
            <i className={`bi ${card.icon}`} aria-hidden="true" />
            <span>{t(card.label)}</span>
          </div>
          <div className="ob-aff-card-value" aria-live="polite">
            {funnel ? card.value(funnel, i18n.language) : '…'}
          </div>
        </div>
      ))}
    </div>
  );
}
